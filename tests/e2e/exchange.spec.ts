/**
 * Currency exchange (issue 9), with JavaScript on and off (plain forms, PRG): Oliver Thompson
 * exchanges GBP → EUR on /currency-exchange, sees the quote (rate, amounts, fee, balances after,
 * expiry), confirms, sees the result, and finds both balances on /home changed by exactly the
 * quoted amounts; once with the sold amount fixed, once with the received amount fixed; a quote
 * left past its 30 s is re-quoted with a message, nothing moves; a wrong amount on its field (the
 * shared amount rules, spec 000 §5: "12,5" is 12.5, "05" and 3 decimals on GBP refused); the
 * no-accounts panel (spec 000 §2; spec 001 §2 "No-accounts popup with description and image") for
 * a company official, on /currency-exchange and /payments?prompt=no-accounts. Axe on the three
 * pages and the panel (JS on: axe needs a JS-enabled context).
 */
import type { Page } from "@playwright/test";
import { allowValidationAnswers, CUSTOMERS, expect, login, signIn, test, toMinorUnits, watchConsoleErrors } from "./fixtures";
import { axeScan } from "./layout-helpers";

async function expectNoViolations(page: Page, label: string) {
  const results = await axeScan(page);
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** The first account's balance on /home, in minor units. */
async function homeBalance(page: Page, currency: string): Promise<bigint> {
  await page.goto("/home");
  const el = page.getByTestId(`balance-${currency}`).first();
  await expect(el).toBeVisible();
  return toMinorUnits((await el.textContent()) ?? "");
}

/** Choose the first balance whose value ends with `suffix` (e.g. ":GBP") as the source. */
async function selectSource(page: Page, suffix: string) {
  const select = page.locator("main select[name=source]");
  const options = await select
    .locator("option")
    .evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? "" })));
  const found = options.find((o) => o.value.endsWith(suffix));
  if (!found) throw new Error(`no ${suffix} balance in ${JSON.stringify(options)}`);
  await select.selectOption(found.value);
}

/** Choose the first account's GBP balance as the source (labels carry live balances). */
async function chooseGbpSource(page: Page) {
  await selectSource(page, ":GBP");
}

/** With JavaScript, wait until React has hydrated the exchange form (it sets noValidate then). */
async function formReady(page: Page, javaScriptEnabled: boolean) {
  const form = page.getByTestId("exchange-form");
  await expect(form).toBeVisible();
  if (javaScriptEnabled) await expect(form).toHaveAttribute("novalidate", "");
}

/**
 * Send the exchange form with `text` in the amount input as it is: typed (without JavaScript), or,
 * with JavaScript, set on the element without an input event (what a value typed before the
 * JavaScript started looks like to the page) and sent at once, before React renders its own value
 * again: the keystroke rule never sees it, the action's rule does.
 */
async function submitAsIs(page: Page, javaScriptEnabled: boolean, text: string) {
  const amount = page.locator("main [name=amount]");
  if (!javaScriptEnabled) {
    await amount.fill(text);
    return page.getByTestId("get-quote").click();
  }
  await amount.evaluate((el, value) => {
    const input = el as HTMLInputElement;
    input.value = value;
    input.form!.requestSubmit();
  }, text);
}

/** Oliver's GBP balance on /home, then a quote of 2.00 GBP → EUR left on its confirmation page. */
async function quoteToLeave(page: Page) {
  await login(page, CUSTOMERS.individual);
  const gbpBefore = await homeBalance(page, "GBP");
  await page.goto("/currency-exchange");
  await chooseGbpSource(page);
  await page.locator("main select[name=toCurrencyId]").selectOption("EUR");
  await page.locator("main [name=amount]").fill("2.00");
  await page.getByTestId("get-quote").click();
  await expect(page).toHaveURL(/\/currency-exchange\/confirm\?quote=/);
  return { gbpBefore, first: new URL(page.url()).searchParams.get("quote"), quotedAt: Date.now() };
}

