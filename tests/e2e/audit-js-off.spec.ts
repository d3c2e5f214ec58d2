/**
 * Findings of the customer-flow audit (JavaScript off, a screen reader, other languages), each
 * proved in the browser without JavaScript: a refused submission lands the customer (and the
 * screen reader) on the error summary, as the effect does with JavaScript.
 */
import { CUSTOMERS, expect, login, signIn, test } from "./fixtures";
import { openSolCryptoForm } from "./signing-helpers";

test.use({ javaScriptEnabled: false });

test("a pound payment refused by the bank focuses the error summary on load (a screen reader reads it out)", async ({ page }) => {
  await signIn(page, CUSTOMERS.individual);
  await page.goto("/payments/gbp");
  await page.locator("main form[method=get] button[type=submit]").click();
  await expect(page).toHaveURL(/\/payments\/gbp\/form/);
  const form = page.locator("main form[method=post]").first();
  await form.getByLabel("Beneficiary name").fill("Bob Smith");
  await form.getByLabel("Sort code").fill("12-34-56");
  await form.getByLabel("Account number").fill("1234567");
  await form.getByLabel("Amount in GBP").fill("10.00");
  await form.getByRole("button", { name: "Continue" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toContainText("Enter an account number of 8 digits");
  await expect(summary).toBeFocused();
  // What was typed is still there.
  await expect(form.getByLabel("Account number")).toHaveValue("1234567");
});

test("a wrong one-time code focuses the error summary on the signing page", async ({ page }) => {
  await signIn(page, CUSTOMERS.corporate);
  await page.goto("/payments");
  await page.getByRole("button", { name: "Sign payment to Acme Supplies Ltd" }).click();
  await expect(page).toHaveURL(/\/payments\/[^/]+\/sign$/);
  await expect(page.getByTestId("debug-code")).toHaveText(/\d{4}/);
  const debug = ((await page.getByTestId("debug-code").textContent()) ?? "").match(/\d{4}/)![0];
  const wrong = debug === "0000" ? "1111" : "0000";
  await page.locator("form#sign input[name=code]").fill(wrong);
  await page.locator("form#sign button[type=submit]").click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toContainText("The code is not correct");
  await expect(summary).toBeFocused();
});

test("an operation opened from a filtered history list leads back to that list, filters and page kept", async ({ page }) => {
  await signIn(page, CUSTOMERS.individual);
  await page.goto("/history?period=all&currency=GBP");
  await page.locator("main [data-testid=statement-item] a").first().click();
  await expect(page).toHaveURL(/\/history\/[^/?]+$/);
  await page.getByRole("link", { name: "Back to history" }).click();
  await expect(page).toHaveURL(/\/history\?period=all&currency=GBP$/);
  await expect(page.locator("input[name=period][value=all]")).toBeChecked();
  // The second page ("More operations", a cursor in the URL) likewise.
  await page.getByTestId("history-more").click();
  await expect(page).toHaveURL(/cursor=/);
  const second = page.url();
  await page.locator("main [data-testid=statement-item] a").first().click();
  await page.getByRole("link", { name: "Back to history" }).click();
  await expect(page).toHaveURL(second);
});

test("a crypto payment from the SOL balance starts with a provider that takes SOL (the first listed did not)", async ({
  page,
}) => {
  await login(page, CUSTOMERS.individual);
  const form = await openSolCryptoForm(page);
  await expect(form.locator("select[name=caspId]")).toHaveValue("kraken-eu");
  await form.getByLabel("Beneficiary name").fill("Sol Friend");
  await form.getByLabel("Wallet address").fill("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM");
  await form.getByLabel(/^Purpose of payment/).fill("Gift");
  await form.getByLabel("Amount in SOL").fill("0.5");
  await form.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/payments\/[^/]+\/sign$/);
});

test("each device's log-out button names the device and when it signed in (several 'Chrome on Linux' told apart)", async ({
  page,
  browser,
}) => {
  // A second device of the same customer.
  const other = await browser.newContext({ javaScriptEnabled: false });
  await login(await other.newPage(), CUSTOMERS.individual);
  await other.close();
  await signIn(page, CUSTOMERS.individual);
  await page.goto("/profile");
  const others = page.locator("[data-testid=device]").filter({ hasNot: page.getByText("(this device)") });
  await expect(others.first()).toBeVisible();
  for (const row of await others.all()) {
    const name = (await row.locator("strong").textContent())!;
    await expect(row.getByRole("button")).toHaveAccessibleName(
      new RegExp(
        `^Log out ${name} Signed in \\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2} · last used \\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2}$`,
      ),
    );
  }
});
