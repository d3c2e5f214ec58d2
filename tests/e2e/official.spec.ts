/**
 * A company official without accounts (spec 000 §6, seed user +447700900005): no accounts
 * column, an open-account prompt leading to the individual application, and no history list.
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

      await page.goto("/history");
      await expect(page.getByText("Operation history is not available for company officials.")).toBeVisible();
      await expect(page.getByTestId("statement-item")).toHaveCount(0);
      await expect(page.locator("form[method=get]")).toHaveCount(0);
    });
  });
}
