/**
 * The back office's new phone number (docs/ops.md "Customers"; docs/decisions.md "Changing the
 * phone number") in the browser against the real server, JavaScript off and on: staff with
 * COMPLIANCE open /ops/customers; an empty form and a malformed or taken number come back on
 * their fields with everything typed kept; then the seeded applicant's number is changed: the
 * customer's open session ends, the new number logs in, the old one gets no code. The number is
 * changed back at the end (through `npm run bank`), so the seeded applicant keeps theirs.
 *
 * The customer search on the same page (docs/ops.md "Customer search"), read-only: Northwind's
 * two officials by company name (type and role shown), Oliver Thompson (+447700900001, whose
 * number, name and organizations no spec changes) by his number's last digits; a too-short query
 * on its field, wildcards literal; a result's link fills the phone form's current number, the
 * search kept.
 */
import type { Page } from "@playwright/test";
import { allowValidationAnswers, expect, login, staffCommand, test } from "./fixtures";
import { opsLogin, STAFF } from "./ops-fixtures";
import { axeScan } from "./layout-helpers";

/** Seeded applicants whose numbers these tests change (one each), and the numbers they get. */
const APPLICANTS = {
  off: { phone: "+447700900020", newPhone: "+447700900120" },
  on: { phone: "+447700900021", newPhone: "+447700900121" },
} as const;

async function expectNoViolations(page: Page, label: string) {
  const results = await axeScan(page);
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    label,
  ).toEqual([]);
}

for (const js of [false, true]) {
  const who = APPLICANTS[js ? "on" : "off"];
  test.describe(`ops customers, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("a compliance officer finds customers by company name and by trailing digits; a result fills the phone form", async ({
      page,
      consoleErrors,
    }) => {
      await opsLogin(page, STAFF.compliance);
      await page.goto("/ops/customers");
      const search = page.getByRole("search", { name: "Find a customer" });
      const field = search.getByLabel("Phone number, name, e-mail, company name or company number");
      const phoneForm = page.getByTestId("phone-change");
      const currentPhone = phoneForm.getByLabel("Current phone number");

      // Too short: on the field, the query kept in the URL and in the field.
      await field.fill("x");
      await search.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/ops\/customers\?q=x$/);
      await expect(page.getByTestId("q-error")).toHaveText("Enter 2 to 100 characters.");
      await expect(field).toHaveValue("x");
      await expect(field).toHaveAttribute("aria-invalid", "true");
      allowValidationAnswers(consoleErrors, "/ops/customers");

      // By company name: both Northwind officials, each with the organization's type and their role.
      await field.fill("northwind");
      await search.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/ops\/customers\?q=northwind$/);
      const found = page.getByTestId("customers-found");
      await expect(found.locator("caption")).toHaveText("Customers matching “northwind”");
      await expect(field).toHaveValue("northwind");
      const amelia = found.getByRole("row").filter({ hasText: "Amelia Clarke" });
      await expect(amelia.getByTestId("customer-phone")).toHaveText("+447700900002");
      await expect(amelia).toContainText("Identified");
      await expect(amelia).toContainText("Active");
      await expect(amelia.getByTestId("customer-organizations")).toHaveText(
        "Northwind Trading Ltd (Company): Main representative · company number 09876543",
      );
      const daniel = found.getByRole("row").filter({ hasText: "Daniel Hughes" });
      await expect(daniel.getByTestId("customer-organizations")).toContainText("Northwind Trading Ltd (Company): Director");
      if (js) await expectNoViolations(page, "/ops/customers?q=northwind");

      // A result's link opens the phone form with the current number filled in, the results kept.
      await amelia.getByRole("link", { name: "New phone number for Amelia Clarke" }).click();
      await expect(page).toHaveURL(/\/ops\/customers\?q=northwind&phone=%2B447700900002#phone-change-title$/);
      await expect(currentPhone).toHaveValue("+447700900002");
      await expect(field).toHaveValue("northwind");
      await daniel.getByRole("link", { name: "New phone number for Daniel Hughes" }).click();
      await expect(page).toHaveURL(/phone=%2B447700900006/);
      await expect(currentPhone).toHaveValue("+447700900006");
      await expect(phoneForm.getByLabel("New phone number")).toHaveValue("");

      // Wildcards are literal: nobody's name holds "%_".
      await field.fill("%_");
      await search.getByRole("button", { name: "Search" }).click();
      await expect(page.getByTestId("customers-none")).toHaveText("No customer matches “%_”.");

      // By trailing digits: his own (INDIVIDUAL) organization, as its holder.
      await field.fill("900001");
      await search.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/ops\/customers\?q=900001$/);
      const oliver = page.getByTestId("customers-found").getByRole("row").filter({ hasText: "Oliver Thompson" });
      await expect(oliver.getByTestId("customer-phone")).toHaveText("+447700900001");
      await expect(oliver).toContainText("Identified");
      await expect(oliver.getByTestId("customer-organizations")).toHaveText("Oliver Thompson (Personal): Account holder");
      await expect(page.getByTestId("customers-more")).toHaveCount(0);
      await oliver.getByRole("link", { name: "New phone number for Oliver Thompson" }).click();
      await expect(currentPhone).toHaveValue("+447700900001");
      await expect(field).toHaveValue("900001");
      // A refused change (no new number, no reason) keeps the number and the results.
      await phoneForm.getByRole("button", { name: "Change the phone number" }).click();
      await expect(page.getByTestId("newPhone-error")).toHaveText("Fill this in.");
      await expect(currentPhone).toHaveValue("+447700900001");
      await expect(oliver.getByTestId("customer-phone")).toHaveText("+447700900001");
      allowValidationAnswers(consoleErrors, "/ops/customers");
      if (js) await expectNoViolations(page, "/ops/customers with a number filled in");
    });

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
