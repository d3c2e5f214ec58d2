/**
 * The payments page's accounts (spec 000 §2 route list: "/payments | Payments page (list of
 * account and payment-type links, beneficiaries block)"), with JavaScript on and off: each of the
 * customer's accounts, the same as the accounts column's, links to its page with its balances,
 * on a desktop and on a phone (where the accounts column is hidden); a company official gets
 * none (official.spec.ts). axe on the page in the JavaScript-on run.
 */
import { CUSTOMERS, expect, signIn, test } from "./fixtures";
import { axe } from "./signing-helpers";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("/payments lists the accounts: each links to its page, with its balances", async ({ page }) => {
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/payments");
      const section = page.getByTestId("payments-accounts");
      await expect(section.getByRole("heading", { level: 2, name: "My accounts" })).toBeVisible();
      // The same accounts as the accounts column, in the same order.
      const column = await page.locator("aside a[href^='/accounts/']").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      const cards = section.getByTestId("payments-account");
      const links = await cards.locator("h3 a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      expect(links.length).toBeGreaterThan(0);
      expect(links).toEqual(column);
      // Every account shows its balances: a currency and an amount.
      for (const card of await cards.all()) await expect(card.locator("li").first()).toContainText(/\d[\d,]*\.\d+ [A-Z]{3,4}/);
      // The payment-type links are still there (the chooser).
      await expect(page.getByTestId("payment-option-internal")).toBeVisible();
      await axe(page, javaScriptEnabled);

      // A phone: the accounts column is hidden, the page's accounts are not.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.locator("aside a[href^='/accounts/']").first()).toBeHidden();
      await expect(cards.first()).toBeVisible();

      const first = cards.first().locator("h3 a");
      const name = (await first.textContent())!.trim();
      await first.click();
      await expect(page).toHaveURL(new RegExp(`${links[0]}$`));
      await expect(page.locator("main h1")).toHaveText(name);
    });
  });
}
