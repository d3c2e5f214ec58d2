/**
 * Cards in the browser (issue 12; spec 000 §2 sidebar card list and route table, §3 Card, §4
 * 'card ordered'), with JavaScript on and off: Oliver sees his seeded cards under each account in
 * the sidebar (masked numbers), opens a card's page, freezes it after a confirmation and
 * unfreezes it; orders a card (a refused name comes back translated on its field with the form
 * filled as sent), lands on the new card's page showing 'Card ordered', and sees it in the
 * sidebar; back on the form, which names that card, the same details land on it again (no second
 * card), other details are refused naming it, and "Order another card" starts a new order; once the bank cancels it unnumbered it reads 'No card number' instead; orders a
 * replacement from a card's page (?cardId=); on a small screen, where the sidebar is hidden, finds
 * an account's live cards on its account page (spec 000 §3 Account "cards"). No page source carries a full card number. Axe on every card page (JavaScript on: axe needs page scripts).
 */
import type { Page } from "@playwright/test";
import { allowValidationAnswers, CUSTOMERS, expect, login, signIn, staffCommand, test } from "./fixtures";
import { axe } from "./signing-helpers";
import { containsCardNumber } from "../../server/rules/card-mask";

const CARD_URL = /\/cards\/([0-9a-f-]{36})(\?.*)?$/;

/** The sidebar (accounts column). */
const sidebar = (page: Page) => page.getByRole("complementary", { name: "Accounts" });

/**
 * The page's HTML carries no full card number (13–19 digits) and no CVV field. The build's asset
 * paths are left out of the CVV check: their content hashes are random letters ("$cardId-cvvvcgya.js").
 */
