/**
 * Cash over the counter, the euro payment kinds and the transfer to another customer in two
 * steps (issue 6), each with JavaScript on and off: a payment of each signed with the sandbox
 * code (fee on the signing page, balance after), an invalid collector phone shown on its field
 * with the form still filled, a draft restored after leaving to another /payments page and gone
 * after /home, a company lookup that finds nobody; axe on the new pages (JavaScript on); on the
 * euro form (desktop and phone), a field's error on blur without the error summary, and one click
 * on Continue from a bad field showing the summary with every error, focused.
 */
import type { Locator, Page } from "@playwright/test";
import { allowValidationAnswers, CUSTOMERS, expect, login, signIn, test, toMinorUnits } from "./fixtures";
import { axeScan } from "./layout-helpers";

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

/** The Continue (first submit) button of the page's payment form. */
function submitButton(page: Page): Locator {
  return page.locator("main form[method=post] button[type=submit]").first();
}

/** The value of a row of the payment details list (signing page, receipt). */
function detail(page: Page, label: string): Locator {
  return page.locator("main dl dt", { hasText: label }).first().locator("xpath=following-sibling::dd[1]");
}

/** Sign the payment of the current signing page with the sandbox code; ends on the receipt. */
async function signWithSandboxCode(page: Page, javaScriptEnabled: boolean): Promise<string> {
  await expect(page).toHaveURL(SIGN_URL);
  const id = SIGN_URL.exec(new URL(page.url()).pathname)![1];
  const el = page.getByTestId("debug-code");
  await expect(el).toHaveText(/\d{4}/);
  const code = ((await el.textContent()) ?? "").match(/\d{4}/)![0];
  await formReady(page, javaScriptEnabled, page.locator("form#sign"));
  await page.locator("form#sign input[name=code]").fill(code);
  if (!javaScriptEnabled) await page.locator("form#sign button[type=submit]").click();
  await expect(page).toHaveURL(new RegExp(`/payments/${id}$`));
  await expect(page.getByTestId("payment-status")).toHaveText("Completed");
  return id;
}

/** Balance of the Main account in `currency`, from its account page. */
async function mainBalance(page: Page, currency: string): Promise<bigint> {
  await page.goto("/home");
  const href = await page.locator("main a[href^='/accounts/']", { hasText: "Main account" }).first().getAttribute("href");
  await page.goto(href!);
  const el = page.getByTestId(`account-balance-${currency}`);
  await expect(el).toBeVisible();
  return toMinorUnits((await el.textContent()) ?? "");
}

