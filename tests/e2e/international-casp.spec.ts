/**
 * International (SWIFT) and crypto-asset payments (issue 6), each with JavaScript on and off
 * (forms work without JS; JS only enhances): the chooser pages (/payments/international,
 * /payments/casp: the balance to pay from, a GET form) lead to the form pages with the balance
 * pre-selected; a SWIFT payment in USD and a SOL payment to Kraken EU signed with the sandbox
 * code (the fee shown on the signing page); a missing IBAN for a German bank shown on the IBAN
 * field with the rest still filled; a wallet address with a wrong EIP-55 checksum refused on its
 * field; the intermediary bank's fields (shown once checked, with JS or without);
 * a draft restored after leaving to /payments and gone after visiting /home; axe on the four pages.
 */
import type { Locator, Page } from "@playwright/test";
import { CUSTOMERS, expect, login, test } from "./fixtures";
import { axeScan } from "./layout-helpers";

const SIGN_URL = /\/payments\/([^/?#]+)\/sign$/;
const EIP55 = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const SOLANA = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

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

/** The chooser page: pick a balance, continue; ends on the form page with it pre-selected. */
async function choose(page: Page, rail: "international" | "casp", source: RegExp, javaScriptEnabled: boolean): Promise<string> {
  await page.goto(`/payments/${rail}`);
  const value = await selectByText(page.locator("main select[name=source]"), source);
  await page.locator("main").getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`/payments/${rail}/form\\?`));
  expect(new URL(page.url()).searchParams.get("source")).toBe(value);
  await formReady(page, javaScriptEnabled);
  await expect(page.locator("select[name=source]")).toHaveValue(value);
  return value;
}

/** The signing page shows the fee; sign with the sandbox code; ends on the receipt. */
async function signShowingFee(page: Page, javaScriptEnabled: boolean, fee: RegExp): Promise<void> {
  await expect(page).toHaveURL(SIGN_URL);
  const id = SIGN_URL.exec(new URL(page.url()).pathname)![1];
  await expect(page.locator("main dt", { hasText: "Fee" }).locator("xpath=following-sibling::dd[1]")).toHaveText(fee);
  const el = page.getByTestId("debug-code");
  await expect(el).toHaveText(/\d{4}/);
  const code = ((await el.textContent()) ?? "").match(/\d{4}/)![0];
  await formReady(page, javaScriptEnabled, page.locator("form#sign"));
  await page.locator("form#sign input[name=code]").fill(code);
  if (!javaScriptEnabled) await page.locator("form#sign button[type=submit]").click();
  await expect(page).toHaveURL(new RegExp(`/payments/${id}$`));
  await expect(page.getByTestId("payment-status")).toHaveText("Completed");
}

interface SwiftValues {
  name: string;
  type?: "INDIVIDUAL" | "COMPANY";
  country: string;
  bic: string;
  bankName: string;
  bankCountry: string;
  iban?: string;
  accountNumber?: string;
  purpose: string;
  amount: string;
  reference?: string;
}

async function fillSwift(page: Page, v: SwiftValues) {
  await page.locator(`input[name=beneficiaryType][value=${v.type ?? "INDIVIDUAL"}]`).check();
  await page.locator("[name=beneficiaryName]").fill(v.name);
  await page.locator("[name=address]").fill("270 Park Avenue");
  await page.locator("[name=city]").fill("New York");
  await page.locator("[name=postCode]").fill("10017");
  await page.locator("select[name=countryId]").selectOption(v.country);
  await page.locator("[name=bic]").fill(v.bic);
  await page.locator("[name=bankName]").fill(v.bankName);
  await page.locator("select[name=bankCountry]").selectOption(v.bankCountry);
  await page.locator("[name=iban]").fill(v.iban ?? "");
  await page.locator("[name=accountNumber]").fill(v.accountNumber ?? "");
  await page.locator("[name=purpose]").fill(v.purpose);
  await page.locator("[name=amount]").fill(v.amount);
  await page.locator("[name=reference]").fill(v.reference ?? "");
}

