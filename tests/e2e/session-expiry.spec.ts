/**
 * Session expiry (issue 10; spec 000 §4, §9; PSD2 RTS Art. 4(3)(b): 5 minutes of inactivity).
 * The e2e server keeps the real 5-minute limit (a shorter one would pop the expiry popup in the
 * other specs), so:
 * - without JavaScript, the session cookie is re-sealed with a last activity 6 minutes ago (the
 *   e2e server uses the development session secret) and the next page lands on /auth/phone
 *   with the message, and the login returns to that page;
 * - with JavaScript, the page's clock is fast-forwarded to the warning and /session/status's
 *   `remainingMs` is shortened on the way (the server's answer otherwise), so Continue (a real
 *   POST /session/keepalive), Logout and reaching zero run against the real server.
 * The server rule itself is unit-tested with fake time (app/lib/api.server.test.ts).
 */
import type { Page } from "@playwright/test";
import { CUSTOMERS, DEMO_PASSWORD, expect, login, signIn, test } from "./fixtures";
import { ageSession, expectNoViolations, expireAccessToken, sessionTokens, watchReady } from "./layout-helpers";

/** The login steps from the current /auth/phone page (no wait for /home). */
async function loginHere(page: Page, phone: string) {
  await page.getByLabel(/phone/i).fill(phone);
  await page.locator("form button[type=submit]").first().click();
  const code = ((await page.getByTestId("debug-code").textContent()) ?? "").match(/\d{4}/)![0];
  await page.locator("input[name=code]").fill(code);
  const password = page.locator("input[name=password]");
  if (!(await password.isVisible().catch(() => false))) await page.locator("form button[type=submit]").first().click();
  await password.fill(DEMO_PASSWORD);
  await page.locator("form button[type=submit]").first().click();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an idle session lands on /auth/phone with a message and the login returns to the page", async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(page, CUSTOMERS.individual);
    await page.goto("/history");
    await ageSession(context, baseURL!, 6 * 60_000);
    await page.goto("/history?period=week");
    await expect(page).toHaveURL(/\/auth\/phone\?expired=1&returnTo=%2Fhistory%3Fperiod%3Dweek$/);
    await expect(page.getByTestId("session-expired")).toContainText("Your session expired");
    // The old session is gone (cookies cleared): the API session too, so nothing else opens.
    await loginHere(page, CUSTOMERS.individual);
    await expect(page).toHaveURL(/\/history\?period=week$/);
  });

  test("a session active within the limit stays signed in", async ({ page, context, baseURL }) => {
    await login(page, CUSTOMERS.individual);
    await ageSession(context, baseURL!, 4 * 60_000);
    await page.goto("/history");
    await expect(page).toHaveURL(/\/history$/);
  });

  test("returnTo never leaves the site", async ({ page }) => {
    await page.goto("/auth/phone?returnTo=%2F%2Fevil.example%2Fx");
    await loginHere(page, CUSTOMERS.individual);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/home$/);
  });
});

