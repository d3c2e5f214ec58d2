/**
 * The special steps of an onboarding application (issue 8; spec 001 §2, §3, §5) with JavaScript
 * off: on a corporate application of the unidentified demo applicant (created through the API,
 * named by `?applicationId=`), the company documents (a real PDF uploaded, listed, downloaded
 * with its bytes, refused for another customer, removed; a file that is not what its name says
 * refused on its category's input), a company official added with an invalid field and fixed,
 * changed and removed after a confirmation, "Continue" refused then accepted, and the sandbox
 * identity verification (no outcome chosen → error; reject; approve → Continue goes on); a double
 * submit of the official's form adds one official (its key). With JavaScript: the official's
 * Save disabled while sent, and its form guarded by the unsaved-changes popup. Then axe-core on
 * each page, in a JavaScript-enabled context (axe needs page scripts), error states included.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { dateBounds } from "../../server/rules/applications/validate";
import { allowValidationAnswers, CUSTOMERS, DEMO_PASSWORD, expect, login, signIn, test } from "./fixtures";
import { axeScan } from "./layout-helpers";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF");

/** A bearer session of a customer through the API's login (any customer: identified or not). */
async function bearer(request: APIRequestContext, phone: string): Promise<string> {
  const post = async (path: string, data: unknown) => {
    const res = await request.post(`/api/v1${path}`, { data });
    expect(res.status(), `POST ${path}`).toBeLessThan(300);
    return res.json();
  };
  const challenge = await post("/auth/phone", { phone });
  const verified = await post("/auth/verify-code", { token: challenge.token, code: challenge.debugCode });
  return (await post("/auth/verify-password", { token: verified.token, password: DEMO_PASSWORD })).accessToken;
}

