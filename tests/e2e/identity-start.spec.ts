/**
 * Starting an application never loses what was typed nor makes a second one (docs/decisions.md
 * "Starting an application"): the first step's address (`?new=<creation key>`) names the
 * application its save made, so the browser's Back from the second step shows the first step as
 * saved (its address with the application id), saving it again updates that application, and a
 * double submit without JavaScript makes one company. Switching language on a step keeps what
 * was typed (the switcher sends the step form). JavaScript off and on, one applicant each.
 */
import type { Page } from "@playwright/test";
import { CUSTOMERS, expect, holdBuildFiles, signIn, test } from "./fixtures";

const KEYED = /\?new=[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The applications on /identity whose name contains `name`. */
async function applicationsNamed(page: Page, name: string) {
  await page.goto("/identity");
  return page.getByTestId("application").filter({ hasText: name });
}

for (const javaScriptEnabled of [false, true]) {
  const applicant = javaScriptEnabled ? CUSTOMERS.startJsOn : CUSTOMERS.startJsOff;
  const mode = javaScriptEnabled ? "on" : "off";

  test.describe(`starting an application, JavaScript ${mode}`, () => {
    test.use({ javaScriptEnabled });

    /** Wait for hydration with JavaScript (the save is then Remix's fetch, Back a client navigation). */
    const ready = async (page: Page) => {
      if (javaScriptEnabled) await page.waitForFunction(() => "__remixRouter" in window);
    };
    /** With JavaScript, the identity layout's watcher loaded (a chunk loaded once hydration is done). */
    const hydrated = async (page: Page) => {
      if (javaScriptEnabled) await expect(page.locator("body[data-identity-watch=ready]")).toBeAttached();
    };

    test("Back from the second step shows the first as saved; saving it again makes no second company", async ({ page }) => {
      const company = `Back Button ${mode} Ltd`;
      await signIn(page, applicant);
      await page.goto("/identity");
      // A start link clicked while the page hydrated was lost once: the history Back, shown at
      // hydration, moved it (mended: docs/decisions.md "Nothing moves under a tap while a page hydrates").
      await hydrated(page);
      await page.getByTestId("start-corporate").click();
      await expect(page).toHaveURL(KEYED);
      await ready(page);
      await page.getByLabel("Company name").fill(company);
      await page.getByLabel("Country of incorporation").selectOption("GB");
      await page.getByRole("button", { name: "Save and continue" }).click();
      await expect(page).toHaveURL(/\/identity\/corporate\/personal-data\?applicationId=[0-9a-f-]{36}$/);
      const id = new URL(page.url()).searchParams.get("applicationId")!;

      // Back: the first step of that application, as saved (not a blank form).
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/identity/corporate/country-and-name\\?applicationId=${id}$`));
      await expect(page.getByLabel("Company name")).toHaveValue(company);
      await expect(page.getByTestId("step-list").locator("li[data-step=personal-data]").first()).not.toHaveAttribute(
        "data-state",
        "disabled",
      );
      // Back again leaves the application for the list (the first step is not a trap).
      await page.goBack();
      await expect(page).toHaveURL(/\/identity$/);
      await page.goForward();
      await expect(page).toHaveURL(new RegExp(`/identity/corporate/country-and-name\\?applicationId=${id}$`));

      // Saved again (changed): the same application.
      await ready(page);
      await page.getByLabel("Company name").fill(`${company} Group`);
      await page.getByRole("button", { name: "Save and continue" }).click();
      await expect(page).toHaveURL(new RegExp(`/identity/corporate/personal-data\\?applicationId=${id}$`));
      await expect(await applicationsNamed(page, company)).toHaveCount(1);
      await expect(await applicationsNamed(page, `${company} Group`)).toHaveCount(1);
    });

    test("the personal application: Back shows it saved, and a start link or ?new=1 opens it again", async ({ page }) => {
      await signIn(page, applicant);
      await page.goto("/identity");
      // A start link clicked while the page hydrated was lost once: the history Back, shown at
      // hydration, moved it (mended: docs/decisions.md "Nothing moves under a tap while a page hydrates").
      await hydrated(page);
      await page.getByTestId("start-individual").click();
      await expect(page).toHaveURL(KEYED);
      await ready(page);
      await page.getByLabel("First name").fill("Startwell");
      await page.getByLabel("Last name").fill(`Backer ${mode}`);
      await page.getByLabel("Tax identification number").fill("QQ123456C"); // the rest comes from the profile
      await page.getByRole("button", { name: "Save and continue" }).click();
      await expect(page).toHaveURL(/\/identity\/individual\/(additional-information|activities)\?applicationId=[0-9a-f-]{36}$/);
      const id = new URL(page.url()).searchParams.get("applicationId")!;
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/identity/individual/personal-data\\?applicationId=${id}$`));
      await expect(page.getByLabel("First name")).toHaveValue("Startwell");
      // An old start address resumes the open application instead of a blank form that would be refused.
      await page.goto("/identity/individual/personal-data?new=1");
      await expect(page).toHaveURL(new RegExp(`/identity/individual/personal-data\\?applicationId=${id}$`));
      await expect(page.getByLabel("Last name")).toHaveValue(`Backer ${mode}`);
      await expect(page.getByTestId("step-form")).not.toContainText("already have an application");
    });
  });
}

