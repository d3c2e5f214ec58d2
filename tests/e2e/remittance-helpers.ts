/** Filling the new remittance order form (remittance.spec, none-signer.spec). */
import type { Locator } from "@playwright/test";

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