/** A new corporate application of the unidentified demo applicant (first step saved); returns its id. */
async function corporateApplication(request: APIRequestContext, companyName: string): Promise<string> {
  const token = await bearer(request, CUSTOMERS.unidentified);
  const res = await request.post("/api/v1/clients-applications/corporates", {
    headers: { authorization: `Bearer ${token}` },
    data: { step: "country-and-name", values: { companyName, countryOfIncorporationId: "GB" } },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id;
}

async function expectNoViolations(page: Page, label: string) {
  const results = await axeScan(page);
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

const q = (id: string) => `applicationId=${id}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The company official's fields of a director, as the add form posts them. */
const DIRECTOR = {
  role: "DIRECTOR",
  lastName: "Clicked",
  dob: "1970-01-01",
  nationalityId: "GB",
  natureOfControl: "DIRECT_CONTROL",
};

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("documents, company officials and sandbox identity verification of a corporate application", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const id = await corporateApplication(page.request, "Special Steps Ltd");
    await login(page, CUSTOMERS.unidentified);

    // ---- add-documents: Continue refused while the required category is empty.
    await page.goto(`/identity/corporate/add-documents?${q(id)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Company documents");
    const certificate = page.locator("[data-testid=document-category][data-category=INCORPORATION_CERTIFICATE]");
    await expect(certificate.getByRole("heading")).toContainText("(required)");
    await expect(certificate.locator("input[type=file]")).toHaveAttribute("accept", /\.pdf/);
    await expect(certificate.getByText(".pdf, .png, .jpg, .xlsx, .docx and etc.")).toBeVisible();
    await page.getByTestId("continue").click();
    await expect(page.getByRole("alert")).toContainText("Upload at least one file of Certificate of incorporation.");
    await expect(page.locator("#files-INCORPORATION_CERTIFICATE-error")).toBeVisible();

    // A text file named .pdf: refused by its bytes, on this category's input.
    await certificate
      .locator("input[type=file]")
      .setInputFiles({ name: "fake.pdf", mimeType: "application/pdf", buffer: Buffer.from("not a pdf") });
    await certificate.getByRole("button", { name: "Upload" }).click();
    await expect(page.locator("#files-INCORPORATION_CERTIFICATE-error")).toHaveText("Attach a PDF, PNG, JPG, XLSX or DOCX file");
    await expect(page.getByRole("alert").getByRole("link")).toHaveAttribute("href", "#files-INCORPORATION_CERTIFICATE");

    // A real PDF: listed with its size; the download gives its bytes, to the applicant only.
    await certificate
      .locator("input[type=file]")
      .setInputFiles({ name: "certificate.pdf", mimeType: "application/pdf", buffer: PDF });
    await certificate.getByRole("button", { name: "Upload" }).click();
    await expect(page).toHaveURL(/notice=uploaded/);
    await expect(page.getByTestId("notice")).toHaveText("Your files were uploaded.");
    const link = certificate.getByRole("link", { name: "certificate.pdf" });
    await expect(link).toBeVisible();
    await expect(certificate.getByTestId("document")).toContainText(`(${PDF.length} bytes)`);
    const href = (await link.getAttribute("href"))!;
    const download = await page.request.get(href);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("application/pdf");
    expect(download.headers()["content-disposition"]).toContain("certificate.pdf");
    expect(Buffer.compare(await download.body(), PDF)).toBe(0);
    const stranger = await browser.newContext({ javaScriptEnabled: false, baseURL: new URL(page.url()).origin });
    const strangerPage = await stranger.newPage();
    await login(strangerPage, CUSTOMERS.individual);
    expect((await strangerPage.request.get(href)).status()).toBe(404);
    await stranger.close();

    // Removed: the category is empty again; then uploaded once more and Continue goes on to sign.
    await certificate.getByRole("button", { name: "Remove certificate.pdf" }).click();
    await expect(page).toHaveURL(/notice=removed/);
    await expect(certificate.getByTestId("document")).toHaveCount(0);
    await certificate
      .locator("input[type=file]")
      .setInputFiles({ name: "certificate.pdf", mimeType: "application/pdf", buffer: PDF });
    await certificate.getByRole("button", { name: "Upload" }).click();
    await expect(certificate.getByTestId("document")).toHaveCount(1);
    await page.getByTestId("continue").click();
    await expect(page).toHaveURL(new RegExp(`/identity/corporate/sign\\?${q(id)}$`));

    // ---- cof: Continue refused without officials.
    await page.goto(`/identity/corporate/cof?${q(id)}`);
    await expect(page.getByTestId("officials-none")).toBeVisible();
    await page.getByTestId("continue").click();
    await expect(page.getByRole("alert")).toContainText("Add at least one director, shareholder or ultimate beneficial owner.");

    // Add one with an invalid email: refused on the field, the form comes back filled.
    await page.getByTestId("add-official").click();
    await expect(page).toHaveURL(new RegExp(`/identity/corporate/cof/new\\?${q(id)}$`));
    // The birthday picker offers 18 to 130 years ago, as the step pages' (spec 001 §5 minimum age 18).
    const birthdays = dateBounds("adult", new Date().toISOString().slice(0, 10));
    await expect(page.getByLabel("Date of birth")).toHaveAttribute("max", birthdays.max);
    await expect(page.getByLabel("Date of birth")).toHaveAttribute("min", birthdays.min);
    await page.getByRole("group", { name: "Role" }).getByLabel("Director").check();
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill("Hopper");
    await page.getByLabel("Email address").fill("grace@");
    await page.getByLabel("Date of birth").fill("1970-12-09");
    await page.getByLabel("Nationality").selectOption("US");
    await page.getByLabel("Position").fill("Director");
    await page.getByRole("group", { name: "Nature of control" }).getByLabel("Direct", { exact: true }).check();
    const addKey = await page.locator("input[name=idempotencyKey]").inputValue();
    expect(addKey).toMatch(UUID);
    await page.getByTestId("save-official").click();
    await expect(page.getByRole("alert").getByRole("link")).toHaveAttribute("href", "#email");
    // Refused: the form comes back under the same key (the add it names has not happened yet).
    await expect(page.locator("input[name=idempotencyKey]")).toHaveValue(addKey);
    await expect(page.locator("#email-error")).toBeVisible();
    await expect(page.locator("#email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#firstName")).toHaveValue("Grace");
    await expect(page.locator("#nationalityId")).toHaveValue("US");
    await expect(page.locator("#role")).toBeChecked();
    await page.getByLabel("Email address").fill("grace@example.com");
    await page.getByTestId("save-official").click();
    await expect(page).toHaveURL(/\/identity\/corporate\/cof\?.*notice=added/);
    const official = page.getByTestId("official");
    await expect(official).toHaveCount(1);
    await expect(official).toContainText("Grace Hopper");
    await expect(official).toContainText("Director");
    await expect(official).toContainText("Direct");

    // Change it; remove it after the confirmation page; add it back and continue.
    await official.getByRole("link", { name: "Change Grace Hopper" }).click();
    await expect(page.locator("#email")).toHaveValue("grace@example.com");
    await page.getByLabel("Percentage of shares").fill("25");
    await page.getByTestId("save-official").click();
    await expect(official).toContainText("25.00 %");
    await official.getByRole("link", { name: "Remove Grace Hopper" }).click();
    await expect(page.getByText("Remove Grace Hopper from the application?")).toBeVisible();
    await page.getByTestId("confirm-remove").click();
    await expect(page).toHaveURL(/notice=removed/);
    await expect(page.getByTestId("officials-none")).toBeVisible();
    await page.getByTestId("add-official").click();
    await page.getByRole("group", { name: "Role" }).getByLabel("Shareholder").check();
    await page.getByLabel("First name").fill("Alan");
    await page.getByLabel("Last name").fill("Turing");
    await page.getByLabel("Date of birth").fill("1960-06-23");
    await page.getByLabel("Nationality").selectOption("GB");
    await page.getByLabel("Percentage of shares").fill("100");
    await page.getByRole("group", { name: "Nature of control" }).getByLabel("Indirect").check();
    await page.getByTestId("save-official").click();
    await expect(page.getByTestId("official")).toContainText("Alan Turing");
    await page.getByTestId("continue").click();
    await expect(page).toHaveURL(new RegExp(`/identity/corporate/add-documents\\?${q(id)}$`));

    // ---- identity-verification (corporate scheme: SANDBOX).
    await page.goto(`/identity/corporate/identity-verification?${q(id)}`);
    await expect(page.getByTestId("verification-status")).toHaveText("Not started");
    await page.getByRole("button", { name: "Verify my identity (sandbox)" }).click();
    await expect(page.locator("#outcome-error")).toHaveText("Choose the result of the check");
    await page.getByTestId("continue").click();
    await expect(page.getByRole("alert")).toContainText("Complete the identity check before you continue.");
    await page.getByLabel("Reject: my identity is not confirmed").check();
    await page.getByRole("button", { name: "Verify my identity (sandbox)" }).click();
    await expect(page.getByTestId("verification-status")).toHaveText("Not verified");
    await page.getByLabel("Approve: my identity is confirmed").check();
    await page.getByRole("button", { name: "Verify my identity (sandbox)" }).click();
    await expect(page.getByTestId("verification-status")).toHaveText("Verified");
    await expect(page.getByTestId("sandbox-form")).toHaveCount(0);
    await page.getByTestId("continue").click();
    await expect(page).toHaveURL(new RegExp(`/identity/corporate/cof-agreements\\?${q(id)}$`));
  });

  test("a double submit of the company official's form (two posts under its key) adds one official", async ({ page }) => {
    const id = await corporateApplication(page.request, "Double Official Ltd");
    await signIn(page, CUSTOMERS.unidentified);
    await page.goto(`/identity/corporate/cof/new?${q(id)}`);
    const form = page.getByTestId("official-form");
    const key = await form.locator("input[name=idempotencyKey]").inputValue();
    expect(key).toMatch(UUID);
    const action = new URL((await form.getAttribute("action"))!, page.url());
    const fields = {
      csrf: await form.locator("input[name=csrf]").inputValue(),
      intent: "save",
      idempotencyKey: key,
      ...DIRECTOR,
      firstName: "Twice",
    };
    const path = action.pathname + action.search;
    const [a, b] = await Promise.all([
      page.request.post(path, { form: fields, maxRedirects: 0 }),
      page.request.post(path, { form: fields, maxRedirects: 0 }),
    ]);
    for (const res of [a, b]) expect(res.status(), await res.text()).toBe(302);
    expect(a.headers()["location"]).toMatch(/\/identity\/corporate\/cof\?.*notice=added/);
    await page.goto(`/identity/corporate/cof?${q(id)}`);
    await expect(page.getByTestId("official")).toHaveCount(1);
    await expect(page.getByTestId("official")).toContainText("Twice Clicked");
  });
});

