/**
 * Payment flows that had no browser test yet, each with JavaScript on and off (forms work
 * without JS; JS only enhances): transfer to another customer by phone, between own accounts,
 * wrong / empty signing code, decline, a corporate payer who must sign, and the same
 * idempotency key after going back and submitting again; the amount of the internal and
 * between-accounts forms at the chosen balance's currency scale (USDT 6 decimals, GBP 2); an
 * amount typed while the euro form hydrates on a slowed CPU (a slow phone).
 */
import type { Locator, Page } from "@playwright/test";
import { allowValidationAnswers, CUSTOMERS, expect, login, signIn, test, toMinorUnits } from "./fixtures";
import { watchReady } from "./layout-helpers";

const SIGN_URL = /\/payments\/([^/?#]+)\/sign$/;

/** With JS, wait until React has hydrated the page's validated form (it sets noValidate then). */
async function formReady(page: Page, javaScriptEnabled: boolean, form: Locator = page.locator("main form[method=post]").first()) {
  await expect(form).toBeVisible();
  if (javaScriptEnabled) await expect(form).toHaveAttribute("novalidate", "");
}

/** Choose the option whose text matches (labels carry live balances, so no exact label). */
async function selectByText(select: Locator, text: RegExp) {
  const options = await select
    .locator("option")
    .evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? "" })));
  const hit = options.find((o) => text.test(o.text));
  if (!hit) throw new Error(`no option matching ${text} in ${JSON.stringify(options.map((o) => o.text))}`);
  await select.selectOption(hit.value);
}

async function debugCode(page: Page): Promise<string> {
  const el = page.getByTestId("debug-code");
  await expect(el).toHaveText(/\d{4}/);
  return ((await el.textContent()) ?? "").match(/\d{4}/)![0];
}

/** The payment id of the signing page we are on. */
async function signingPaymentId(page: Page): Promise<string> {
  await expect(page).toHaveURL(SIGN_URL);
  return SIGN_URL.exec(new URL(page.url()).pathname)![1];
}

/** Enter a code on the signing page: with JS 4 digits submit themselves, without JS click Sign. */
async function enterSignCode(page: Page, javaScriptEnabled: boolean, code: string) {
  await formReady(page, javaScriptEnabled, page.locator("form#sign"));
  await page.locator("form#sign input[name=code]").fill(code);
  if (!javaScriptEnabled) await page.locator("form#sign button[type=submit]").click();
}

/** Sign the payment of the current signing page with the sandbox code; ends on the receipt. */
async function signWithSandboxCode(page: Page, javaScriptEnabled: boolean): Promise<string> {
  const id = await signingPaymentId(page);
  await enterSignCode(page, javaScriptEnabled, await debugCode(page));
  await expect(page).toHaveURL(new RegExp(`/payments/${id}$`));
  await expect(page.getByTestId("payment-status")).toHaveText("Completed");
  return id;
}

/** Fill and submit the SEPA form (first EUR account). */
async function submitEuroForm(page: Page, javaScriptEnabled: boolean, payee: string, amount: string) {
  await page.goto("/payments/euro");
  await formReady(page, javaScriptEnabled);
  await page.locator("[name=beneficiaryName]").fill(payee);
  await page.locator("[name=iban]").fill("DE89 3704 0044 0532 0130 00");
  await page.locator("[name=bic]").fill("COBADEFFXXX");
  await page.locator("[name=amount]").fill(amount);
  await page.locator("[name=reference]").fill(`Ref ${payee}`);
  await page.locator("main form[method=post] button[type=submit]").first().click();
}

/** href of an own account by its name, from the home page. */
async function accountHref(page: Page, name: string): Promise<string> {
  await page.goto("/home");
  const href = await page.locator("main a[href^='/accounts/']", { hasText: name }).first().getAttribute("href");
  expect(href, `account link ${name}`).toBeTruthy();
  return href!;
}

async function accountBalance(page: Page, href: string, currency: string): Promise<bigint> {
  await page.goto(href);
  const el = page.getByTestId(`account-balance-${currency}`);
  await expect(el).toBeVisible();
  return toMinorUnits((await el.textContent()) ?? "");
}