test.describe("with JavaScript", () => {
  /** Shorten what /session/status reports as left (null: the server's own answer). */
  async function shortenStatus(page: Page) {
    const state = { remaining: null as number | null };
    await page.route("**/session/status", async (route) => {
      try {
        const response = await route.fetch();
        const body = await response.json();
        if (body.signedIn && state.remaining !== null) body.remainingMs = state.remaining;
        await route.fulfill({ response, json: body });
      } catch (error) {
        // A check still in flight when the test ends (the popup's close re-arms the check at
        // once): the page is gone, and so is the request; nothing is left to answer.
        if (/disposed|closed|test ended/i.test(String(error))) return;
        throw error;
      }
    });
    return state;
  }

  test("the popup counts down; Continue keeps the session, Logout ends it", async ({ page }) => {
    await page.clock.install();
    await login(page, CUSTOMERS.individual);
    const status = await shortenStatus(page);
    await page.goto("/history");
    await watchReady(page);
    status.remaining = 45_000;
    await page.clock.fastForward("04:05");
    const popup = page.getByRole("dialog", { name: "Your session is about to expire" });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText(/logged out in 4\d s/);
    await expectNoViolations(page, "session-expiry popup");
    status.remaining = null;
    // Last activity two minutes ago on the server: Continue (a real keepalive) moves it to now.
    await ageSession(page.context(), new URL(page.url()).origin, 2 * 60_000);
    const left = async () => (await (await page.request.get("/session/status")).json()).remainingMs as number;
    expect(await left()).toBeLessThan(4 * 60_000);
    await popup.getByRole("button", { name: "Continue" }).click();
    await expect(popup).toHaveCount(0);
    expect(await left()).toBeGreaterThan(4 * 60_000);
    await expect(page).toHaveURL(/\/history$/);

    status.remaining = 30_000;
    await page.clock.fastForward("04:05");
    await expect(popup).toBeVisible();
    await popup.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/auth\/phone$/);
  });

  test("a page that answers 404 right after a token refresh keeps the rotated tokens in the cookie", async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    await signIn(page, CUSTOMERS.individual);
    await page.goto("/home");
    await page.waitForFunction(() => "__remixRouter" in window);
    const before = await expireAccessToken(context, baseURL!);
    // A navigation with JavaScript asks the new page's loader alone (?_data=): it refreshes the
    // tokens (the old refresh token is spent), then throws a bare 404 (no api.headers()).
    await page.evaluate(() =>
      (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate(
        "/payments/00000000-0000-4000-8000-00000000dead",
      ),
    );
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    // The 404 reached on purpose (its data request, logged by Chromium as a failed load).
    const expected = /status of 404 \(Not Found\) @ http:\/\/[^/]+\/payments\/00000000-0000-4000-8000-00000000dead\?_data=/;
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !expected.test(e)));
    const after = await sessionTokens(context, baseURL!);
    expect(after?.refreshToken).toBeTruthy();
    expect(after?.refreshToken).not.toBe(before.refreshToken);
    expect(Date.parse(after!.accessTokenExpiresAt)).toBeGreaterThan(Date.now());
    await page.goto("/history");
    await expect(page).toHaveURL(/\/history$/);
  });

  test("reaching zero logs out", async ({ page }) => {
    await page.clock.install();
    await login(page, CUSTOMERS.individual);
    const status = await shortenStatus(page);
    await page.goto("/home");
    await watchReady(page);
    status.remaining = 20_000;
    await page.clock.fastForward("04:05");
    const popup = page.getByRole("dialog", { name: "Your session is about to expire" });
    await expect(popup).toBeVisible();
    status.remaining = 0;
    await page.clock.fastForward(21_000);
    await expect(page).toHaveURL(/\/auth\/phone$/);
    await page.goto("/home");
    await expect(page).toHaveURL(/\/auth\/phone/);
  });

  test("a session found ended by the background check lands on the login, which returns to the page", async ({
    page,
    context,
    baseURL,
  }) => {
    await page.clock.install();
    await signIn(page, CUSTOMERS.individual);
    await page.goto("/history?period=week");
    await watchReady(page);
    // Ended on the server meanwhile (e.g. the device slept): the check before the popup finds it.
    await ageSession(context, baseURL!, 6 * 60_000);
    await page.clock.fastForward("04:05");
    await expect(page).toHaveURL(/\/auth\/phone\?expired=1&returnTo=%2Fhistory%3Fperiod%3Dweek$/);
    await loginHere(page, CUSTOMERS.individual);
    await expect(page).toHaveURL(/\/history\?period=week$/);
  });

  // The identity pages have the popup too (components/identity/IdentityWatchImpl.tsx).
  async function identityWatchReady(page: Page) {
    await expect(page.locator("body[data-identity-watch=ready]")).toBeAttached();
  }

  /**
   * A new company application's first step with the company name typed (not saved), the clock
   * fast-forwarded to the expiry popup, /session/status saying `remainingMs` are left.
   * @returns the popup and the status override (null: the server's own answer again)
   */
  async function typedStepWithPopup(page: Page, company: string, remainingMs: number) {
    await page.clock.install();
    await login(page, CUSTOMERS.unidentified);
    const status = await shortenStatus(page);
    await page.goto("/identity/corporate/country-and-name?new=1");
    await identityWatchReady(page);
    await page.getByLabel("Company name").fill(company);
    status.remaining = remainingMs;
    await page.clock.fastForward("04:05");
    const popup = page.getByRole("dialog", { name: "Your session is about to expire" });
    await expect(popup).toBeVisible();
    return { popup, status };
  }

  /** Landed on the login after the expiry; logging in again shows the step with the kept, unsaved answer. */
  async function expectKeptAfterLogin(page: Page, company: string) {
    await expect(page).toHaveURL(/\/auth\/phone\?expired=1&returnTo=%2Fidentity%2Fcorporate%2Fcountry-and-name/);
    await loginHere(page, CUSTOMERS.unidentified);
    await expect(page).toHaveURL(/\/identity\/corporate\/country-and-name/);
    await expect(page.getByTestId("kept-answers")).toBeVisible();
    await expect(page.getByLabel("Company name")).toHaveValue(company);
  }

  test("identity pages: the popup counts down and Continue keeps the session", async ({ page }) => {
    const { popup, status } = await typedStepWithPopup(page, "Popup Probe Ltd", 45_000);
    await expect(popup).toContainText(/logged out in 4\d s/);
    await expectNoViolations(page, "identity session-expiry popup");
    status.remaining = null;
    await popup.getByRole("button", { name: "Continue" }).click();
    await expect(popup).toHaveCount(0);
    // Still on the step, with what was typed.
    await expect(page).toHaveURL(/country-and-name/);
    await expect(page.getByLabel("Company name")).toHaveValue("Popup Probe Ltd");
  });

  test("identity pages: a Continue that comes after the limit keeps the changed step form's answers for the next login", async ({
    page,
    context,
    baseURL,
  }) => {
    const { popup } = await typedStepWithPopup(page, "Late Continue Ltd", 45_000);
    // The server's limit has passed (a tab that slept, a click in the last second) while the
    // popup still shows time left: the keepalive is refused, the session is not ended by it,
    // and the step form is sent, so the post meets the expired session and its answers are kept.
    await ageSession(context, baseURL!, 6 * 60_000);
    await popup.getByRole("button", { name: "Continue" }).click();
    await expectKeptAfterLogin(page, "Late Continue Ltd");
  });

  test("identity pages: reaching zero with a changed step form keeps its answers for the next login", async ({
    page,
    context,
    baseURL,
  }) => {
    await typedStepWithPopup(page, "Zero Kept Ltd", 20_000);
    // The server's limit passes as the countdown ends.
    await ageSession(context, baseURL!, 6 * 60_000);
    await page.clock.fastForward(21_000);
    await expectKeptAfterLogin(page, "Zero Kept Ltd");
  });

  test("identity pages: logging out with a changed step form saves its draft first", async ({ page }) => {
    await signIn(page, CUSTOMERS.unidentified);
    await page.goto("/identity/corporate/country-and-name?new=1");
    await page.getByLabel("Company name").fill("Draft On Logout Ltd");
    await page.getByRole("button", { name: "Save and come back later" }).click();
    await expect(page).toHaveURL(/\/identity\?saved=/);
    const applicationId = new URL(page.url()).searchParams.get("saved")!;
    const step = `/identity/corporate/registration-information?applicationId=${applicationId}`;
    await page.goto(step);
    await identityWatchReady(page);
    await page.getByLabel("Company number").fill("07654321");
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/auth\/phone/);
    await signIn(page, CUSTOMERS.unidentified);
    await page.goto(step);
    await expect(page.getByLabel("Company number")).toHaveValue("07654321");
  });
});

