/**
 * Signing lists with every kind of unsigned transaction (spec 000 §2 home signing tab, §4 "the
 * payment (or remittance order) is signed with mfaToken … Unsigned transactions can be signed or
 * cancelled (declined)"), with JavaScript on and off: Oliver (remittance orders and FX rate
 * requests enabled) ticks a payment, a remittance order and an FX rate request on /payments and
 * signs the three with ONE code (one batch page: the total per currency counts the order's sum
 * and the request's sold sum); the result page lists the three, each linking to its own page, and
 * the order he left out among what is still to sign (with its checkbox); an item not signed is
 * named with the API's reason; none of the three waits any more. On /home?tab=signing he ticks three others and declines them
 * together after a confirmation. axe on the batch pages (JavaScript on: axe needs page scripts).
 */
import type { Locator, Page } from "@playwright/test";
import { CUSTOMERS, expect, login, test } from "./fixtures";
import { newOrder } from "./remittance-helpers";
import { axe, confirmWithCode, euroPayment, formReady } from "./signing-helpers";

const FX_SIGN_URL = /\/currency-exchange\/requests\/([0-9a-f-]{36})\/sign$/;

/** An FX rate request selling the Main account's GBP for EUR, left awaiting its signature; returns its id. */
async function fxRequest(page: Page, javaScriptEnabled: boolean, sellAmount: string): Promise<string> {
  await page.goto("/currency-exchange/requests/new");
  const form = page.locator("form#fx-request-form");
  await formReady(page, javaScriptEnabled, form);
  const options = await form
    .locator("select[name=source] option")
    .evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? "" })));
  await form
    .locator("select[name=source]")
    .selectOption(options.find((o) => /^Main account/.test(o.text) && o.value.endsWith(":GBP"))!.value);
  await form.locator("select[name=toCurrencyId]").selectOption("EUR");
  await form.locator("[name=sellAmount]").fill(sellAmount);
  await form.locator("[name=rate]").fill("1.1");
  await form.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(FX_SIGN_URL);
  return FX_SIGN_URL.exec(new URL(page.url()).pathname)![1];
}

