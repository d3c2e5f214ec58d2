/**
 * /services (docs/decisions.md "The services page"; spec 000 §2: the header's and the mobile tab
 * bar's target): with JavaScript on and off, the individual customer (remittance orders on) finds
 * exchange, remittance, beneficiaries, history, fees, a card to order, each account's details and
 * its cards; the entries lead where they say. The home page's "all my accounts" list opens each
 * account on its balances; the header's profile button shows the name's initials. Axe with
 * JavaScript on.
 */
import { CUSTOMERS, expect, login, test } from "./fixtures";
import { axe } from "./signing-helpers";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the individual customer's services: every entry of his, each account and card", async ({ page }) => {
      await login(page, CUSTOMERS.individual);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click();
      await expect(page).toHaveURL(/\/services$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Services");
      await expect(page.getByTestId("service-exchange")).toHaveAttribute("href", "/currency-exchange");
      await expect(page.getByTestId("service-remittance")).toHaveAttribute("href", "/payments/remittance");
      await expect(page.getByTestId("service-history")).toHaveAttribute("href", "/history");
      await expect(page.getByTestId("service-fees")).toHaveAttribute("href", "/home?tab=fees");
      await expect(page.getByTestId("service-company-users")).toHaveCount(0);
      await expect(page.getByTestId("service-open-account")).toHaveCount(0);
      // The entry's description is its accessible description.
      await expect(page.getByTestId("service-code-channel")).toHaveAccessibleDescription(
        "Receive one-time codes by SMS or WhatsApp.",
      );
      // From 768 px the accounts column shows each account and card: not repeated here.
      const accounts = page.getByTestId("services-accounts");
      await expect(accounts).toBeHidden();
      await axe(page, javaScriptEnabled);
      // On a phone the column is hidden: the page lists them.
      await page.setViewportSize({ width: 375, height: 800 });
      await expect(accounts.getByRole("link", { name: "Details of Main account" })).toBeVisible();
      await expect(accounts.getByRole("link", { name: /Everyday Visa/ })).toBeVisible();
      await axe(page, javaScriptEnabled);

      await page.getByTestId("service-beneficiaries").click();
      await expect(page).toHaveURL(/\/beneficiaries$/);
      await page.goto("/services");
      await page.getByTestId("service-order-card").click();
      await expect(page).toHaveURL(/\/cards\/order-card$/);
      await page.goto("/services");
      await accounts.getByRole("link", { name: /Everyday Visa/ }).click();
      await expect(page).toHaveURL(/\/cards\/[^/]+$/);
    });

    test("home: 'all my accounts' opens each account on its balances; the profile button's initials", async ({ page }) => {
      await login(page, CUSTOMERS.individual);
      await expect(page.getByTestId("avatar")).toHaveText("OT");
      await expect(page.getByTestId("profile-link")).toHaveAccessibleName("Oliver Thompson");
      const all = page.locator("details", { has: page.getByText(/^All my accounts/) });
      await all.locator("summary").first().click();
      const savings = page.getByTestId("all-accounts-item").filter({ hasText: "Savings" });
      await expect(savings.getByText("Euro")).toBeHidden();
      await savings.locator("summary").click();
      await expect(savings.getByText("Euro")).toBeVisible();
      await expect(savings.getByRole("link", { name: "Details of Savings" })).toBeVisible();
      // Quick actions follow the chooser's rules: Oliver holds EUR and has several accounts.
      await expect(page.getByTestId("quick-internal")).toHaveAttribute("href", "/payments/internal");
      await expect(page.getByTestId("quick-euro")).toHaveAttribute("href", "/payments/euro");
      await expect(page.getByTestId("quick-between-accounts")).toHaveAttribute("href", "/payments/between-accounts");
      await axe(page, javaScriptEnabled);
    });
  });
}
