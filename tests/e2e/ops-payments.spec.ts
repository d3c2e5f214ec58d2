/**
 * The back office's PAYMENTS screens (issue 13; docs/ops.md "Payments") in the browser against
 * the real server, JavaScript off and on: staff refunds an external payment on /ops/payments (a
 * missing reason comes back on its field first) and the customer sees the REFUND item in
 * /history; staff posts an incoming payment on /ops/payments/incoming (a missing payer name comes
 * back on its field, everything typed kept) and the customer's balance rises by it; an FX rate
 * request accepted on /ops/fx-requests executes for the customer. The customer's data is set up
 * through the banking API (the customer pages are not under test here). Axe runs on each page
 * with JavaScript on (axe needs page scripts).
 */
import type { Page } from "@playwright/test";
import { allowValidationAnswers, apiSession, CUSTOMERS, expect, login, signIn, test, toMinorUnits } from "./fixtures";
import { opsLogin, STAFF } from "./ops-fixtures";
import { mainAccount, signedFxRequest, signedPayment } from "./ops-payments-helpers";
import { axe } from "./signing-helpers";

/** Oliver's GBP balance on /home, in minor units. */
async function homeGbp(page: Page): Promise<bigint> {
  await page.goto("/home");
  const el = page.getByTestId("balance-GBP").first();
  await expect(el).toBeVisible();
  return toMinorUnits((await el.textContent()) ?? "");
}

for (const js of [false, true]) {
  test.describe(`ops payments, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("staff refunds a payment; the customer sees the refund in history", async ({ page, request, consoleErrors }) => {
      test.setTimeout(120_000);
      const payee = `Refund Payee ${js ? "On" : "Off"}`;
      const amount = js ? "3.19" : "3.17";
      const id = await signedPayment(request, amount, payee);

      await opsLogin(page, STAFF.payments);
      await expect(page.getByTestId("queue-payments")).toContainText("Payments waiting for settlement:");
      await page.getByRole("link", { name: "Payments", exact: true }).click();
      await expect(page).toHaveURL(/\/ops\/payments$/);
      await page.getByLabel("Rail").selectOption("GBP");
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(/rail=GBP/);
      if (js) await axe(page, js);
      const row = page.locator(`[data-testid=payment-row][data-payment-id="${id}"]`);
      await expect(row).toContainText(payee);
      await expect(row.getByTestId("settlement")).toHaveText("Waiting for settlement");

      // No reason: the error on the reason field of this row, the form open.
      await row.getByText("Refund…").click();
      await row.getByRole("button", { name: "Refund the amount" }).click();
      await expect(row.getByTestId("reason-error")).toHaveText("Enter the reason.");
      allowValidationAnswers(consoleErrors, "/ops/payments");
      await row.getByLabel("Reason (the customer sees it)").last().fill("Returned by the beneficiary's bank: account closed");
      await row.getByRole("button", { name: "Refund the amount" }).click();
      await expect(page.getByTestId("done")).toHaveText("The payment is refunded: the amount went back to the customer.");
      await expect(page.locator(`[data-testid=payment-row][data-payment-id="${id}"]`)).toHaveCount(0);

      await page.goto("/ops/payments?status=REFUNDED");
      const refunded = page.locator(`[data-testid=payment-row][data-payment-id="${id}"]`);
      await expect(refunded.getByTestId("settlement")).toContainText("Refunded");
      await expect(refunded.getByTestId("settlement")).toContainText("account closed");

      await signIn(page, CUSTOMERS.individual);
      await page.goto("/history");
      const items = page.locator("main [data-testid=statement-item]").filter({ hasText: payee });
      await expect(items).toHaveCount(2);
      const texts = await items.allTextContents();
      expect(texts.some((t) => /\+/.test(t) && t.includes(amount))).toBe(true);
      await items.filter({ hasText: "+" }).first().locator("a").first().click();
      await expect(page.locator("main")).toContainText("Refund");
    });

    test("staff posts an incoming payment; the customer's balance rises by it", async ({ page, request, consoleErrors }) => {
      test.setTimeout(120_000);
      const s = await apiSession(request, CUSTOMERS.individual);
      const account = await mainAccount(s);
      const payer = `Incoming Payer ${js ? "On" : "Off"}`;
      const amount = js ? "12.34" : "56.78";
      await login(page, CUSTOMERS.individual);
      const before = await homeGbp(page);

      await opsLogin(page, STAFF.payments);
      await page.goto("/ops/payments/incoming");
      if (js) await axe(page, js);
      await page.getByLabel("Customer account number or IBAN").fill(account.number);
      await page.getByLabel("Currency").fill("GBP");
      await page.getByLabel("Amount").fill(amount);
      await page.getByRole("button", { name: "Credit the customer" }).click();
      await expect(page.getByTestId("payerName-error")).toHaveText("Enter the payer's name.");
      await expect(page.getByLabel("Amount")).toHaveValue(amount);
      await expect(page.getByLabel("Customer account number or IBAN")).toHaveValue(account.number);
      allowValidationAnswers(consoleErrors, "/ops/payments/incoming");
      await page.getByLabel("Payer's name").fill(payer);
      await page.getByLabel("Reference").fill("Invoice 2026-11");
      await page.getByRole("button", { name: "Credit the customer" }).click();
      await expect(page.getByTestId("done")).toHaveText("The incoming payment was credited to the customer.");
      await expect(page.getByTestId("incoming-row").first()).toContainText(payer);

      // The customer session (its own cookie) is still open.
      expect(await homeGbp(page)).toBe(before + toMinorUnits(amount));
      await page.goto("/history");
      await expect(page.locator("main [data-testid=statement-item]").filter({ hasText: payer })).toHaveCount(1);
    });

    test("an FX rate request accepted in /ops executes for the customer", async ({ page, request }) => {
      test.setTimeout(120_000);
      const id = await signedFxRequest(request, js ? "10.00" : "11.00");

      await opsLogin(page, STAFF.payments);
      await page.goto("/ops/fx-requests");
      if (js) await axe(page, js);
      const row = page.locator(`[data-testid=fx-row][data-fx-id="${id}"]`);
      await expect(row).toContainText(js ? "10.00 GBP" : "11.00 GBP");
      await row.getByRole("button", { name: "Accept and exchange" }).click();
      await expect(page.getByTestId("done")).toHaveText(
        "The request is accepted: the exchange was executed at the customer's rate.",
      );
      await expect(page.locator(`[data-testid=fx-row][data-fx-id="${id}"]`)).toHaveCount(0);

      await signIn(page, CUSTOMERS.individual);
      await page.goto(`/currency-exchange/requests/${id}`);
      await expect(page.getByTestId("fx-status")).toHaveAttribute("data-status", "ACCEPTED");
    });
  });
}

test("a customer session gets nothing from the payments screens", async ({ page }) => {
  await login(page, CUSTOMERS.individual);
  for (const path of ["/ops/payments", "/ops/payments/incoming", "/ops/fx-requests"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/ops\/login$/);
  }
  expect((await page.request.get("/api/v1/ops/payments")).status()).toBe(401);
});

test("a staff user without PAYMENTS gets the 403 page", async ({ page }) => {
  await opsLogin(page, STAFF.support);
  for (const path of ["/ops/payments", "/ops/payments/incoming", "/ops/fx-requests"]) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(403);
    await expect(page.locator("main h1")).toHaveText("Not allowed");
  }
});
