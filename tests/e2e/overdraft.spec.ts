/**
 * The overdraft display (spec 000 §5 "Overdraft is displayed only when enabled globally and for
 * the account"; §3 Balance overdraftEnabled, overdraftValue). Seeded: OVERDRAFT-ENABLED is on,
 * Northwind Trading's "Operating account" has a GBP 1,000.00 overdraft (its EUR balance none);
 * Oliver Thompson has no overdraft anywhere. Display only: JavaScript off (server-rendered; also
 * on a payment's result page, after a 1.00 GBP Faster Payment), then axe and a 320 px screen on
 * the pages that gained it.
 */
import type { Page } from "@playwright/test";
import { CUSTOMERS, expect, login, signIn, test, toMinorUnits } from "./fixtures";
import { axeScan } from "./layout-helpers";

/** The GBP 1,000.00 limit, in minor units. */
const LIMIT = 100_000n;

/** The limit and the available funds (balance + limit) shown under the testId's list. */
async function expectOverdraft(page: Page, testId: string, balanceTestId: string | null) {
  const list = page.getByTestId(testId).first();
  await expect(list).toContainText("Overdraft limit");
  await expect(list).toContainText("Available");
  await expect(page.getByTestId(`${testId}-limit`).first()).toHaveText("1,000.00 GBP");
  if (balanceTestId) {
    const balance = toMinorUnits((await page.getByTestId(balanceTestId).textContent()) ?? "");
    expect(toMinorUnits((await page.getByTestId(`${testId}-available`).first().textContent()) ?? "")).toBe(balance + LIMIT);
  }
}

/**
 * A Faster Payment of 1.00 GBP from the first GBP balance, signed with the sandbox code (JavaScript
 * off: the forms are submitted); ends on its result page (/payments/:id).
 */