for (const javaScriptEnabled of [false, true]) {
  const applicant = javaScriptEnabled ? CUSTOMERS.startJsOn : CUSTOMERS.startJsOff;
  const mode = javaScriptEnabled ? "on" : "off";

  test.describe(`switching language on a step, JavaScript ${mode}`, () => {
    test.use({ javaScriptEnabled });

    /** Choose a language in the identity footer's switcher. */
    const switchTo = async (page: Page, language: string, lang: string) => {
      if (javaScriptEnabled) await page.waitForFunction(() => "__remixRouter" in window);
      const switcher = page.getByTestId("language-switcher");
      await switcher.locator("select[name=lng]").selectOption({ label: language });
      await switcher.getByTestId("language-submit").click();
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
    };

    test("what was typed on a new application's first step and on a later step survives the switch", async ({ page }) => {
      const company = `Sprachwechsel ${mode} GmbH`;
      await signIn(page, applicant);
      await page.goto("/identity");
      await page.getByTestId("start-corporate").click();
      await expect(page).toHaveURL(KEYED);
      // Typed, not saved; the switch keeps it (the application is created, as "save and come back later").
      if (javaScriptEnabled) await page.waitForFunction(() => "__remixRouter" in window);
      await page.getByLabel("Company name").fill(company);
      await switchTo(page, "Deutsch", "de");
      await expect(page).toHaveURL(/\/identity\/corporate\/country-and-name\?applicationId=[0-9a-f-]{36}$/);
      const id = new URL(page.url()).searchParams.get("applicationId")!;
      await expect(page.locator("input[name=companyName]")).toHaveValue(company);

      // A later step of the application: typed (one value invalid), switched back, all still there.
      await page.goto(`/identity/corporate/registration-information?applicationId=${id}`);
      await page.locator("input[name=companyNumber]").fill("SW123456");
      await page.locator("input[name=websiteLink]").fill("not a web address");
      // The textarea starts small, grows with its lines up to its limit, then scrolls (spec 001 §5).
      const box = page.locator("textarea[name=businessDescription]");
      const height = async () => (await box.boundingBox())!.height;
      await expect(box).toHaveAttribute("rows", "3");
      const start = await height();
      await box.fill("line\n".repeat(5));
      const five = await height();
      expect(five).toBeGreaterThan(start);
      await box.fill("line\n".repeat(30));
      const thirty = await height();
      expect(thirty).toBeGreaterThan(five);
      await box.fill("line\n".repeat(40));
      expect(await height()).toBe(thirty);
      expect(await box.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      await box.fill("Übersetzungen");
      await switchTo(page, "English", "en");
      await expect(page).toHaveURL(new RegExp(`/identity/corporate/registration-information\\?applicationId=${id}$`));
      await expect(page.getByLabel("Company number")).toHaveValue("SW123456");
      await expect(page.locator("input[name=websiteLink]")).toHaveValue("not a web address");
      await expect(page.locator("textarea[name=businessDescription]")).toHaveValue("Übersetzungen");
      // Kept as the step's draft: not saved as answers, no errors shown for it.
      await expect(page.getByRole("alert")).toHaveCount(0);
      await expect(await applicationsNamed(page, company)).toHaveCount(1);
    });

    test("an untouched first step creates nothing when the language changes", async ({ page }) => {
      await signIn(page, applicant);
      await page.goto("/identity");
      const before = await page.getByTestId("application").count();
      await page.getByTestId("start-corporate").click();
      await expect(page).toHaveURL(KEYED);
      const here = page.url();
      await switchTo(page, "Deutsch", "de");
      expect(page.url()).toBe(here);
      await page.goto("/identity");
      await expect(page.getByTestId("application")).toHaveCount(before);
    });
  });
}

test.describe("a double submit of the first step, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the two posts (a double click) make one company, and both lead to its second step", async ({ page }) => {
    const company = "Double Click Ltd";
    await signIn(page, CUSTOMERS.startJsOff);
    await page.goto("/identity");
    await page.getByTestId("start-corporate").click();
    await expect(page).toHaveURL(KEYED);
    const form = page.getByTestId("step-form");
    const action = new URL((await form.getAttribute("action"))!, page.url());
    expect(action.search).toMatch(KEYED);
    const fields = {
      csrf: await form.locator("input[name=csrf]").inputValue(),
      companyName: company,
      countryOfIncorporationId: "GB",
      intent: "continue",
      returnTo: "",
    };
    const path = action.pathname + action.search;
    const [a, b] = await Promise.all([
      page.request.post(path, { form: fields, maxRedirects: 0 }),
      page.request.post(path, { form: fields, maxRedirects: 0 }),
    ]);
    for (const res of [a, b]) expect(res.status(), await res.text()).toBe(302);
    expect(a.headers()["location"]).toMatch(/\/identity\/corporate\/personal-data\?applicationId=[0-9a-f-]{36}$/);
    expect(b.headers()["location"]).toBe(a.headers()["location"]);
    await expect(await applicationsNamed(page, company)).toHaveCount(1);
    // The first step's address (Back, or the page reloaded) is that application's first step.
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`country-and-name\\?applicationId=`));
    await expect(page.getByLabel("Company name")).toHaveValue(company);
  });
});

