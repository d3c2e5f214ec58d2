/**
 * Pound and USD payments (issue 6), each with JavaScript on and off (forms work without JS; JS
 * only enhances): the chooser pages (/payments/gbp, /payments/usd: balance and scheme, a GET
 * form) lead to the form pages with both pre-selected; a Faster Payment and a Fedwire payment
 * signed with the sandbox code (the Fedwire fee on the signing page, balances moved); an invalid
 * sort code and an invalid ABA routing number shown on their fields with the form still filled;
 * a draft restored after leaving to /payments and gone after visiting /home; axe on the four pages.
 */
import type { Locator, Page } from "@playwright/test";
import { CUSTOMERS, expect, login, signIn, test, toMinorUnits } from "./fixtures";
import { axeScan } from "./layout-helpers";

const SIGN_URL = /\/payments\/([^/?#]+)\/sign$/;

/** With JS, wait until React has hydrated the page's validated form (it sets noValidate then). */
async function formReady(page: Page, javaScriptEnabled: boolean, form: Locator = page.locator("main form[method=post]").first()) {
  await expect(form).toBeVisible();
  if (javaScriptEnabled) await expect(form).toHaveAttribute("novalidate", "");
}

/** Choose the option whose text matches (labels carry live balances, so no exact label); returns its value. */
async function selectByText(select: Locator, text: RegExp): Promise<string> {
  const options = await select
    .locator("option")
    .evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? "" })));
  const hit = options.find((o) => text.test(o.text));
  if (!hit) throw new Error(`no option matching ${text} in ${JSON.stringify(options.map((o) => o.text))}`);
  await select.selectOption(hit.value);
  return hit.value;
}

async function debugCode(page: Page): Promise<string> {
  const el = page.getByTestId("debug-code");
  await expect(el).toHaveText(/\d{4}/);
  return ((await el.textContent()) ?? "").match(/\d{4}/)![0];
}

/** Sign the payment of the current signing page with the sandbox code; ends on the receipt. */
async function signWithSandboxCode(page: Page, javaScriptEnabled: boolean): Promise<string> {
  await expect(page).toHaveURL(SIGN_URL);
  const id = SIGN_URL.exec(new URL(page.url()).pathname)![1];
  const code = await debugCode(page);
  await formReady(page, javaScriptEnabled, page.locator("form#sign"));
  await page.locator("form#sign input[name=code]").fill(code);
  if (!javaScriptEnabled) await page.locator("form#sign button[type=submit]").click();
  await expect(page).toHaveURL(new RegExp(`/payments/${id}$`));
  await expect(page.getByTestId("payment-status")).toHaveText("Completed");
  return id;
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

/** The chooser page: pick a balance and a scheme, continue; ends on the form page. */
async function choose(page: Page, rail: "gbp" | "usd", source: RegExp, scheme: string): Promise<string> {
  await page.goto(`/payments/${rail}`);
  const value = await selectByText(page.locator("main select[name=source]"), source);
  await page.locator(`main input[type=radio][name=scheme][value=${scheme}]`).check();
  await page.locator("main").getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`/payments/${rail}/form\\?`));
  const query = new URL(page.url()).searchParams;
  expect([query.get("source"), query.get("scheme")]).toEqual([value, scheme]);
  return value;
}

/** The pound form's payee and amount (the balance and scheme are left as they are). */
async function fillGbp(
  page: Page,
  values: { name: string; sortCode: string; accountNumber: string; amount: string; reference: string },
) {
  await page.locator("[name=beneficiaryName]").fill(values.name);
  await page.locator("[name=sortCode]").fill(values.sortCode);
  await page.locator("[name=accountNumber]").fill(values.accountNumber);
  await page.locator("[name=amount]").fill(values.amount);
  await page.locator("[name=reference]").fill(values.reference);
}

async function fillUsd(page: Page, values: { name: string; aba: string; amount: string; reference: string }) {
  await page.locator("[name=beneficiaryName]").fill(values.name);
  await page.locator("[name=aba]").fill(values.aba);
  await page.locator("[name=accountNumber]").fill("000123456789");
  await page.locator("[name=address]").fill("1 Liberty Plaza");
  await page.locator("[name=city]").fill("New York");
  await page.locator("[name=postCode]").fill("10006");
  await page.locator("[name=purpose]").fill("Consulting invoice 42");
  await page.locator("[name=amount]").fill(values.amount);
  await page.locator("[name=reference]").fill(values.reference);
}

async function switchLanguage(page: Page, lng: string) {
  const switcher = page.locator('form[action="/locale"]');
  await switcher.locator("select[name=lng]").selectOption(lng);
  await switcher.getByRole("button").click();
  await expect(page.locator("html")).toHaveAttribute("lang", lng);
}