async function homeEurBalance(page: Page): Promise<bigint> {
  await page.goto("/home");
  const el = page.getByTestId("balance-EUR").first();
  await expect(el).toBeVisible();
  return toMinorUnits((await el.textContent()) ?? "");
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JS" : "NoJS";
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("transfer to another customer by phone: shortened name, sign, payee sees it in history", async ({ page }) => {
      const amount = javaScriptEnabled ? "3.21" : "3.22";
      const reference = `Lunch ${mode} ${Date.now()}`;
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/payments/internal");
      await page.getByLabel("Recipient's phone number").fill(CUSTOMERS.both);
      await page.getByRole("button", { name: "Find recipient" }).click();
      await expect(page.locator("#pay-title")).toHaveText("Pay James P.");
      await expect(page.locator("main")).not.toContainText("Patel");

      const form = page.locator("#pay-title ~ form");
      await formReady(page, javaScriptEnabled, form);
      await selectByText(form.locator("select[name=source]"), /^Main account — .*GBP/);
      await form.locator("[name=amount]").fill(amount);
      await form.locator("[name=reference]").fill(reference);
      await form.locator("button[type=submit]").first().click();

      await expect(page).toHaveURL(SIGN_URL);
      await expect(page.locator("main dl")).toContainText("James P.");
      await expect(page.locator("main dl")).toContainText(`${amount} GBP`);
      await signWithSandboxCode(page, javaScriptEnabled);

      await page.context().clearCookies();
      await signIn(page, CUSTOMERS.both);
      await page.goto("/history");
      const item = page.getByTestId("statement-item").filter({ hasText: reference });
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(`+${amount} GBP`);
    });

    test("between own accounts: Main account → Savings moves exactly the amount", async ({ page }) => {
      const amount = javaScriptEnabled ? "7.45" : "7.46";
      const minor = toMinorUnits(amount);
      await login(page, CUSTOMERS.individual);
      const main = await accountHref(page, "Main account");
      const savings = await accountHref(page, "Savings");
      const mainBefore = await accountBalance(page, main, "GBP");
      const savingsBefore = await accountBalance(page, savings, "GBP");

      await page.goto("/payments/between-accounts");
      await formReady(page, javaScriptEnabled);
      await selectByText(page.locator("select[name=source]"), /^Main account — .*GBP/);
      await selectByText(page.locator("select[name=toAccountId]"), /^Savings/);
      await page.locator("[name=amount]").fill(amount);
      await page.locator("main form[method=post] button[type=submit]").first().click();
      await signWithSandboxCode(page, javaScriptEnabled);

      expect(await accountBalance(page, main, "GBP")).toBe(mainBefore - minor);
      expect(await accountBalance(page, savings, "GBP")).toBe(savingsBefore + minor);
    });

    // Spec 000 §5: "at most 2 decimals unless a different decimal count is set": both forms offer
    // every balance, so the amount follows the chosen balance's currency scale (USDT 6). No other
    // seeded account holds USDT, so the API then refuses the destination, not the amount.
    test("between own accounts: 12.345678 USDT is taken at USDT's scale; 3 decimals on GBP are refused", async ({
      page,
      consoleErrors,
    }) => {
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/payments/between-accounts");
      await formReady(page, javaScriptEnabled);
      const form = page.locator("main form[method=post]");
      await selectByText(form.locator("select[name=source]"), /^Crypto wallet — .*USDT/);
      await selectByText(form.locator("select[name=toAccountId]"), /^Main account/);
      await form.locator("[name=amount]").fill("12.345678");
      await expect(form.locator("[name=amount]")).toHaveValue("12.345678");
      await form.locator("button[type=submit]").first().click();
      // The API's rule, translated (errors:constraints.hasBalance), on the destination.
      await expect(form.locator("#toAccountId-error")).toHaveText("This account has no balance in this currency");
      await expect(form.locator("#amount-error")).toHaveCount(0);
      await expect(form.locator("[name=amount]")).toHaveValue("12.345678");

      // 3 decimals typed for USDT, then a GBP balance chosen (with JavaScript the amount input
      // refuses a third decimal while GBP is chosen): too many decimals, on the amount field.
      await form.locator("[name=amount]").fill("12.345");
      await selectByText(form.locator("select[name=source]"), /^Main account — .*GBP/);
      await selectByText(form.locator("select[name=toAccountId]"), /^Savings/);
      await form.locator("button[type=submit]").first().click();
      await expect(form.locator("#amount-error")).toHaveText("Too many decimals");
      await expect(form.locator("[name=amount]")).toHaveValue("12.345");
      await expect(form.locator("select[name=source] option:checked")).toHaveText(/^Main account — .*GBP/);
      allowValidationAnswers(consoleErrors, "/payments/between-accounts");
    });

    test("to another customer: 12.345678 USDT is taken at USDT's scale; 3 decimals on GBP are refused", async ({
      page,
      consoleErrors,
    }) => {
      await signIn(page, CUSTOMERS.individual);
      await page.goto(`/payments/internal/form?phone=${encodeURIComponent(CUSTOMERS.both)}`);
      const form = page.locator("#pay-title ~ form");
      await formReady(page, javaScriptEnabled, form);
      await selectByText(form.locator("select[name=source]"), /^Crypto wallet — .*USDT/);
      await form.locator("[name=amount]").fill("12.345678");
      await expect(form.locator("[name=amount]")).toHaveValue("12.345678");
      await form.locator("button[type=submit]").first().click();
      // Refused by the API for the recipient (no USDT account), not for the amount.
      await expect(page.locator("main")).toContainText("USDT");
      await expect(form.locator("#amount-error")).toHaveCount(0);
      await expect(form.locator("[name=amount]")).toHaveValue("12.345678");

      await form.locator("[name=amount]").fill("12.345");
      await selectByText(form.locator("select[name=source]"), /^Main account — .*GBP/);
      await form.locator("button[type=submit]").first().click();
      await expect(form.locator("#amount-error")).toHaveText("Too many decimals");
      await expect(form.locator("[name=amount]")).toHaveValue("12.345");
      allowValidationAnswers(consoleErrors, "/payments/internal/form");
    });

    test("a wrong signing code shows an error on the code field; the right code then completes", async ({
      page,
      consoleErrors,
    }) => {
      await login(page, CUSTOMERS.individual);
      await submitEuroForm(page, javaScriptEnabled, `Wrong Code ${mode}`, "1.11");
      const id = await signingPaymentId(page);
      const code = await debugCode(page);
      const wrong = String((Number(code) + 1) % 10000).padStart(4, "0");

      await enterSignCode(page, javaScriptEnabled, wrong);
      await expect(page.locator("#code-error")).toContainText("The code is not correct");
      await expect(page.locator("input[name=code]")).toHaveAttribute("aria-invalid", "true");
      await expect(page).toHaveURL(SIGN_URL);

      // Still awaiting signature (receipt in a second tab, same session).
      const receipt = await page.context().newPage();
      await receipt.goto(`/payments/${id}`);
      await expect(receipt.getByTestId("payment-status")).toHaveText("Awaiting signature");
      await receipt.close();

      await enterSignCode(page, javaScriptEnabled, code);
      await expect(page).toHaveURL(new RegExp(`/payments/${id}$`));
      await expect(page.getByTestId("payment-status")).toHaveText("Completed");
      allowValidationAnswers(consoleErrors, `/payments/${id}/sign`);
    });

    test("decline on the signing page: payment declined, gone from the signing list, balance unchanged", async ({ page }) => {
      const payee = `Declined Payee ${mode}`;
      await login(page, CUSTOMERS.individual);
      const before = await homeEurBalance(page);
      await submitEuroForm(page, javaScriptEnabled, payee, "9.99");
      const id = await signingPaymentId(page);

      // Asked first, with the payment and its amount (the signing lists' confirmation page).
      await page.getByRole("link", { name: "Decline" }).click();
      await expect(page).toHaveURL(new RegExp(`/payments/decline\\?ids=${id}&`));
      await expect(page.getByTestId("decline-payment")).toHaveText([new RegExp(`${payee}.*9\\.99 EUR`)]);
      await page.getByRole("button", { name: "Decline 1 transaction" }).click();
      await expect(page).toHaveURL(/\/home\?tab=signing$/);
      await expect(page.getByTestId("unsigned-payment").filter({ hasText: payee })).toHaveCount(0);

      await page.goto(`/payments/${id}`);
      await expect(page.getByTestId("payment-status")).toHaveText("Declined");
      expect(await homeEurBalance(page)).toBe(before);
    });

    test("corporate payer with signature type SINGLE must sign a SEPA payment with a code", async ({ page }) => {
      await login(page, CUSTOMERS.corporate);
      const before = await homeEurBalance(page);
      await submitEuroForm(page, javaScriptEnabled, `Northwind Supplier ${mode}`, "25.50");
      // Not completed on creation: the signing page comes first.
      const id = await signingPaymentId(page);
      const receipt = await page.context().newPage();
      await receipt.goto(`/payments/${id}`);
      await expect(receipt.getByTestId("payment-status")).toHaveText("Awaiting signature");
      await receipt.close();

      await signWithSandboxCode(page, javaScriptEnabled);
      expect(toMinorUnits((await page.getByTestId("new-balance").textContent()) ?? "")).toBe(before - 2550n);
    });
  });
}

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("an empty signing code shows 'Enter the code' on the code field", async ({ page }) => {
    await login(page, CUSTOMERS.individual);
    await submitEuroForm(page, false, "Empty Code NoJS", "1.05");
    await signingPaymentId(page);
    await page.locator("form#sign button[type=submit]").click();
    await expect(page.locator("#code-error")).toHaveText("Enter the code");
    await expect(page.locator("input[name=code]")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(SIGN_URL);
  });

  // BUG: going back re-renders /payments/euro with a NEW idempotencyKey (and empty fields), so the second submit creates a second payment.
  test("back and submit the euro form again: the same payment (same idempotency key)", async ({ page }) => {
    await login(page, CUSTOMERS.individual);
    await submitEuroForm(page, false, "Double Submit NoJS", "2.02");
    const first = await signingPaymentId(page);

    await page.goBack();
    await expect(page).toHaveURL(/\/payments\/euro$/);
    // The form says a payment from it awaits signature.
    await expect(page.getByTestId("pending-payment")).toBeVisible();
    // The form as the browser restored it; fill again whatever was not restored.
    for (const [name, value] of [
      ["beneficiaryName", "Double Submit NoJS"],
      ["iban", "DE89 3704 0044 0532 0130 00"],
      ["bic", "COBADEFFXXX"],
      ["amount", "2.02"],
      ["reference", "Ref Double Submit NoJS"],
    ]) {
      const input = page.locator(`[name=${name}]`);
      if ((await input.inputValue()) === "") await input.fill(value);
    }
    await page.locator("main form[method=post] button[type=submit]").first().click();
    const second = await signingPaymentId(page);
    expect(second).toBe(first);

    // Other details while that payment waits: refused with a message, no second payment.
    await page.goto("/payments/euro");
    await page.locator("[name=beneficiaryName]").fill("Double Submit NoJS");
    await page.locator("[name=iban]").fill("DE89 3704 0044 0532 0130 00");
    await page.locator("[name=bic]").fill("COBADEFFXXX");
    await page.locator("[name=amount]").fill("9.99");
    await page.locator("main form[method=post] button[type=submit]").first().click();
    await expect(page.getByText(/waiting for your signature/i).first()).toBeVisible();
    await expect(page).toHaveURL(/\/payments\/euro$/);

    await page.goto("/home?tab=signing");
    await expect(page.getByTestId("unsigned-payment").filter({ hasText: "Double Submit NoJS" })).toHaveCount(1);
  });
});