test.describe("the identity Back button without a back link (spec 001 §2)", () => {
  test("JavaScript on: /identity reached from another page offers Back to that page", async ({ page }) => {
    await signIn(page, CUSTOMERS.startJsOn);
    await page.goto("/identity/individual/personal-data");
    await page.waitForFunction(() => "__remixRouter" in window);
    const before = page.url();
    await page.locator("header a[href='/identity']").click(); // the brand
    await expect(page).toHaveURL(/\/identity$/);
    await expect(page.getByTestId("identity-back")).toHaveCount(0);
    const back = page.getByTestId("back-button");
    await expect(back).toBeVisible();
    await expect(back).toHaveText("Back");
    await back.click();
    await expect(page).toHaveURL(before);
  });

  test("JavaScript on: nothing moves when the page hydrates and Back shows (a tap while it loads lands where aimed)", async ({
    page,
  }) => {
    await signIn(page, CUSTOMERS.startJsOn);
    // A tab with history (more than 2 entries): the Back shows once hydrated.
    await page.goto("/identity/individual/personal-data");
    await page.goto("/identity/corporate/country-and-name");
    // The scripts (not the stylesheets) held back until the server's page is measured, as on a slow network.
    const release = await holdBuildFiles(page, "**/build/**/*.js");
    await page.goto("/identity", { waitUntil: "commit" });
    const start = page.getByTestId("start-corporate");
    await expect(start).toBeVisible();
    const before = await start.boundingBox();
    await expect(page.getByTestId("back-button")).toBeHidden();
    release();
    await expect(page.locator("body[data-identity-watch=ready]")).toBeAttached();
    await expect(page.getByTestId("back-button")).toBeVisible();
    expect(await start.boundingBox(), "the start link where it was before hydration").toEqual(before);
  });

  test.describe("JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("/identity without a back link shows no Back control", async ({ page }) => {
      await signIn(page, CUSTOMERS.startJsOff);
      await page.goto("/identity/individual/personal-data");
      await page.goto("/identity");
      await expect(page.getByTestId("start-corporate")).toBeVisible();
      await expect(page.getByTestId("back-button")).toBeHidden();
      await expect(page.getByTestId("identity-back")).toHaveCount(0);
      // The line kept for the history's Back takes no room without JavaScript.
      expect(await page.getByTestId("history-back-line").boundingBox()).toBeNull();
    });
  });
});