async function expectNoPan(page: Page) {
  const html = await page.content();
  expect(containsCardNumber(html), `full card number in ${page.url()}`).toBe(false);
  // Random strings left out: the build's file hashes and the session's CSRF token (a token with
  // "cvv" in it failed a run).
  const csrf = await page.locator("input[name=csrf]").evaluateAll((inputs) => inputs[0]?.getAttribute("value") ?? null);
  let text = html.replace(/\/build\/[^"'\s]+/g, "");
  if (csrf) text = text.split(csrf).join("");
  expect(text.toLowerCase()).not.toContain("cvv");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("sees his cards in the sidebar, opens a card, freezes it after confirming and unfreezes it", async ({ page }) => {
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/home");
      const side = sidebar(page);
      await expect(side.getByRole("link", { name: "Everyday Visa •••• 4821" })).toBeVisible();
      await expect(side.getByRole("link", { name: "Travel Mastercard •••• 7310" })).toBeVisible();
      // A card that cannot pay says so in its link (docs/decisions.md "Cards out of use named in the sidebar").
      await expect(side.getByRole("link", { name: "Savings card •••• 0934 · Frozen", exact: true })).toBeVisible();
      await expect(side.getByRole("link", { name: "Everyday Visa •••• 4821", exact: true })).toBeVisible();
      await expectNoPan(page);

      await side.getByRole("link", { name: "Everyday Visa •••• 4821" }).click();
      await expect(page).toHaveURL(CARD_URL);
      await expect(page.locator("main h1")).toHaveText("Everyday Visa");
      await expect(page.getByTestId("card-number")).toHaveText("•••• 4821");
      await expect(page.getByTestId("card-status")).toHaveText("Active");
      await expect(page.getByRole("img", { name: "Visa" })).toBeVisible();
      await expect(page.getByTestId("card-balance")).toContainText("GBP");
      await expectNoPan(page);
      await axe(page, javaScriptEnabled);
      const cardPath = new URL(page.url()).pathname;

      // Freeze: a confirmation first; "keep" changes nothing.
      await page.getByTestId("freeze-link").click();
      await expect(page.getByTestId("freeze-confirm")).toBeVisible();
      await axe(page, javaScriptEnabled);
      await page.getByRole("link", { name: "Keep the card active" }).click();
      await expect(page.getByTestId("freeze-confirm")).toHaveCount(0);
      await expect(page.getByTestId("card-status")).toHaveText("Active");
      await page.getByTestId("freeze-link").click();
      await page.getByRole("button", { name: "Yes, freeze the card" }).click();
      await expect(page).toHaveURL(`${cardPath}?done=frozen`);
      await expect(page.getByTestId("card-done")).toHaveText("The card is frozen.");
      await expect(page.getByTestId("card-status")).toHaveText("Frozen");
      await expect(page.getByTestId("freeze-link")).toHaveCount(0);
      await expect(side.getByRole("link", { name: "Everyday Visa •••• 4821 · Frozen", exact: true })).toBeVisible();

      await page.getByRole("button", { name: "Unfreeze card" }).click();
      await expect(page).toHaveURL(`${cardPath}?done=unfrozen`);
      await expect(page.getByTestId("card-status")).toHaveText("Active");
      await expect(side.getByRole("link", { name: "Everyday Visa •••• 4821", exact: true })).toBeVisible();
    });

    test("orders a card: a refused name comes back on its field with the form filled; the new card shows 'Card ordered'", async ({
      page,
      consoleErrors,
    }) => {
      const name = `Web card ${javaScriptEnabled ? "on" : "off"}`;
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/home");
      await sidebar(page).getByRole("link", { name: "Order a card" }).click();
      await expect(page).toHaveURL(/\/cards\/order-card$/);
      await expect(page.locator("main h1")).toHaveText("Order a card");
      await axe(page, javaScriptEnabled);
      const form = page.getByTestId("order-card-form");
      const main = await form
        .getByLabel("Account")
        .locator("option")
        .evaluateAll((os) => os.find((o) => /^Main account/.test(o.textContent ?? ""))?.getAttribute("value") ?? "");
      /** Fill the form with the order's details and `cardName`, and send it. */
      const order = async (cardName: string) => {
        await form.getByLabel("Account").selectOption(main);
        await form.getByLabel("Currency the card spends in").selectOption("EUR");
        await form.getByLabel("Mastercard").check();
        await form.getByLabel("Black").check();
        await form.getByLabel("Collect at a branch").check();
        await form.getByLabel("Name of the card (optional)").fill(cardName);
        await form.getByRole("button", { name: "Order the card" }).click();
      };
      await order("x".repeat(41));

      await expect(page.locator("#cardName-error")).toHaveText("Use at most 40 characters.");
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
      await expect(form.getByLabel("Name of the card (optional)")).toHaveValue("x".repeat(41));
      await expect(form.getByLabel("Currency the card spends in")).toHaveValue("EUR");
      await expect(form.getByLabel("Mastercard")).toBeChecked();
      await expect(form.getByLabel("Black")).toBeChecked();
      await expect(form.getByLabel("Collect at a branch")).toBeChecked();
      await axe(page, javaScriptEnabled);

      allowValidationAnswers(consoleErrors, "/cards/order-card");
      await form.getByLabel("Name of the card (optional)").fill(name);
      await form.getByRole("button", { name: "Order the card" }).click();
      await expect(page).toHaveURL(/\/cards\/[0-9a-f-]{36}\?done=ordered$/);
      await expect(page.getByTestId("card-done")).toContainText("Your card is ordered");
      await expect(page.locator("main h1")).toHaveText(name);
      await expect(page.getByTestId("card-number")).toHaveText("Card ordered");
      await expect(page.getByTestId("card-status")).toHaveText("Ordered");
      await expect(page.getByTestId("card-plate")).toHaveAttribute("data-color", "BLACK");
      await expect(page.getByTestId("freeze-link")).toHaveCount(0);
      await axe(page, javaScriptEnabled);
      await expect(sidebar(page).getByRole("link", { name: `${name} (Card ordered)` })).toBeVisible();
      await expectNoPan(page);
      const cardId = CARD_URL.exec(page.url())![1];

      // Back to the form (a new load of the page: no-store) and the same details again: the card
      // just ordered, not a second one (docs/decisions.md "Card order form: back-and-resubmit").
      await page.goto("/cards/order-card");
      const kept = page.getByTestId("card-ordered-with-form");
      await expect(kept).toContainText("You have just ordered a card with this form:");
      await expect(kept.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/cards/${cardId}`);
      await axe(page, javaScriptEnabled);
      await order(name);
      await expect(page).toHaveURL(`/cards/${cardId}?done=ordered`);
      await expect(page.locator("main h1")).toHaveText(name);
      await expect(sidebar(page).getByRole("link", { name: `${name} (Card ordered)` })).toHaveCount(1);
      // Other details under the form's key: refused with a message naming that card, the form as sent.
      await page.goto("/cards/order-card");
      await order(`${name} 2`);
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText(
        "You have just ordered a card with this form with other details.",
      );
      allowValidationAnswers(consoleErrors, "/cards/order-card", 409);
      await expect(form.getByLabel("Name of the card (optional)")).toHaveValue(`${name} 2`);
      await expect(kept.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/cards/${cardId}`);
      await axe(page, javaScriptEnabled);
      // "Order another card": a new order, with a new key (no card named any more).
      await kept.getByRole("link", { name: "Order another card" }).click();
      await expect(page).toHaveURL(`/cards/order-card?after=${cardId}`);
      await expect(form).toBeVisible();
      await expect(kept).toHaveCount(0);
      await page.goto(`/cards/${cardId}`);
      await expect(sidebar(page).getByRole("link", { name: `${name} (Card ordered)` })).toHaveCount(1);

      // Canceled before the bank numbered it (ORDERED → CANCELED): no longer "Card ordered" but
      // "No card number" on its face, in its details and in the sidebar (spec 000 §4; docs/decisions.md Cards).
      await staffCommand(page, ["card:cancel", cardId, "--reason", "E2E: canceled before it was issued"]);
      await page.goto(`/cards/${cardId}`);
      await expect(page.getByTestId("card-status")).toHaveText("Canceled");
      await expect(page.getByTestId("card-number")).toHaveText("No card number");
      await expect(page.locator("main dl")).toContainText("Card numberNo card number");
      await expect(page.locator("main")).not.toContainText("Card ordered");
      await expect(sidebar(page).getByRole("link", { name: `${name} (No card number) · Canceled`, exact: true })).toBeVisible();
      await axe(page, javaScriptEnabled);
    });

    test("orders a replacement from a card's page (?cardId=): the card and its account are preselected", async ({
      page,
      consoleErrors,
    }) => {
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/home");
      await sidebar(page).getByRole("link", { name: "Savings card •••• 0934" }).click();
      await expect(page.getByTestId("card-status")).toHaveText("Frozen");
      const oldId = CARD_URL.exec(page.url())![1];
      await page.getByRole("link", { name: "Order a replacement card" }).click();
      await expect(page).toHaveURL(`/cards/order-card?cardId=${oldId}`);
      await expect(page.locator("main h1")).toHaveText("Order a replacement card");
      const form = page.getByTestId("order-card-form");
      await expect(form.getByLabel("Card to replace")).toHaveValue(oldId);
      await expect(form.getByLabel("Card to replace").locator("option:checked")).toHaveText("Savings card •••• 0934");
      await expect(form.getByLabel("Account").locator("option:checked")).toHaveText(/^Savings/);
      await expect(form.getByLabel("Prepaid card")).toBeChecked();
      await expectNoPan(page);
      // Savings has no USD balance: the bank refuses, the page says so on the field, the form keeps the replacement.
      await form.getByLabel("Currency the card spends in").selectOption("USD");
      await form.getByRole("button", { name: "Order the card" }).click();
      await expect(page.locator("#currencyId-error")).toHaveText("Choose a currency the account has a balance in.");
      await expect(form.getByLabel("Card to replace")).toHaveValue(oldId);
      await expect(form.getByLabel("Currency the card spends in")).toHaveValue("USD");
      allowValidationAnswers(consoleErrors, "/cards/order-card");
      await form.getByLabel("Currency the card spends in").selectOption("GBP");
      await form.getByLabel("Name of the card (optional)").fill(`Savings replacement ${javaScriptEnabled ? "on" : "off"}`);
      await form.getByRole("button", { name: "Order the card" }).click();
      await expect(page).toHaveURL(/\/cards\/[0-9a-f-]{36}\?done=ordered$/);
      await expect(page.getByTestId("card-number")).toHaveText("Card ordered");
      // The old card is untouched until the new one is issued.
      await page.goto(`/cards/${oldId}`);
      await expect(page.getByTestId("card-status")).toHaveText("Frozen");
    });

    test("on a small screen the account page lists the account's live cards, linking to them; its order link picks the account", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/home");
      // The accounts column (with its card links) is hidden at this width: the account page is where the cards are.
      await expect(sidebar(page)).toBeHidden();
      const href = await page.locator("aside a[href^='/accounts/']").filter({ hasText: "Main account" }).getAttribute("href");
      await page.goto(href!);
      const cards = page.getByTestId("account-card");
      await expect(cards.filter({ hasText: "Everyday Visa" })).toHaveText(/^Everyday Visa •••• 4821 · (Active|Frozen)$/);
      await expect(cards.filter({ hasText: "Travel Mastercard" })).toHaveText(/^Travel Mastercard •••• 7310 · (Active|Frozen)$/);
      // The Savings account's card is not this account's.
      await expect(cards.filter({ hasText: "Savings card" })).toHaveCount(0);
      await expectNoPan(page);
      await axe(page, javaScriptEnabled);
      const accountId = href!.split("/").pop()!;
      await page.getByRole("link", { name: "Order a card for this account" }).click();
      await expect(page).toHaveURL(`/cards/order-card?accountId=${accountId}`);
      await expect(page.getByTestId("order-card-form").locator("select[name=accountId]")).toHaveValue(accountId);
      await page.goBack();
      await cards.filter({ hasText: "Everyday Visa" }).getByRole("link", { name: "Everyday Visa" }).click();
      await expect(page).toHaveURL(CARD_URL);
      await expect(page.getByTestId("card-number")).toHaveText("•••• 4821");
    });
  });
}

test("another customer's card is not found", async ({ page }) => {
  await signIn(page, CUSTOMERS.individual);
  await page.goto("/home");
  const href = (await sidebar(page).getByRole("link", { name: "Everyday Visa •••• 4821" }).getAttribute("href"))!;
  await page.context().clearCookies();
  await login(page, CUSTOMERS.corporate);
  const res = await page.goto(href);
  expect(res?.status()).toBe(404);
  await expect(page.locator("main")).not.toContainText("4821");
});