// An applicant who types longer than the inactivity limit keeps the answers (kept-form.server.ts).
for (const javaScriptEnabled of [false, true]) {
  test.describe(`an application step's answers survive the expiry, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the save meets an expired session; after logging in again the step shows what was typed, unsaved", async ({
      page,
      context,
      baseURL,
    }) => {
      const step = "/identity/corporate/country-and-name";
      const company = `Kept Answers ${javaScriptEnabled ? "On" : "Off"} Ltd`;
      await login(page, CUSTOMERS.unidentified);
      // A new application (other specs leave this customer's applications in progress); `?new=1`
      // is sent on to a fresh creation key, which the form posts to.
      await page.goto(`${step}?new=1`);
      const form = page.getByTestId("step-form");
      await expect(form).toBeVisible();
      // Hydrated (the identity pages have no layout script): the save is Remix's fetch, not a page post.
      if (javaScriptEnabled) await page.waitForFunction(() => "__remixRouter" in window);
      await form.getByLabel(/company name/i).fill(company);
      await form.locator("select[name=countryOfIncorporationId]").selectOption({ label: "Germany" });
      await ageSession(context, baseURL!, 6 * 60_000);
      await form.getByRole("button", { name: "Save and continue" }).click();
      await expect(page).toHaveURL(
        /\/auth\/phone\?expired=1&returnTo=%2Fidentity%2Fcorporate%2Fcountry-and-name%3Fnew%3D[0-9a-f-]{36}$/,
      );
      await expect(page.getByTestId("session-expired")).toContainText("Your session expired");
      await loginHere(page, CUSTOMERS.unidentified);
      await expect(page).toHaveURL(new RegExp(`${step}\\?new=[0-9a-f-]{36}$`));
      await expect(page.getByTestId("kept-answers")).toContainText("We kept what you typed on this device");
      await expect(page.getByTestId("step-form").getByLabel(/company name/i)).toHaveValue(company);
      await expect(page.locator("select[name=countryOfIncorporationId] option:checked")).toHaveText("Germany");
      if (javaScriptEnabled) {
        // Not saved, so leaving by a link asks first, although nothing was typed on this page.
        await page.waitForFunction(() => "__remixRouter" in window);
        await page.locator("header a[href='/identity']").click();
        const dialog = page.getByRole("dialog", { name: "You have unsaved changes" });
        await expect(dialog).toBeVisible();
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await expect(page.getByTestId("step-form").getByLabel(/company name/i)).toHaveValue(company);
      }
      // Shown once: the next visit shows the saved state (nothing was saved).
      await page.reload();
      await expect(page.getByTestId("kept-answers")).toHaveCount(0);
      await expect(page.getByTestId("step-form").getByLabel(/company name/i)).toHaveValue("");
    });
  });
}

/** A new corporate application of the unidentified applicant, its first step saved through the page; its id. */
async function newCorporateApplication(page: Page, company: string): Promise<string> {
  await page.goto("/identity/corporate/country-and-name?new=1");
  await page.getByLabel("Company name").fill(company);
  await page.getByRole("button", { name: "Save and come back later" }).click();
  await expect(page).toHaveURL(/\/identity\?saved=/);
  return new URL(page.url()).searchParams.get("saved")!;
}

// A long step (five free-text answers of 2,000 characters each, typed without JavaScript) is
// more than the browser's cookies can carry: its answers are kept at the bank
// (POST /v1/auth/kept-forms) and come back whole.
test.describe("a long application step's answers survive the expiry, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("ten thousand characters typed past the limit come back after logging in again", async ({ page, context, baseURL }) => {
    await login(page, CUSTOMERS.unidentified);
    const applicationId = await newCorporateApplication(page, "Kept Long Answers Ltd");
    const path = `/identity/corporate/additional-information?applicationId=${applicationId}`;
    await page.goto(path);
    const form = page.getByTestId("step-form");
    // Text that does not compress well (words of random letters), as free answers differ from one another.
    const answer = (seed: number) => {
      let x = seed;
      const letters = "abcdefghijklmnopqrstuvwxyz";
      let text = "";
      while (text.length < 2_000) {
        let word = "";
        for (let i = 0; i < 3 + (x % 7); i++) {
          x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
          word += letters[x % 26];
        }
        text += `${word} `;
      }
      return text.slice(0, 1_999) + ".";
    };
    const names = [
      "mlroDetails",
      "complianceConsultantDetails",
      "accountantDetails",
      "itProviderDetails",
      "payoutPartnerDetails",
    ];
    for (const [i, name] of names.entries()) await form.locator(`textarea[name=${name}]`).fill(answer(i + 1));
    await form.locator("input[name=fcaNumber]").fill("FCA-123456");
    await ageSession(context, baseURL!, 6 * 60_000);
    // "Save and come back later" (no browser checks: the other questions are unanswered).
    await form.getByRole("button", { name: "Save and come back later" }).click();
    await expect(page).toHaveURL(/\/auth\/phone\?expired=1&returnTo=/);
    await loginHere(page, CUSTOMERS.unidentified);
    await expect(page).toHaveURL(new RegExp(`/identity/corporate/additional-information\\?applicationId=${applicationId}$`));
    await expect(page.getByTestId("kept-answers")).toContainText("We kept what you typed on this device");
    for (const [i, name] of names.entries()) await expect(page.locator(`textarea[name=${name}]`)).toHaveValue(answer(i + 1));
    await expect(page.locator("input[name=fcaNumber]")).toHaveValue("FCA-123456");
    // Shown once, and nothing was saved with the expired session.
    await page.goto(path);
    await expect(page.getByTestId("kept-answers")).toHaveCount(0);
    await expect(page.locator("textarea[name=mlroDetails]")).toHaveValue("");
  });
});

// The company official's form too (identity-special-officials.server.ts reads the kept answers).
for (const javaScriptEnabled of [false, true]) {
  test.describe(`a company official's answers survive the expiry, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the save meets an expired session; after logging in again the official's form shows what was typed, unsaved", async ({
      page,
      context,
      baseURL,
    }) => {
      await login(page, CUSTOMERS.unidentified);
      const applicationId = await newCorporateApplication(page, `Kept Official ${javaScriptEnabled ? "On" : "Off"} Ltd`);
      const path = `/identity/corporate/cof/new?applicationId=${applicationId}`;
      await page.goto(path);
      const form = page.getByTestId("official-form");
      await expect(form).toBeVisible();
      if (javaScriptEnabled) await page.waitForFunction(() => "__remixRouter" in window);
      const key = await form.locator("input[name=idempotencyKey]").inputValue();
      await form.getByRole("group", { name: "Role" }).getByLabel("Shareholder").check();
      await form.getByLabel("First name").fill("Kept");
      await form.getByLabel("Last name").fill("Official");
      await form.getByLabel("Nationality").selectOption("DE");
      await ageSession(context, baseURL!, 6 * 60_000);
      await form.getByTestId("save-official").click();
      await expect(page).toHaveURL(
        new RegExp(`/auth/phone\\?expired=1&returnTo=%2Fidentity%2Fcorporate%2Fcof%2Fnew%3FapplicationId%3D${applicationId}$`),
      );
      await loginHere(page, CUSTOMERS.unidentified);
      await expect(page).toHaveURL(new RegExp(`/identity/corporate/cof/new\\?applicationId=${applicationId}$`));
      await expect(page.getByTestId("kept-answers")).toContainText("We kept what you typed on this device");
      await expect(page.getByLabel("First name")).toHaveValue("Kept");
      await expect(page.getByLabel("Last name")).toHaveValue("Official");
      await expect(page.getByRole("group", { name: "Role" }).getByLabel("Shareholder")).toBeChecked();
      await expect(page.getByLabel("Nationality")).toHaveValue("DE");
      // The same add (its key), which has not happened: nothing was saved with the expired session.
      await expect(page.locator("input[name=idempotencyKey]")).toHaveValue(key);
      await page.goto(`/identity/corporate/cof?applicationId=${applicationId}`);
      await expect(page.getByTestId("officials-none")).toBeVisible();
    });
  });
}

