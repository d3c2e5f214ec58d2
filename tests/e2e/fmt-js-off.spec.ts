/**
 * Number and date formats the customer reads and types, proved without JavaScript
 * (docs/decisions.md "Number formats the customer reads and
 * types"): "1,000" SOL is refused instead of paying 1 SOL; a history date outside 1920–2050
 * names the range; German pages show the bank's fee names and rates in German. (The focused
 * "fresh quote" notice after Exchange on an expired quote is proved in exchange.spec.ts, whose
 * expired-quote test already waits out a quote with JavaScript off.)
 */
import type { Page } from "@playwright/test";
import { CUSTOMERS, expect, login, signIn, test } from "./fixtures";
import { openSolCryptoForm } from "./signing-helpers";

test.use({ javaScriptEnabled: false });

async function switchTo(page: Page, language: string) {
  const form = page.locator('form[action="/locale"]');
  await form.locator("select[name=lng]").selectOption({ label: language });
  await form.getByRole("button").click();
}

test("'1,000' SOL on the crypto form is refused with a field error asking for 1000 or 1.000; nothing is prepared", async ({
  page,
}) => {
  await login(page, CUSTOMERS.individual);
  const form = await openSolCryptoForm(page);
  await form.getByLabel("Beneficiary name").fill("Sol Friend");
  await form.getByLabel("Wallet address").fill("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM");
  await form.getByLabel(/^Purpose of payment/).fill("Gift");
  await form.getByLabel("Amount in SOL").fill("1,000");
  await form.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/payments\/casp\/form/);
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toContainText("A comma before exactly three digits could be a thousands separator");
  await expect(summary).toBeFocused();
  await expect(page.locator("#amount-error")).toContainText("1000 or 1.000");
  await expect(form.getByLabel("Amount in SOL")).toHaveValue("1,000");
});

test("a history date outside 1920–2050 is refused with the range named", async ({ page }) => {
  await signIn(page, CUSTOMERS.individual);
  await page.goto("/history?period=custom&from=1900-01-01&to=2026-01-01");
  await expect(page.locator("#from-error")).toHaveText("Enter a date from 01.01.1920 to 01.01.2050");
  await expect(page.getByTestId("history-empty")).toHaveText("Correct the dates above to see the operations.");
});

test("German pages: the bank's fee names in German, percentages and rates with a decimal comma", async ({ page }) => {
  await signIn(page, CUSTOMERS.individual);
  await page.goto("/home?tab=fees");
  await switchTo(page, "Deutsch");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.goto("/home?tab=fees");
  const fees = page.getByTestId("home-fees");
  await expect(fees).toContainText("Monatliche Kontogebühr");
  await expect(fees).toContainText("SWIFT-Zahlung (CNY)");
  await expect(fees).toContainText("0,2 % des Betrags");
  await expect(fees).not.toContainText("Monthly account fee");
  // A quote's rate: 1 GBP = 1,17… EUR.
  await page.goto("/currency-exchange");
  const select = page.locator("main select[name=source]");
  const gbp = await select
    .locator("option")
    .evaluateAll((os) => (os as HTMLOptionElement[]).find((o) => o.value.endsWith(":GBP"))?.value ?? "");
  await select.selectOption(gbp);
  await page.locator("main select[name=toCurrencyId]").selectOption("EUR");
  await page.locator("main [name=amount]").fill("2,00");
  await page.getByTestId("get-quote").click();
  await expect(page).toHaveURL(/\/currency-exchange\/confirm\?quote=/);
  await expect(page.getByTestId("quote-rate")).toHaveText(/^1 GBP = 1,17\d+ EUR$/);
});
