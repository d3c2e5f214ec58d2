/**
 * The home fees tab (issue 9 "Fees"; spec 001 §2, §3 Fee): the count on the tab, the tariff's
 * fees and a negotiated custom fee, which replaces the tariff's fees for the same payments (they
 * are not listed nor counted), with JavaScript on and off; axe on the tab.
 */
import { CUSTOMERS, expect, signIn, test } from "./fixtures";
import { axeScan } from "./layout-helpers";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the fees tab lists the company's negotiated SWIFT fee in place of the tariff's, with their count", async ({ page }) => {
      await signIn(page, CUSTOMERS.corporate);
      await page.goto("/home");
      // Northwind's one account: its balances under its name, which leads to its page.
      const account = page.locator("#accounts-title ~ ul h3 a");
      await expect(account).toHaveCount(1);
      await expect(account).toHaveAttribute("href", /^\/accounts\/[0-9a-f-]{36}$/);
      const count = Number(await page.getByTestId("fees-count").textContent());
      await page.getByTestId("tab-fees").click();
      await expect(page).toHaveURL(/tab=fees/);
      await expect(page.getByTestId("tab-fees")).toHaveAttribute("aria-current", "page");
      const fees = page.getByTestId("fee");
      await expect(fees).toHaveCount(count);
      // Seeded: Northwind Trading Ltd pays SWIFT 0.10 % (min 5.00, max 50.00) by agreement; Standard tariff otherwise.
      const custom = fees.first();
      await expect(custom).toContainText("Agreed for you");
      await expect(custom).toContainText("0.1 % of the amount");
      // The Standard tariff's SWIFT fees (0.2 %, any currency, CNY, AED) do not apply to Northwind: not listed.
      await expect(fees.filter({ hasText: "SWIFT" })).toHaveCount(1);
      await expect(page.getByTestId("home-fees")).not.toContainText("0.2 % of the amount");
      await expect(page.getByTestId("home-fees")).toContainText("Your tariff: Standard");
      const sepaInstant = fees.filter({ hasText: "SEPA Instant" });
      await expect(sepaInstant).toContainText("0.50 EUR");
    });
  });
}

test("the fees tab has no WCAG 2.1 AA violations", async ({ page }) => {
  await signIn(page, CUSTOMERS.individual);
  await page.goto("/home?tab=fees");
  await expect(page.getByTestId("home-fees")).toBeVisible();
  const results = await axeScan(page);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});
