/**
 * axe-core (WCAG 2.1 A and AA rules) on every page of the walking skeleton. axe needs page
 * scripts, so it runs in a JavaScript-enabled context (design note).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { apiSession, CUSTOMERS, expect, login, test } from "./fixtures";

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

test("login pages have no WCAG 2.1 AA violations", async ({ page }) => {
  await page.goto("/auth/phone");
  await expectNoViolations(page, "/auth/phone (phone step)");
  await page.getByLabel(/phone/i).fill(CUSTOMERS.individual);
  await page.locator("form button[type=submit]").first().click();
  await expect(page.getByTestId("debug-code")).toBeVisible();
  await expectNoViolations(page, "/auth/phone (code step)");
});

test("signed-in pages have no WCAG 2.1 AA violations", async ({ page }) => {
  // Many pages, each scanned by axe: more than the default minute on a slow machine.
  test.setTimeout(180_000);
  await login(page, CUSTOMERS.individual);
  for (const url of [
    "/home",
    "/home?tab=signing",
    "/payments",
    "/payments/euro",
    "/payments/internal",
    "/payments/euro/payment-kinds",
    "/payments/cash-over",
    "/payments/between-accounts",
    "/payments/international",
    "/payments/international/form",
    "/payments/casp",
    "/payments/casp/form",
    "/history",
    "/currency-exchange",
    "/currency-exchange/requests",
    "/currency-exchange/requests/new",
    "/home?tab=requests",
    "/profile",
    "/profile/agreements",
    "/profile/organizations",
    "/permission-denied",
    "/no-such-page",
  ]) {
    await page.goto(url);
    await expectNoViolations(page, url);
  }
  const account = await page.locator("a[href^='/accounts/']").first().getAttribute("href");
  await page.goto(account!);
  await expectNoViolations(page, "/accounts/{id}");

  // The signing page and the confirmation.
  await page.goto("/payments/euro");
  await page.locator("[name=beneficiaryName]").fill("Axe Tester");
  await page.locator("[name=iban]").fill("DE89370400440532013000");
  await page.locator("[name=bic]").fill("COBADEFFXXX");
  await page.locator("[name=amount]").fill("1.00");
  await page.locator("main form[method=post] button[type=submit]").first().click();
  await expect(page).toHaveURL(/\/sign/);
  await expectNoViolations(page, "signing page");
  const code = ((await page.getByTestId("debug-code").textContent()) ?? "").match(/\d{4}/)![0];
  await page.locator("input[name=code]").fill(code);
  await expect(page.getByTestId("payment-status")).toBeVisible();
  await expectNoViolations(page, "payment confirmation");
});

test("company users and agreements pages (a main representative) have no WCAG 2.1 AA violations", async ({ page }) => {
  const organizationId = (await apiSession(page.request, CUSTOMERS.corporate)).organizationId;
  await login(page, CUSTOMERS.corporate);
  const cof = `/profile/companies/${organizationId}/cof`;
  await page.goto(cof);
  await expectNoViolations(page, cof);
  const amelia = await page.getByTestId("official").filter({ hasText: "Amelia" }).getByRole("link").getAttribute("href");
  await page.goto(amelia!);
  await expectNoViolations(page, `${cof}?edit= (edit form)`);
  await page.goto("/profile/agreements");
  await expectNoViolations(page, "/profile/agreements (corporate)");
});

test("identity and company-official pages have no WCAG 2.1 AA violations", async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, CUSTOMERS.unidentified);
  await expect(page).toHaveURL(/\/identity/);
  await expectNoViolations(page, "/identity");
  await page.context().clearCookies();
  await login(page, CUSTOMERS.official);
  for (const url of ["/home", "/history", "/payments"]) {
    await page.goto(url);
    await expectNoViolations(page, `${url} (company official)`);
  }
  // The company-official application's pages (issue 8): the first step, saved for later, then each step.
  await page.goto("/identity/company-official/personal-data?new=1");
  await expectNoViolations(page, "/identity/company-official/personal-data (new)");
  await page.getByLabel("First name").fill("Ada");
  await page.getByRole("button", { name: "Save and come back later" }).click();
  await expect(page).toHaveURL(/\/identity\?saved=/);
  const href = (await page
    .locator("main a[href*='/identity/company-official/'][href*='applicationId=']")
    .first()
    .getAttribute("href"))!;
  const id = new URL(href, "http://x").searchParams.get("applicationId");
  for (const step of ["personal-data", "additional-information", "identity-verification", "sign", "check-answers"]) {
    await page.goto(`/identity/company-official/${step}?applicationId=${id}`);
    await expect(page.locator("main h1")).toBeVisible();
    await expectNoViolations(page, `/identity/company-official/${step}`);
  }
});
