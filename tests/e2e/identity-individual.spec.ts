/**
 * Onboarding of an individual on the web (issue 8; spec 001 §2 identity layout and routes, §3
 * fields, §5 errors), with JavaScript OFF and ON (seeded applicants +447700900008 and …009, one each): the applicant lands
 * on /identity, starts a personal application, gets an invalid field back with the error summary
 * and what was typed, corrects it, goes through the steps (reference lists in selects and
 * checkbox groups, ranges labelled 'From X to Y' / 'Over X'), saves and comes back later from
 * the list, signs the agreements with the address history and declarations, is refused at submit
 * while identity verification is missing (errors listed by step, linked, the step marked as in
 * error), verifies (sandbox page) and submits: /identity shows the application READY_TO_REVIEW
 * and its pages are read-only. The staff approval then shows ACCEPTED.
 * With JavaScript: the unsaved-changes dialog on the step list and the draft kept when a page is
 * left; axe on the list, a step page with its SIC search and errors, and check answers.
 */
import type { Page } from "@playwright/test";
import { CUSTOMERS, expect, holdBuildFiles, login, signIn, staffCommand, test } from "./fixtures";
import { axeScan } from "./layout-helpers";

async function expectNoAxeViolations(page: Page, label: string) {
  const results = await axeScan(page);
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** The step the page shows (last path segment). */
function stepOf(page: Page): string {
  return new URL(page.url()).pathname.split("/").pop() ?? "";
}

/**
 * Choose the first real option of every select of the step form that has none chosen, once the
 * whole page is parsed: the URL commits before the HTML has streamed in, and a select not yet
 * parsed would be left empty (its `required` then blocks the submit without JavaScript).
 */
async function chooseFirstOptions(page: Page) {
  await page.waitForLoadState("domcontentloaded");
  for (const select of await page.locator("form[data-testid=step-form] select").all()) {
    if ((await select.inputValue()) === "") await select.selectOption({ index: 1 });
  }
}

/** Set by the JavaScript-on run: axe scans every step page just before it is saved. */
let scanEachStep = false;

async function saveAndContinue(page: Page) {
  if (scanEachStep) await expectNoAxeViolations(page, new URL(page.url()).pathname);
  await page.getByRole("button", { name: "Save and continue" }).click();
}

/**
 * Complete an individual application from /identity through the pages: what both the JavaScript
 * off and on tests do (each with its own seeded applicant: one individual application per person).
 * Ends with the staff approval shown as ACCEPTED.
 */
async function completeIndividualApplication(page: Page, phone: string) {
  await login(page, phone);
  await expect(page).toHaveURL(/\/identity$/);
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await page.getByTestId("start-individual").click();

  // Personal details: the step list shows the later steps disabled (no application yet).
  await expect(page).toHaveURL(/\/identity\/individual\/personal-data\?new=[0-9a-f-]{36}$/);
  const list = page.getByTestId("step-list").locator("div").first();
  await expect(list.locator("li[data-step=personal-data]")).toHaveAttribute("aria-current", "step");
  await expect(list.locator("li[data-step=activities]")).toHaveAttribute("data-state", "disabled");
  await expect(list.locator("li[data-step=activities] a")).toHaveCount(0);
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Hopper-Lee");
  await page.getByLabel("Email address").fill("grace@example");
  await page.getByLabel("Date of birth").fill("1988-04-12");
  await page.getByLabel("Nationality").selectOption("GB");
  await page.getByLabel("Tax identification number").fill("QQ123456C");
  await saveAndContinue(page);

  // Saved as far as valid; the invalid email comes back as typed, in the summary and on the field.
  await expect(page).toHaveURL(/\/identity\/individual\/personal-data\?applicationId=[0-9a-f-]{36}$/);
  const applicationId = new URL(page.url()).searchParams.get("applicationId")!;
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary.getByRole("link", { name: /email address/i })).toHaveAttribute("href", "#email");
  await expect(page.getByLabel("Email address")).toHaveValue("grace@example");
  await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#email-error")).toContainText("email address");
  await expect(page.getByLabel("First name")).toHaveValue("Grace");
  await expect(list.locator("li[data-step=activities] a")).toHaveCount(1);
  await page.getByLabel("Email address").fill("grace.hopper-lee@example.co.uk");
  await saveAndContinue(page);
  // With JavaScript the navigation is client-side: wait for it before reading the step.
  await expect(page).toHaveURL(/\/(additional-information|activities)\?/);

  if (stepOf(page) === "additional-information") {
    await page.getByLabel("Country of tax residence").selectOption("GB");
    await page
      .getByRole("group", { name: /politically exposed/ })
      .getByLabel("No")
      .check();
    await page.getByLabel("What will you use the account for?").fill("Salary and everyday spending");
    await saveAndContinue(page);
  }

  // Activity and sources of funds: reference lists.
  await expect(page).toHaveURL(/\/identity\/individual\/activities\?applicationId=/);
  await expect(list.locator("li[data-step=personal-data]")).toHaveAttribute("data-state", "checked");
  await page.getByLabel("Your main activity").selectOption({ index: 1 });
  await page.getByRole("group", { name: "Sources of funds" }).getByRole("checkbox").first().check();
  await page.getByLabel("Name of employer").fill("Analytical Engines Ltd");
  await saveAndContinue(page);

  // Monthly ranges, labelled 'From X to Y' / 'Over X'; then come back later from the list.
  await expect(page).toHaveURL(/\/identity\/individual\/operation-activity\?applicationId=/);
  const labels = await page.getByLabel("Number of incoming payments a month").locator("option").allTextContents();
  expect(
    labels.slice(1).every((l) => /^(From [\d,.]+ to [\d,.]+|Over [\d,.]+)$/.test(l)),
    labels.join(" | "),
  ).toBe(true);
  await page.getByLabel("Number of incoming payments a month").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Save and come back later" }).click();
  await expect(page).toHaveURL(/\/identity\?saved=/);
  await expect(page.getByTestId("saved-notice")).toBeVisible();
  const mine = page.getByTestId("application").filter({ has: page.locator("[data-status=INCOMPLETE]") });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText("Grace Hopper-Lee");
  await mine.getByTestId("application-link").click();
  await expect(page).toHaveURL(/\/identity\/individual\/operation-activity\?applicationId=/);
  await expect(page.getByLabel("Number of incoming payments a month")).not.toHaveValue("");
  await chooseFirstOptions(page);
  await saveAndContinue(page);

  // Products.
  await expect(page).toHaveURL(/\/identity\/individual\/services\?applicationId=/);
  await page.getByRole("group", { name: "Products" }).getByRole("checkbox").first().check();
  await saveAndContinue(page);

  // Identity verification comes next (the default scheme's provider is the sandbox); leave it
  // for now and go on to the agreements through the step list.
  await expect(page).toHaveURL(/\/identity\/individual\/identity-verification\?applicationId=/);
  await list.getByRole("link", { name: "Agreements and declarations" }).click();

  // Agreements, address history, declarations. A submit without every agreement is refused on them.
  await page.getByLabel("Current address: country").selectOption("GB");
  await page.getByLabel("Current address: town or city").fill("Leeds");
  await page.getByLabel("Current address: postcode").fill("LS1 4DY");
  await page.getByLabel("Current address: address line 1").fill("12 Park Row");
  await page.getByLabel("Living at the current address since").fill("2012-03-01");
  for (const question of [/convicted/, /civil proceedings/, /dismissed/, /refused a licence/])
    await page.getByRole("group", { name: question }).getByLabel("No").check();
  await page.getByLabel(/I confirm that the information I gave is true/).check();
  const agreements = page.getByTestId("agreement");
  const count = await agreements.count();
  expect(count, "the individual agreements to sign").toBeGreaterThan(0);
  const download = await page.request.get((await agreements.first().getByRole("link").getAttribute("href"))!);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-disposition"]).toContain("attachment");
  await saveAndContinue(page);
  await expect(page).toHaveURL(/\/identity\/individual\/sign\?applicationId=/);
  await expect(page.locator("#agreements-error")).toBeVisible();
  await expect(page.getByLabel("Living at the current address since")).toHaveValue("2012-03-01");
  await page.waitForLoadState("domcontentloaded"); // every box parsed before they are counted
  for (const box of await page.getByRole("checkbox", { name: /I have read and accept/ }).all()) await box.check();
  await saveAndContinue(page);

  // Check answers: every step with a Change link; submit refused while verification is missing.
  await expect(page).toHaveURL(/\/identity\/individual\/check-answers\?applicationId=/);
  await expect(page.locator("[data-testid=check-section][data-step=personal-data]")).toContainText("12.04.1988");
  await expect(page.locator("[data-testid=check-section][data-step=sign]")).toContainText(`${count} of ${count} signed`);
  await expect(
    page.locator("[data-testid=check-section][data-step=activities]").getByRole("link", { name: /Change/ }),
  ).toHaveAttribute("href", `/identity/individual/activities?applicationId=${applicationId}`);
  await page.getByRole("button", { name: "Submit application" }).click();
  await expect(page).toHaveURL(/\/identity\/individual\/check-answers\?applicationId=/);
  const errors = page.getByTestId("check-errors");
  await expect(errors.locator("li")).toHaveCount(1);
  await expect(list.locator("li[data-step=identity-verification]")).toHaveAttribute("data-state", "error");

  // The error links to its step: verify there (sandbox), continue to the agreements, then check answers.
  await errors.getByRole("link", { name: "Identity verification" }).click();
  await expect(page).toHaveURL(`/identity/individual/identity-verification?applicationId=${applicationId}`);
  await page.getByLabel(/^Approve/).check();
  await page.getByRole("button", { name: "Verify my identity (sandbox)" }).click();
  await expect(page.getByTestId("verification-status")).toHaveAttribute("data-status", "COMPLETED");
  await page.getByTestId("continue").click();
  await expect(page).toHaveURL(/\/identity\/individual\/sign\?applicationId=/);
  await expect(page.getByTestId("agreement").first()).toContainText("Signed on");
  await saveAndContinue(page);
  await expect(page).toHaveURL(/\/identity\/individual\/check-answers\?applicationId=/);
  await expect(page.getByTestId("check-errors")).toHaveCount(0);
  // A second tab on a step, left open while the application is submitted from the first.
  const other = await page.context().newPage();
  await other.goto(`/identity/individual/activities?applicationId=${applicationId}`);
  await page.getByRole("button", { name: "Submit application" }).click();

  // Submitted: the list says so; the pages are read-only.
  await expect(page).toHaveURL(/\/identity\?submitted=/);
  await expect(page.getByTestId("submitted-notice")).toBeVisible();
  const submitted = page.getByTestId("application").filter({ hasText: "Grace Hopper-Lee" });
  await expect(submitted.getByTestId("application-status")).toHaveAttribute("data-status", "READY_TO_REVIEW");
  await expect(page.getByTestId("start-individual")).toHaveCount(0);
  await page.goto(`/identity/individual/activities?applicationId=${applicationId}`);
  await expect(page.getByTestId("read-only")).toBeVisible();
  await expect(page.getByTestId("step-form")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save and continue" })).toHaveCount(0);
  await expect(page.getByText("Analytical Engines Ltd")).toBeVisible();
  // The second tab's save meets the submitted application: read-only, saying what was typed was not saved.
  await other.getByLabel("Name of employer").fill("Difference Engines Ltd");
  await other.getByRole("button", { name: "Save and continue" }).click();
  await expect(other.getByTestId("not-saved")).toBeVisible();
  await expect(other.getByTestId("read-only")).toBeVisible();
  await expect(other.getByText("Analytical Engines Ltd")).toBeVisible();
  await other.close();

  // The bank approves it (staff command): ACCEPTED on the list.
  await staffCommand(page, ["application:approve", applicationId]);
  await page.goto("/identity");
  await expect(
    page.getByTestId("application").filter({ hasText: "Grace Hopper-Lee" }).getByTestId("application-status"),
  ).toHaveAttribute("data-status", "ACCEPTED");
}

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("an individual application from /identity to submitted, with a refused field corrected and a come-back-later", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await completeIndividualApplication(page, CUSTOMERS.applicantJsOff);
  });
});