test("identity pages: reaching zero with a changed company official's form keeps its answers for the next login", async ({
  page,
  context,
  baseURL,
}) => {
  await page.clock.install();
  await login(page, CUSTOMERS.unidentified);
  const applicationId = await newCorporateApplication(page, "Zero Official Ltd");
  const status = { remaining: null as number | null };
  await page.route("**/session/status", async (route) => {
    try {
      const response = await route.fetch();
      const body = await response.json();
      if (body.signedIn && status.remaining !== null) body.remainingMs = status.remaining;
      await route.fulfill({ response, json: body });
    } catch (error) {
      if (/disposed|closed|test ended/i.test(String(error))) return;
      throw error;
    }
  });
  await page.goto(`/identity/corporate/cof/new?applicationId=${applicationId}`);
  await expect(page.locator("body[data-identity-watch=ready]")).toBeAttached();
  await page.getByLabel("First name").fill("Typed Before Zero");
  status.remaining = 20_000;
  await page.clock.fastForward("04:05");
  await expect(page.getByRole("dialog", { name: "Your session is about to expire" })).toBeVisible();
  // The server's limit passes as the countdown ends: the form is sent and its answers kept.
  await ageSession(context, baseURL!, 6 * 60_000);
  await page.clock.fastForward(21_000);
  await expect(page).toHaveURL(/\/auth\/phone\?expired=1&returnTo=%2Fidentity%2Fcorporate%2Fcof%2Fnew/);
  await loginHere(page, CUSTOMERS.unidentified);
  await expect(page).toHaveURL(/\/identity\/corporate\/cof\/new\?applicationId=/);
  await expect(page.getByTestId("kept-answers")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Typed Before Zero");
});

test.describe("a payment form's answers survive the expiry, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the Continue meets an expired session; after logging in again the form is filled as typed (its restored draft)", async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(page, CUSTOMERS.individual);
    await page.goto("/payments/euro");
    const form = page.locator("main form").filter({ has: page.locator("input[name=iban]") });
    await form.locator("input[name=beneficiaryName]").fill("Kept Payee GmbH");
    await form.locator("input[name=iban]").fill("DE89370400440532013000");
    await form.locator("input[name=amount]").fill("12.34");
    await form.locator("input[name=reference]").fill("kept after expiry");
    await ageSession(context, baseURL!, 6 * 60_000);
    // Sent half filled (the browser's own checks off): the session, not the form, decides first.
    await form.evaluate((f: HTMLFormElement) => (f.noValidate = true));
    await form.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/auth\/phone\?expired=1&returnTo=%2Fpayments%2Feuro$/);
    await loginHere(page, CUSTOMERS.individual);
    await expect(page).toHaveURL(/\/payments\/euro$/);
    await expect(page.getByText("We restored what you typed last time.")).toBeVisible();
    await expect(page.locator("input[name=beneficiaryName]")).toHaveValue("Kept Payee GmbH");
    await expect(page.locator("input[name=iban]")).toHaveValue("DE89370400440532013000");
    await expect(page.locator("input[name=amount]")).toHaveValue("12.34");
    await expect(page.locator("input[name=reference]")).toHaveValue("kept after expiry");
  });
});