async function submit(page: Page) {
  await page.locator("main form[method=post]").getByRole("button", { name: "Continue" }).click();
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JS" : "NoJS";
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("SWIFT payment in USD to a US bank (account number): fee on the signing page, signed with the code", async ({
      page,
    }) => {
      await login(page, CUSTOMERS.individual);
      await choose(page, "international", /^Main account — .*USD/, javaScriptEnabled);
      const name = `Acme Corp ${mode}`;
      await fillSwift(page, {
        name,
        type: "COMPANY",
        country: "US",
        bic: "CHASUS33",
        bankName: "JPMorgan Chase Bank",
        bankCountry: "US",
        accountNumber: "000123456789",
        purpose: "Invoice 2026-117",
        amount: javaScriptEnabled ? "100.00" : "101.00",
        reference: `SWIFT ${mode}`,
      });
      // The reference has the help text of the other rails' forms.
      await expect(page.locator("[name=reference]")).toHaveAccessibleDescription(
        /Shown on the payee's statement; up to 140 characters\./,
      );
      await submit(page);
      await expect(page).toHaveURL(SIGN_URL);
      await expect(page.locator("main dl")).toContainText(name);
      await expect(page.locator("main dl")).toContainText("Account 000123456789, BIC CHASUS33");
      await expect(page.locator("main dl")).toContainText("SWIFT");
      // 0.20 % of 100 USD is below the Standard tariff's minimum of 10.00.
      await signShowingFee(page, javaScriptEnabled, /^10\.00 USD$/);
    });

    test("a German bank needs an IBAN: the error is on the IBAN field and the rest stays filled", async ({ page }) => {
      await login(page, CUSTOMERS.individual);
      await choose(page, "international", /^Main account — .*EUR/, javaScriptEnabled);
      await fillSwift(page, {
        name: `Hans Beispiel ${mode}`,
        country: "DE",
        bic: "COBADEFFXXX",
        bankName: "Commerzbank",
        bankCountry: "DE",
        accountNumber: "0532013000",
        purpose: "Rent",
        amount: "12.00",
      });
      await submit(page);
      await expect(page.locator("#iban-error")).toHaveText("Banks in this country use IBANs: enter the IBAN");
      await expect(page.locator("[name=iban]")).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("main [role=alert] a[href='#iban']")).toBeVisible();
      await expect(page.locator("#accountNumber-error")).toHaveCount(0);
      await expect(page.locator("[name=beneficiaryName]")).toHaveValue(`Hans Beispiel ${mode}`);
      await expect(page.locator("[name=bankName]")).toHaveValue("Commerzbank");
      await expect(page.locator("select[name=bankCountry]")).toHaveValue("DE");
      await expect(page.locator("select[name=countryId]")).toHaveValue("DE");
      await expect(page.locator("input[name=beneficiaryType][value=INDIVIDUAL]")).toBeChecked();
      await expect(page.locator("[name=accountNumber]")).toHaveValue("0532013000");
      await expect(page.locator("[name=purpose]")).toHaveValue("Rent");
      await expect(page.locator("[name=amount]")).toHaveValue("12.00");
      await expect(page).toHaveURL(/\/payments\/international\/form/);
    });

    test("the intermediary bank: its fields hidden until the box is checked, with JS or without", async ({ page }) => {
      await login(page, CUSTOMERS.individual);
      await choose(page, "international", /^Main account — .*GBP/, javaScriptEnabled);
      await expect(page.getByText("Only if your beneficiary's bank asked for one")).toBeVisible();
      const name = page.locator("[name=intermediaryBankName]");
      // Without JavaScript CSS hides them (:has): the page takes no room for four unused fields.
      await expect(name).toBeHidden();
      await page.getByLabel("Use an intermediary bank").check();
      await expect(name).toBeVisible();
      await expect(page.locator("[name=intermediaryBankBIC]")).toBeVisible();
      await expect(page.locator("[name=intermediaryBankCorrespondentAccount]")).toBeVisible();
    });

    test("SOL payment to Kraken EU: fee on the signing page, signed with the code", async ({ page }) => {
      await login(page, CUSTOMERS.individual);
      await choose(page, "casp", /^Crypto wallet — .*SOL/, javaScriptEnabled);
      await expect(page.locator("#walletAddress-hint")).toHaveText("Solana address (base58)");
      const casps = page.locator("select[name=caspId] option");
      // Bitstamp does not take SOL: with JS it is not offered; without JS the server refuses it.
      if (javaScriptEnabled) await expect(casps).toHaveText([/^Payward Europe \(Kraken\)/]);
      else await expect(casps).toHaveCount(2);
      await page.locator("select[name=caspId]").selectOption("kraken-eu");
      const name = `Satoshi Sol ${mode}`;
      await page.locator("[name=beneficiaryName]").fill(name);
      await page.locator("[name=walletAddress]").fill(SOLANA);
      await page.locator("[name=purpose]").fill("Family support");
      await page.locator("[name=amount]").fill(javaScriptEnabled ? "1.5" : "1.25");
      await page.locator("[name=reference]").fill(`SOL ${mode}`);
      await submit(page);
      await expect(page).toHaveURL(SIGN_URL);
      await expect(page.locator("main dl")).toContainText(name);
      await expect(page.locator("main dl")).toContainText(`Wallet ${SOLANA} (SOLANA) at Payward Europe (Kraken)`);
      // 0.50 % of 1.5 SOL is below the minimum of 0.01 SOL, shown at SOL's scale (9 decimals).
      await signShowingFee(page, javaScriptEnabled, /^0\.010000000 SOL$/);
    });

    test("a wallet address with a wrong checksum is refused on its field, the rest stays filled", async ({ page }) => {
      await login(page, CUSTOMERS.individual);
      await choose(page, "casp", /^Crypto wallet — .*USDT/, javaScriptEnabled);
      await expect(page.locator("#walletAddress-hint")).toHaveText("Ethereum address, with its capital and small letters");
      await page.locator("select[name=caspId]").selectOption("bitstamp");
      await page.locator("[name=beneficiaryName]").fill(`Vitalik ${mode}`);
      await page.locator("[name=walletAddress]").fill(EIP55.replace("aAeb", "aaeb"));
      await page.locator("[name=purpose]").fill("Gift");
      await page.locator("[name=amount]").fill("10.123456");
      await submit(page);
      await expect(page.locator("#walletAddress-error")).toHaveText(
        "The address is not correct. Check it, or copy it again from the wallet",
      );
      await expect(page.locator("[name=walletAddress]")).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("[name=beneficiaryName]")).toHaveValue(`Vitalik ${mode}`);
      await expect(page.locator("select[name=caspId]")).toHaveValue("bitstamp");
      await expect(page.locator("[name=amount]")).toHaveValue("10.123456");
      await expect(page.locator("[name=purpose]")).toHaveValue("Gift");
    });

    if (!javaScriptEnabled) {
      test("without JS every CASP is listed; one that does not take the asset is refused on the provider field", async ({
        page,
      }) => {
        await login(page, CUSTOMERS.individual);
        await choose(page, "casp", /^Crypto wallet — .*SOL/, javaScriptEnabled);
        await page.locator("select[name=caspId]").selectOption("bitstamp");
        await page.locator("[name=beneficiaryName]").fill("Wrong Provider NoJS");
        await page.locator("[name=walletAddress]").fill(SOLANA);
        await page.locator("[name=purpose]").fill("Gift");
        await page.locator("[name=amount]").fill("0.5");
        await submit(page);
        await expect(page.locator("#caspId-error")).toHaveText(
          "This provider does not take this asset. Choose another provider, or another balance",
        );
        await expect(page.locator("main [role=alert] a[href='#caspId']")).toBeVisible();
        await expect(page.locator("[name=walletAddress]")).toHaveValue(SOLANA);
        await expect(page.locator("[name=amount]")).toHaveValue("0.5");
      });
    }

    test("an international draft is restored after leaving to /payments, and gone after /home", async ({ page }) => {
      await login(page, CUSTOMERS.individual);
      const source = await choose(page, "international", /^Savings — .*GBP/, javaScriptEnabled);
      const name = `Draft Payee ${mode}`;
      await page.locator("input[name=beneficiaryType][value=COMPANY]").check();
      await page.locator("[name=beneficiaryName]").fill(name);
      await page.locator("[name=bic]").fill("CHASUS33");
      await page.locator("select[name=bankCountry]").selectOption("US");
      await page.locator("[name=accountNumber]").fill("000123456789");
      await page.locator("[name=amount]").fill("42.00");
      if (javaScriptEnabled) {
        // Saved in the background once typing pauses.
        const saved = page.waitForResponse(
          (r) =>
            r.request().method() === "POST" &&
            r.url().includes("/payments/international/form") &&
            new URLSearchParams(r.request().postData() ?? "").get("reference") === "Draft ref",
        );
        await page.locator("[name=reference]").fill("Draft ref");
        expect((await saved).status()).toBe(200);
        await page.locator("main").getByRole("link", { name: "Cancel" }).click();
        await expect(page).toHaveURL(/\/payments$/);
      } else {
        await page.locator("[name=reference]").fill("Draft ref");
        await page.getByRole("button", { name: "Save draft" }).click();
        await expect(page.getByText("Draft saved. It is kept until you leave payments.").first()).toBeVisible();
        await page.goto("/payments/casp");
      }

      await choose(page, "international", /^Savings — .*GBP/, javaScriptEnabled);
      await expect(page.getByText("We restored what you typed last time.")).toBeVisible();
      await expect(page.locator("select[name=source]")).toHaveValue(source);
      await expect(page.locator("input[name=beneficiaryType][value=COMPANY]")).toBeChecked();
      await expect(page.locator("[name=beneficiaryName]")).toHaveValue(name);
      await expect(page.locator("[name=bic]")).toHaveValue("CHASUS33");
      await expect(page.locator("select[name=bankCountry]")).toHaveValue("US");
      await expect(page.locator("[name=accountNumber]")).toHaveValue("000123456789");
      await expect(page.locator("[name=amount]")).toHaveValue("42.00");
      await expect(page.locator("[name=reference]")).toHaveValue("Draft ref");

      await page.goto("/home");
      await page.goto("/payments/international/form");
      await formReady(page, javaScriptEnabled);
      await expect(page.getByText("We restored what you typed last time.")).toHaveCount(0);
      await expect(page.locator("[name=beneficiaryName]")).toHaveValue("");
      await expect(page.locator("[name=bic]")).toHaveValue("");
    });
  });
}

async function expectNoViolations(page: Page, label: string) {
  const results = await axeScan(page);
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

test("the international and crypto-asset pages have no WCAG 2.1 AA violations (also with field errors)", async ({ page }) => {
  await login(page, CUSTOMERS.individual);
  for (const url of ["/payments/international", "/payments/casp"]) {
    await page.goto(url);
    await expect(page.locator("main form")).toBeVisible();
    await expectNoViolations(page, url);
  }
  for (const url of ["/payments/international/form", "/payments/casp/form"]) {
    await page.goto(url);
    await formReady(page, true);
    await expectNoViolations(page, url);
    if (url.includes("international")) await page.getByLabel("Use an intermediary bank").check();
    await submit(page);
    await expect(page.locator("main [role=alert]").first()).toBeVisible();
    await expectNoViolations(page, `${url} (with errors)`);
  }
});
