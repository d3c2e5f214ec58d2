/** Filling and sending the new remittance order form (remittance, remittance-decline, batch-signing-mixed, none-signer specs). */
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { formReady } from "./signing-helpers";

/** The confirmation (signing) page of an order; its first group is the order's id. */
export const ORDER_SIGN_URL = /\/payments\/remittance\/([0-9a-f-]{36})\/sign$/;

/**
 * Fills the order's sum, description and a payee in Nairobi (KE) with a valid phone and document
 * number; the source balance and any file are the caller's.
 */
export async function fillOrder(form: Locator, order: { sum: string; description: string; payee: string }): Promise<void> {
  await form.locator("[name=sum]").fill(order.sum);
  await form.locator("[name=description]").fill(order.description);
  await form.locator("[name=payeeName]").fill(order.payee);
  await form.locator("[name=payeeAddress]").fill("12 Moi Avenue");
  await form.locator("[name=payeeCity]").fill("Nairobi");
  await form.locator("select[name=payeeCountry]").selectOption("KE");
  await form.locator("[name=payeePhone]").fill("+254 712 345 678");
  await form.locator("[name=payeeDocumentNumber]").fill("A1234567");
}

/**
 * Fill and send the new-order form from the Main account's GBP (`file`: a PDF attached); ends on
 * the order's confirmation page, the order left awaiting its signature.
 * `after`: the order this session's form made before and left waiting (else the form offers that one).
 * @returns the order's id
 */
export async function newOrder(
  page: Page,
  javaScriptEnabled: boolean,
  order: { payee: string; sum: string; file?: Buffer; after?: string },
): Promise<string> {
  await page.goto(`/payments/remittance/new${order.after ? `?after=${order.after}` : ""}`);
  const form = page.locator("form#remittance-form");
  await formReady(page, javaScriptEnabled, form);
  const options = await form.locator("select[name=source] option").allTextContents();
  await form.locator("select[name=source]").selectOption({ label: options.find((o) => /^Main account — .*GBP/.test(o))! });
  await fillOrder(form, { sum: order.sum, description: "Family support", payee: order.payee });
  if (order.file)
    await form
      .locator("input[name=files]")
      .setInputFiles([{ name: "id-card.pdf", mimeType: "application/pdf", buffer: order.file }]);
  await form.getByRole("button", { name: "Continue to confirm" }).click();
  await expect(page).toHaveURL(ORDER_SIGN_URL);
  return ORDER_SIGN_URL.exec(new URL(page.url()).pathname)![1];
}
