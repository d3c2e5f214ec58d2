/**
 * Two submissions of the signing form at once (a double click without JavaScript sends
 * both): the payment is signed once, and both answers lead to the receipt — neither shows a
 * misleading "code expired".
 */
import { CUSTOMERS, expect, signIn, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

test("signing form submitted twice at once: one posting, both answers go to the receipt", async ({ page }) => {
  await signIn(page, CUSTOMERS.individual);
  await page.goto("/home");
  const before = (await page.getByTestId("balance-EUR").first().textContent()) ?? "";

  await page.goto("/payments/euro");
  await page.locator("[name=beneficiaryName]").fill("Twice Clicked");
  await page.locator("[name=iban]").fill("DE89370400440532013000");
  await page.locator("[name=bic]").fill("COBADEFFXXX");
  await page.locator("[name=amount]").fill("4.00");
  await page.locator("main form[method=post] button[type=submit]").first().click();
  await expect(page).toHaveURL(/\/payments\/[^/]+\/sign$/);
  const signUrl = new URL(page.url()).pathname;
  const paymentUrl = signUrl.replace(/\/sign$/, "");
  const code = ((await page.getByTestId("debug-code").textContent()) ?? "").match(/\d{4}/)![0];
  const signForm = page.locator("form[method=post]", { has: page.locator("input[name=code]") });
  const csrf = await signForm.locator("input[name=csrf]").inputValue();
  const form = { csrf, intent: "sign", code };

  const [a, b] = await Promise.all([
    page.request.post(signUrl, { form, maxRedirects: 0 }),
    page.request.post(signUrl, { form, maxRedirects: 0 }),
  ]);
  for (const res of [a, b]) {
    expect(res.status(), await res.text()).toBe(302);
    expect(res.headers()["location"]).toBe(paymentUrl);
  }

  await page.goto(paymentUrl);
  await expect(page.getByTestId("payment-status")).toContainText(/completed/i);
  await page.goto("/history");
  await expect(page.getByTestId("statement-item").filter({ hasText: "Twice Clicked" })).toHaveCount(1);
  await page.goto("/home");
  const after = (await page.getByTestId("balance-EUR").first().textContent()) ?? "";
  expect(after).not.toBe(before);
});