test.describe("JavaScript on, a slow phone", () => {
  test("an amount typed again and again while the page loads and hydrates (CPU slowed 12×) is kept and paid as last typed", async ({
    page,
  }) => {
    await signIn(page, CUSTOMERS.individual);
    // Chromium's own CPU throttling stretches the time between the HTML and a hydrated page, so
    // keystrokes land while the scripts start and React hydrates (one or two here; a keystroke
    // React sees then makes it finish hydrating at once and is delivered to the input). What
    // loses them: a form that is rendered anew on hydration (a server/client mismatch switches
    // the whole page to client rendering, a key that differs): checked by adding a mismatch to
    // the euro screen, which this test then fails with an empty amount. Typed before the scripts
    // start at all: app/lib/typed-before-hydration.ts and its unit tests.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 12 });
    try {
      await page.goto("/payments/euro", { waitUntil: "commit" });
      const form = page.locator("main form[method=post]").first();
      const amount = form.locator("[name=amount]");
      await expect(amount).toBeVisible();
      // Typed again and again until React has hydrated the form (it sets noValidate then).
      let typed = "";
      let keystrokes = 0;
      for (let cents = 10; cents < 100; cents++) {
        if (await form.evaluate((f) => (f as HTMLFormElement).noValidate)) break;
        typed = `3.${cents}`;
        await amount.fill(typed);
        keystrokes++;
      }
      expect(keystrokes, "typed before the page was hydrated").toBeGreaterThan(0);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      await watchReady(page);
      // A slip of the finger once hydrated: the mask refuses the letter and keeps what was typed
      // (the component's state holds it; without it React would put its empty state back).
      await amount.press("End");
      await amount.press("x");
      await expect(amount).toHaveValue(typed);
      await form.locator("[name=beneficiaryName]").fill("Slow Phone");
      await form.locator("[name=iban]").fill("DE89 3704 0044 0532 0130 00");
      await form.locator("[name=bic]").fill("COBADEFFXXX");
      await expect(amount).toHaveValue(typed);
      await form.locator("button[type=submit]").first().click();
      await signingPaymentId(page);
      await expect(page.locator("main")).toContainText(typed);
    } finally {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      await cdp.detach();
    }
  });
});