/** The three checkboxes of a payment, an order and a request in a signing list. */
function boxes(page: Page, payee: string, orderPayee: string, sell: string): Locator[] {
  return [
    page.getByRole("checkbox", { name: new RegExp(payee) }),
    page.getByRole("checkbox", { name: new RegExp(`Select the remittance order to ${orderPayee}`) }),
    page.getByRole("checkbox", { name: new RegExp(`Select the rate request: sell ${sell.replace(".", "\\.")} GBP for EUR`) }),
  ];
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JS" : "NoJS";
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a payment, a remittance order and an FX rate request signed together with ONE code", async ({ page }) => {
      test.setTimeout(180_000);
      const payee = `Mixed Payee ${mode}`;
      const orderPayee = `Mixed Order ${mode}`;
      const [euroAmount, orderSum, sell] = javaScriptEnabled ? ["2.41", "3.51", "1.71"] : ["2.42", "3.52", "1.72"];
      await login(page, CUSTOMERS.individual);
      const paymentId = await euroPayment(page, javaScriptEnabled, payee, euroAmount);
      const orderId = await newOrder(page, javaScriptEnabled, { payee: orderPayee, sum: orderSum });
      const fxId = await fxRequest(page, javaScriptEnabled, sell);
      // One more order, not ticked: still to sign afterwards.
      const leftPayee = `Mixed Left ${mode}`;
      const leftId = await newOrder(page, javaScriptEnabled, { payee: leftPayee, sum: "1.01", after: orderId });

      await page.goto("/payments");
      await axe(page, javaScriptEnabled);
      for (const box of boxes(page, payee, orderPayee, sell)) await box.check();
      await page.getByRole("button", { name: "Sign selected" }).click();

      // One page for the three, the total per currency (the order's sum and the request's sold sum in GBP), ONE code.
      await expect(page).toHaveURL(/\/payments\/sign\?ids=/);
      const params = new URL(page.url()).searchParams;
      expect([params.get("ids"), params.get("orders"), params.get("fx")]).toEqual([paymentId, orderId, fxId]);
      await expect(page.getByTestId("batch-payment")).toHaveText([
        new RegExp(`${payee}.*${euroAmount} EUR`),
        new RegExp(`${orderPayee}.*Remittance order.*${orderSum} GBP`),
        new RegExp(`Exchange GBP → EUR.*You receive.*EUR.*${sell} GBP`),
      ]);
      const gbpTotal = (Number(orderSum.replace(".", "")) + Number(sell.replace(".", ""))) / 100;
      await expect(page.getByTestId("batch-total")).toHaveText([
        new RegExp(`${euroAmount} EUR`),
        new RegExp(`${gbpTotal.toFixed(2)} GBP`),
      ]);
      await axe(page, javaScriptEnabled);
      await expect(page.getByRole("button", { name: "Sign 3 transactions" })).toBeVisible();
      await confirmWithCode(page, javaScriptEnabled);

      await expect(page).toHaveURL(/\/payments\/sign\/result\?/);
      await expect(page.getByTestId("batch-signed-count")).toHaveText("3 transactions were signed.");
      await expect(page.getByTestId("batch-failed")).toHaveCount(0);
      const signed = page.getByTestId("batch-signed");
      await expect(signed).toHaveCount(3);
      await expect(signed.filter({ hasText: payee }).getByRole("link")).toHaveAttribute("href", `/payments/${paymentId}`);
      await expect(signed.filter({ hasText: orderPayee }).getByRole("link")).toHaveAttribute(
        "href",
        `/payments/remittance/${orderId}`,
      );
      await expect(signed.filter({ hasText: "Exchange GBP → EUR" }).getByRole("link")).toHaveAttribute(
        "href",
        `/currency-exchange/requests/${fxId}`,
      );
      // Still to sign: the order left out, with its checkbox of the batch form.
      await expect(page.getByTestId("order-to-sign").filter({ hasText: leftPayee }).getByRole("checkbox")).toHaveAttribute(
        "form",
        "unsigned-batch",
      );
      await axe(page, javaScriptEnabled);
      // An item not signed is named with the API's reason and links to its own page.
      await page.goto(`/payments/sign/result?ids=&orders=${leftId}&failed=${leftId}:INSUFFICIENT_FUNDS`);
      await expect(page.getByTestId("batch-failed-count")).toHaveText("1 transaction was not signed.");
      const failed = page.getByTestId("batch-failed");
      await expect(failed.getByTestId("batch-failed-reason")).toHaveText("There is not enough money on this balance.");
      await expect(failed.getByRole("link")).toHaveAttribute("href", `/payments/remittance/${leftId}`);

      // None of them waits any more.
      await page.goto("/payments");
      for (const box of boxes(page, payee, orderPayee, sell)) await expect(box).toHaveCount(0);
      await page.goto(`/payments/${paymentId}`);
      await expect(page.getByTestId("payment-status")).toHaveText("Completed");
      await page.goto(`/payments/remittance/${orderId}`);
      await expect(page.getByTestId("order-status").first()).not.toHaveAttribute("data-status", "PENDING");
      await page.goto(`/currency-exchange/requests/${fxId}`);
      await expect(page.getByTestId("fx-status").first()).toHaveAttribute("data-status", "PENDING");
    });

    test("a payment, a remittance order and an FX rate request declined together from the home signing tab", async ({ page }) => {
      test.setTimeout(180_000);
      const payee = `Mixed Decline ${mode}`;
      const orderPayee = `Mixed Decline Order ${mode}`;
      const [euroAmount, orderSum, sell] = javaScriptEnabled ? ["2.61", "3.61", "1.61"] : ["2.62", "3.62", "1.62"];
      await login(page, CUSTOMERS.individual);
      const paymentId = await euroPayment(page, javaScriptEnabled, payee, euroAmount);
      const orderId = await newOrder(page, javaScriptEnabled, { payee: orderPayee, sum: orderSum });
      const fxId = await fxRequest(page, javaScriptEnabled, sell);

      await page.goto("/home?tab=signing");
      const count = Number(await page.getByTestId("signing-count").textContent());
      await axe(page, javaScriptEnabled);
      for (const box of boxes(page, payee, orderPayee, sell)) await box.check();
      await page.getByRole("button", { name: "Decline selected" }).click();

      await expect(page).toHaveURL(/\/payments\/decline\?ids=/);
      await expect(page.getByTestId("decline-payment")).toHaveText([
        new RegExp(`${payee}.*${euroAmount} EUR`),
        new RegExp(`${orderPayee}.*${orderSum} GBP`),
        new RegExp(`Exchange GBP → EUR.*${sell} GBP`),
      ]);
      await axe(page, javaScriptEnabled);
      await page.getByRole("button", { name: "Decline 3 transactions" }).click();

      await expect(page).toHaveURL(/\/home\?tab=signing$/);
      for (const box of boxes(page, payee, orderPayee, sell)) await expect(box).toHaveCount(0);
      await expect(page.getByTestId("signing-count")).toHaveText(String(count - 3));
      await page.goto(`/payments/${paymentId}`);
      await expect(page.getByTestId("payment-status")).toHaveText("Declined");
      await page.goto(`/payments/remittance/${orderId}`);
      await expect(page.getByTestId("order-status").first()).toHaveAttribute("data-rejected-by", "CUSTOMER");
      await page.goto(`/currency-exchange/requests/${fxId}`);
      await expect(page.getByTestId("fx-status").first()).toHaveAttribute("data-status", "DECLINED");
    });
  });
}
