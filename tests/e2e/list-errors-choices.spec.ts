/**
 * A list a form reads only for its choices (spec 000 §7 "a failed list passes the server message
 * on as its error"; docs/decisions.md "Failed lists"): when the API refuses the payment form's
 * saved-beneficiary choices, the form still renders and works, the error (worded for a list, in
 * the page's language) where the picker would be, never an empty-looking picker.
 *
 * Nothing a person types reaches that list call, so the refusal is provoked on the way: a second
 * bank process (its own embedded database) whose web app reaches its API through a small proxy in
 * this test. While `refusePicker` is on, the proxy adds a NUL character to the picker's call
 * (GET /api/v1/beneficiaries with status=APPROVED and a paymentType) and passes everything else on
 * untouched; the real API then refuses it (400 VALIDATION_FAILED noNulCharacters,
 * server/api/v1/input-guard.ts). The same way, `refuseCategories` refuses the payment forms'
 * categories (GET /api/v1/payment-categories), `refuseRates` the exchange form's currencies
 * (GET /api/v1/exchange/rates), `refuseAccounts` the accounts list (GET /api/v1/accounts: the
 * payment forms' "Pay from" balances, and the accounts column) and `refuseCasps` the crypto-asset
 * service providers (GET /api/v1/casps) and `refuseCurrencies` the currencies (GET
 * /api/v1/currencies: the beneficiary form's currency choice). JavaScript on and off; axe with the error shown
 * (JavaScript on).
 *
 * The back office through the same bank: `refuseDashboard` refuses the /ops start page's queue
 * counts (GET /api/v1/ops/dashboard: one error box, each count "—", the areas' links kept) and
 * `refuseOrganization` the organization chosen on /ops/tariffs (GET
 * /api/v1/ops/organizations/:id/fees: its error where its panel would be, the tariffs kept).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { allowValidationAnswers, CUSTOMERS, expect, login, test } from "./fixtures";
import { opsLogin, STAFF } from "./ops-fixtures";
import { axe, formReady } from "./signing-helpers";

const base = Number(process.env.E2E_PORT ?? 3100);
/** Ports of this file's bank and proxy, apart from every shard's own (3100, 3101 …). */
const BANK_PORT = base + 1000;
const PROXY_PORT = base + 2000;
const BANK = `http://127.0.0.1:${BANK_PORT}`;
const DATA_DIR = `tests/.tmp/e2e-choices-db-${BANK_PORT}`;

/** errors:Lists.constraints.noNulCharacters in English. */
const REFUSAL = "A search or filter holds an invisible control character. Remove it and try again.";
/** errors:Lists.choices-required in English. */
const REQUIRED = "Nothing can be sent without a choice here. Reload the page to try again.";

let refusePicker = true;
let refuseCategories = false;
let refuseRates = false;
let refuseDashboard = false;
let refuseOrganization = false;
let refuseAccounts = false;
let refuseCasps = false;
let refuseCurrencies = false;
let bank: ChildProcess | undefined;
let proxy: http.Server | undefined;
let log = "";