async function payGbp(page: Page, reference: string) {
  await page.goto("/payments/gbp");
  const select = page.locator("main select[name=source]");
  const options = await select
    .locator("option")
    .evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? "" })));
  const gbp = options.find((o) => /GBP/.test(o.text));
  expect(gbp, "a GBP balance to pay from").toBeTruthy();
  await select.selectOption(gbp!.value);
  await page.locator("main input[type=radio][name=scheme][value=FASTER_PAYMENT]").check();
  await page.locator("main").getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/payments\/gbp\/form\?/);
  await page.locator("[name=beneficiaryName]").fill("Ada Lovelace");
  await page.locator("[name=sortCode]").fill("12-34-56");
  await page.locator("[name=accountNumber]").fill("1234 5678");
  await page.locator("[name=amount]").fill("1.00");
  await page.locator("[name=reference]").fill(reference);
  await page.locator("main form[method=post] button[type=submit]").first().click();
  await expect(page).toHaveURL(/\/payments\/[^/?#]+\/sign$/);
  const code = ((await page.getByTestId("debug-code").textContent()) ?? "").match(/\d{4}/)![0];
  await page.locator("form#sign input[name=code]").fill(code);
  await page.locator("form#sign button[type=submit]").click();
  await expect(page).toHaveURL(/\/payments\/[^/?#]+$/);
  await expect(page.getByTestId("payment-status")).toHaveText("Completed");
}

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("Northwind sees its GBP overdraft limit and available funds: home, accounts column, account page, Pay from", async ({
    page,
  }) => {
    await signIn(page, CUSTOMERS.corporate);
    await page.goto("/home");
    await expectOverdraft(page, "overdraft-GBP", "balance-GBP");
    // The EUR balance has no overdraft: nothing under it.
    await expect(page.getByTestId("balance-EUR")).toBeVisible();
    await expect(page.getByTestId("overdraft-EUR")).toHaveCount(0);
    // The accounts column.
    const aside = page.locator("aside");
    await expect(aside.getByTestId("sidebar-overdraft-GBP-limit")).toHaveText("1,000.00 GBP");
    await expect(aside.getByTestId("sidebar-overdraft-EUR")).toHaveCount(0);

    const account = await aside.locator("a[href^='/accounts/']").first().getAttribute("href");
    await page.goto(account!);
    await expectOverdraft(page, "account-overdraft-GBP", "account-balance-GBP");
    await expect(page.getByTestId("account-overdraft-EUR")).toHaveCount(0);

    // Pay from: the GBP option names the available funds and the limit; the EUR one neither.
    await page.goto("/payments/gbp");
    const gbp = page.locator("main select[name=source] option", { hasText: "GBP" });
    await expect(gbp).toHaveText(
      /^Operating account — [\d,]+\.\d\d GBP \(available [\d,]+\.\d\d GBP, overdraft 1,000\.00 GBP\)$/,
    );
    const text = (await gbp.textContent()) ?? "";
    const [balance, available] = [...text.matchAll(/([\d,]+\.\d\d) GBP/g)].map((m) => toMinorUnits(m[1]));
    expect(available).toBe(balance + LIMIT);
    await page.goto("/payments/international");
    await expect(page.locator("main select[name=source] option", { hasText: "EUR" })).not.toContainText("overdraft");
    await expect(page.locator("main select[name=source] option", { hasText: "GBP" })).toContainText("overdraft 1,000.00 GBP");
  });

  test("Northwind's payment result shows the GBP overdraft limit and available funds under the new balance", async ({ page }) => {
    await login(page, CUSTOMERS.corporate);
    await payGbp(page, `Overdraft receipt ${Date.now()}`);
    await expect(page.getByTestId("new-balance")).toBeVisible();
    await expectOverdraft(page, "new-balance-overdraft", "new-balance");
  });

  test("a customer without an overdraft sees none", async ({ page }) => {
    await signIn(page, CUSTOMERS.individual);
    await page.goto("/home");
    await expect(page.getByTestId("balance-GBP")).toBeVisible();
    await expect(page.getByText("Overdraft limit")).toHaveCount(0);
    const account = await page.locator("aside a[href^='/accounts/']").first().getAttribute("href");
    await page.goto(account!);
    await expect(page.getByTestId("account-balance-GBP")).toBeVisible();
    await expect(page.getByText("Overdraft limit")).toHaveCount(0);
    await page.goto("/payments/gbp");
    await expect(page.locator("main select[name=source] option", { hasText: "GBP" }).first()).toBeAttached();
    await expect(page.locator("main select[name=source] option", { hasText: "overdraft" })).toHaveCount(0);
    // The payment result: the new balance, no overdraft.
    await payGbp(page, `No overdraft receipt ${Date.now()}`);
    await expect(page.getByTestId("new-balance")).toBeVisible();
    await expect(page.getByTestId("new-balance-overdraft")).toHaveCount(0);
    await expect(page.getByText("Overdraft limit")).toHaveCount(0);
  });
});

test("Northwind's pages with the overdraft: no WCAG 2.1 AA violations, and they fit 320 px in German", async ({ page }) => {
  await login(page, CUSTOMERS.corporate);
  const account = await page.locator("aside a[href^='/accounts/']").first().getAttribute("href");
  for (const url of ["/home", account!]) {
    await page.goto(url);
    await expect(page.getByText("Overdraft limit").first()).toBeVisible();
    const results = await axeScan(page);
    const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(summary, `axe violations on ${url}`).toEqual([]);
  }
  // German has the longest words ("Dispositionsrahmen"): the lists wrap instead of widening the page.
  const switcher = page.locator('form[action="/locale"]');
  await switcher.locator("select[name=lng]").selectOption("de");
  await switcher.getByRole("button").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.setViewportSize({ width: 320, height: 640 });
  for (const url of ["/home", account!]) {
    await page.goto(url);
    await expect(page.locator("main").getByText("Dispositionsrahmen").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${url} at 320 px`).toBeLessThanOrEqual(320);
  }
});
