/**
 * Back-office decisions in the browser (issue 13; docs/ops.md), with JavaScript on and off,
 * each checked on the customer's side: a COMPLIANCE officer approves a beneficiary at
 * /ops/beneficiaries/:id and the customer can pay it; rejects another (a missing reason comes
 * back on its field) with a reason the customer reads; a remittance order is moved QUEUED → PROC
 * → AML → AML_DONE → ACCEPTED at /ops/remittance/:id and the customer sees it accepted by the
 * bank; an ADMIN switches PAYMENTS-ORDERS-ENABLED for one organization at /ops/settings and its
 * customer sees (then no longer sees) remittance orders; an ADMIN sets a rate at /ops/rates (a
 * large change needs the confirmation, the value kept) and the customer's quote uses it. Every
 * decision shows in /ops/audit, a command line's (`npm run bank`) as such. axe on each new page (JavaScript on: axe needs page scripts).
 * Customers' data the pages under test do not create is made through the customer API.
 */
import type { Browser, Page } from "@playwright/test";
import { allowValidationAnswers, CUSTOMERS, expect, signIn, staffCommand, test } from "./fixtures";
import { opsLogin, STAFF } from "./ops-fixtures";
import { beneficiaryUnderReview, customerApi, queuedOrder } from "./ops-decisions-helpers";
import { axeScan } from "./layout-helpers";

/** axe on the current page (JavaScript on only: axe needs page scripts). */
async function axe(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  const results = await axeScan(page);
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    page.url(),
  ).toEqual([]);
}

/** A staff page and a customer page, each in its own context with the same JavaScript setting. */
async function twoPages(browser: Browser, javaScriptEnabled: boolean) {
  const baseURL = test.info().project.use.baseURL;
  const staff = await (await browser.newContext({ javaScriptEnabled, baseURL })).newPage();
  const customer = await (await browser.newContext({ javaScriptEnabled, baseURL })).newPage();
  for (const p of [staff, customer]) p.on("pageerror", (e) => expect(String(e), "page error").toBe(""));
  return { staff, customer };
}

