/**
 * Organization switching, the profile popup, the organization-changed popup and the layout's
 * unsaved-changes guard (issue 10; spec 000 §2, §4; spec 001 §2; on a payment form too). As the seeded customer with
 * an individual and a corporate organization (James Patel: "Personal account", and Patel
 * Consulting Ltd's "Business account"). The choice lives in the browser session only, so parallel
 * tests of the same customer are not affected.
 */
import type { Page } from "@playwright/test";
import { apiSession, CUSTOMERS, expect, login, signIn, test } from "./fixtures";
import { expectNoViolations, watchReady } from "./layout-helpers";

// By account name, not balance: other specs move money on James's accounts.
const PERSONAL = /Personal account/;
const COMPANY = /Business account/;

/** A form of the layout that opts in to the guard (`data-unsaved-guard`). */
const CREATE = "/beneficiaries/create?paymentType=INTERNAL&currencyId=GBP";

const accounts = (page: Page) => page.getByRole("complementary", { name: "Accounts" });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the user-name link leads to the profile menu page; a switch lands on /home with the new organization", async ({
    page,
  }) => {
    await login(page, CUSTOMERS.both);
    await expect(accounts(page)).toContainText(PERSONAL);
    await page.getByTestId("profile-link").click();
    await expect(page).toHaveURL(/\/profile\/organizations$/);
    await expect(page.locator("main h1")).toHaveText("James Patel");
    await expect(page.getByTestId("org-current")).toContainText("James Patel");
    // MAIN_REPRESENTATIVE of the company, but the active organization is the personal one: no company users link yet.
    await expect(page.getByTestId("company-users-link")).toHaveCount(0);
    await page.getByRole("button", { name: "Switch to Patel Consulting Ltd" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(accounts(page)).toContainText(COMPANY);
    await expect(accounts(page)).not.toContainText(PERSONAL);

    await page.goto("/profile/organizations");
    await expect(page.getByTestId("org-current")).toContainText("Patel Consulting Ltd");
    await expect(page.getByTestId("company-users-link")).toHaveAttribute("href", /^\/profile\/companies\/[^/]+\/cof$/);
    await page.getByRole("button", { name: "Switch to James Patel" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(accounts(page)).toContainText(PERSONAL);
  });

  test("a corporate customer without a personal profile: the personal entry is where to open one", async ({ page }) => {
    await signIn(page, CUSTOMERS.corporate);
    await page.goto("/profile/organizations");
    await expect(page.getByTestId("org-current")).toContainText("Northwind Trading Ltd");
    const entry = page.getByRole("region", { name: "Personal profile" });
    await expect(entry.getByTestId("open-personal-link")).toHaveText("Open a personal account");
    await entry.getByTestId("open-personal-link").click();
    await expect(page).toHaveURL(/\/identity$/);
  });

  test("a foreign organization id is refused (403) and changes nothing", async ({ page }) => {
    const foreign = (await apiSession(page.request, CUSTOMERS.corporate)).organizationId;
    await signIn(page, CUSTOMERS.both);
    await page.goto("/profile/organizations");
    const csrf = await page.locator("form[data-org-switch] input[name=csrf]").first().inputValue();
    const res = await page.request.post("/profile/organizations", {
      form: { csrf, organizationId: foreign },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
    await page.goto("/home");
    await expect(accounts(page)).toContainText(PERSONAL);
    await expect(accounts(page)).not.toContainText(/Northwind|48,250\.00/);
  });
});

test.describe("with JavaScript", () => {
  test("the profile popup (axe clean) switches the organization", async ({ page }) => {
    await login(page, CUSTOMERS.both);
    await watchReady(page);
    await page.getByTestId("profile-link").click();
    const popup = page.getByRole("dialog", { name: "James Patel" });
    await expect(popup).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    await expect(popup.getByRole("link", { name: "Applications" })).toHaveAttribute("href", "/identity");
    await expectNoViolations(page, "profile popup");
    await page.keyboard.press("Escape");
    await expect(popup).toHaveCount(0);

    await page.getByTestId("profile-link").click();
    await popup.getByRole("button", { name: "Switch to Patel Consulting Ltd" }).click();
    await expect(popup).toHaveCount(0);
    await expect(accounts(page)).toContainText(COMPANY);
    await expect(page).toHaveURL(/\/home$/);
  });

  test("another tab notices the switch: 3 s popup, then /home with the new organization", async ({ page, context }) => {
    await login(page, CUSTOMERS.both);
    const other = await context.newPage();
    await other.goto("/history");
    await expect(accounts(other)).toContainText(PERSONAL);
    await watchReady(other);

    await page.bringToFront();
    await watchReady(page);
    await page.getByTestId("profile-link").click();
    await page.getByRole("dialog").getByRole("button", { name: "Switch to Patel Consulting Ltd" }).click();
    await expect(accounts(page)).toContainText(COMPANY);

    const popup = other.getByRole("dialog", { name: "Organization changed" });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText(/in [123] s/);
    await expectNoViolations(other, "organization-changed popup");
    await expect(other).toHaveURL(/\/home$/, { timeout: 6_000 });
    await expect(accounts(other)).toContainText(COMPANY);
    await other.close();
  });

  test("unsaved changes: the logo, a navigation link and a switch ask first and continue on confirm", async ({ page }) => {
    await signIn(page, CUSTOMERS.both);
    await page.goto(CREATE);
    await watchReady(page);
    await page.getByLabel("Full name or company name").fill("Guarded Name");

    // Navigation link: ask, stay.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "History" }).click();
    const guard = page.getByRole("dialog", { name: "Leave without saving?" });
    await expect(guard).toBeVisible();
    await expectNoViolations(page, "unsaved-changes popup");
    await guard.getByRole("button", { name: "Stay on this page" }).click();
    await expect(guard).toHaveCount(0);
    await expect(page).toHaveURL(/\/beneficiaries\/create/);
    await expect(page.getByLabel("Full name or company name")).toHaveValue("Guarded Name");

    // Organization switch: ask, then switch on confirm.
    await page.getByTestId("profile-link").click();
    await page.getByRole("dialog").getByRole("button", { name: "Switch to Patel Consulting Ltd" }).click();
    await expect(guard).toBeVisible();
    await guard.getByRole("button", { name: "Leave without saving" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(accounts(page)).toContainText(COMPANY);

    // The logo: ask, leave → the blocked path.
    await page.goto(CREATE);
    await watchReady(page);
    await page.getByLabel("Full name or company name").fill("Guarded Again");
    await page.getByRole("banner").getByRole("link").first().click(); // the logo (its text is the white-label name)
    await expect(guard).toBeVisible();
    await guard.getByRole("button", { name: "Leave without saving" }).click();
    await expect(page).toHaveURL(/\/home$/);

    // Without changes the links navigate at once.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "History" }).click();
    await expect(page).toHaveURL(/\/history$/);
  });

  test("unsaved changes on a payment form: a navigation link asks; staying keeps what was typed", async ({ page }) => {
    await signIn(page, CUSTOMERS.individual);
    await page.goto("/payments/internal");
    await watchReady(page);
    // Reached by a client-side navigation (the split screen's chunk loads then).
    await page.getByLabel("Recipient's phone number").fill(CUSTOMERS.both);
    await page.getByRole("button", { name: "Find recipient" }).click();
    await expect(page).toHaveURL(/\/payments\/internal\/form\?phone=/);
    const form = page.locator("#pay-title ~ form");
    await expect(form).toHaveAttribute("novalidate", "");

    // Without changes the links navigate at once.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "History" }).click();
    await expect(page).toHaveURL(/\/history$/);
    await page.goBack();
    await expect(form).toHaveAttribute("novalidate", "");

    await form.locator("[name=amount]").fill("4.56");
    await form.locator("[name=reference]").fill("Guarded payment");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "History" }).click();
    const guard = page.getByRole("dialog", { name: "Leave without saving?" });
    await expect(guard).toBeVisible();
    await guard.getByRole("button", { name: "Stay on this page" }).click();
    await expect(guard).toHaveCount(0);
    await expect(page).toHaveURL(/\/payments\/internal\/form\?phone=/);
    await expect(form.locator("[name=amount]")).toHaveValue("4.56");
    await expect(form.locator("[name=reference]")).toHaveValue("Guarded payment");

    // Leaving on confirm continues to the blocked link.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "History" }).click();
    await guard.getByRole("button", { name: "Leave without saving" }).click();
    await expect(page).toHaveURL(/\/history$/);
  });
});