/** After the quote expired: a fresh one of the same amount with a message, and nothing moved. */
async function expectRequoted(page: Page, { gbpBefore, first }: { gbpBefore: bigint; first: string | null }) {
  await expect(page.getByTestId("requoted")).toBeVisible();
  const second = new URL(page.url()).searchParams.get("quote");
  expect(second).not.toBe(first);
  await expect(page.getByTestId("quote-sell")).toHaveText("2.00 GBP");
  expect(await homeBalance(page, "GBP")).toBe(gbpBefore);
}

// JavaScript on and off in one test, each in its own browser context: a quote holds 30 s, and the
// two quotes are left to expire side by side (one wait of half a minute instead of two).
test("a quote that expired before Exchange is never executed: a fresh quote and a message instead (JavaScript on and off)", async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const contextOff = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const pageOff = await contextOff.newPage();
  watchConsoleErrors(pageOff, consoleErrors);
  const off = await quoteToLeave(pageOff);
  const on = await quoteToLeave(page);

  // JavaScript on. The countdown reached 0 (by 31 s after the quote, as a fixed wait of 31 s then
  // the default 10 s of the assertion allowed): the page says so and offers a fresh quote instead of Exchange.
  await expect(page.getByTestId("quote-expired")).toBeVisible({ timeout: Math.max(1, on.quotedAt + 41_000 - Date.now()) });
  await expect(page.getByTestId("quote-expires")).toHaveCount(0);
  await expect(page.getByTestId("exchange-submit")).toHaveCount(0);
  await page.getByTestId("requote").click();
  await expectRequoted(page, on);

  // JavaScript off (its quote made first, so past its 30 s by now; waited for if not): the page
  // still shows Exchange, and the server re-quotes instead of executing.
  const left = off.quotedAt + 31_000 - Date.now();
  if (left > 0) await pageOff.waitForTimeout(left);
  await pageOff.getByTestId("exchange-submit").click();
  // The fresh-quote notice answers the submission: an alert with the focus (autofocus, no script),
  // so a screen reader reads it first.
  const notice = pageOff.getByTestId("requoted");
  await expect(notice).toHaveAttribute("role", "alert");
  await expect(notice).toContainText("The quote has expired. The previous quote expired before you confirmed.");
  await expect(notice).toBeFocused();
  await expectRequoted(pageOff, off);
  await contextOff.close();
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    for (const side of ["SELL", "BUY"] as const) {
      test(`exchange GBP → EUR (${side === "SELL" ? "sold" : "received"} amount fixed); both balances change on /home`, async ({
        page,
      }) => {
        await login(page, CUSTOMERS.individual);
        const gbpBefore = await homeBalance(page, "GBP");
        const eurBefore = await homeBalance(page, "EUR");

        await page.goto("/currency-exchange");
        await expect(page.locator("main h1")).toHaveText("Currency exchange");
        // Currencies by name and code, as elsewhere (not the bare code).
        await expect(page.locator("main select[name=toCurrencyId] option[value=EUR]")).toHaveText("Euro (EUR)");
        if (javaScriptEnabled) await expectNoViolations(page, "/currency-exchange");
        await chooseGbpSource(page);
        await page.locator("main select[name=toCurrencyId]").selectOption("EUR");
        const amount = `${javaScriptEnabled ? "12" : "13"}.${side === "SELL" ? "34" : "56"}`;
        await page.locator("main [name=amount]").fill(amount);
        await page.locator(`main input[type=radio][name=side][value=${side}]`).check();
        await page.getByTestId("get-quote").click();

        await expect(page).toHaveURL(/\/currency-exchange\/confirm\?quote=/);
        await expect(page.getByTestId("quote-rate")).toHaveText(/^1 GBP = 1\.17\d+ EUR$/);
        // The expiry as the seconds left and the UK clock time, not UTC.
        await expect(page.getByTestId("quote-expires")).toHaveText(
          /^This quote is valid for \d+ more seconds?, until \d\d:\d\d:\d\d UK time\.$/,
        );
        const sell = toMinorUnits((await page.getByTestId("quote-sell").textContent()) ?? "");
        const buy = toMinorUnits((await page.getByTestId("quote-buy").textContent()) ?? "");
        const fee = toMinorUnits((await page.getByTestId("quote-fee").textContent()) ?? "");
        expect(side === "SELL" ? sell : buy).toBe(toMinorUnits(amount));
        expect(toMinorUnits((await page.getByTestId("quote-from-after").textContent()) ?? "")).toBe(gbpBefore - sell - fee);
        expect(toMinorUnits((await page.getByTestId("quote-to-after").textContent()) ?? "")).toBe(eurBefore + buy);
        if (javaScriptEnabled) await expectNoViolations(page, "/currency-exchange/confirm");

        await page.getByTestId("exchange-submit").click();
        await expect(page).toHaveURL(/\/currency-exchange\/[0-9a-f-]{36}$/);
        await expect(page.getByTestId("exchange-done")).toBeVisible();
        if (javaScriptEnabled) await expectNoViolations(page, "/currency-exchange/:id");

        expect(await homeBalance(page, "GBP")).toBe(gbpBefore - sell - fee);
        expect(await homeBalance(page, "EUR")).toBe(eurBefore + buy);
        // The history titles both legs from the ledger kind, translated, and says the currencies
        // and the rate from the API's data, never the ledger's English bookkeeping reference.
        await page.goto("/history?period=today&currency=EUR");
        const leg = page.getByTestId("statement-item").filter({ hasText: "Currency exchange" }).first();
        await expect(leg).toBeVisible();
        await expect(leg).toContainText(/GBP → EUR at 1\.17\d*/);
        await expect(leg).not.toContainText("Exchange GBP");
      });
    }

    test("a user with no accounts (a company official) gets the no-accounts panel: description, image, a link to open one", async ({
      page,
    }) => {
      await login(page, CUSTOMERS.official);
      // /payments?prompt=no-accounts is where the payments page's Currency exchange option leads without accounts.
      for (const url of ["/currency-exchange", "/payments?prompt=no-accounts"]) {
        await page.goto(url);
        const panel = page.getByRole("region", { name: "No accounts yet." });
        await expect(panel).toHaveAttribute("data-testid", "no-accounts");
        await expect(panel.getByRole("heading", { level: 2, name: "No accounts yet." })).toHaveAttribute("tabindex", "-1");
        await expect(panel).toContainText("You need an account to make payments or exchange currency.");
        await expect(panel).toContainText("Opening an account takes a few minutes");
        // The image is decoration: hidden from assistive technology.
        await expect(panel.locator("svg")).toHaveAttribute("aria-hidden", "true");
        // A company official opens a personal account (spec 000 §2 route list).
        await expect(panel.getByRole("link", { name: "Open an account" })).toHaveAttribute(
          "href",
          "/identity/individual/personal-data",
        );
        if (javaScriptEnabled) await expectNoViolations(page, `${url} (no accounts)`);
      }
      await page.goto("/currency-exchange");
      await expect(page.getByTestId("exchange-form")).toHaveCount(0);
      await page.getByTestId("no-accounts").getByRole("link", { name: "Open an account" }).click();
      await expect(page).toHaveURL(/\/identity\/individual\/personal-data$/);
    });

    test("an amount the API refuses is shown on its field with the form still filled", async ({ page, consoleErrors }) => {
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/currency-exchange");
      await formReady(page, javaScriptEnabled);
      await chooseGbpSource(page);
      await page.locator("main [name=amount]").fill("9999999999");
      await page.getByTestId("get-quote").click();
      // The API's refusal (more than the balance), translated from its code like the payment forms'.
      await expect(page.locator("#amount-error")).toHaveText("There is not enough money on this balance.");
      await expect(page.locator("main [name=amount]")).toHaveValue("9999999999");
      allowValidationAnswers(consoleErrors, "/currency-exchange");
    });

    test("amount rules (spec 000 §5): 12,5 becomes 12.5; 1,000 (JS), 05 and 1.123 on GBP get their rule's message", async ({
      page,
      consoleErrors,
    }) => {
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/currency-exchange");
      await formReady(page, javaScriptEnabled);
      await chooseGbpSource(page);
      await page.locator("main select[name=toCurrencyId]").selectOption("EUR");
      const amount = page.locator("main [name=amount]");
      await expect(page.locator("#amount-hint")).toHaveText("Use a dot or a comma for decimals, at most 2 decimals");

      if (javaScriptEnabled) {
        // While typing (the mask of spec 000 §5): a letter and a second separator are refused; a
        // comma stays until the field is left, then is a dot.
        await amount.pressSequentially("1a2,5.6");
        await expect(amount).toHaveValue("12,56");
        await amount.blur();
        await expect(amount).toHaveValue("12.56");
        // A leading zero before a digit and a third decimal on GBP (a dot is a decimal point) are refused.
        await amount.fill("");
        await amount.pressSequentially("05");
        await expect(amount).toHaveValue("0");
        await amount.fill("");
        await amount.pressSequentially("12.567");
        await expect(amount).toHaveValue("12.56");
        // "1,000" typed key by key (one thousand to an English reader) is never 1.00: a comma before
        // exactly three digits stays as typed and is refused on its field; no quote is made.
        await amount.fill("");
        await amount.pressSequentially("1,000");
        await expect(amount).toHaveValue("1,000");
        await page.getByTestId("get-quote").click();
        await expect(page.locator("#amount-error")).toHaveText(
          "A comma before exactly three digits could be a thousands separator. Type the amount without thousands separators, with a dot before the decimals: 1000 or 1.000",
        );
        await expect(amount).toHaveValue("1,000");
        await expect(page).toHaveURL(/\/currency-exchange(\?index)?$/);
      }

      // "05": the action's rule (with JavaScript, a value the keystroke mask never saw, as a value
      // typed before the JavaScript started).
      await submitAsIs(page, javaScriptEnabled, "05");
      await expect(page.locator("#amount-error")).toHaveText("The amount cannot start with 0 followed by a digit");
      await expect(amount).toHaveAttribute("aria-invalid", "true");

      // "1.123" on GBP: typed for a 6-decimal USDT balance, then GBP chosen (with JavaScript too).
      await selectSource(page, ":USDT");
      await expect(page.locator("#amount-hint")).toHaveText(
        javaScriptEnabled
          ? "Use a dot or a comma for decimals, at most 6 decimals"
          : "Use a dot or a comma for decimals, at most 2 decimals",
      );
      await amount.fill("1.123");
      await expect(amount).toHaveValue("1.123");
      await chooseGbpSource(page);
      await page.getByTestId("get-quote").click();
      await expect(page.locator("#amount-error")).toHaveText("Too many decimals");
      await expect(amount).toHaveValue("1.123");
      await expect(page.locator("main select[name=source]")).toHaveValue(/:GBP$/);

      // "12,5": a comma becomes a dot (with JavaScript once the field is left), and the quote is for 12.50 GBP.
      await amount.fill("12,5");
      if (javaScriptEnabled) {
        await amount.blur();
        await expect(amount).toHaveValue("12.5");
      }
      await page.getByTestId("get-quote").click();
      await expect(page).toHaveURL(/\/currency-exchange\/confirm\?quote=/);
      await expect(page.getByTestId("quote-sell")).toHaveText("12.50 GBP");
      allowValidationAnswers(consoleErrors, "/currency-exchange");
    });
  });
}