/** /payments/cash-over → choose the Main account's GBP balance → the form. */
async function openCashForm(page: Page, javaScriptEnabled: boolean) {
  await page.goto("/payments/cash-over");
  await selectByText(page.locator("main select[name=source]"), /^Main account — .*GBP/);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/payments\/cash-over\/form\?source=[^&]+%3AGBP$/);
  await formReady(page, javaScriptEnabled);
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

    test("cash over the counter: partner, collector, fee 1 % (min 2.00) on the signing page, signed", async ({ page }) => {
      // 1 % of 300.00 is 3.00; 1 % of 120.00 is 1.20, so the minimum 2.00 applies.
      const [amount, fee] = javaScriptEnabled ? ["300.00", "3.00"] : ["120.00", "2.00"];
      const reference = `CASH-${mode}-${Date.now()}`;
      await login(page, CUSTOMERS.individual);
      const before = await mainBalance(page, "GBP");

      await openCashForm(page, javaScriptEnabled);
      await expect(page.getByRole("heading", { name: "How collection works" })).toBeVisible();
      const partner = page.getByLabel("Partner paying out the cash");
      // Only partners paying out GBP are offered.
      await expect(partner.locator("option", { hasText: "Rive Gauche" })).toHaveCount(0);
      await selectByText(partner, /^Northgate Cash Services/);
      await page.getByLabel("Collector's full name").fill(`Mary Collector ${mode}`);
      await expect(page.getByLabel("Collector's phone number")).toHaveAttribute("type", "tel");
      await page.getByLabel("Collector's phone number").fill("+44 7700 900123");
      await selectByText(page.getByLabel("Category"), /^Family support$/);
      await page.locator("[name=amount]").fill(amount);
      await page.locator("[name=reference]").fill(reference);
      await submitButton(page).click();

      await expect(page).toHaveURL(SIGN_URL);
      await expect(detail(page, "Fee")).toHaveText(`${fee} GBP`);
      await expect(detail(page, "Payment scheme")).toHaveText("Cash over the counter");
      await expect(detail(page, "Payee account")).toContainText("Northgate Cash Services");
      await expect(detail(page, "Payee account")).toContainText("+447700900123");
      await expect(page.locator("main dl")).toContainText(`Mary Collector ${mode}`);
      await signWithSandboxCode(page, javaScriptEnabled);

      const after = toMinorUnits((await page.getByTestId("new-balance").textContent()) ?? "");
      expect(after).toBe(before - toMinorUnits(amount) - toMinorUnits(fee));
    });

    test("SEPA Instant chosen on the payment kinds page: fee 0.50 EUR on the signing page, signed", async ({ page }) => {
      await login(page, CUSTOMERS.individual);
      const before = await mainBalance(page, "EUR");
      await page.goto("/payments/euro/payment-kinds");
      for (const label of [
        "SEPA credit transfer, 1 working day",
        "SEPA Instant, seconds, 24/7",
        "TARGET2, same day, for large amounts",
      ])
        await expect(page.getByLabel(label)).toBeVisible();
      await expect(page.getByLabel("SEPA credit transfer, 1 working day")).toBeChecked();
      await page.getByLabel("SEPA Instant, seconds, 24/7").check();
      await page.getByRole("button", { name: "Continue" }).click();

      await expect(page).toHaveURL(/\/payments\/euro\?kind=SEPA_SCT_INST$/);
      await expect(page.getByTestId("euro-kind")).toHaveText("Payment kind: SEPA Instant — change");
      await formReady(page, javaScriptEnabled);
      await expect(page.locator("input[name=paymentType]")).toHaveValue("SEPA_SCT_INST");
      await page.locator("[name=beneficiaryName]").fill(`Instant Payee ${mode}`);
      await page.locator("[name=iban]").fill("DE89 3704 0044 0532 0130 00");
      await page.locator("[name=bic]").fill("COBADEFFXXX");
      await page.getByLabel("Purpose of payment").fill("Concert tickets");
      await page.locator("[name=amount]").fill("4.20");
      await submitButton(page).click();

      await expect(page).toHaveURL(SIGN_URL);
      await expect(detail(page, "Fee")).toHaveText("0.50 EUR");
      await expect(detail(page, "Payment scheme")).toHaveText("SEPA Instant");
      await expect(detail(page, "Purpose of payment")).toHaveText("Concert tickets");
      await signWithSandboxCode(page, javaScriptEnabled);
      const after = toMinorUnits((await page.getByTestId("new-balance").textContent()) ?? "");
      expect(after).toBe(before - 420n - 50n);

      // "change" goes back to the kinds page with the current kind selected.
      await page.goto("/payments/euro?kind=TARGET_2");
      await expect(page.getByTestId("euro-kind")).toHaveText("Payment kind: TARGET2 — change");
      await page.getByRole("link", { name: "Change the payment kind" }).click();
      await expect(page).toHaveURL(/\/payments\/euro\/payment-kinds\?kind=TARGET_2$/);
      await expect(page.getByLabel("TARGET2, same day, for large amounts")).toBeChecked();
      // An unknown kind in the URL falls back to the SEPA credit transfer.
      await page.goto("/payments/euro?kind=SWIFT");
      await expect(page.locator("input[name=paymentType]")).toHaveValue("SEPA_SCT");
    });

    test("to a company by its number (Northwind Trading Ltd, 09876543): reloadable form, signed", async ({ page }) => {
      const amount = javaScriptEnabled ? "6.31" : "6.32";
      const reference = `Invoice NW ${mode} ${Date.now()}`;
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/payments/internal");
      await page.getByLabel("Company number").fill("09 876 543");
      await page.getByRole("button", { name: "Find company" }).click();

      await expect(page).toHaveURL(/\/payments\/internal\/form\?companyNumber=09/);
      await expect(page.locator("#pay-title")).toHaveText("Pay Northwind Trading Ltd");
      // A reloaded (or bookmarked) form looks the recipient up again.
      await page.reload();
      await expect(page.locator("#pay-title")).toHaveText("Pay Northwind Trading Ltd");

      const form = page.locator("#pay-title ~ form");
      await formReady(page, javaScriptEnabled, form);
      await expect(form.locator("input[name=recipientCompanyNumber]")).toHaveValue("09876543");
      await selectByText(form.locator("select[name=source]"), /^Main account — .*GBP/);
      await form.locator("[name=amount]").fill(amount);
      await form.locator("[name=reference]").fill(reference);
      await submitButton(page).click();

      await expect(page).toHaveURL(SIGN_URL);
      await expect(page.locator("main dl")).toContainText("Northwind Trading Ltd");
      await expect(detail(page, "Payee account")).toHaveText("Company number 09876543");
      await expect(detail(page, "Fee")).toHaveText("No fee");
      await signWithSandboxCode(page, javaScriptEnabled);

      await page.context().clearCookies();
      await signIn(page, CUSTOMERS.corporate);
      await page.goto("/history");
      const item = page.getByTestId("statement-item").filter({ hasText: reference });
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(`+${amount} GBP`);
    });

    test("lookups that fail come back to the lookup page with the message on the field", async ({ page }) => {
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/payments/internal");
      await page.getByLabel("Company number").fill("99999999");
      await page.getByRole("button", { name: "Find company" }).click();
      await expect(page).toHaveURL(/\/payments\/internal\?companyNumber=99999999&error=not-found$/);
      await expect(page.locator("#companyNumber-error")).toHaveText("No company found with this number.");
      await expect(page.getByLabel("Company number")).toHaveValue("99999999");
      await expect(page.getByLabel("Company number")).toHaveAttribute("aria-invalid", "true");

      await page.getByLabel("Company number").fill("123");
      await page.getByRole("button", { name: "Find company" }).click();
      await expect(page.locator("#companyNumber-error")).toHaveText(/8 characters/);

      await page.getByLabel("Recipient's phone number").fill("+447700900999");
      await page.getByRole("button", { name: "Find recipient" }).click();
      await expect(page.locator("#phone-error")).toHaveText("No customer found with this phone number.");

      // The form without a recipient goes back to the lookup.
      await page.goto("/payments/internal/form");
      await expect(page).toHaveURL(/\/payments\/internal$/);
    });

    test("an invalid collector phone is shown on its field and the form stays filled", async ({ page, consoleErrors }) => {
      await login(page, CUSTOMERS.individual);
      await openCashForm(page, javaScriptEnabled);
      await selectByText(page.getByLabel("Partner paying out the cash"), /^Pennine Money Point/);
      await page.getByLabel("Collector's full name").fill("Peter Wrongphone");
      await page.getByLabel("Collector's phone number").fill("07700 900123");
      await page.locator("[name=amount]").fill("50.00");
      await page.locator("[name=reference]").fill("Keep me");
      await submitButton(page).click();

      const phone = page.getByLabel("Collector's phone number");
      await expect(page.locator("#collectorContact-error")).toHaveText(
        "Enter the phone number in international format, like +447700900123",
      );
      await expect(phone).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("main [role=alert] a[href='#collectorContact']")).toBeVisible();
      await expect(phone).toHaveValue("07700 900123");
      await expect(page.getByLabel("Collector's full name")).toHaveValue("Peter Wrongphone");
      await expect(page.locator("[name=amount]")).toHaveValue("50.00");
      await expect(page.locator("[name=reference]")).toHaveValue("Keep me");
      await expect(page.getByLabel("Partner paying out the cash")).toHaveValue("pennine-money-manchester");
      await expect(page).toHaveURL(/\/payments\/cash-over\/form\?source=/);
      allowValidationAnswers(consoleErrors, "/payments/cash-over/form");
    });

    test("a cash-over draft is restored after another /payments page, and gone after /home", async ({ page }) => {
      await login(page, CUSTOMERS.individual);
      await openCashForm(page, javaScriptEnabled);
      const formUrl = page.url();
      await page.getByLabel("Collector's full name").fill(`Draft Collector ${mode}`);
      await page.getByLabel("Collector's phone number").fill("+447700900124");
      await page.locator("[name=amount]").fill("33.00");
      await page.getByRole("button", { name: "Save draft" }).click();
      // With JavaScript the draft is saved in the background; without, the page comes back saying so.
      await expect(page.getByText("Draft saved. It is kept until you leave payments.")).toBeVisible();

      await page.goto("/payments");
      await page.goto("/payments/cash-over");
      await page.getByRole("link", { name: "Continue the payment you started" }).click();
      await expect(page).toHaveURL(formUrl);
      await formReady(page, javaScriptEnabled);
      await expect(page.getByText("We restored what you typed last time.")).toBeVisible();
      await expect(page.getByLabel("Collector's full name")).toHaveValue(`Draft Collector ${mode}`);
      await expect(page.getByLabel("Collector's phone number")).toHaveValue("+447700900124");
      await expect(page.locator("[name=amount]")).toHaveValue("33.00");

      await page.goto("/home");
      await page.goto(formUrl);
      await formReady(page, javaScriptEnabled);
      await expect(page.getByText("We restored what you typed last time.")).toHaveCount(0);
      await expect(page.getByLabel("Collector's full name")).toHaveValue("");
      await page.goto("/payments/cash-over");
      await expect(page.getByRole("link", { name: "Continue the payment you started" })).toHaveCount(0);
    });

    test("a recipient without an account in the payment's currency: the bank's refusal on the recipient, translated, the form filled", async ({
      page,
      consoleErrors,
    }) => {
      // James Patel's own organization holds pounds and euros: a dollar payment to him is refused by the bank.
      await signIn(page, CUSTOMERS.individual);
      await page.goto(`/payments/internal/form?phone=${encodeURIComponent(CUSTOMERS.both)}`);
      const form = page.locator("#pay-title ~ form");
      await formReady(page, javaScriptEnabled, form);
      await selectByText(form.locator("select[name=source]"), /^Main account — .*USD/);
      await form.locator("[name=amount]").fill("3.21");
      await form.locator("[name=reference]").fill(`No dollars ${mode}`);
      await submitButton(page).click();
      // The bank's words for the rule (errors:constraints.hasAccount), not the API's English text.
      const message = "The recipient has no account in this currency.";
      const summary = page.getByRole("alert").filter({ has: page.locator("#error-summary-title") });
      await expect(summary).toContainText(message);
      // The summary's link lands on the message, shown above the balance to pay from.
      await expect(page.locator("#recipientPhone-error")).toContainText(message);
      await summary.getByRole("link", { name: new RegExp(message) }).click();
      await expect(page.locator("#recipientPhone")).toBeFocused();
      // With JavaScript the link focuses without a navigation, which would have dropped the bank's errors.
      await expect(page.locator("#recipientPhone-error")).toContainText(message);
      // So does the skip link (a keyboard customer's way past the menu).
      await page.getByRole("link", { name: "Skip to main content" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.locator("main")).toBeFocused();
      await expect(page.locator("#recipientPhone-error")).toContainText(message);
      await expect(form.locator("[name=amount]")).toHaveValue("3.21");
      await expect(form.locator("[name=reference]")).toHaveValue(`No dollars ${mode}`);
      await expect(page).toHaveURL(/\/payments\/internal\/form/);
      allowValidationAnswers(consoleErrors, "/payments/internal/form");
    });

    test("an internal draft by phone comes back for the same recipient only", async ({ page }) => {
      await signIn(page, CUSTOMERS.individual);
      await page.goto(`/payments/internal/form?phone=${encodeURIComponent(CUSTOMERS.both)}`);
      await expect(page.locator("#pay-title")).toHaveText("Pay James P.");
      const form = page.locator("#pay-title ~ form");
      await formReady(page, javaScriptEnabled, form);
      await form.locator("[name=amount]").fill("8.88");
      await form.locator("[name=reference]").fill(`Draft ${mode}`);
      await page.getByRole("button", { name: "Save draft" }).click();
      await expect(page.getByText("Draft saved. It is kept until you leave payments.")).toBeVisible();

      await page.goto("/payments/internal");
      await page.getByRole("link", { name: "Continue the payment you started" }).click();
      await expect(page.locator("#pay-title")).toHaveText("Pay James P.");
      await expect(page.getByText("We restored what you typed last time.")).toBeVisible();
      await expect(form.locator("[name=amount]")).toHaveValue("8.88");

      await page.goto("/payments/internal/form?companyNumber=09876543");
      await expect(page.locator("#pay-title")).toHaveText("Pay Northwind Trading Ltd");
      await expect(page.getByText("We restored what you typed last time.")).toHaveCount(0);
      await expect(form.locator("[name=amount]")).toHaveValue("");
    });
  });
}