test.describe("JavaScript on", () => {
  test("an individual application completed, approved, and the new account used", async ({ page }) => {
    test.setTimeout(180_000);
    scanEachStep = true;
    try {
      await completeIndividualApplication(page, CUSTOMERS.applicantJsOn);
    } finally {
      scanEachStep = false;
    }
    // Identified now: the banking pages open, with the first account the approval opened.
    await page.goto("/home");
    await expect(page).toHaveURL(/\/home$/);
    for (const currency of ["GBP", "EUR", "USD"]) await expect(page.getByTestId(`balance-${currency}`)).toHaveText(/0\.00/);
  });

  test("unsaved-changes dialog, draft kept when a page is left, axe on the identity pages", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, CUSTOMERS.unidentified);
    await page.goto("/identity");
    await expectNoAxeViolations(page, "/identity");

    // A company application: the first step creates it (partial save, back to the list).
    await page.goto("/identity/corporate/country-and-name?new=1");
    await expectNoAxeViolations(page, "country-and-name");
    await page.getByLabel("Company name").fill("Axe Probe Ltd");
    await page.getByRole("button", { name: "Save and come back later" }).click();
    await expect(page).toHaveURL(/\/identity\?saved=/);
    const applicationId = new URL(page.url()).searchParams.get("saved")!;

    // Registration information: SIC search, yes/no, errors; axe with the errors shown.
    await page.goto(`/identity/corporate/registration-information?applicationId=${applicationId}`);
    await page.waitForLoadState("networkidle"); // hydrated: the form posts through Remix
    await page.getByLabel("Search SIC codes").fill("software");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/sicSearch=software/);
    await expect(page.getByRole("group", { name: "SIC codes" }).getByRole("checkbox").first()).toBeVisible();
    await page.getByRole("group", { name: "SIC codes" }).getByRole("checkbox").first().check();
    await page.getByLabel("Date of incorporation").fill("2099-01-01");
    // Wait for the save's answer before navigating away, or the navigation can overtake the save.
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("registration-information"));
    await page.getByRole("button", { name: "Save and come back later" }).click();
    await saved;
    await page.goto(`/identity/corporate/registration-information?applicationId=${applicationId}`);
    await expect(page.locator("#dateOfIncorporation-error")).toBeVisible();
    await expectNoAxeViolations(page, "registration-information with errors");

    // Unsaved changes: a step-list link opens the dialog; cancel stays, save and close saves and leaves.
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Company number").fill("01234567");
    const stepLink = page.getByTestId("step-list").locator("div").first().getByRole("link", { name: "Company name and country" });
    await stepLink.click();
    const dialog = page.getByRole("dialog", { name: "You have unsaved changes" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, "unsaved-changes dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/registration-information/);
    await stepLink.click();
    await dialog.getByRole("button", { name: "Save and close" }).click();
    await expect(page).toHaveURL(/\/identity\/corporate\/country-and-name\?applicationId=/);
    await page.goto(`/identity/corporate/registration-information?applicationId=${applicationId}`);
    await expect(page.getByLabel("Company number")).toHaveValue("01234567");

    // Left by another way (typed URL): the draft is sent and shown when the page comes back.
    await page.waitForLoadState("networkidle"); // hydrated: leaving sends the draft
    await page.getByLabel("VAT number").fill("GB123456789");
    await page.goto("/identity");
    await expect
      .poll(async () => {
        await page.goto(`/identity/corporate/registration-information?applicationId=${applicationId}`);
        return page.getByLabel("VAT number").inputValue();
      })
      .toBe("GB123456789");

    // Typed before the page's JavaScript started (a slow phone), left after: still a change, so
    // the unsaved-changes dialog opens and "Save and close" keeps it.
    const release = await holdBuildFiles(page);
    await page.goto(`/identity/corporate/registration-information?applicationId=${applicationId}`, { waitUntil: "commit" });
    await page.getByLabel("Company number").fill("07654321");
    release();
    await page.waitForFunction(() => "__remixRouter" in window);
    await page.waitForLoadState("networkidle");
    await page.unroute("**/build/**");
    await expect(page.getByLabel("Company number")).toHaveValue("07654321");
    await stepLink.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Save and close" }).click();
    await expect(page).toHaveURL(/\/identity\/corporate\/country-and-name\?applicationId=/);
    await page.goto(`/identity/corporate/registration-information?applicationId=${applicationId}`);
    await expect(page.getByLabel("Company number")).toHaveValue("07654321");

    await page.goto(`/identity/corporate/check-answers?applicationId=${applicationId}`);
    await expectNoAxeViolations(page, "check answers");
  });
});
