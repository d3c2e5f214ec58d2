/**
 * Company users (issue 10; /profile/companies/:organizationId/cof) with JavaScript on and off:
 * Amelia Clarke, main representative of Northwind Trading Ltd, reaches the page from /profile,
 * adds a person (an invitation: a phone made up by this test, so parallel runs never meet), edits
 * the role and suspends it; Daniel Hughes, a director of the same company, sees the list
 * read-only, has no link and no forms, and the API refuses him (403). The officials this test
 * adds stay suspended invitations: they grant nobody access.
 */
import { apiSession, CUSTOMERS, expect, signIn, test } from "./fixtures";
import { axeScan } from "./layout-helpers";

/** Daniel Hughes: second official (DIRECTOR, signature NONE) of Northwind (seed). */
const DIRECTOR = "+447700900006";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a main representative adds a person, edits the role and suspends it", async ({ page }) => {
      const suffix = `${Date.now() % 1_000_000}`.padStart(6, "0");
      const phone = `+44770${javaScriptEnabled ? "1" : "2"}${suffix}`;
      const lastName = `Tester${javaScriptEnabled ? "On" : "Off"}${suffix}`;
      const name = `Erin ${lastName}`;
      await signIn(page, CUSTOMERS.corporate);
      await page.goto("/profile");
      await page.getByRole("link", { name: "Company users" }).click();
      await expect(page).toHaveURL(/\/profile\/companies\/[^/]+\/cof$/);
      await expect(page.locator("main h1")).toHaveText("Company users");
      await expect(page.getByTestId("organization-name")).toHaveText("Northwind Trading Ltd");
      await expect(page.getByTestId("official").filter({ hasText: "Amelia" })).toContainText("Main representative");

      await page.getByLabel("First name").fill("Erin");
      await page.getByLabel("Last name").fill(lastName);
      await page.getByLabel("Mobile phone").fill(phone);
      await page.getByLabel("Role", { exact: true }).selectOption("SHAREHOLDER");
      await page.getByLabel("Share held, % (optional)").fill("12,5");
      await page.getByLabel("Nature of control (optional)").selectOption("DIRECT_CONTROL");
      await page.getByRole("button", { name: "Add person" }).click();
      await expect(page.getByRole("status")).toHaveText("The person was added.");
      const row = page.getByTestId("official").filter({ hasText: lastName });
      await expect(row).toContainText("Shareholder");
      await expect(row).toContainText("12.50 %");
      await expect(row).toContainText("Direct control");
      await expect(row.getByTestId("official-status")).toHaveText("Invited");
      if (javaScriptEnabled) {
        const results = await axeScan(page);
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      }

      await row.getByRole("link", { name: `Edit ${name}` }).click();
      await expect(page.getByRole("heading", { name: `Edit the role of ${name}` })).toBeVisible();
      await page.getByLabel("Position (optional)").fill("Company secretary");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("status")).toHaveText("The role was saved.");
      await expect(row).toContainText("Company secretary");

      await row.getByRole("button", { name: `Suspend ${name}` }).click();
      await expect(page.getByRole("status")).toHaveText("The status was changed.");
      await expect(row.getByTestId("official-status")).toHaveText("Suspended");
    });

    test("another official of the company sees the list read-only and cannot manage", async ({ page }) => {
      const northwind = (await apiSession(page.request, CUSTOMERS.corporate)).organizationId;
      await signIn(page, DIRECTOR);
      await page.goto("/profile");
      await expect(page.locator("main h1")).toHaveText("Profile");
      await expect(page.getByRole("link", { name: "Company users" })).toHaveCount(0);
      await page.goto(`/profile/companies/${northwind}/cof`);
      await expect(page.getByTestId("cof-read-only")).toBeVisible();
      await expect(page.getByTestId("official").filter({ hasText: "Daniel" })).toContainText("(you)");
      await expect(page.locator("main form[method=post]")).toHaveCount(0);
      await expect(page.getByRole("button", { name: /Suspend|Add person/ })).toHaveCount(0);
      // The API refuses him whatever the page shows.
      const api = await apiSession(page.request, DIRECTOR);
      const add = await api.call("POST", `/clients-organizations/${northwind}/clients-officials`, {
        firstName: "Not",
        lastName: "Allowed",
        phone: "+447700955599",
        signatureType: "NONE",
        companyOfficialType: "DIRECTOR",
      });
      expect(add.status).toBe(403);
    });
  });
}
