/**
 * "To another customer" with one's own phone (docs/decisions.md "Paying oneself as another
 * customer"), JavaScript on and off: the lookup comes back with the message on the phone field
 * (translated) and a link to "Between my accounts"; nothing is made.
 */
import { CUSTOMERS, expect, signIn, test } from "./fixtures";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("one's own phone from one's personal account: the phone field says so and links Between my accounts", async ({
      page,
    }) => {
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/payments/internal");
      await page.getByLabel("Recipient's phone number").fill("+44 7700 900001");
      await page.getByRole("button", { name: "Find recipient" }).click();
      await expect(page).toHaveURL(/\/payments\/internal\?phone=%2B44\+7700\+900001&error=self$/);
      await expect(page.locator("#phone-error")).toHaveText(
        "This phone number is yours: the payment would go to the account it is paid from. To move money between your own accounts, use Between my accounts.",
      );
      await expect(page.getByLabel("Recipient's phone number")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Recipient's phone number")).toHaveValue("+44 7700 900001");
      await page.getByTestId("internal-own").getByRole("link", { name: "Between my accounts" }).click();
      await expect(page).toHaveURL(/\/payments\/between-accounts$/);
    });
  });
}
