/**
 * Saved beneficiaries (issue 7; spec 000 §2 /beneficiaries routes, §3 fields, §4 statuses), with
 * JavaScript on and off: the list with search and badges; a LOCAL GBP beneficiary created
 * through the two-step form (its first step sent without a type or currency says which is
 * missing), an invalid sort code shown on its field with the form still filled, submitted for review, approved by the staff command (POST /api/staff/bank, as
 * `npm run bank -- beneficiary:approve` would), then paid from the pound form filled from it;
 * a beneficiary pre-filled from query parameters on a link, saved as a draft and deleted after
 * the confirmation page; the payment form's picker offers only approved ones; axe on the pages.
 */
import type { Page } from "@playwright/test";
import { allowValidationAnswers, CUSTOMERS, expect, login, signIn, staffCommand, test } from "./fixtures";
import { axeScan } from "./layout-helpers";

/** axe needs the page's JavaScript: checked in the JavaScript-on runs (the markup is the same). */
async function axe(page: Page, label: string, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  const results = await axeScan(page);
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** The beneficiary id of the current detail page. */
function detailId(page: Page): string {
  const m = /\/beneficiaries\/([0-9a-f-]{36})(?:\?|$)/.exec(page.url());
  expect(m, page.url()).not.toBeNull();
  return m![1];
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("create → submit → staff approval → pay it from the pound form", async ({ page, consoleErrors }) => {
      const name = `Sarah Johnson ${javaScriptEnabled ? "JS" : "NoJS"}`;
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/beneficiaries");
      await axe(page, "/beneficiaries", javaScriptEnabled);
      await page.getByTestId("add-beneficiary").click();
      await expect(page).toHaveURL(/\/beneficiaries\/create$/);
      // The first step sent without what it needs is told so beside the field, not shown again
      // unexplained (without JavaScript the browser itself asks for the type first).
      if (javaScriptEnabled) {
        await page.getByRole("button", { name: "Continue" }).click();
        await expect(page.locator("#paymentType-error")).toHaveText("Choose how you will pay this beneficiary");
      }
      await page.getByLabel("Local (SEPA, UK, US)").check();
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.locator("#currencyId-error")).toHaveText("Choose the currency of the local payment");
      await expect(page.getByLabel("Local (SEPA, UK, US)")).toBeChecked();
      await page.getByLabel("Currency of a local payment").selectOption("GBP");
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByTestId("beneficiary-form")).toBeVisible();
      await axe(page, "/beneficiaries/create (details)", javaScriptEnabled);

      await page.getByLabel("Full name or company name").fill(name);
      await page.getByLabel("Nickname (optional)").fill("Flat share");
      await page.getByLabel("Sort code").fill("12-34");
      await page.getByLabel("Account number").fill("55779911");
      await page.getByRole("button", { name: "Save and submit for review" }).click();
      // The API's sort-code rule, on its field; what was typed is still there.
      await expect(page.locator("#sortCode-error")).toContainText("6 digits");
      await expect(page.getByLabel("Full name or company name")).toHaveValue(name);
      await expect(page.getByLabel("Account number")).toHaveValue("55779911");
      allowValidationAnswers(consoleErrors, "/beneficiaries/create");

      await page.getByLabel("Sort code").fill("20-00-00");
      await page.getByRole("button", { name: "Save and submit for review" }).click();
      await expect(page.getByTestId("beneficiary-notice")).toHaveText("The beneficiary was submitted for review.");
      await expect(page.getByTestId("beneficiary-status")).toHaveText("Under review");
      await axe(page, "/beneficiaries/:id", javaScriptEnabled);
      const id = detailId(page);
      // Under review: not payable, not offered by the pound form's picker.
      await expect(page.getByTestId("pay-beneficiary")).toHaveCount(0);
      await page.goto("/payments/gbp/form");
      await expect(page.locator(`#beneficiary-choice option[value="${id}"]`)).toHaveCount(0);

      expect(await staffCommand(page, ["beneficiary:approve", id])).toContain("is now APPROVED");
      await page.goto(`/beneficiaries?search=${encodeURIComponent(name)}`);
      const row = page.getByTestId("beneficiary");
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId("beneficiary-status")).toHaveText("Approved");
      // A UK account is listed as a UK statement prints it: sort code in pairs, then the number.
      await expect(row).toContainText("20-00-00 55779911");

      // The picker on the pound form fills the payee from the approved beneficiary.
      await page.goto("/payments/gbp/form");
      await page.locator("#beneficiary-choice").selectOption(id);
      await page.getByRole("button", { name: "Use this beneficiary" }).click();
      await expect(page.getByTestId("chosen-beneficiary")).toContainText(name);
      await expect(page.locator("input[name=sortCode]")).toHaveValue("200000");
      await expect(page.locator("input[name=accountNumber]")).toHaveValue("55779911");
      await expect(page.locator("input[name=beneficiaryName]")).toHaveValue(name);
      await expect(page.locator("input[name=beneficiaryId]")).toHaveValue(id);
      const form = page.locator("main form[method=post]").first();
      if (javaScriptEnabled) await expect(form).toHaveAttribute("novalidate", "");
      const source = page.locator("main select[name=source]");
      const options = await source.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      await source.selectOption(options.find((v) => v.endsWith(":GBP"))!);
      await page.locator("select[name=paymentType]").selectOption("FASTER_PAYMENT");
      await page.locator("input[name=amount]").fill("1.25");
      await form.locator("button[type=submit]").first().click();
      await expect(page).toHaveURL(/\/payments\/[^/]+\/sign$/);
      await expect(page.locator("main")).toContainText(name);
      await expect(page.locator("main")).toContainText("20-00-00");
    });

    test("pre-filled from a link, saved as a draft, deleted after confirmation", async ({ page }) => {
      const name = `Link Prefill ${javaScriptEnabled ? "JS" : "NoJS"}`;
      await login(page, CUSTOMERS.individual);
      const q = new URLSearchParams({ paymentType: "INTERNAL", currencyId: "GBP", name, phone: "+447700900002" });
      await page.goto(`/beneficiaries/create?${q.toString()}`);
      await expect(page.getByLabel("Full name or company name")).toHaveValue(name);
      await expect(page.getByLabel("Mobile phone number")).toHaveValue("+447700900002");
      await expect(page.getByLabel("Currency")).toHaveValue("GBP");
      await page.getByRole("button", { name: "Save as draft" }).click();
      await expect(page.getByTestId("beneficiary-notice")).toHaveText("The beneficiary was saved.");
      await expect(page.getByTestId("beneficiary-status")).toHaveText("Draft");
      const id = detailId(page);

      // Change the type from the edit page: the first step again, the name kept.
      await page.getByRole("link", { name: "Change details" }).click();
      await expect(page.getByLabel("Full name or company name")).toHaveValue(name);
      await axe(page, "/beneficiaries/:id/edit", javaScriptEnabled);

      await page.goto(`/beneficiaries/${id}/delete`);
      await axe(page, "/beneficiaries/:id/delete", javaScriptEnabled);
      await expect(page.locator("main")).toContainText(`Delete ${name} from your beneficiaries?`);
      await page.getByTestId("confirm-delete").click();
      await expect(page).toHaveURL(/\/beneficiaries\?notice=deleted$/);
      await expect(page.getByTestId("beneficiary-notice")).toHaveText("The beneficiary was deleted.");
      expect((await page.goto(`/beneficiaries/${id}`))?.status()).toBe(404);
    });
  });
}