async function submitForm(page: Page) {
  await page.locator("main form[method=post] button[type=submit]").first().click();
}

async function expectNoViolations(page: Page, label: string) {
  const results = await axeScan(page);
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JS" : "NoJS";
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("Faster Payment: chooser → form with balance and scheme pre-selected → signed; the GBP balance moves", async ({
      page,
    }) => {
      const amount = javaScriptEnabled ? "4.31" : "4.32";
      const reference = `FPS ${mode} ${Date.now()}`;
      await login(page, CUSTOMERS.individual);
      const main = await accountHref(page, "Main account");
      const before = await accountBalance(page, main, "GBP");

      await page.goto("/payments");
      await page.getByTestId("payment-option-gbp").click();
      await expect(page).toHaveURL(/\/payments\/gbp$/);
      await expect(page.locator("main h1")).toHaveText("Pound payment");
      await expect(page.getByText("Arrives within seconds, 24 hours a day, 7 days a week.")).toBeVisible();
      await expect(page.getByText("Takes three working days to arrive. A fee may apply.")).toBeVisible();
      const source = await choose(page, "gbp", /^Main account — .*GBP/, "FASTER_PAYMENT");

      await formReady(page, javaScriptEnabled);
      await expect(page.locator("select[name=source]")).toHaveValue(source);
      await expect(page.locator("select[name=paymentType]")).toHaveValue("FASTER_PAYMENT");
      await expect(page.locator("#sortCode")).toHaveAttribute("inputmode", "numeric");
      await expect(page.locator("#sortCode-hint")).toHaveText("6 digits, for example 12-34-56");
      await fillGbp(page, { name: `Ada ${mode}`, sortCode: "12-34-56", accountNumber: "1234 5678", amount, reference });
      await submitForm(page);

      await expect(page).toHaveURL(SIGN_URL);
      const details = page.locator("main dl");
      await expect(details).toContainText(`${amount} GBP`);
      await expect(details).toContainText("Faster Payments");
      await expect(details).toContainText("Sort code 12-34-56, account 12345678");
      // The payee account is worded in the reader's language, not the API's English.
      await switchLanguage(page, "de");
      await expect(details).toContainText("Sort Code 12-34-56, Konto 12345678");
      await switchLanguage(page, "en");
      await expect(details).toContainText("Sort code 12-34-56, account 12345678");
      await signWithSandboxCode(page, javaScriptEnabled);

      expect(await accountBalance(page, main, "GBP")).toBe(before - toMinorUnits(amount));
    });

    test("Change details on the signing page: the payment is declined, the form comes back as entered, the new payment is signed", async ({
      page,
    }) => {
      const reference = `CHG ${mode} ${Date.now()}`;
      await login(page, CUSTOMERS.individual);
      const source = await choose(page, "gbp", /^Main account — .*GBP/, "FASTER_PAYMENT");
      await formReady(page, javaScriptEnabled);
      await fillGbp(page, {
        name: `Change ${mode}`,
        sortCode: "12-34-56",
        accountNumber: "1234 5678",
        amount: "1.11",
        reference,
      });
      await submitForm(page);
      await expect(page).toHaveURL(SIGN_URL);
      const first = SIGN_URL.exec(new URL(page.url()).pathname)![1];

      // The link asks first: what happens (declined, nothing paid, the form with the values).
      await page.getByTestId("change-details").click();
      await expect(page).toHaveURL(new RegExp(`/payments/${first}/change$`));
      await expect(page.locator("main h1")).toHaveText("Change the payment's details");
      await expect(page.locator("main dl")).toContainText("1.11 GBP");
      await page.getByTestId("change-submit").click();

      await expect(page).toHaveURL(/\/payments\/gbp\/form\?source=/);
      await expect(page.getByTestId("payment-changing")).toContainText("The payment was declined and nothing was paid.");
      await expect(page.locator("select[name=source]")).toHaveValue(source);
      await expect(page.locator("[name=beneficiaryName]")).toHaveValue(`Change ${mode}`);
      await expect(page.locator("[name=sortCode]")).toHaveValue("12-34-56");
      await expect(page.locator("[name=accountNumber]")).toHaveValue("1234 5678");
      await expect(page.locator("[name=amount]")).toHaveValue("1.11");
      await expect(page.locator("[name=reference]")).toHaveValue(reference);

      await formReady(page, javaScriptEnabled);
      await page.locator("[name=amount]").fill("1.21");
      await submitForm(page);
      await expect(page).toHaveURL(SIGN_URL);
      const second = SIGN_URL.exec(new URL(page.url()).pathname)![1];
      expect(second).not.toBe(first);
      await expect(page.locator("main dl")).toContainText("1.21 GBP");
      await expect(page.locator("main dl")).toContainText(reference);
      await signWithSandboxCode(page, javaScriptEnabled);

      await page.goto(`/payments/${first}`);
      await expect(page.getByTestId("payment-status")).toHaveText("Declined");
      // A new payment from the form starts empty again (the values belonged to the one signed).
      await page.goto(`/payments/gbp/form?source=${encodeURIComponent(source)}`);
      await expect(page.locator("[name=beneficiaryName]")).toHaveValue("");
      await expect(page.getByTestId("payment-changing")).toHaveCount(0);
    });

    test("Fedwire payment: fee 15.00 USD on the signing page; the USD balance moves by amount and fee", async ({ page }) => {
      const amount = javaScriptEnabled ? "20.11" : "20.12";
      const reference = `Wire ${mode} ${Date.now()}`;
      await login(page, CUSTOMERS.individual);
      const main = await accountHref(page, "Main account");
      const before = await accountBalance(page, main, "USD");

      await page.goto("/payments");
      await page.getByTestId("payment-option-usd").click();
      await expect(page).toHaveURL(/\/payments\/usd$/);
      await expect(page.locator("main h1")).toHaveText("USD payment");
      const source = await choose(page, "usd", /^Main account — .*USD/, "FEDWIRE");

      await formReady(page, javaScriptEnabled);
      await expect(page.locator("select[name=source]")).toHaveValue(source);
      await expect(page.locator("select[name=countryId]")).toHaveValue("US");
      await fillUsd(page, { name: `Grace ${mode}`, aba: "026009593", amount, reference });
      await selectByText(page.locator("select[name=categoryId]"), /Goods and services/);
      await submitForm(page);

      await expect(page).toHaveURL(SIGN_URL);
      const details = page.locator("main dl");
      await expect(details).toContainText(`${amount} USD`);
      await expect(details).toContainText("15.00 USD");
      await expect(details).toContainText("Fedwire");
      await expect(details).toContainText("ABA 026009593, account 000123456789");
      await expect(details).toContainText("Consulting invoice 42");
      await signWithSandboxCode(page, javaScriptEnabled);

      expect(await accountBalance(page, main, "USD")).toBe(before - toMinorUnits(amount) - toMinorUnits("15.00"));
    });

    test("an invalid sort code is shown on its field; the other fields stay filled", async ({ page }) => {
      await login(page, CUSTOMERS.individual);
      await choose(page, "gbp", /^Main account — .*GBP/, "BACS");
      await formReady(page, javaScriptEnabled);
      const posts: string[] = [];
      page.on("request", (r) => {
        if (r.method() === "POST" && !r.url().includes("_data=")) posts.push(r.url());
      });
      await fillGbp(page, {
        name: `Bad Sort ${mode}`,
        sortCode: "12-34-5",
        accountNumber: "87654321",
        amount: "1.23",
        reference: "Ref",
      });
      await submitForm(page);

      await expect(page.locator("#sortCode")).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("#sortCode-error")).toHaveText("Enter a sort code of 6 digits, like 12-34-56");
      await expect(page.locator("main [role=alert] a[href='#sortCode']")).toBeVisible();
      await expect(page).toHaveURL(/\/payments\/gbp\/form/);
      await expect(page.locator("[name=sortCode]")).toHaveValue("12-34-5");
      await expect(page.locator("[name=beneficiaryName]")).toHaveValue(`Bad Sort ${mode}`);
      await expect(page.locator("[name=accountNumber]")).toHaveValue("87654321");
      await expect(page.locator("[name=amount]")).toHaveValue("1.23");
      await expect(page.locator("[name=reference]")).toHaveValue("Ref");
      await expect(page.locator("select[name=paymentType]")).toHaveValue("BACS");
      await expect(page.locator("select[name=source] option:checked")).toHaveText(/^Main account — .*GBP/);
      // With JS the browser refuses it before any POST; without JS the action answers it.
      if (javaScriptEnabled) expect(posts).toEqual([]);
      await page.goto("/home"); // leave no draft behind
    });

    test("an invalid ABA routing number is shown on its field; the other fields stay filled", async ({ page }) => {
      await login(page, CUSTOMERS.individual);
      await choose(page, "usd", /^Main account — .*USD/, "FEDWIRE");
      await formReady(page, javaScriptEnabled);
      await fillUsd(page, { name: `Bad Aba ${mode}`, aba: "026009594", amount: "2.34", reference: "Ref" });
      await submitForm(page);

      await expect(page.locator("#aba")).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("#aba-error")).toHaveText("The routing number is not correct. Check each digit");
      await expect(page.locator("[name=aba]")).toHaveValue("026009594");
      await expect(page.locator("[name=beneficiaryName]")).toHaveValue(`Bad Aba ${mode}`);
      await expect(page.locator("[name=accountNumber]")).toHaveValue("000123456789");
      await expect(page.locator("[name=address]")).toHaveValue("1 Liberty Plaza");
      await expect(page.locator("[name=city]")).toHaveValue("New York");
      await expect(page.locator("[name=purpose]")).toHaveValue("Consulting invoice 42");
      await expect(page.locator("[name=amount]")).toHaveValue("2.34");
      await expect(page.locator("select[name=countryId]")).toHaveValue("US");
      await page.goto("/home"); // leave no draft behind
    });

    test("a pound draft is restored after leaving to /payments, and gone after visiting /home", async ({ page }) => {
      const name = `Draft ${mode} ${Date.now()}`;
      await login(page, CUSTOMERS.individual);
      await choose(page, "gbp", /^Savings — .*GBP/, "BACS");
      await formReady(page, javaScriptEnabled);
      if (javaScriptEnabled) {
        // Saved in the background once typing pauses.
        await fillGbp(page, { name, sortCode: "20-00-00", accountNumber: "55779911", amount: "9.87", reference: "Draft ref" });
        const saved = await page.waitForResponse(
          (r) =>
            r.request().method() === "POST" &&
            r.url().includes("/payments/gbp/form") &&
            new URLSearchParams(r.request().postData() ?? "").get("reference") === "Draft ref",
        );
        expect(saved.status()).toBe(200);
        // Leave through the page's own link (client-side navigation).
        await page.locator("main").getByRole("link", { name: "Cancel" }).click();
        await expect(page).toHaveURL(/\/payments$/);
      } else {
        await fillGbp(page, { name, sortCode: "20-00-00", accountNumber: "55779911", amount: "9.87", reference: "Draft ref" });
        await page.getByRole("button", { name: "Save draft" }).click();
        await expect(page.getByText("Draft saved. It is kept until you leave payments.").first()).toBeVisible();
        await page.goto("/payments");
      }

      await page.goto("/payments/gbp/form");
      await formReady(page, javaScriptEnabled);
      await expect(page.getByText("We restored what you typed last time.")).toBeVisible();
      await expect(page.locator("[name=beneficiaryName]")).toHaveValue(name);
      await expect(page.locator("[name=sortCode]")).toHaveValue("20-00-00");
      await expect(page.locator("[name=accountNumber]")).toHaveValue("55779911");
      await expect(page.locator("[name=amount]")).toHaveValue("9.87");
      await expect(page.locator("[name=reference]")).toHaveValue("Draft ref");
      await expect(page.locator("select[name=paymentType]")).toHaveValue("BACS");
      await expect(page.locator("select[name=source] option:checked")).toHaveText(/^Savings — .*GBP/);

      // Leave payments through the header's link: with JavaScript a client-side navigation,
      // which must clear the drafts as a page load does (spec 000 §4).
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
      await expect(page).toHaveURL(/\/home$/);
      await page.goto("/payments/gbp/form");
      await formReady(page, javaScriptEnabled);
      await expect(page.getByText("We restored what you typed last time.")).toHaveCount(0);
      await expect(page.locator("[name=beneficiaryName]")).toHaveValue("");
      await expect(page.locator("[name=sortCode]")).toHaveValue("");
    });
  });
}