// The beneficiary form is long too: its answers survive the expiry (keptValues in __form.server.ts).
for (const javaScriptEnabled of [false, true]) {
  test.describe(`the beneficiary form's answers survive the expiry, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the save meets an expired session; after logging in again the form is filled as typed, unsaved", async ({
      page,
      context,
      baseURL,
    }) => {
      const name = `Kept Beneficiary ${javaScriptEnabled ? "On" : "Off"}`;
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/beneficiaries/create?paymentType=LOCAL&currencyId=GBP");
      const form = page.getByTestId("beneficiary-form");
      await expect(form).toBeVisible();
      if (javaScriptEnabled) await page.waitForFunction(() => "__remixRouter" in window);
      await form.getByLabel("Full name or company name").fill(name);
      await form.getByLabel("Sort code").fill("20-00-00");
      await form.getByLabel("Account number").fill("55779911");
      await ageSession(context, baseURL!, 6 * 60_000);
      await form.getByRole("button", { name: "Save as draft" }).click();
      await expect(page).toHaveURL(
        /\/auth\/phone\?expired=1&returnTo=%2Fbeneficiaries%2Fcreate%3FpaymentType%3DLOCAL%26currencyId%3DGBP$/,
      );
      await loginHere(page, CUSTOMERS.individual);
      await expect(page).toHaveURL(/\/beneficiaries\/create\?paymentType=LOCAL&currencyId=GBP$/);
      await expect(page.getByTestId("kept-answers")).toContainText("Your session ended before this beneficiary was saved");
      await expect(page.getByLabel("Full name or company name")).toHaveValue(name);
      await expect(page.getByLabel("Sort code")).toHaveValue("20-00-00");
      await expect(page.getByLabel("Account number")).toHaveValue("55779911");
      // Nothing was saved with the expired session.
      await page.goto(`/beneficiaries?search=${encodeURIComponent(name)}`);
      await expect(page.getByTestId("beneficiary")).toHaveCount(0);
    });
  });
}
