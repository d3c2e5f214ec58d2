/**
 * The long answers of a company application, JavaScript off (an old phone) and on (issue 8 "an
 * applicant must never lose what they typed; every error translated, on its field; the form
 * comes back filled"):
 * - a description typed up to its limit with line breaks (the browser's maxlength counts a break
 *   as one character; a plain form post, without JavaScript, sends it as CR LF) is saved as
 *   typed, without an error;
 * - every country chosen as a country of interest (a shift-click selects the whole list) comes
 *   back as the field's own error, translated, with the choice kept: in English, then in German
 *   after the language switch, with the description still there;
 * - the company documents against a hostile upload: a file over 10 MiB is refused on its
 *   category's input, translated; a PDF named .html is filed under a .pdf name (the download
 *   saves as a PDF); another customer's remove of the applicant's document is a 404 and the
 *   document stays;
 * - a company official's form half filled comes back filled after the language switch (the
 *   switcher sends it along), and saves one official.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { allowValidationAnswers, CUSTOMERS, DEMO_PASSWORD, expect, login, signIn, test } from "./fixtures";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF");

/** A new corporate application of the unidentified demo applicant (first step saved through the API); returns its id. */
async function corporateApplication(request: APIRequestContext, companyName: string): Promise<string> {
  const post = async (path: string, data: unknown, token?: string) => {
    const res = await request.post(`/api/v1${path}`, { data, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect(res.status(), `POST ${path}`).toBeLessThan(300);
    return res.json();
  };
  const challenge = await post("/auth/phone", { phone: CUSTOMERS.unidentified });
  const verified = await post("/auth/verify-code", { token: challenge.token, code: challenge.debugCode });
  const { accessToken } = await post("/auth/verify-password", { token: verified.token, password: DEMO_PASSWORD });
  const app = await post(
    "/clients-applications/corporates",
    { step: "country-and-name", values: { companyName, countryOfIncorporationId: "GB" } },
    accessToken,
  );
  return app.id;
}

for (const javaScriptEnabled of [false, true]) {
  const mode = javaScriptEnabled ? "on" : "off";
  test.describe(`JavaScript ${mode}`, () => {
    test.use({ javaScriptEnabled });

    const ready = async (page: Page) => {
      if (javaScriptEnabled) await page.waitForFunction(() => "__remixRouter" in window);
    };

    test("a description typed to its limit with line breaks is saved as typed; every country chosen is the field's own error, translated, the choice kept", async ({
      page,
    }) => {
      const id = await corporateApplication(page.request, `Long Answers ${mode} Ltd`);
      await login(page, CUSTOMERS.unidentified);
      const step = `/identity/corporate/registration-information?applicationId=${id}`;
      await page.goto(step);
      await ready(page);

      // 2000 characters as the browser counts them: 20 lines of 99 letters, each with its line break.
      const line = "Weaving and finishing of cotton fabrics for upholstery, sold to retailers".padEnd(99, ".");
      const typed = `${line}\n`.repeat(20);
      const box = page.locator("textarea[name=businessDescription]");
      await expect(box).toHaveAttribute("maxlength", "2000");
      await box.fill(typed);
      expect(await box.evaluate((el: HTMLTextAreaElement) => [el.textLength, el.validity.tooLong])).toEqual([2000, false]);
      const countries = page.locator("select[name=countriesOfInterestIds]");
      const all = await countries.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      expect(all.length).toBeGreaterThan(60);
      await countries.selectOption(all);
      await page.getByLabel("Company number").fill("11234567");
      await page.getByRole("button", { name: "Save and come back later" }).click();
      await expect(page).toHaveURL(/\/identity\?saved=/);

      await page.goto(step);
      await ready(page);
      await expect(box).toHaveValue(typed.trim());
      await expect(page.locator("#businessDescription-error")).toHaveCount(0);
      await expect(page.locator("#countriesOfInterestIds-error")).toHaveText("Countries you do business with: choose at most 50");
      await expect(countries).toHaveAttribute("aria-invalid", "true");
      const chosen = () => countries.evaluate((el: HTMLSelectElement) => [...el.selectedOptions].length);
      await expect.poll(chosen).toBe(all.length); // once the page is parsed to the last option
      await expect(page.getByLabel("Company number")).toHaveValue("11234567");

      // The language switch sends the form: the choice and the description stay, the error reads German.
      const switcher = page.getByTestId("language-switcher");
      await switcher.locator("select[name=lng]").selectOption({ label: "Deutsch" });
      await switcher.getByTestId("language-submit").click();
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      await expect(page.locator("#countriesOfInterestIds-error")).toHaveText(
        "Länder, mit denen Sie Geschäfte machen: Wählen Sie höchstens 50",
      );
      await expect.poll(chosen).toBe(all.length); // once the page is parsed to the last option
      await expect(box).toHaveValue(typed.trim());
      await expect(page.locator("#businessDescription-error")).toHaveCount(0);
    });

    test("company documents: a file over 10 MiB and a PDF named .html; another customer cannot remove the applicant's document", async ({
      page,
      browser,
      baseURL,
      consoleErrors,
    }) => {
      const id = await corporateApplication(page.request, `Hostile Files ${mode} Ltd`);
      await login(page, CUSTOMERS.unidentified);
      const step = `/identity/corporate/add-documents?applicationId=${id}`;
      await page.goto(step);
      await ready(page);
      const certificate = page.locator("[data-testid=document-category][data-category=INCORPORATION_CERTIFICATE]");
      const upload = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
        await certificate.locator("input[type=file]").setInputFiles(file);
        await certificate.getByRole("button", { name: "Upload" }).click();
      };

      await upload({ name: "big.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x25) });
      await expect(page.locator("#files-INCORPORATION_CERTIFICATE-error")).toHaveText(
        "The file is too large: each file can be at most 10 MB",
      );
      await expect(page.getByRole("alert").getByRole("link")).toHaveAttribute("href", "#files-INCORPORATION_CERTIFICATE");
      await expect(certificate.getByTestId("document")).toHaveCount(0);

      await upload({ name: "certificate.html", mimeType: "text/html", buffer: PDF });
      await expect(page).toHaveURL(/notice=uploaded/);
      const link = certificate.getByRole("link", { name: "certificate.html.pdf" });
      await expect(link).toBeVisible();
      const download = await page.request.get((await link.getAttribute("href"))!);
      expect(download.headers()["content-type"]).toBe("application/pdf");
      expect(download.headers()["content-disposition"]).toContain('filename="certificate.html.pdf"');

      // Another customer posts the removal of this document (with their own form token): not theirs, 404.
      const documentId = await certificate.locator("input[name=documentId]").first().inputValue();
      const stranger = await browser.newContext({ baseURL, javaScriptEnabled });
      const strangerPage = await stranger.newPage();
      await login(strangerPage, CUSTOMERS.individual);
      const { csrf } = (await (await strangerPage.request.get("/home?_data=root")).json()) as { csrf: string };
      const removal = await strangerPage.request.post(step, {
        form: { csrf, intent: "remove", documentId },
        maxRedirects: 0,
      });
      expect(removal.status()).toBe(404);
      await stranger.close();
      await page.reload();
      await expect(certificate.getByTestId("document")).toHaveCount(1);
      allowValidationAnswers(consoleErrors, "/identity/corporate/add-documents"); // the refused file's 400, on purpose
    });

    test("a company official's form half filled survives the language switch, in the chosen language", async ({ page }) => {
      const id = await corporateApplication(page.request, `Official Language ${mode} Ltd`);
      await signIn(page, CUSTOMERS.unidentified);
      await page.goto(`/identity/corporate/cof/new?applicationId=${id}`);
      await ready(page);
      await page.getByRole("group", { name: "Role" }).getByLabel("Director").check();
      await page.getByLabel("First name").fill("Ada");
      await page.getByLabel("Last name").fill("Lovelace");
      await page.getByLabel("Position").fill("Finance director");
      const switcher = page.getByTestId("language-switcher");
      await switcher.locator("select[name=lng]").selectOption({ label: "Deutsch" });
      await switcher.getByTestId("language-submit").click();
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      await expect(page).toHaveURL(new RegExp(`/identity/corporate/cof/new\\?applicationId=${id}$`));
      await expect(page.locator("input[name=firstName]")).toHaveValue("Ada");
      await expect(page.locator("input[name=lastName]")).toHaveValue("Lovelace");
      await expect(page.locator("input[name=position]")).toHaveValue("Finance director");
      await expect(page.locator("input[name=role][value=DIRECTOR]")).toBeChecked();
      // Nothing saved yet, nothing refused: no error, no session-expiry notice.
      await expect(page.locator("[id$=-error]")).toHaveCount(0);
      await expect(page.getByTestId("kept-answers")).toHaveCount(0);
      // Finished and saved in German: one official added, under the add's key.
      await ready(page);
      await page.locator("input[name=dob]").fill("1970-01-01");
      await page.locator("select[name=nationalityId]").selectOption("GB");
      await page.locator("input[name=natureOfControl][value=DIRECT_CONTROL]").check();
      await page.getByTestId("save-official").click();
      await expect(page).toHaveURL(new RegExp(`/identity/corporate/cof\\?applicationId=${id}&notice=added$`));
      await expect(page.getByTestId("official")).toHaveCount(1);
      await expect(page.getByTestId("official")).toContainText("Lovelace");
    });
  });
}