test.describe("without a USD balance", () => {
  test.use({ javaScriptEnabled: false });

  test("the chooser offers no USD payment and the USD pages say why", async ({ page }) => {
    await signIn(page, CUSTOMERS.corporate);
    await page.goto("/payments");
    await expect(page.getByTestId("payment-option-gbp")).toBeVisible();
    await expect(page.getByTestId("payment-option-usd")).toHaveCount(0);
    for (const url of ["/payments/usd", "/payments/usd/form"]) {
      await page.goto(url);
      await expect(page.getByTestId("no-balance")).toHaveText("You need a USD balance to make a USD payment.");
      await expect(page.locator("main form")).toHaveCount(0);
    }
  });
});

test("the pound and USD pages have no WCAG 2.1 AA violations (also with field errors)", async ({ page }) => {
  test.setTimeout(150_000); // axe on six page states, on shared CPU cores
  await login(page, CUSTOMERS.individual);
  for (const url of ["/payments/gbp", "/payments/usd"]) {
    await page.goto(url);
    await expect(page.locator("main form")).toBeVisible();
    await expectNoViolations(page, url);
  }
  for (const url of ["/payments/gbp/form", "/payments/usd/form"]) {
    await page.goto(url);
    await formReady(page, true);
    await expectNoViolations(page, url);
    await submitForm(page);
    await expect(page.locator("main [role=alert]").first()).toBeVisible();
    await expectNoViolations(page, `${url} (with errors)`);
  }
});