test("JavaScript on: the company official's Save is disabled while it is sent, a double click adds one official, and the form is guarded", async ({
  page,
  consoleErrors,
}) => {
  const id = await corporateApplication(page.request, "Busy Button Ltd");
  await signIn(page, CUSTOMERS.unidentified);
  await page.goto(`/identity/corporate/cof/new?${q(id)}`);
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.getByRole("group", { name: "Role" }).getByLabel("Director").check();
  await page.getByLabel("First name").fill("Busy");
  await page.getByLabel("Last name").fill(DIRECTOR.lastName);
  await page.getByLabel("Date of birth").fill(DIRECTOR.dob);
  await page.getByLabel("Nationality").selectOption(DIRECTOR.nationalityId);
  await page.getByRole("group", { name: "Nature of control" }).getByLabel("Direct", { exact: true }).check();
  // The add is held on its way, so the button can be seen while the form is being sent.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === "/identity/corporate/cof/new",
    async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    },
  );
  const save = page.getByTestId("save-official");
  await save.dblclick();
  await expect(save).toBeDisabled();
  await expect(save).toHaveAttribute("aria-busy", "true");
  release();
  await expect(page).toHaveURL(/\/identity\/corporate\/cof\?.*notice=added/);
  // Whether the second click was sent or not, its key makes it the same add.
  await expect(page.getByTestId("official")).toHaveCount(1);
  await expect(page.getByTestId("official")).toContainText("Busy Clicked");
  await page.unroute((url) => url.pathname === "/identity/corporate/cof/new");

  // Unsaved changes (spec 001 §2): the official's form is guarded like a step form. An untouched
  // form asks nothing.
  const official = page.getByTestId("official");
  await official.getByRole("link", { name: "Change Busy Clicked" }).click();
  await expect(page.getByTestId("official-form")).toBeVisible();
  await page.getByTestId("identity-back").click();
  await expect(page).toHaveURL(new RegExp(`/identity/corporate/cof\\?${q(id)}$`));
  // Changed: the back link opens the popup; Cancel stays with what was typed.
  await official.getByRole("link", { name: "Change Busy Clicked" }).click();
  await page.getByLabel("Position").fill("Chair");
  const dialog = page.getByRole("dialog", { name: "You have unsaved changes" });
  await page.getByTestId("identity-back").click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/identity\/corporate\/cof\/[0-9a-f-]{36}\?/);
  await expect(page.getByLabel("Position")).toHaveValue("Chair");
  // The logo too; "Save and close" saves the official and goes on to the link.
  await page.locator("header a[href='/identity']").click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Save and close" }).click();
  await expect(page).toHaveURL(/\/identity$/);
  await page.goto(`/identity/corporate/cof?${q(id)}`);
  await expect(official).toContainText("Chair");
  // "Close without saving" leaves it as saved.
  await page.waitForFunction(() => "__remixRouter" in window);
  await official.getByRole("link", { name: "Change Busy Clicked" }).click();
  await page.getByLabel("Position").fill("Not saved");
  await page.getByTestId("identity-back").click();
  await dialog.getByRole("button", { name: "Close without saving" }).click();
  await expect(page).toHaveURL(new RegExp(`/identity/corporate/cof\\?${q(id)}$`));
  await expect(official).toContainText("Chair");
  // An add refused by the API is unsaved too: leaving it asks (what was typed is only on the page).
  await page.getByTestId("add-official").click();
  await page.getByLabel("First name").fill("Refused");
  await page.getByTestId("save-official").click();
  await expect(page.locator("#lastName-error")).toBeVisible();
  await page.getByTestId("identity-back").click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByLabel("First name")).toHaveValue("Refused");
  allowValidationAnswers(consoleErrors, "/identity/corporate/cof/new");
});

