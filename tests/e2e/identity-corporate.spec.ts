/**
 * Onboarding of a company on the web (issue 8 "Tests"; spec 001 §2 corporate routes, §3
 * corporate fields, §5 errors), with JavaScript OFF, by the seeded applicant Tariq Mensah
 * (+447700900007: not identified, Mensah Textiles Ltd half filled; no other browser spec uses him,
 * so approving his company here does not change the customer the other identity specs start from).
 *
 * 1. Come back another day, on another device: his seeded application continues at identity
 *    verification; he verifies (sandbox), signs the representative's agreements, fills part of
 *    the company addresses and saves for later. The browser context is closed; a new one logs in:
 *    /identity continues at the company addresses, every saved value is on its step page.
 * 2. A whole new company application through the pages only: the fourteen steps of spec 001 §2
 *    (SIC codes found with the no-JavaScript search button, a website refused then corrected, a
 *    director added, a real PDF uploaded as the certificate of incorporation), check your
 *    answers, submit (READY_TO_REVIEW on /identity), the staff approval, and the company's home.
 *    Every page on the way (an error state included) is also scanned by axe-core in a
 *    JavaScript-enabled context on the same URL and cookies (axe needs page scripts:
 *    /work/shared/design.md testing facts).
 * 3. With JavaScript (another applicant): a follow-up question's fields are hidden from the first
 *    paint until their answer, and nothing moves when the page hydrates.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { CUSTOMERS, DEMO_PASSWORD, expect, holdBuildFiles, login, signIn, staffCommand, test } from "./fixtures";
import { axeScan } from "./layout-helpers";

/** The seeded corporate applicant (README demo customers). */
const TARIQ = "+447700900007";

/**
 * A small, well-formed one-page PDF (header, objects, cross-reference table with the real byte
 * offsets, trailer): what the document upload checks by its magic bytes, and what a viewer opens.
 */
function onePagePdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets = objects.map((o, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) body += `${String(at).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** Log in a new JavaScript-off context (a new device); returns its page. */
async function newDevice(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await login(page, TARIQ, DEMO_PASSWORD);
  return { context, page };
}

async function saveAndContinue(page: Page) {
  await page.getByRole("button", { name: "Save and continue" }).last().click();
}

/** The page's path and query, for expectations on where a form led. */
function here(page: Page): string {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
}

function stepUrl(step: string, id: string): RegExp {
  return new RegExp(`/identity/corporate/${step}\\?applicationId=${id}$`);
}

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a half-filled company application resumes in a new browser context with every saved value", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // ---- First device: the seeded application continues at identity verification.
    const first = await newDevice(browser, baseURL!);
    const p1 = first.page;
    await expect(p1).toHaveURL(/\/identity$/);
    const seeded = p1.getByTestId("application").filter({ hasText: "Mensah Textiles Ltd" });
    await expect(seeded.getByTestId("application-status")).toHaveAttribute("data-status", "INCOMPLETE");
    await seeded.getByTestId("application-link").click();
    await expect(p1).toHaveURL(/\/identity\/corporate\/identity-verification\?applicationId=[0-9a-f-]{36}$/);
    const id = new URL(p1.url()).searchParams.get("applicationId")!;
    await p1.getByLabel("Approve: my identity is confirmed").check();
    await p1.getByRole("button", { name: "Verify my identity (sandbox)" }).click();
    await expect(p1.getByTestId("verification-status")).toHaveText("Verified");
    await p1.getByTestId("continue").click();

    await expect(p1).toHaveURL(stepUrl("cof-agreements", id));
    const repAgreements = p1.getByRole("checkbox", { name: /I have read and accept/ });
    // The URL commits before the page is parsed: wait for the whole document, then count.
    await p1.waitForLoadState("domcontentloaded");
    await expect(repAgreements.first()).toBeVisible();
    for (const box of await repAgreements.all()) await box.check();
    await saveAndContinue(p1);

    // Part of the company addresses, then "Save and come back later".
    await expect(p1).toHaveURL(stepUrl("business-data", id));
    await p1.getByLabel("Registered address: country").selectOption("GB");
    await p1.getByLabel("Registered address: town or city").fill("Manchester");
    await p1.getByLabel("Registered address: postcode").fill("M4 6BF");
    await p1.getByLabel("Registered address: address line 1").fill("Unit 3, Ancoats Mill");
    // The business address is asked for the answer "No" only: hidden until it is chosen, shown
    // then without JavaScript too (CSS); unanswered, the correspondence address stays hidden.
    await expect(p1.getByLabel("Business address: town or city")).toBeHidden();
    await p1.getByRole("group", { name: "Is the business address the same as the registered address?" }).getByLabel("No").check();
    await expect(p1.getByLabel("Correspondence address: town or city")).toBeHidden();
    await p1.getByLabel("Business address: town or city").fill("Salford");
    await p1.getByRole("button", { name: "Save and come back later" }).click();
    await expect(p1).toHaveURL(new RegExp(`/identity\\?saved=${id}$`));
    await first.context.close();

    // ---- Another device (a new context): /identity continues at the company addresses.
    await login(page, TARIQ);
    await expect(page).toHaveURL(/\/identity$/);
    const resumed = page.getByTestId("application").filter({ hasText: "Mensah Textiles Ltd" });
    await expect(resumed.getByTestId("application-status")).toHaveAttribute("data-status", "INCOMPLETE");
    await resumed.getByTestId("application-link").click();
    await expect(page).toHaveURL(stepUrl("business-data", id));
    await expect(page.getByLabel("Registered address: country")).toHaveValue("GB");
    await expect(page.getByLabel("Registered address: town or city")).toHaveValue("Manchester");
    await expect(page.getByLabel("Registered address: postcode")).toHaveValue("M4 6BF");
    await expect(page.getByLabel("Registered address: address line 1")).toHaveValue("Unit 3, Ancoats Mill");
    await expect(page.getByLabel("Registered address: address line 2 (optional)")).toHaveValue("");
    const sameBusiness = page.getByRole("group", { name: "Is the business address the same as the registered address?" });
    await expect(sameBusiness.getByLabel("No")).toBeChecked();
    await expect(page.getByLabel("Business address: town or city")).toHaveValue("Salford");
    const sameCorrespondence = page.getByRole("group", {
      name: "Is the correspondence address the same as the registered address?",
    });
    await expect(sameCorrespondence.getByLabel("Yes")).not.toBeChecked();
    await expect(sameCorrespondence.getByLabel("No")).not.toBeChecked();

    // The steps before: what the seed saved and what the first device saved.
    const list = page.getByTestId("step-list").locator("div").first();
    for (const done of ["country-and-name", "personal-data", "identity-verification", "cof-agreements"])
      await expect(list.locator(`li[data-step=${done}]`)).toHaveAttribute("data-state", "checked");
    await page.goto(`/identity/corporate/country-and-name?applicationId=${id}`);
    await expect(page.getByLabel("Company name")).toHaveValue("Mensah Textiles Ltd");
    await expect(page.getByLabel("Country of incorporation")).toHaveValue("GB");
    await page.goto(`/identity/corporate/personal-data?applicationId=${id}`);
    await expect(page.getByLabel("First name")).toHaveValue("Tariq");
    await expect(page.getByLabel("Position in the company")).toHaveValue("Managing director");
    await list.locator("li[data-step=cof-additional-infromation] a").click();
    await expect(page).toHaveURL(
      new RegExp(`/identity/corporate/[0-9a-f-]{36}/cof-additional-infromation\\?applicationId=${id}$`),
    );
    await expect(page.getByLabel("Phone number")).toHaveValue(TARIQ);
    await expect(page.getByLabel("Home address: address line 1")).toHaveValue("14 Piccadilly");
    await expect(page.getByRole("group", { name: /politically exposed/ }).getByLabel("No")).toBeChecked();
    await page.goto(`/identity/corporate/identity-verification?applicationId=${id}`);
    await expect(page.getByTestId("verification-status")).toHaveText("Verified");
    await page.goto(`/identity/corporate/cof-agreements?applicationId=${id}`);
    for (const box of await page.getByRole("checkbox", { name: /I have read and accept/ }).all()) await expect(box).toBeChecked();
    await page.goto(`/identity/corporate/check-answers?applicationId=${id}`);
    await expect(page.locator("[data-testid=check-section][data-step=business-data]")).toContainText("Ancoats Mill");
  });

  test("a whole company application through the pages: fourteen steps, check answers, submit, approval, the company's home (axe on every page)", async ({
    page,
    browser,
    baseURL,
  }) => {
    // Eighteen axe scans besides the flow: minutes on a loaded two-core machine.
    test.setTimeout(360_000);
    // axe-core needs page scripts: a JavaScript-enabled context on the same URLs with the same cookies
    // (explicitly enabled: a context made here inherits the describe's javaScriptEnabled: false).
    const axeContext = await browser.newContext({ baseURL, javaScriptEnabled: true });
    const axePage = await axeContext.newPage();
    const axeChecked: string[] = [];
    const axe = async (label: string) => {
      await axeContext.clearCookies();
      await axeContext.addCookies(await page.context().cookies());
      await axePage.goto(here(page));
      const results = await axeScan(axePage);
      const summary = results.violations.map(
        (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      );
      expect.soft(summary, `axe violations on ${label} (${here(page)})`).toEqual([]);
      axeChecked.push(label);
    };

    await login(page, TARIQ);
    await expect(page).toHaveURL(/\/identity$/);
    await axe("/identity");
    await page.getByTestId("start-corporate").click();

    // 1. Company name and country: the first save creates the application.
    await expect(page).toHaveURL(/\/identity\/corporate\/country-and-name\?new=[0-9a-f-]{36}$/);
    await axe("country-and-name (new)");
    await page.getByLabel("Company name").fill("Mensah Looms Ltd");
    await page.getByLabel("Country of incorporation").selectOption("GB");
    await saveAndContinue(page);

    // 2. The main representative's personal details, pre-filled from the profile.
    await expect(page).toHaveURL(/\/identity\/corporate\/personal-data\?applicationId=[0-9a-f-]{36}$/);
    const id = new URL(page.url()).searchParams.get("applicationId")!;
    await axe("personal-data");
    await expect(page.getByLabel("First name")).toHaveValue("Tariq");
    await expect(page.getByLabel("Last name")).toHaveValue("Mensah");
    await page.getByLabel("Email address").fill("tariq@mensahlooms.co.uk");
    await page.getByLabel("Date of birth").fill("1984-09-03");
    await page.getByLabel("Nationality").selectOption("GB");
    await page.getByLabel("Position in the company").fill("Founder and director");
    await saveAndContinue(page);

    // 3. The representative's details: /identity/corporate/{mainRepresentativeId}/cof-additional-infromation.
    await expect(page).toHaveURL(
      new RegExp(`/identity/corporate/[0-9a-f-]{36}/cof-additional-infromation\\?applicationId=${id}$`),
    );
    await axe("cof-additional-infromation");
    await page.getByLabel("Phone number").fill(TARIQ);
    await page.getByLabel("National Insurance number").fill("QQ123456C");
    await page.getByLabel("Home address: country").selectOption("GB");
    await page.getByLabel("Home address: town or city").fill("Manchester");
    await page.getByLabel("Home address: postcode").fill("M1 1AE");
    await page.getByLabel("Home address: address line 1").fill("14 Piccadilly");
    await page
      .getByRole("group", { name: /politically exposed/ })
      .getByLabel("No")
      .check();
    await saveAndContinue(page);

    // 4. Identity verification (the corporate scheme's SANDBOX provider).
    await expect(page).toHaveURL(stepUrl("identity-verification", id));
    await axe("identity-verification");
    await page.getByLabel("Approve: my identity is confirmed").check();
    await page.getByRole("button", { name: "Verify my identity (sandbox)" }).click();
    await expect(page.getByTestId("verification-status")).toHaveText("Verified");
    await page.getByTestId("continue").click();

    // 5. The representative's agreements.
    await expect(page).toHaveURL(stepUrl("cof-agreements", id));
    await axe("cof-agreements");
    await page.waitForLoadState("domcontentloaded"); // every box parsed before they are counted
    for (const box of await page.getByRole("checkbox", { name: /I have read and accept/ }).all()) await box.check();
    await saveAndContinue(page);

    // 6. Company addresses.
    await expect(page).toHaveURL(stepUrl("business-data", id));
    await axe("business-data");
    await page.getByLabel("Registered address: country").selectOption("GB");
    await page.getByLabel("Registered address: town or city").fill("Manchester");
    await page.getByLabel("Registered address: postcode").fill("M4 6BF");
    await page.getByLabel("Registered address: address line 1").fill("Unit 5, Ancoats Mill");
    for (const question of [/business address the same/, /correspondence address the same/])
      await page.getByRole("group", { name: question }).getByLabel("Yes").check();
    await saveAndContinue(page);

    // 7. Registration information: SIC codes through the search button (no JavaScript), a website refused then corrected.
    await expect(page).toHaveURL(stepUrl("registration-information", id));
    await page.getByLabel("Date of incorporation").fill("2019-05-14");
    await page.getByLabel("Company number").fill("11234567");
    await page.getByLabel("Search SIC codes").fill("weaving");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/sicSearch=weaving/);
    await expect(page.getByLabel("Company number")).toHaveValue("11234567"); // the search saved what was typed
    const sic = page.getByRole("group", { name: "SIC codes" }).getByRole("checkbox");
    await expect(sic.first()).toBeVisible();
    const sicLabels = await sic.evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).labels?.[0]?.textContent ?? ""));
    expect(
      sicLabels.every((l) => /weav/i.test(l)),
      sicLabels.join(" | "),
    ).toBe(true);
    const cotton = sic.filter({ hasText: /cotton/i }).first();
    const sicChoice = (await cotton.count()) ? cotton : sic.first();
    const sicValue = await sicChoice.getAttribute("value");
    await axe("registration-information with SIC search results");
    await sicChoice.check();
    await page.getByLabel("Website").fill("mensah looms");
    await page.getByLabel("Countries you do business with").selectOption(["GB", "GH"]);
    await page
      .getByLabel("Describe the company's business")
      .fill("Weaving of cotton fabrics for upholstery, sold to UK retailers.");
    await page.getByRole("group", { name: "Does the business need a licence?" }).getByLabel("No").check();
    await page.getByLabel("VAT number").fill("GB123456789");
    await saveAndContinue(page);
    // Saved as far as valid; the refused website comes back as typed, in the summary and on the field.
    await expect(page).toHaveURL(stepUrl("registration-information", id));
    const problem = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(problem.getByRole("link", { name: /web/i })).toHaveAttribute("href", "#websiteLink");
    await expect(page.getByLabel("Website")).toHaveValue("mensah looms");
    await expect(page.getByLabel("Website")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#websiteLink-error")).toBeVisible();
    await expect(page.getByLabel("VAT number")).toHaveValue("GB123456789");
    await expect(page.locator(`input[name=sicCodes][value="${sicValue}"]`)).toBeChecked();
    await expect(
      page.getByTestId("step-list").locator("div").first().locator("li[data-step=registration-information]"),
    ).toHaveAttribute("data-state", /error|active/);
    await axe("registration-information with an error");
    await page.getByLabel("Website").fill("https://www.mensahlooms.co.uk");
    await saveAndContinue(page);

    // 8. Additional information: licence, regulatory and compliance questions.
    await expect(page).toHaveURL(stepUrl("additional-information", id));
    await axe("additional-information");
    await page.getByLabel("Number of branches").fill("1");
    await page.getByLabel("Number of agents").fill("0");
    await page.getByLabel("Accountant: name and contact details").fill("Ledger & Co, 1 King Street, Manchester");
    const yesNoQuestions = page.locator("fieldset").filter({ has: page.locator("input[type=radio][value=NO]") });
    const questions = await yesNoQuestions.count();
    expect(questions).toBe(10);
    for (let i = 0; i < questions; i++) await yesNoQuestions.nth(i).locator("input[type=radio][value=NO]").check();
    await yesNoQuestions.filter({ hasText: "transactions" }).locator("input[type=radio][value=YES]").check();
    await page.getByLabel("What kind of transaction monitoring do you use?").fill("Monthly manual review of large payments");
    await saveAndContinue(page);

    // 9. Suppliers and customers (the corporate scheme enables them).
    await expect(page).toHaveURL(stepUrl("suppliers-customers", id));
    await axe("suppliers-customers");
    await page.getByLabel("Your main suppliers").fill("Cotton mills in Egypt and India");
    await page.getByLabel("Your main customers").fill("Furniture retailers in the UK");
    await saveAndContinue(page);

    // 10. Expected monthly activity: the seven ranges.
    await expect(page).toHaveURL(stepUrl("operation-activity", id));
    await axe("operation-activity");
    const ranges = page.locator("form[data-testid=step-form] select");
    await expect(ranges).toHaveCount(7);
    for (const select of await ranges.all()) await select.selectOption({ index: 1 });
    await saveAndContinue(page);

    // 11. Services: products and delivery channels.
    await expect(page).toHaveURL(stepUrl("services", id));
    await axe("services");
    await page.getByRole("group", { name: "Products" }).getByLabel("Business current account").check();
    await page.getByRole("group", { name: "Products" }).getByLabel("UK payments").check();
    await page.getByRole("group", { name: "Delivery channels" }).getByLabel("Online banking").check();
    await saveAndContinue(page);

    // 12. Company officials: a director.
    await expect(page).toHaveURL(stepUrl("cof", id));
    await page.getByTestId("add-official").click();
    await expect(page).toHaveURL(new RegExp(`/identity/corporate/cof/new\\?applicationId=${id}$`));
    await page.getByRole("group", { name: "Role" }).getByLabel("Director").check();
    await page.getByLabel("First name").fill("Abena");
    await page.getByLabel("Last name").fill("Mensah");
    await page.getByLabel("Email address").fill("abena@mensahlooms.co.uk");
    await page.getByLabel("Date of birth").fill("1986-02-21");
    await page.getByLabel("Nationality").selectOption("GH");
    await page.getByLabel("Position").fill("Director");
    await page.getByLabel("Percentage of shares").fill("50");
    await page.getByRole("group", { name: "Nature of control" }).getByLabel("Direct", { exact: true }).check();
    await page.getByTestId("save-official").click();
    await expect(page).toHaveURL(/\/identity\/corporate\/cof\?.*notice=added/);
    await expect(page.getByTestId("official")).toContainText("Abena Mensah");
    await axe("cof with a director");
    await page.getByTestId("continue").click();

    // 13. Documents: a real PDF as the certificate of incorporation.
    await expect(page).toHaveURL(stepUrl("add-documents", id));
    const pdf = onePagePdf("Certificate of incorporation: Mensah Looms Ltd");
    const certificate = page.locator("[data-testid=document-category][data-category=INCORPORATION_CERTIFICATE]");
    await certificate
      .locator("input[type=file]")
      .setInputFiles({ name: "incorporation.pdf", mimeType: "application/pdf", buffer: pdf });
    await certificate.getByRole("button", { name: "Upload" }).click();
    await expect(page).toHaveURL(/notice=uploaded/);
    await expect(certificate.getByRole("link", { name: "incorporation.pdf" })).toBeVisible();
    await expect(certificate.getByTestId("document")).toContainText(`(${pdf.length} bytes)`);
    await axe("add-documents with a file");
    await page.getByTestId("continue").click();

    // 14. Agreements and declarations, with the three-year address history.
    await expect(page).toHaveURL(stepUrl("sign", id));
    await axe("sign");
    await page.getByLabel("Current address: country").selectOption("GB");
    await page.getByLabel("Current address: town or city").fill("Manchester");
    await page.getByLabel("Current address: postcode").fill("M1 1AE");
    await page.getByLabel("Current address: address line 1").fill("14 Piccadilly");
    await page.getByLabel("Living at the current address since").fill("2015-06-01");
    for (const question of [/convicted/, /civil proceedings/, /dismissed/, /refused a licence/])
      await page.getByRole("group", { name: question }).getByLabel("No").check();
    await page.getByLabel(/I confirm that the information I gave is true/).check();
    const agreements = page.getByRole("checkbox", { name: /I have read and accept/ });
    await page.waitForLoadState("domcontentloaded"); // every box parsed before they are counted
    const signed = await agreements.count();
    expect(signed, "the company's agreements to sign").toBeGreaterThan(0);
    for (const box of await agreements.all()) await box.check();
    await saveAndContinue(page);

    // Check your answers: every step listed with a Change link, nothing in error; submit.
    await expect(page).toHaveURL(stepUrl("check-answers", id));
    await axe("check-answers");
    await expect(page.getByTestId("check-errors")).toHaveCount(0);
    const sections = page.getByTestId("check-section");
    await expect(sections).toHaveCount(14);
    const section = (step: string) => page.locator(`[data-testid=check-section][data-step=${step}]`);
    await expect(section("country-and-name")).toContainText("Mensah Looms Ltd");
    await expect(section("registration-information")).toContainText("https://www.mensahlooms.co.uk");
    await expect(section("registration-information")).toContainText(sicValue!);
    await expect(section("cof")).toContainText("1");
    await expect(section("add-documents")).toContainText("1");
    await expect(section("sign")).toContainText(`${signed} of ${signed} signed`);
    await expect(section("services").getByRole("link", { name: /Change/ })).toHaveAttribute(
      "href",
      `/identity/corporate/services?applicationId=${id}`,
    );
    await page.getByRole("button", { name: "Submit application" }).click();

    // Submitted: READY_TO_REVIEW on /identity.
    await expect(page).toHaveURL(/\/identity\?submitted=/);
    await expect(page.getByTestId("submitted-notice")).toBeVisible();
    const mine = page.getByTestId("application").filter({ hasText: "Mensah Looms Ltd" });
    await expect(mine.getByTestId("application-status")).toHaveAttribute("data-status", "READY_TO_REVIEW");

    // The bank approves it (staff command): the company's home, with its first account.
    await staffCommand(page, ["application:approve", id]);
    // The same session: the next page load already knows the new organization.
    await page.goto("/home");
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId("organization-name")).toHaveText("Mensah Looms Ltd");
    // Its first account, with a balance in each of the corporate scheme's currencies (GBP, EUR, USD).
    for (const currency of ["GBP", "EUR", "USD"]) await expect(page.getByTestId(`balance-${currency}`)).toHaveText(/0\.00/);
    await axe("/home of the new company");
    await page.goto("/identity");
    await expect(mine.getByTestId("application-status")).toHaveAttribute("data-status", "ACCEPTED");
    // A new login now lands on the company's home, not on /identity.
    await page.context().clearCookies();
    await login(page, TARIQ);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId("organization-name")).toHaveText("Mensah Looms Ltd");

    await axeContext.close();
    expect(axeChecked, "pages scanned by axe").toHaveLength(18);
  });
});

// A follow-up's fields with JavaScript: the server's page already hides what hydration hides, so
// nothing moves under a tap while the page loads (docs/decisions.md "Nothing moves under a tap
// while a page hydrates"); an answer chosen before the scripts start shows its fields at once.
// The start-page applicant with JavaScript (identity-start.spec.ts), on a company of its own.
test.describe("JavaScript on", () => {
  test("a follow-up question's fields: hidden until its answer from the first paint, nothing moves at hydration", async ({
    page,
  }) => {
    await signIn(page, CUSTOMERS.startJsOn);
    await page.goto("/identity/corporate/country-and-name?new=1");
    await page.getByLabel("Company name").fill("Follow-up Fabrics Ltd");
    await page.getByRole("button", { name: "Save and come back later" }).click();
    await expect(page).toHaveURL(/\/identity\?saved=/);
    const id = new URL(page.url()).searchParams.get("saved")!;
    const step = `/identity/corporate/business-data?applicationId=${id}`;
    const businessTown = page.getByLabel("Business address: town or city");
    const sameBusiness = page.getByRole("group", { name: "Is the business address the same as the registered address?" });
    const sameCorrespondence = page.getByRole("group", {
      name: "Is the correspondence address the same as the registered address?",
    });

    // The scripts (not the stylesheets) held back until the server's page is measured.
    let release = await holdBuildFiles(page, "**/build/**/*.js");
    await page.goto(step, { waitUntil: "commit" });
    await expect(sameCorrespondence).toBeVisible();
    await expect(businessTown).toBeHidden();
    const before = await sameCorrespondence.boundingBox();
    release();
    await expect(page.locator("body[data-identity-watch=ready]")).toBeAttached();
    await expect(businessTown).toBeHidden();
    expect(await sameCorrespondence.boundingBox(), "the question below where it was before hydration").toEqual(before);
    await page.unroute("**/build/**/*.js");

    // "No" chosen before the scripts start: its fields show at once, and stay once hydrated.
    release = await holdBuildFiles(page, "**/build/**/*.js");
    await page.goto(step, { waitUntil: "commit" });
    await sameBusiness.getByLabel("No").check();
    await expect(businessTown).toBeVisible();
    release();
    await expect(page.locator("body[data-identity-watch=ready]")).toBeAttached();
    await expect(businessTown).toBeVisible();
    await businessTown.fill("Salford");
    await expect(page.getByLabel("Correspondence address: town or city")).toBeHidden();
  });
});
