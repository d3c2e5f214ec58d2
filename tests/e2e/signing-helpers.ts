/**
 * Helpers of the e2e specs of one-item signing flows (remittance orders, FX rate requests), with
 * JavaScript on and off: axe on a page (JavaScript on only: axe needs page scripts), waiting for a
 * validated form to hydrate, entering the sandbox code on a signing page, and opening the SOL
 * crypto-asset payment form.
 */
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { axeScan } from "./layout-helpers";

/** axe-core (WCAG 2.1 A and AA); with JavaScript off, nothing (as tests/e2e/a11y.spec.ts). */
export async function axe(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  const results = await axeScan(page);
  expect(results.violations, `axe on ${page.url()}`).toEqual([]);
}

/** With JS, wait until React has hydrated the form (remix-validated-form sets noValidate then). */
export async function formReady(page: Page, javaScriptEnabled: boolean, form: Locator) {
  await expect(form).toBeVisible();
  if (javaScriptEnabled) await expect(form).toHaveAttribute("novalidate", "");
}

/** Read the sandbox code and enter it in form#sign (with JS four digits submit themselves). */
export async function confirmWithCode(page: Page, javaScriptEnabled: boolean) {
  const el = page.getByTestId("debug-code");
  await expect(el).toHaveText(/\d{4}/);
  const code = ((await el.textContent()) ?? "").match(/\d{4}/)![0];
  await formReady(page, javaScriptEnabled, page.locator("form#sign"));
  await page.locator("form#sign input[name=code]").fill(code);
  if (!javaScriptEnabled) await page.locator("form#sign button[type=submit]").click();
}

/** A SEPA payment awaiting signature (the form leads to its signing page); returns its id. */
export async function euroPayment(page: Page, javaScriptEnabled: boolean, payee: string, amount: string): Promise<string> {
  await page.goto("/payments/euro");
  await formReady(page, javaScriptEnabled, page.locator("main form[method=post]").first());
  await page.locator("[name=beneficiaryName]").fill(payee);
  await page.locator("[name=iban]").fill("DE89 3704 0044 0532 0130 00");
  await page.locator("[name=bic]").fill("COBADEFFXXX");
  await page.locator("[name=amount]").fill(amount);
  await page.locator("main form[method=post] button[type=submit]").first().click();
  await expect(page).toHaveURL(/\/payments\/[^/]+\/sign$/);
  return new URL(page.url()).pathname.split("/")[2];
}

/**
 * From /payments/casp, the crypto-asset form for Oliver's SOL balance (chosen by its label) with
 * JavaScript on or off; returns the form.
 */
export async function openSolCryptoForm(page: Page): Promise<Locator> {
  await page.goto("/payments/casp");
  const source = page.locator("main select[name=source]");
  const sol = await source
    .locator("option")
    .evaluateAll((os) => (os as HTMLOptionElement[]).find((o) => /SOL/.test(o.textContent ?? ""))?.value ?? "");
  await source.selectOption(sol);
  await page.locator("main form[method=get] button[type=submit]").click();
  await expect(page).toHaveURL(/\/payments\/casp\/form/);
  return page.locator("main form[method=post]").first();
}