test("the special step pages have no WCAG 2.1 AA violations", async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  const id = await corporateApplication(page.request, "Axe Special Ltd");
  await signIn(page, CUSTOMERS.unidentified);
  await page.goto(`/identity/corporate/identity-verification?${q(id)}`);
  await expectNoViolations(page, "identity-verification");
  await page.getByRole("button", { name: "Verify my identity (sandbox)" }).click();
  await expect(page.locator("#outcome-error")).toBeVisible();
  await expectNoViolations(page, "identity-verification with an error");

  await page.goto(`/identity/corporate/cof/new?${q(id)}`);
  await expectNoViolations(page, "cof/new");
  await page.getByTestId("save-official").click();
  await expect(page.locator("#firstName-error")).toBeVisible();
  await expectNoViolations(page, "cof/new with errors");
  await page.getByRole("group", { name: "Role" }).getByLabel("Director").check();
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Date of birth").fill("1980-12-10");
  await page.getByLabel("Nationality").selectOption("GB");
  await page.getByRole("group", { name: "Nature of control" }).getByLabel("Direct", { exact: true }).check();
  await page.getByTestId("save-official").click();
  await expect(page.getByTestId("official")).toBeVisible();
  await expectNoViolations(page, "cof with an official");
  await page.getByTestId("official").getByRole("link", { name: "Remove Ada Lovelace" }).click();
  await expect(page.getByTestId("confirm-remove")).toBeVisible();
  await expectNoViolations(page, "cof removal confirmation");

  await page.goto(`/identity/corporate/add-documents?${q(id)}`);
  await expectNoViolations(page, "add-documents");
  await page.getByTestId("continue").click();
  await expect(page.locator("#files-INCORPORATION_CERTIFICATE-error")).toBeVisible();
  await expectNoViolations(page, "add-documents with an error");
  // The refused forms' 400 answers (fetched with JavaScript) are expected.
  for (const route of [
    "/identity/corporate/identity-verification",
    "/identity/corporate/cof/new",
    "/identity/corporate/add-documents",
  ]) {
    allowValidationAnswers(consoleErrors, route);
  }
});

test.describe("country names in the page's language", () => {
  test.use({ locale: "de-DE", javaScriptEnabled: false });

  test("a company official's nationality select names and sorts the countries in German", async ({ page }) => {
    const id = await corporateApplication(page.request, "Nationalität GmbH");
    await signIn(page, CUSTOMERS.unidentified);
    await page.goto(`/identity/corporate/cof/new?${q(id)}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    const select = page.locator("select[name=nationalityId]");
    await expect(select.locator("option[value=DE]")).toHaveText("Deutschland");
    await expect(select.locator("option[value=AT]")).toHaveText("Österreich");
    const names = (await select.locator("option:not([value=''])").allTextContents()).map((n) => n.trim());
    expect(names.length).toBeGreaterThanOrEqual(249);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "de")));
  });
});