test.describe("JavaScript on", () => {
  test("the cash-over form validates the collector phone in the browser (no POST)", async ({ page }) => {
    await login(page, CUSTOMERS.individual);
    await openCashForm(page, true);
    await page.getByLabel("Collector's full name").fill("Browser Check");
    await page.getByLabel("Collector's phone number").fill("12345");
    // Leaving the field shows its error beside it (the summary waits for a submit).
    await page.getByLabel("Collector's phone number").press("Tab");
    await expect(page.locator("#collectorContact-error")).toBeVisible();
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && !/(^|&)intent=save-draft(&|$)/.test(r.postData() ?? "")) posts.push(r.url());
    });
    await submitButton(page).click();
    await expect(page.getByLabel("Collector's phone number")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#pspPartnerId-error")).toHaveText("Choose the partner that pays out the cash");
    await expect(page.locator("#amount-error")).toHaveText("Enter an amount");
    expect(posts).toEqual([]);
  });

  for (const viewport of [
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 360, height: 740 },
  ])
    test(`euro form (${viewport.name}): a field's error shows when it is left; the summary only after Continue, with every error, and focused`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/payments/euro");
      await formReady(page, true, page.locator("form#euro-form"));
      const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "There is a problem" }) });
      const iban = page.getByLabel("IBAN", { exact: true });
      // Tab out of a bad IBAN: its error beside it, no summary, the focus goes on to the BIC.
      await iban.fill("DE00 1234");
      await iban.press("Tab");
      await expect(page.locator("#iban-error")).toBeVisible();
      await expect(page.getByLabel("BIC (SWIFT code)")).toBeFocused();
      await expect(summary).toHaveCount(0);
      // Straight from a bad field to Continue (one click): the summary lists all four errors and has the focus.
      await page.reload();
      await formReady(page, true, page.locator("form#euro-form"));
      await iban.fill("DE00 1234");
      await submitButton(page).click();
      await expect(summary).toBeFocused();
      await expect(summary.locator("li")).toHaveText([
        "Enter the beneficiary name",
        "Enter a valid IBAN",
        "Enter the BIC",
        "Enter an amount",
      ]);
      // Fixing a field while typing leaves the summary as it is and the focus in the field.
      await page.getByLabel("Beneficiary name").fill("Anna Schmidt");
      await page.getByLabel("Beneficiary name").press("Tab");
      await expect(summary.locator("li")).toHaveCount(4);
      await expect(page.getByLabel("IBAN", { exact: true })).toBeFocused();
      // The typed form is kept as a draft: /home drops it for the tests after this one.
      await page.goto("/home");
    });

  for (const viewport of [
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 360, height: 740 },
  ])
    test(`euro form (${viewport.name}): the picker's button beside its select; Continue, Save draft and Cancel in one spaced row`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/payments/euro");
      await formReady(page, true, page.locator("form#euro-form"));
      const select = await page.locator("#beneficiary-choice").boundingBox();
      const use = await page.getByRole("button", { name: "Use this beneficiary" }).boundingBox();
      const row = page.getByTestId("form-actions");
      const items = [
        await row.getByRole("button", { name: "Continue" }).boundingBox(),
        await row.getByRole("button", { name: "Save draft" }).boundingBox(),
        await row.getByRole("link", { name: "Cancel" }).boundingBox(),
      ];
      if (viewport.name === "desktop") {
        // Beside the select (1rem apart), not pushed to the far edge.
        expect(use!.x - (select!.x + select!.width)).toBeGreaterThanOrEqual(8);
        expect(use!.x - (select!.x + select!.width)).toBeLessThanOrEqual(24);
        // One row, in this order, at least 16 px apart.
        for (const [a, b] of [
          [items[0]!, items[1]!],
          [items[1]!, items[2]!],
        ]) {
          expect(Math.abs(a.y + a.height / 2 - (b.y + b.height / 2))).toBeLessThanOrEqual(2);
          expect(b.x - (a.x + a.width)).toBeGreaterThanOrEqual(16);
        }
      } else {
        // Under the select, from the same edge; the row stays on the screen.
        expect(use!.y).toBeGreaterThanOrEqual(select!.y + select!.height);
        expect(Math.abs(use!.x - select!.x)).toBeLessThanOrEqual(2);
        for (const box of items) expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
        expect(items[1]!.x - (items[0]!.x + items[0]!.width)).toBeGreaterThanOrEqual(16);
      }
    });

  test("the new pages have no WCAG 2.1 AA violations", async ({ page }) => {
    await login(page, CUSTOMERS.individual);
    for (const url of [
      "/payments/cash-over",
      "/payments/euro/payment-kinds",
      "/payments/euro?kind=SEPA_SCT_INST",
      "/payments/internal",
      "/payments/internal?companyNumber=99999999&error=not-found",
      "/payments/internal/form?companyNumber=09876543",
      `/payments/internal/form?phone=${encodeURIComponent(CUSTOMERS.both)}`,
    ]) {
      await page.goto(url);
      await expect(page.locator("main h1")).toBeVisible();
      await expectNoViolations(page, url);
    }
    await openCashForm(page, true);
    await expectNoViolations(page, "/payments/cash-over/form");
    await submitButton(page).click();
    await expect(page.locator("#collectorContact-error")).toBeVisible();
    await expectNoViolations(page, "/payments/cash-over/form with errors");
  });
});
