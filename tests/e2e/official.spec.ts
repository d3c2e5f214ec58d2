/**
 * A company official without accounts (spec 000 §6, seed user +447700900005): no accounts
 * column, an open-account prompt leading to the individual application, no history list, no
 * beneficiaries (neither on /payments nor /beneficiaries), and a no-accounts popup whose link
 * opens a personal account.
 * Once they have applied for a personal account the prompt is gone (spec 001 §2 "company
 * officials without an account see an invitation"; seed user +447700900019).
 */
import { CUSTOMERS, expect, login, test } from "./fixtures";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("company official: open-account prompt, no accounts column, no history list", async ({ page }) => {
      await login(page, CUSTOMERS.official);
      await expect(page).toHaveURL(/\/home/);
      await expect(page.locator("a[href='/identity/individual/personal-data']")).toBeVisible();
      await expect(page.locator("a[href^='/accounts/']")).toHaveCount(0);
      await expect(page.getByTestId("statement-item")).toHaveCount(0);
      // No history tab: the signing list shows, and its tab is the one marked current.
      const tabs = page.locator("main nav ul a");
      await expect(tabs.filter({ hasText: "History" })).toHaveCount(0);
      await expect(page.locator("main nav a[aria-current=page]")).toHaveAttribute("href", /tab=signing/);

      await page.goto("/history");
      await expect(page.getByText("Operation history is not available for company officials.")).toBeVisible();
      await expect(page.getByTestId("statement-item")).toHaveCount(0);
      await expect(page.locator("form[method=get]")).toHaveCount(0);
    });

    test("company official: payment actions open the no-accounts popup; services offer what an official uses", async ({
      page,
    }) => {
      await login(page, CUSTOMERS.official);
      // Home's quick actions (spec 000 §2 "actions open popups instead of navigating").
      await expect(page.getByTestId("quick-euro")).toHaveCount(0);
      await expect(page.getByTestId("quick-between-accounts")).toHaveCount(0);
      await page.getByTestId("quick-internal").click();
      await expect(page).toHaveURL(/\/payments\?prompt=no-accounts$/);
      await expect(page.getByTestId("no-accounts")).toBeVisible();
      // The popup's link opens a personal account (spec 000 §2 route list), not the applications list.
      await expect(page.getByTestId("no-accounts-link")).toHaveAttribute("href", "/identity/individual/personal-data");
      // No beneficiaries and no accounts on the payments page (spec 000 §2 Home screen, §6).
      await expect(page.getByTestId("beneficiaries-block")).toHaveCount(0);
      await expect(page.getByTestId("payments-accounts")).toHaveCount(0);
      // Every option of the chooser leads there too (spec 000 §6).
      for (const option of await page.locator("a[data-testid^=payment-option-]").all())
        await expect(option).toHaveAttribute("href", "/payments?prompt=no-accounts");

      // Typed addresses: no recipient lookup is spent without an account to pay from.
      await page.goto("/payments/internal");
      await expect(page.getByTestId("no-accounts")).toBeVisible();
      await expect(page.locator("input[name=phone]")).toHaveCount(0);
      await page.goto("/payments/internal/form?phone=%2B447700900001");
      await expect(page).toHaveURL(/\/payments\/internal$/);
      await expect(page.getByTestId("no-accounts")).toBeVisible();
      await expect(page.getByTestId("no-accounts-link")).toHaveAttribute("href", "/identity/individual/personal-data");

      // Beneficiaries: a notice instead of the list, as for history; adding one leads there.
      await page.goto("/beneficiaries");
      await expect(page.getByTestId("beneficiaries-official")).toHaveText(
        "Beneficiaries are not available for company officials.",
      );
      await expect(page.getByTestId("add-beneficiary")).toHaveCount(0);
      await page.goto("/beneficiaries/create?paymentType=INTERNAL");
      await expect(page).toHaveURL(/\/beneficiaries$/);
      await expect(page.getByTestId("beneficiaries-official")).toBeVisible();

      await page.goto("/services");
      for (const absent of ["beneficiaries", "history", "fees", "order-card", "fx-requests"])
        await expect(page.getByTestId(`service-${absent}`)).toHaveCount(0);
      await expect(page.getByTestId("services-accounts")).toHaveCount(0);
      await expect(page.getByTestId("service-open-account")).toHaveAttribute("href", "/identity/individual/personal-data");
      await page.getByTestId("service-exchange").click();
      await expect(page.getByTestId("no-accounts")).toBeVisible();
      await page.goto("/currency-exchange");
      await expect(page.getByTestId("no-accounts-link")).toHaveAttribute("href", "/identity/individual/personal-data");
    });
  });
}

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("company official: the open-account prompt is gone once a personal application is started", async ({ page }) => {
    await login(page, CUSTOMERS.officialOnly);
    await expect(page).toHaveURL(/\/home/);
    const prompt = page.getByTestId("open-account");
    await expect(prompt).toBeVisible();
    await prompt.getByRole("link").click();
    await expect(page).toHaveURL(/\/identity\/individual\/personal-data$/);
    await page.getByLabel("Tax identification number").fill("QQ123456C");
    await page.getByRole("button", { name: "Save and come back later" }).click();
    await expect(page).toHaveURL(/\/identity\?saved=/);

    await page.goto("/home");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("open-account")).toHaveCount(0);
    // The application is continued from /identity; the prompt's address opens it, not a new one.
    await page.goto("/identity/individual/personal-data");
    await expect(page.getByLabel("Tax identification number")).toHaveValue("QQ123456C");
  });
});
