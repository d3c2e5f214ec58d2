/**
 * The walking-skeleton story (issue 2), once with JavaScript and once without:
 * log in, see balances, pay a SEPA payment to a valid IBAN, sign it with the one-time
 * code, see the new balance and the history item. And: an invalid IBAN shows the field
 * error with the form still filled.
 */
import { CUSTOMERS, expect, login, signIn, test, toMinorUnits } from "./fixtures";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("log in, pay a SEPA payment, sign it, see it in history", async ({ page }) => {
      await login(page, CUSTOMERS.individual);
      await expect(page).toHaveURL(/\/home/);
      const eurBalance = page.getByTestId("balance-EUR").first();
      await expect(eurBalance).toBeVisible();
      const before = toMinorUnits((await eurBalance.textContent()) ?? "");

      const payee = `Jana Beispiel ${javaScriptEnabled ? "JS" : "NoJS"}`;
      await page.goto("/payments/euro");
      await page.locator("[name=beneficiaryName]").fill(payee);
      await page.locator("[name=iban]").fill("DE89 3704 0044 0532 0130 00");
      await page.locator("[name=bic]").fill("COBADEFFXXX");
      await page.locator("[name=amount]").fill("12.34");
      await page.locator("[name=reference]").fill("Invoice 2026-117");
      await page.locator("main form[method=post] button[type=submit]").first().click();

      // Signing page: what is signed is shown, the sandbox code too.
      await expect(page).toHaveURL(/\/payments\/.+\/sign/);
      await expect(page.getByText(payee).first()).toBeVisible();
      const debugCode = page.getByTestId("debug-code");
      await expect(debugCode).toHaveText(/\d{4}/);
      const code = ((await debugCode.textContent()) ?? "").match(/\d{4}/)![0];
      await page.locator("input[name=code]").fill(code);
      if (!javaScriptEnabled) await page.locator("form button[type=submit]").first().click();

      await expect(page.getByTestId("payment-status")).toContainText(/completed/i);
      const after = toMinorUnits((await page.getByTestId("new-balance").textContent()) ?? "");
      expect(after).toBe(before - 1234n);

      await page.goto("/history");
      const first = page.getByTestId("statement-item").first();
      await expect(first).toContainText(payee);
      await expect(first).toContainText("12.34");
    });

    test("an invalid IBAN shows the field error and keeps the form filled", async ({ page }) => {
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/payments/euro");
      await page.locator("[name=beneficiaryName]").fill("Max Mustermann");
      await page.locator("[name=iban]").fill("DE89 3704 0044 0532 0130 01");
      await page.locator("[name=bic]").fill("COBADEFFXXX");
      await page.locator("[name=amount]").fill("5.00");
      await page.locator("main form[method=post] button[type=submit]").first().click();

      await expect(page.locator("#iban-error")).toBeVisible();
      await expect(page.locator("#iban-error")).not.toBeEmpty();
      await expect(page.locator("[name=iban]")).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("[name=beneficiaryName]")).toHaveValue("Max Mustermann");
      await expect(page.locator("[name=amount]")).toHaveValue("5.00");
      await expect(page).toHaveURL(/\/payments\/euro/);
    });
  });
}

test("a customer cannot open another customer's account page", async ({ page }) => {
  await signIn(page, CUSTOMERS.corporate);
  await page.goto("/home");
  const own = await page.locator("a[href^='/accounts/']").first().getAttribute("href");
  expect(own).toBeTruthy();
  await page.context().clearCookies();
  await login(page, CUSTOMERS.individual);
  const res = await page.goto(own!);
  expect([403, 404]).toContain(res?.status());
});