/** The audit log lists `action` for the subject. */
async function audited(page: Page, subjectId: string, action: string) {
  await page.goto(`/ops/audit?subjectId=${encodeURIComponent(subjectId)}`);
  await expect(page.locator(`[data-testid=audit-entry][data-action="${action}"]`).first()).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JS" : "NoJS";
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("COMPLIANCE approves a beneficiary the customer then pays, and rejects one with a reason the customer reads", async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(150_000);
      const okName = `Ops Approved ${mode}`;
      const noName = `Ops Rejected ${mode}`;
      const ok = await beneficiaryUnderReview(page.request, okName);
      const no = await beneficiaryUnderReview(page.request, noName);

      await opsLogin(page, STAFF.compliance);
      await page.getByRole("link", { name: "Beneficiaries" }).first().click();
      await expect(page).toHaveURL(/\/ops\/beneficiaries$/);
      await axe(page, javaScriptEnabled);
      await page.getByRole("link", { name: okName }).click();
      await expect(page).toHaveURL(new RegExp(`/ops/beneficiaries/${ok}$`));
      await expect(page.getByTestId("status")).toHaveText("Under review");
      await expect(page.locator("main")).toContainText("55779911");
      await axe(page, javaScriptEnabled);
      await page.getByTestId("approve").click();
      await expect(page.getByTestId("done")).toHaveText("Approved. The customer has been notified.");
      await expect(page.getByTestId("status")).toHaveText("Approved");
      await expect(page.getByTestId("approve")).toHaveCount(0);

      await page.goto(`/ops/beneficiaries/${no}`);
      await page.getByTestId("reject").click();
      await expect(page.getByTestId("reason-error")).toHaveText("Give the reason: the customer reads it.");
      allowValidationAnswers(consoleErrors, `/ops/beneficiaries/${no}`);
      await axe(page, javaScriptEnabled);
      await page.getByLabel("Reason (the customer reads it)").fill(`The account is not in the payee's name (${mode})`);
      await page.getByTestId("reject").click();
      await expect(page.getByTestId("status")).toHaveText("Rejected");
      await expect(page.getByTestId("rejection-reason")).toHaveText(`The account is not in the payee's name (${mode})`);
      await audited(page, ok, "beneficiary.approve");
      await audited(page, no, "beneficiary.reject");

      // The customer's side.
      await page.context().clearCookies();
      await signIn(page, CUSTOMERS.individual);
      await page.goto(`/beneficiaries/${ok}`);
      await expect(page.getByTestId("beneficiary-status")).toHaveText("Approved");
      await page.getByTestId("pay-beneficiary").click();
      await expect(page.locator("input[name=beneficiaryId]")).toHaveValue(ok);
      await page.goto(`/beneficiaries/${no}`);
      await expect(page.getByTestId("beneficiary-status")).toHaveText("Rejected");
      await expect(page.getByTestId("rejection-reason")).toContainText(`The account is not in the payee's name (${mode})`);
    });

    test("a remittance order moved to ACCEPTED shows so to the customer", async ({ page }) => {
      test.setTimeout(150_000);
      const payee = `Ops Payee ${mode}`;
      const id = await queuedOrder(page.request, payee);
      await opsLogin(page, STAFF.admin);
      await page.goto("/ops/remittance");
      await axe(page, javaScriptEnabled);
      await page.getByRole("link", { name: payee }).click();
      await expect(page.getByTestId("status")).toHaveText("Queued");
      await axe(page, javaScriptEnabled);
      for (const [status, label] of [
        ["PROC", "Processing"],
        ["AML", "AML screening"],
        ["AML_DONE", "AML cleared"],
        ["ACCEPTED", "Accepted"],
      ]) {
        await page.getByTestId(`move-${status}`).click();
        await expect(page.getByTestId("status")).toHaveText(label);
      }
      await expect(page.getByTestId("move-REJECTED")).toHaveCount(0);
      await audited(page, id, "remittance.advance");

      await page.context().clearCookies();
      await signIn(page, CUSTOMERS.individual);
      await page.goto(`/payments/remittance/${id}`);
      await expect(page.getByTestId("order-status")).toHaveAttribute("data-status", "ACCEPTED");
      await expect(page.getByTestId("order-history")).toContainText("Accepted (by the bank)");
    });

    test("PAYMENTS-ORDERS-ENABLED switched for one organization shows on its customer's side", async ({ browser }) => {
      test.setTimeout(150_000);
      const { staff, customer } = await twoPages(browser, javaScriptEnabled);
      await signIn(customer, CUSTOMERS.both);
      await customer.goto("/payments");
      await expect(customer.getByTestId("payment-option-remittance")).toHaveCount(0);

      await opsLogin(staff, STAFF.admin);
      await staff.goto("/ops/settings");
      await axe(staff, javaScriptEnabled);
      await staff.getByLabel("Find an organization by name").fill("Patel");
      await staff.getByRole("button", { name: "Search" }).click();
      await staff.getByTestId("organizations").getByRole("link", { name: "James Patel" }).click();
      const row = staff.getByTestId("org-flag-PAYMENTS-ORDERS-ENABLED");
      await expect(row.getByTestId("own")).toHaveText("Follows the bank");
      await axe(staff, javaScriptEnabled);
      await row.getByTestId("on-PAYMENTS-ORDERS-ENABLED").click();
      await expect(staff.getByTestId("done")).toBeVisible();
      await expect(staff.getByTestId("org-flag-PAYMENTS-ORDERS-ENABLED").getByTestId("effective")).toHaveText("On");

      await customer.goto("/payments");
      await expect(customer.getByTestId("payment-option-remittance")).toHaveCount(1);

      await staff.getByTestId("org-flag-PAYMENTS-ORDERS-ENABLED").getByTestId("inherit-PAYMENTS-ORDERS-ENABLED").click();
      await expect(staff.getByTestId("org-flag-PAYMENTS-ORDERS-ENABLED").getByTestId("own")).toHaveText("Follows the bank");
      await customer.goto("/payments");
      await expect(customer.getByTestId("payment-option-remittance")).toHaveCount(0);
      const organizationId = new URL(staff.url()).searchParams.get("organizationId")!;
      await audited(staff, organizationId, "setting.set");
      await staff.context().close();
      await customer.context().close();
    });

    test("ADMIN changes the default tariff (confirmed) and back; audited", async ({ page, consoleErrors }) => {
      const name = `Default probe ${javaScriptEnabled ? "js" : "nojs"}`;
      await staffCommand(page, ["tariff:create", name]).catch(() => "exists (a retry)");
      await opsLogin(page, STAFF.admin);
      await page.goto("/ops/tariffs");
      await axe(page, javaScriptEnabled);
      const picker = page.getByLabel("New default tariff");
      const confirm = page.getByLabel(/I confirm: the fees of every organization/);
      await picker.selectOption({ label: name });
      await page.getByTestId("make-default").click();
      await expect(page.getByTestId("confirm-error")).toHaveText("Tick the confirmation to change the default tariff.");
      allowValidationAnswers(consoleErrors, "/ops/tariffs");
      await expect(page.locator("section h2", { hasText: "(default)" })).toHaveText(/^Standard/);
      await picker.selectOption({ label: name });
      await confirm.check();
      await page.getByTestId("make-default").click();
      await expect(page.getByTestId("done")).toHaveText("The default tariff is changed.");
      await expect(page.locator("section h2", { hasText: "(default)" })).toHaveText(`${name} (default)`);
      const id = await page.locator(`[data-testid="tariff-${name}"] h2`).getAttribute("id");
      await audited(page, id!.replace(/^tariff-/, ""), "tariff.default");
      // Back to the seeded default: every other spec's customers pay it.
      await page.goto("/ops/tariffs");
      await picker.selectOption({ label: "Standard" });
      await confirm.check();
      await page.getByTestId("make-default").click();
      await expect(page.locator("section h2", { hasText: "(default)" })).toHaveText(/^Standard/);
    });

    test("ADMIN sets a rate (a large change needs the confirmation) and the customer's quote uses it", async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(120_000);
      const currency = javaScriptEnabled ? "USD" : "CAD";
      await opsLogin(page, STAFF.admin);
      await page.goto("/ops/rates");
      await axe(page, javaScriptEnabled);
      const before = (await page.getByTestId(`rate-${currency}`).locator("td").first().textContent()) ?? "";
      const far = (Number(before) * 1.5).toFixed(4); // display only: the server checks with decimals
      await page.getByLabel("Currency").selectOption(currency);
      await page.getByLabel("Units per 1 EUR").fill(far);
      await page.getByTestId("set-rate").click();
      await expect(page.getByTestId("unitsPerEur-error")).toContainText("differs by more than 10 %");
      await expect(page.getByLabel("Units per 1 EUR")).toHaveValue(far);
      allowValidationAnswers(consoleErrors, "/ops/rates");
      await axe(page, javaScriptEnabled);
      await page.getByLabel("Currency").selectOption(currency);
      await page.getByLabel("I confirm a change of more than 10 %").check();
      await page.getByTestId("set-rate").click();
      await expect(page.getByTestId("done")).toBeVisible();
      const row = page.getByTestId(`rate-${currency}`);
      await expect(row).toContainText("Set by the bank");
      await audited(page, currency, "rate.set");

      const api = await customerApi(page.request, CUSTOMERS.individual);
      const rates = await api.call("GET", "/exchange/rates");
      expect(rates.body.rates.find((r: { currencyId: string }) => r.currencyId === currency).unitsPerEur).toBe(
        String(Number(far)),
      );

      // Withdraw it: the ECB rate again.
      await page.goto("/ops/rates");
      await page.getByRole("button", { name: `Withdraw the bank's ${currency} rate` }).click();
      await expect(page.getByTestId(`rate-${currency}`)).toContainText("ECB reference rate");

      // A change from the command line (npm run bank) is audited too, and says so.
      await staffCommand(page, ["setting:set", "DEMO-MODE-ENABLED", "true"]);
      await page.goto(`/ops/audit?subjectId=DEMO-MODE-ENABLED`);
      await expect(
        page.locator(`[data-testid=audit-entry][data-action="setting.set"]`).first().getByTestId("audit-cli"),
      ).toHaveText("Command line (npm run bank)");
      // Named with --staff, the entry says who was at the keyboard.
      await staffCommand(page, ["--staff", "admin@ops.example", "setting:set", "DEMO-MODE-ENABLED", "true"]);
      await page.goto(`/ops/audit?subjectId=DEMO-MODE-ENABLED`);
      await expect(
        page.locator(`[data-testid=audit-entry][data-action="setting.set"]`).first().getByTestId("audit-cli"),
      ).toHaveText("Command line (admin@ops.example)");
    });
  });
}