test.describe.configure({ mode: "serial" });
test.use({ baseURL: BANK });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  proxy = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", BANK);
    const picker =
      req.method === "GET" &&
      url.pathname === "/api/v1/beneficiaries" &&
      url.searchParams.get("status") === "APPROVED" &&
      url.searchParams.has("paymentType");
    if (refusePicker && picker) url.searchParams.set("search", "\u0000");
    const get = (path: string) => req.method === "GET" && url.pathname === path;
    if (refuseCategories && get("/api/v1/payment-categories")) url.searchParams.set("search", "\u0000");
    if (refuseRates && get("/api/v1/exchange/rates")) url.searchParams.set("search", "\u0000");
    if (refuseDashboard && get("/api/v1/ops/dashboard")) url.searchParams.set("search", "\u0000");
    const organizationFees = /^\/api\/v1\/ops\/organizations\/[^/]+\/fees$/.test(url.pathname);
    if (refuseOrganization && req.method === "GET" && organizationFees) url.searchParams.set("search", "\u0000");
    if (refuseAccounts && get("/api/v1/accounts")) url.searchParams.set("search", "\u0000");
    if (refuseCasps && get("/api/v1/casps")) url.searchParams.set("search", "\u0000");
    if (refuseCurrencies && get("/api/v1/currencies")) url.searchParams.set("search", "\u0000");
    const onward = http.request(url, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    onward.on("error", () => res.writeHead(502).end());
    req.pipe(onward);
  });
  await new Promise<void>((resolve) => proxy!.listen(PROXY_PORT, "127.0.0.1", resolve));

  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  bank = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      PATH: process.env.PATH,
      PORT: String(BANK_PORT),
      HOST: "127.0.0.1",
      DATA_DIR,
      NODE_ENV: "production",
      DEPLOYMENT: "sandbox",
      SMS_DEBUG_CODES: "true",
      RATE_LIMITS: "relaxed",
      LOG_LEVEL: "warn",
      BANKING_API_URL: `http://127.0.0.1:${PROXY_PORT}/api/v1`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  bank.stdout!.on("data", (d) => (log += d));
  bank.stderr!.on("data", (d) => (log += d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (bank.exitCode !== null) throw new Error(`the bank exited (${bank.exitCode}):\n${log}`);
    const up = await fetch(`${BANK}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`the bank did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  if (bank && bank.exitCode === null) {
    const exited = new Promise((r) => bank!.once("exit", r));
    bank.kill("SIGTERM");
    await exited;
  }
  await new Promise<void>((r) => (proxy ? proxy.close(() => r()) : r()));
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

test.beforeEach(() => {
  refusePicker = true;
  refuseCategories = false;
  refuseRates = false;
  refuseDashboard = false;
  refuseOrganization = false;
  refuseAccounts = false;
  refuseCasps = false;
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a payment form whose beneficiary choices the API refuses: the error where they would be, the form usable", async ({
      page,
    }) => {
      await login(page, CUSTOMERS.individual);
      const answer = await page.goto("/payments/gbp/form");
      expect(answer?.status()).toBe(200);
      await expect(page.locator("main h1")).toHaveText("Pound payment details");

      const picker = page.getByTestId("beneficiary-picker");
      await expect(picker.getByRole("heading", { name: "Pay a saved beneficiary" })).toBeVisible();
      const error = page.getByTestId("beneficiary-picker-error");
      await expect(error).toHaveAttribute("role", "alert");
      await expect(error).toContainText("This list could not be shown.");
      await expect(page.getByTestId("beneficiary-picker-error-message")).toHaveText(REFUSAL);
      // No empty-looking picker: no select, no "use" button.
      await expect(page.locator("select[name=beneficiary]")).toHaveCount(0);

      // The rest of the form works: a refused submission comes back filled, the error still shown.
      const form = page.locator("main form[method=post]").first();
      await formReady(page, javaScriptEnabled, form);
      await axe(page, javaScriptEnabled);
      await page.locator("[name=beneficiaryName]").fill("Ada Choices");
      await page.locator("[name=sortCode]").fill("12");
      await page.locator("[name=accountNumber]").fill("12345678");
      await page.locator("[name=amount]").fill("1.23");
      await form.locator("button[type=submit]").first().click();
      await expect(page.locator("[name=sortCode]")).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("#sortCode-error")).toBeVisible();
      await expect(page.locator("[name=beneficiaryName]")).toHaveValue("Ada Choices");
      await expect(page.locator("[name=accountNumber]")).toHaveValue("12345678");
      await expect(page.locator("[name=amount]")).toHaveValue("1.23");
      await expect(page.getByTestId("beneficiary-picker-error-message")).toHaveText(REFUSAL);

      // The same list answered: no error (the picker, or nothing when there is no saved payee).
      refusePicker = false;
      await page.goto("/home"); // leave no draft behind
      await page.goto("/payments/gbp/form");
      await expect(page.locator("main h1")).toHaveText("Pound payment details");
      await expect(page.getByTestId("beneficiary-picker-error")).toHaveCount(0);
    });

    test("a payment form whose categories the API refuses: the error where the select would be; sent without a category", async ({
      page,
    }) => {
      refusePicker = false;
      refuseCategories = true;
      await login(page, CUSTOMERS.individual);
      const answer = await page.goto("/payments/gbp/form?scheme=FASTER_PAYMENT");
      expect(answer?.status()).toBe(200);
      await expect(page.locator("main h1")).toHaveText("Pound payment details");

      const category = page.getByTestId("categoryId-choices");
      await expect(category).toHaveAttribute("role", "group");
      await expect(category).toContainText("Category");
      const error = page.getByTestId("categoryId-choices-error");
      await expect(error).toHaveAttribute("role", "alert");
      await expect(error).toContainText("This list could not be shown.");
      await expect(page.getByTestId("categoryId-choices-error-message")).toHaveText(REFUSAL);
      // Never a select offering only "No category"; the category is optional: no "cannot be sent" line.
      await expect(page.locator("select[name=categoryId]")).toHaveCount(0);
      await expect(page.getByTestId("categoryId-choices-required")).toHaveCount(0);

      const form = page.locator("main form[method=post]").first();
      await formReady(page, javaScriptEnabled, form);
      await axe(page, javaScriptEnabled);
      const source = page.locator("select[name=source]");
      await source.selectOption({ label: await source.locator("option", { hasText: "Main account" }).first().innerText() });
      await expect(page.locator("select[name=paymentType]")).toHaveValue("FASTER_PAYMENT");
      await page.locator("[name=beneficiaryName]").fill("Ada Categories");
      await page.locator("[name=sortCode]").fill("12");
      await page.locator("[name=accountNumber]").fill("12345678");
      await page.locator("[name=amount]").fill(javaScriptEnabled ? "1.41" : "1.42");
      await page.locator("[name=reference]").fill("Categories down");
      await form.locator("button[type=submit]").first().click();
      // Refused: comes back filled, the list's error still in the select's place.
      await expect(page.locator("[name=sortCode]")).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("[name=beneficiaryName]")).toHaveValue("Ada Categories");
      await expect(page.locator("[name=reference]")).toHaveValue("Categories down");
      await expect(page.getByTestId("categoryId-choices-error-message")).toHaveText(REFUSAL);

      // Corrected, it is sent without a category: the signing page.
      await page.locator("[name=sortCode]").fill("12-34-56");
      await page.locator("main form[method=post]").first().locator("button[type=submit]").first().click();
      await expect(page).toHaveURL(/\/payments\/[^/?#]+\/sign$/);
      await expect(page.locator("main dl")).toContainText("Sort code 12-34-56, account 12345678");
    });

    test("the exchange form whose currencies the API refuses: the error in their place, a quote refused on that field, the amount kept", async ({
      page,
      consoleErrors,
    }) => {
      refusePicker = false;
      refuseRates = true;
      await login(page, CUSTOMERS.individual);
      const answer = await page.goto("/currency-exchange");
      expect(answer?.status()).toBe(200);
      const to = page.getByTestId("toCurrencyId-choices");
      await expect(to).toContainText("To currency");
      await expect(page.getByTestId("toCurrencyId-choices-error-message")).toHaveText(REFUSAL);
      await expect(page.getByTestId("toCurrencyId-choices-required")).toHaveText(
        "Nothing can be sent without a choice here. Reload the page to try again.",
      );
      await expect(page.locator("select[name=toCurrencyId]")).toHaveCount(0);
      await expect(page.locator("select[name=source]")).toBeVisible();

      await page.locator("main [name=amount]").fill("12.34");
      await page.getByTestId("get-quote").click();
      await expect(page.locator("#toCurrencyId-error")).toHaveText("Choose another currency to exchange to");
      await expect(page.locator("main [name=amount]")).toHaveValue("12.34");
      await expect(page.getByTestId("toCurrencyId-choices-error-message")).toHaveText(REFUSAL);
      await axe(page, javaScriptEnabled);
      allowValidationAnswers(consoleErrors, "/currency-exchange");
    });

    test("the back office: refused queue counts on /ops and a refused organization on /ops/tariffs keep their pages", async ({
      page,
    }) => {
      refusePicker = false;
      refuseDashboard = true;
      await opsLogin(page, STAFF.admin); // ends on /ops
      await expect(page.locator("main h1")).toHaveText("Overview");
      const error = page.getByTestId("ops-counts-error");
      await expect(error).toHaveAttribute("role", "alert");
      await expect(error).toContainText("The queue counts could not be shown.");
      await expect(page.getByTestId("ops-counts-error-message")).toHaveText(REFUSAL);
      // Every area with its links; each count "—", said in words to screen readers.
      const applications = page.getByTestId("queue-applications");
      await expect(applications.getByRole("link", { name: "Applications waiting for review" })).toHaveAttribute(
        "href",
        "/ops/applications?status=READY_TO_REVIEW",
      );
      await expect(page.getByTestId("count-unknown")).toHaveCount(8);
      await expect(applications.getByTestId("count-unknown").first()).toHaveText(
        "Applications waiting for review: —number not shown (see the error above)",
      );
      await expect(page.getByTestId("queue-remittance").getByRole("link", { name: "Orders waiting for the bank" })).toBeVisible();
      await expect(page.getByTestId("admin-links").getByRole("link", { name: "Tariffs" })).toBeVisible();
      await axe(page, javaScriptEnabled);

      // Answered again: the counts, no error.
      refuseDashboard = false;
      await page.goto("/ops");
      await expect(page.getByTestId("ops-counts-error")).toHaveCount(0);
      await expect(page.getByTestId("count-unknown")).toHaveCount(0);
      await expect(page.getByTestId("queue-applications").getByRole("link").first()).toHaveText(
        /^\d+ applications? waiting for review$/,
      );

      // /ops/tariffs with an organization chosen whose read the API refuses.
      await page.goto("/ops/tariffs?q=Northwind");
      const northwind = page.getByTestId("organizations").getByRole("link", { name: "Northwind Trading Ltd" });
      refuseOrganization = true;
      await northwind.click();
      await expect(page).toHaveURL(/\/ops\/tariffs\?organizationId=/);
      const orgError = page.getByTestId("organization-error");
      await expect(orgError).toHaveAttribute("role", "alert");
      await expect(orgError).toContainText("This list could not be shown.");
      await expect(page.getByTestId("organization-error-message")).toHaveText(REFUSAL);
      await expect(page.getByTestId("organization")).toHaveCount(0);
      // The rest of the page: the tariffs and the fee form.
      await expect(page.locator("main h1")).toHaveText("Tariffs and fees");
      await expect(page.getByTestId("tariffs-error")).toHaveCount(0);
      await expect(page.getByTestId("tariff-Standard")).toBeVisible();
      await expect(page.getByTestId("fee-form")).toBeVisible();
      await axe(page, javaScriptEnabled);

      refuseOrganization = false;
      await page.reload();
      await expect(page.getByTestId("organization-error")).toHaveCount(0);
      await expect(page.getByTestId("organization")).toContainText("Northwind Trading Ltd");
    });

    test("payment forms whose 'Pay from' balances the API refuses: the error in their place, never 'no balance'; a submit refused on that field, the form kept", async ({
      page,
    }) => {
      refusePicker = false;
      await login(page, CUSTOMERS.individual);
      refuseAccounts = true;
      const choices = page.getByTestId("source-choices");

      // The first step offers nothing but the choice: its error instead of the form, the way back.
      let answer = await page.goto("/payments/gbp");
      expect(answer?.status()).toBe(200);
      await expect(page.locator("main h1")).toHaveText("Pound payment");
      await expect(choices).toHaveAttribute("role", "group");
      await expect(choices).toContainText("Pay from");
      await expect(page.getByTestId("source-choices-error")).toHaveAttribute("role", "alert");
      await expect(page.getByTestId("source-choices-error-message")).toHaveText(REFUSAL);
      await expect(page.getByTestId("source-choices-required")).toHaveText(REQUIRED);
      await expect(page.getByTestId("no-balance")).toHaveCount(0);
      await expect(page.locator("main select[name=source]")).toHaveCount(0);
      // /payments: the options (which depend on the balances) and the accounts show the error too.
      await page.locator("main").getByRole("link", { name: "Back to payments" }).click();
      await expect(page).toHaveURL(/\/payments$/);
      await expect(page.getByTestId("payment-options-error-message")).toHaveText(REFUSAL);
      await expect(page.getByTestId("payments-accounts-error-message")).toHaveText(REFUSAL);
      await expect(page.getByTestId("payment-option-gbp")).toHaveCount(0);

      // The form: everything else as usual, the error where "Pay from" would be.
      answer = await page.goto("/payments/gbp/form?scheme=BACS");
      expect(answer?.status()).toBe(200);
      await expect(page.locator("main h1")).toHaveText("Pound payment details");
      await expect(page.getByTestId("source-choices-error-message")).toHaveText(REFUSAL);
      await expect(page.getByTestId("source-choices-required")).toHaveText(REQUIRED);
      await expect(page.getByTestId("no-balance")).toHaveCount(0);
      await expect(page.locator("select[name=source]")).toHaveCount(0);
      await expect(page.locator("select[name=paymentType]")).toHaveValue("BACS");
      const form = page.locator("main form[method=post]").first();
      await formReady(page, javaScriptEnabled, form);
      await axe(page, javaScriptEnabled);
      await page.locator("[name=beneficiaryName]").fill("Ada Balances");
      await page.locator("[name=sortCode]").fill("12-34-56");
      await page.locator("[name=accountNumber]").fill("12345678");
      await page.locator("[name=amount]").fill("2.34");
      await page.locator("[name=reference]").fill("Balances down");
      await form.locator("button[type=submit]").first().click();
      // Refused on the missing choice (never sent with a guessed balance), what was typed kept.
      await expect(page.locator("#source-error")).toHaveText("Choose an account");
      await expect(page).toHaveURL(/\/payments\/gbp\/form/);
      await expect(page.locator("[name=beneficiaryName]")).toHaveValue("Ada Balances");
      await expect(page.locator("[name=sortCode]")).toHaveValue("12-34-56");
      await expect(page.locator("[name=amount]")).toHaveValue("2.34");
      await expect(page.getByTestId("source-choices-error-message")).toHaveText(REFUSAL);

      // Forms tested with loader tests only so far: the remittance order and the FX rate request.
      await page.goto("/payments/remittance/new");
      await expect(page.locator("main h1")).toHaveText("New remittance order");
      await expect(page.getByTestId("source-choices-error-message")).toHaveText(REFUSAL);
      await expect(page.getByTestId("source-choices-required")).toHaveText(REQUIRED);
      await expect(page.locator("main [name=payeeName]")).toBeVisible();
      await page.goto("/currency-exchange/requests/new");
      await expect(page.getByTestId("source-choices-error-message")).toHaveText(REFUSAL);
      await expect(page.locator("main select[name=source]")).toHaveCount(0);
      await expect(page.locator("main [name=rate]")).toBeVisible();
      await axe(page, javaScriptEnabled);

      // Internal transfer and between own accounts: nothing to send from, so the error instead of
      // their forms, and the same way back to /payments as the other first steps.
      for (const [url, title] of [
        ["/payments/internal", "Transfer to another customer"],
        ["/payments/between-accounts", "Between my accounts"],
      ]) {
        await page.goto(url);
        await expect(page.locator("main h1")).toHaveText(title);
        await expect(page.getByTestId("source-choices-error-message")).toHaveText(REFUSAL);
        await expect(page.getByTestId("no-accounts")).toHaveCount(0);
        await expect(page.locator("main form[method=post], main input[name=phone]")).toHaveCount(0);
        await expect(page.locator("main").getByRole("link", { name: "Back to payments" })).toHaveAttribute("href", "/payments");
      }

      // /home: "My accounts" shows the error (never "no accounts"), no quick payment guessed from
      // unknown balances, "All payment types" and the rest of the page as usual.
      answer = await page.goto("/home");
      expect(answer?.status()).toBe(200);
      await expect(page.locator("main h1")).toHaveText("Home");
      await expect(page.getByTestId("home-accounts-error")).toHaveAttribute("role", "alert");
      await expect(page.getByTestId("home-accounts-error-message")).toHaveText(REFUSAL);
      await expect(page.getByTestId("quick-internal")).toHaveCount(0);
      await expect(page.locator("main").getByRole("link", { name: "All payment types" })).toBeVisible();
      await expect(page.getByTestId("tab-fees")).toBeVisible();
      await axe(page, javaScriptEnabled);

      // /history: the accounts give only the currency choices; the list as usual, each currency
      // choice (the filter's, the statement's) the error, no statement to ask for without one.
      await page.goto("/history");
      await expect(page.locator("main h1")).toHaveText("History");
      await expect(page.getByTestId("currency-choices-error-message")).toHaveText(REFUSAL);
      await expect(page.getByTestId("export-currency-choices-error-message")).toHaveText(REFUSAL);
      await expect(page.getByTestId("export-currency-choices-required")).toHaveText(REQUIRED);
      await expect(page.locator("main select[name=currency], main select[name=statementCurrency]")).toHaveCount(0);
      await expect(page.getByTestId("history-list").locator("a[href^='/history/']").first()).toBeVisible();
      await axe(page, javaScriptEnabled);

      // Answered again: the select is back (no draft left behind: /home clears it).
      refuseAccounts = false;
      await page.goto("/home");
      await page.goto("/payments/gbp/form");
      await expect(page.locator("select[name=source]")).toBeVisible();
      await expect(choices).toHaveCount(0);
    });

    test("crypto-asset providers the API refuses: the error for the payment's and the beneficiary form's provider choice", async ({
      page,
    }) => {
      refusePicker = false;
      refuseCasps = true;
      await login(page, CUSTOMERS.individual);
      const answer = await page.goto("/payments/casp");
      expect(answer?.status()).toBe(200);
      const source = page.locator("main select[name=source]");
      await source.selectOption({ label: await source.locator("option", { hasText: "USDT" }).first().innerText() });
      await page.locator("main form button[type=submit]").first().click();
      await expect(page).toHaveURL(/\/payments\/casp\/form\?source=/);
      await expect(page.getByTestId("caspId-choices")).toContainText("Crypto-asset service provider");
      await expect(page.getByTestId("caspId-choices-error-message")).toHaveText(REFUSAL);
      await expect(page.getByTestId("caspId-choices-required")).toHaveText(REQUIRED);
      await expect(page.locator("select[name=caspId]")).toHaveCount(0);
      const form = page.locator("main form[method=post]").first();
      await formReady(page, javaScriptEnabled, form);
      await axe(page, javaScriptEnabled);
      await page.locator("[name=beneficiaryName]").fill("Ada Wallets");
      await page.locator("[name=purpose]").fill("Providers down");
      // Every field the browser itself requires (JavaScript off) is filled: the server refuses the provider.
      await page.locator("[name=walletAddress]").fill("not-a-wallet");
      await page.locator("[name=amount]").fill("1.5");
      await form.locator("button[type=submit]").first().click();
      await expect(page.locator("#caspId-error")).toHaveText("Choose the crypto-asset service provider");
      await expect(page.locator("[name=beneficiaryName]")).toHaveValue("Ada Wallets");
      await expect(page.locator("[name=purpose]")).toHaveValue("Providers down");
      await expect(page.getByTestId("caspId-choices-error-message")).toHaveText(REFUSAL);

      await page.goto("/beneficiaries/create?paymentType=CRYPTO_ASSET_PAYMENT");
      await expect(page.getByTestId("caspId-choices-error-message")).toHaveText(REFUSAL);
      await expect(page.getByTestId("caspId-choices-required")).toHaveText(REQUIRED);
      await expect(page.locator("select[name=caspId]")).toHaveCount(0);
      await expect(page.locator("main [name=walletAddress]")).toBeVisible();
      await axe(page, javaScriptEnabled);
      refuseCasps = false;
      await page.goto("/home"); // leave no draft behind
    });

    test("the beneficiary form's currencies the API refuses: the error in the currency's place, a submit refused on it, the form kept", async ({
      page,
      consoleErrors,
    }) => {
      refusePicker = false;
      refuseCurrencies = true;
      await login(page, CUSTOMERS.individual);
      const answer = await page.goto("/beneficiaries/create?paymentType=INTERNATIONAL");
      expect(answer?.status()).toBe(200);
      await expect(page.getByTestId("currencyId-choices")).toContainText("Currency");
      await expect(page.getByTestId("currencyId-choices-error-message")).toHaveText(REFUSAL);
      await expect(page.getByTestId("currencyId-choices-required")).toHaveText(REQUIRED);
      await expect(page.locator("main select[name=currencyId]")).toHaveCount(0);
      const form = page.locator("main form[method=post]").first();
      await formReady(page, javaScriptEnabled, form);
      await axe(page, javaScriptEnabled);
      await page.locator("main [name=name]").fill("Ada Currencies");
      await page.locator("main [name=nickname]").fill("Currencies down");
      await form.locator("button[type=submit]").first().click();
      await expect(page.locator("#currencyId-error")).toHaveText("Currency is required");
      await expect(page).toHaveURL(/\/beneficiaries\/create/);
      await expect(page.locator("main [name=name]")).toHaveValue("Ada Currencies");
      await expect(page.locator("main [name=nickname]")).toHaveValue("Currencies down");
      allowValidationAnswers(consoleErrors, "/beneficiaries/create");
      await expect(page.getByTestId("currencyId-choices-error-message")).toHaveText(REFUSAL);

      // Answered again: the select is back.
      refuseCurrencies = false;
      await page.goto("/beneficiaries/create?paymentType=INTERNATIONAL");
      await expect(page.locator("main select[name=currencyId]")).toBeVisible();
      await expect(page.getByTestId("currencyId-choices")).toHaveCount(0);
      await page.goto("/home"); // leave no draft behind
    });
  });
}
