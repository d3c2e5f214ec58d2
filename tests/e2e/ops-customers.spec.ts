/**
 * The back office's new phone number (docs/ops.md "Customers"; docs/decisions.md "Changing the
 * phone number") in the browser against the real server, JavaScript off and on: staff with
 * COMPLIANCE open /ops/customers; an empty form and a malformed or taken number come back on
 * their fields with everything typed kept; then the seeded applicant's number is changed: the
 * customer's open session ends, the new number logs in, the old one gets no code. The number is
 * changed back at the end (through `npm run bank`), so the seeded applicant keeps theirs.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { allowValidationAnswers, expect, login, staffCommand, test } from "./fixtures";
import { opsLogin, STAFF } from "./ops-fixtures";

/** Seeded applicants whose numbers these tests change (one each), and the numbers they get. */
const APPLICANTS = {
  off: { phone: "+447700900020", newPhone: "+447700900120" },
  on: { phone: "+447700900021", newPhone: "+447700900121" },
} as const;

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    label,
  ).toEqual([]);
}

for (const js of [false, true]) {
  const who = APPLICANTS[js ? "on" : "off"];
  test.describe(`ops customers, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("a compliance officer gives an applicant a new phone number: refusals on their fields, then every device logged out", async ({
      page,
      browser,
      consoleErrors,
    }) => {
      test.setTimeout(120_000);
      // The applicant is logged in elsewhere (their phone was lost, say).
      const customer = await browser.newContext({ javaScriptEnabled: js });
      const customerPage = await customer.newPage();
      await login(customerPage, who.phone);
      await expect(customerPage).toHaveURL(/\/identity/);

      try {
        await opsLogin(page, STAFF.compliance);
        await page.getByRole("link", { name: "Customers", exact: true }).click();
        await expect(page).toHaveURL(/\/ops\/customers$/);
        if (js) await expectNoViolations(page, "/ops/customers");
        const form = page.getByTestId("phone-change");

        // Empty: each field says so.
        await form.getByRole("button", { name: "Change the phone number" }).click();
        await expect(page.getByTestId("phone-error")).toHaveText("Fill this in.");
        await expect(page.getByTestId("newPhone-error")).toHaveText("Fill this in.");
        await expect(page.getByTestId("reason-error")).toHaveText("Fill this in.");

        // A malformed new number, then one another customer has: on the field, all kept.
        await form.getByLabel("Current phone number").fill(who.phone);
        await form.getByLabel("New phone number").fill("07700 900120");
        await form.getByLabel("How the identity was checked").fill("Passport seen in branch");
        await form.getByRole("button", { name: "Change the phone number" }).click();
        await expect(page.getByTestId("newPhone-error")).toHaveText(
          "Write the number in international format, e.g. +447700900123.",
        );
        await expect(form.getByLabel("Current phone number")).toHaveValue(who.phone);
        await expect(form.getByLabel("How the identity was checked")).toHaveValue("Passport seen in branch");
        if (js) await expectNoViolations(page, "/ops/customers with errors");
        await form.getByLabel("New phone number").fill("+447700900001");
        await form.getByRole("button", { name: "Change the phone number" }).click();
        await expect(page.getByTestId("newPhone-error")).toHaveText("Another customer has this number.");
        // With JavaScript each refusal above was a 400 answer to the form's fetch: expected.
        allowValidationAnswers(consoleErrors, "/ops/customers");

        await form.getByLabel("New phone number").fill(who.newPhone);
        await form.getByRole("button", { name: "Change the phone number" }).click();
        await expect(page).toHaveURL(/\/ops\/customers\?done=phone&sessions=1$/);
        await expect(page.getByTestId("done")).toHaveText("The phone number was changed. 1 device was logged out.");

        // The applicant's session is gone; the new number logs in; the old one is no one's.
        await customerPage.goto("/identity");
        await expect(customerPage).toHaveURL(/\/auth\/phone/);
        await customer.clearCookies();
        await login(customerPage, who.newPhone);
        await expect(customerPage).toHaveURL(/\/identity/);
        await page.goto("/ops/audit");
        await expect(page.locator("main")).toContainText("user.phone-change");
      } finally {
        // Back to the seeded number (whatever happened above), for a rerun.
        await staffCommand(page, ["user:phone", who.newPhone, who.phone, "--reason", "e2e: seeded number back"]).catch(() => "");
        await customer.close();
      }
    });
  });
}
