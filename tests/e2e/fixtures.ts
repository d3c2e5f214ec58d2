/**
 * Playwright fixtures: a page that fails the test on any console error or uncaught page
 * error, and helpers to log in as a seeded customer through the real login actions (`login`)
 * or the real login pages (`loginThroughForms`).
 */
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_STAFF_TOKEN } from "./staff-token";

export const DEMO_PASSWORD = "Bank-Demo-2026";
export const CUSTOMERS = {
  individual: "+447700900001",
  corporate: "+447700900002",
  both: "+447700900003",
  unidentified: "+447700900004",
  official: "+447700900005",
  /** Unidentified, no application: the individual onboarding e2e (JavaScript off; on). */
  applicantJsOff: "+447700900008",
  applicantJsOn: "+447700900009",
  /** Unidentified: the account-recovery e2e sets new passwords (JavaScript off; on). */
  recoveryJsOff: "+447700900010",
  recoveryJsOn: "+447700900011",
  /** Unidentified, no application: starting an application (identity-start.spec.ts; JavaScript off; on). */
  startJsOff: "+447700900017",
  startJsOn: "+447700900018",
  /** Identified, only a company official, no application: /home's invitation to a personal account. */
  officialOnly: "+447700900019",
} as const;

/**
 * Collect a page's console errors and uncaught page errors into `errors` (the `consoleErrors`
 * fixture does it for `page`; a test that opens a page of its own in another context passes the
 * fixture's array, so that page's errors fail the test too).
 */
export function watchConsoleErrors(page: Page, errors: string[]): void {
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    // A 4xx page (403, 404, 422 validation answer) we reached on purpose is logged by Chromium as a failed
    // load of the document itself; failed sub-resources still count.
    const documentStatus = /^Failed to load resource: the server responded with a status of 4\d\d /.test(msg.text());
    if (documentStatus && msg.location().url === page.url()) return;
    errors.push(`${msg.text()} @ ${msg.location().url}`);
  });
  page.on("pageerror", (err) => errors.push(String(err)));
}

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      watchConsoleErrors(page, errors);
      await use(errors);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Log in as a seeded customer: the phone, code and password steps are posted from the browser
 * context's own request client (its cookies, the session's CSRF token, the same action and
 * fields the login forms post; no page rendered or hydrated for them), then the page opens "/",
 * which lands on /home (or /identity) as `loginThroughForms` does. Seconds faster per test (a
 * few hundred logins in the suite); the login pages themselves are tested in the browser in
 * auth-flows.spec.ts and a11y.spec.ts (`loginThroughForms`, JavaScript on and off).
 */
export async function login(page: Page, phone: string, password = DEMO_PASSWORD): Promise<void> {
  await postLogin(page, phone, password);
  // "/" sends a customer to /home, one not yet identified to /identity (as the last step does).
  await page.goto("/");
  await page.waitForURL(/\/(home|identity)/);
}

/**
 * `login` without showing "/" in the page: "/" is fetched by the context's request client instead
 * (the server runs the same loaders: the signed-in layout's clears payment drafts left by an
 * earlier sitting, spec 000 §4) and must land on /home or /identity; the page stays where it was.
 * For a test whose next step opens a page of its own: one page render and hydration less per
 * login. `page`: a page or a browser context (only its request client is used: the CSRF cases).
 */
export async function signIn(page: Pick<Page, "request">, phone: string, password = DEMO_PASSWORD): Promise<void> {
  await postLogin(page, phone, password);
  const landed = await page.request.get("/");
  expect(landed.status(), "signed in: / answers").toBe(200);
  expect(new URL(landed.url()).pathname, "signed in: / lands on /home or /identity").toMatch(/^\/(home|identity)/);
}

/** The phone, code and password steps of the login, posted from the page's request client. */
async function postLogin(page: Pick<Page, "request">, phone: string, password: string): Promise<void> {
  const http = page.request;
  const root = await http.get("/auth/phone?_data=root");
  expect(root.status(), "root loader").toBe(200);
  const { csrf } = (await root.json()) as { csrf: string };
  const post = async (form: Record<string, string>) => {
    const res = await http.post("/auth/phone", { form: { ...form, csrf }, maxRedirects: 0 });
    expect(res.status(), `login step ${form.intent}: redirect`).toBe(302);
  };
  await post({ intent: "phone", phone });
  const step = await http.get(`/auth/phone?_data=${encodeURIComponent("routes/auth+/phone")}`);
  const { debugCode } = (await step.json()) as { debugCode: string | null };
  expect(debugCode, "sandbox code (SMS_DEBUG_CODES)").toMatch(/^\d{4}$/);
  await post({ intent: "code", code: debugCode! });
  await post({ intent: "password", password });
}

/**
 * Log in through the three login pages in the browser: /auth/phone → code (sandbox code shown
 * on the page) → password. For the tests of login itself; every other test uses `login`.
 */
export async function loginThroughForms(page: Page, phone: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/auth/phone");
  await page.getByLabel(/phone/i).fill(phone);
  await page.locator("form button[type=submit]").first().click();
  const debugCode = page.getByTestId("debug-code");
  await expect(debugCode).toHaveText(/\d{4}/);
  const code = ((await debugCode.textContent()) ?? "").match(/\d{4}/)![0];
  const codeInput = page.locator("input[name=code]");
  await codeInput.fill(code);
  // With JavaScript the 4-digit code submits itself: clicking too would post the code twice,
  // and the second post finds it used. Without JavaScript (no inline script ran), submit by hand.
  const password$ = page.locator("input[name=password]");
  const submit = page.locator("form button[type=submit]").first();
  const scripted = await page.evaluate(() => "__remixContext" in window);
  const shown = (ms: number) =>
    password$.waitFor({ state: "visible", timeout: ms }).then(
      () => true,
      () => false,
    );
  if (!scripted) await submit.click();
  else if (!(await shown(5_000))) {
    // Filled before hydration: React may have kept its empty value; type it again (it submits
    // itself once hydrated), and submit by hand only if that did not happen either.
    if ((await codeInput.inputValue()) !== code) await codeInput.fill(code);
    if (!(await shown(5_000))) await submit.click();
  }
  await password$.fill(password);
  await page.locator("form button[type=submit]").first().click();
  await page.waitForURL(/\/(home|identity)/);
}

/**
 * Hold the build's files matching `glob` (the scripts and stylesheets by default) until the
 * returned `release()`, as a slow network does: what the server's page is before its JavaScript
 * starts can be used and measured meanwhile.
 */
export async function holdBuildFiles(page: Page, glob = "**/build/**"): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(glob, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** A displayed amount ("€1,234.56", "1 234.56 EUR", "-12.00") → integer minor units (2 decimals). */
export function toMinorUnits(text: string): bigint {
  const cleaned = text.replace(/[^\d.\-−]/g, "").replace("−", "-");
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!m) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  const minor = BigInt(m[2]) * 100n + BigInt((m[3] ?? "0").padEnd(2, "0"));
  return m[1] ? -minor : minor;
}

/**
 * With JS a form posts by fetch (`?_data=`) and a validation answer (400) is logged by Chromium
 * as a failed resource load. Where that answer is the expected outcome, drop exactly those
 * entries (for `route`, a path; its query string may precede `_data`; `status` 400 by default, or
 * 409 for an expected conflict) from the fixture's console errors; everything else still fails.
 */
export function allowValidationAnswers(consoleErrors: string[], route: string, status: 400 | 409 = 400): void {
  const reason = { 400: "Bad Request", 409: "Conflict" }[status];
  const expected = new RegExp(`status of ${status} \\(${reason}\\) @ http://[^/]+${route}(?:\\?[^\\s]*?)?[?&]_data=`);
  for (let i = consoleErrors.length - 1; i >= 0; i--) if (expected.test(consoleErrors[i])) consoleErrors.splice(i, 1);
}

/**
 * A staff decision on the e2e server, as `npm run bank -- <argv>` would make it (the server's
 * embedded database belongs to it, so the command runs inside it: POST /api/staff/bank).
 * `page`: a page or a browser context (only its request client is used).
 * @returns the command's output line; throws with the server's answer when refused
 */
export async function staffCommand(page: Pick<Page, "request">, argv: string[]): Promise<string> {
  const res = await page.request.post("/api/staff/bank", {
    // A connection of its own: a staff command is never sent on a pooled keep-alive connection the
    // server may be closing at that moment (a reset would leave it unknown whether it ran).
    headers: { authorization: `Staff ${E2E_STAFF_TOKEN}`, connection: "close" },
    data: { argv },
  });
  const body = (await res.json()) as { output?: string; code?: string; message?: string };
  if (!res.ok()) throw new Error(`staff command ${argv.join(" ")} refused: ${res.status()} ${body.code} ${body.message}`);
  return body.output ?? "";
}

/**
 * A bearer session of the banking API for a seeded customer, through the real login calls
 * (`/api/v1/auth/phone` → verify-code with the sandbox code → verify-password), for setting up
 * data a spec needs but whose pages are not under test (e.g. a saved beneficiary).
 * @returns `call(method, path, body?)` → `{ status, body }` (JSON) and the active organization's id
 */
export async function apiSession(
  request: APIRequestContext,
  phone: string,
  password = DEMO_PASSWORD,
): Promise<{
  organizationId: string;
  call: (
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => Promise<{ status: number; body: any }>;
}> {
  const post = async (path: string, data: unknown, token?: string) => {
    const res = await request.fetch(`/api/v1${path}`, {
      method: "POST",
      data,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(res.status(), `POST ${path}`).toBeLessThan(300);
    return res.json();
  };
  const challenge = await post("/auth/phone", { phone });
  const verified = await post("/auth/verify-code", { token: challenge.token, code: challenge.debugCode });
  const { accessToken } = await post("/auth/verify-password", { token: verified.token, password });
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await request.fetch(`/api/v1${path}`, {
      method,
      data: body,
      headers: { ...headers, authorization: `Bearer ${accessToken}` },
    });
    const text = await res.text();
    return { status: res.status(), body: text ? JSON.parse(text) : null };
  };
  const whoami = await call("GET", "/users/whoami");
  // A customer without an organization yet (an applicant) has none: "".
  return { organizationId: whoami.body.activeOrganization?.id ?? "", call };
}

/**
 * A EUR company beneficiary of Oliver's (the individual customer), saved through the API as a
 * DRAFT, for specs whose subject is not the beneficiary form.
 * @returns its id
 */
export async function savedBeneficiary(request: APIRequestContext, name: string): Promise<string> {
  const api = await apiSession(request, CUSTOMERS.individual);
  const made = await api.call("POST", "/beneficiaries", {
    organizationId: api.organizationId,
    name,
    beneficiaryType: "COMPANY",
    paymentType: "LOCAL",
    currencyId: "EUR",
    iban: "DE02120300000000202051",
    bic: "BYLADEM1001",
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id;
}

/**
 * `savedBeneficiary`, submitted for review and approved by the bank (the staff command): Oliver
 * gets a notification "Beneficiary {name} was approved". `page`: a page or a browser context
 * (only its request client is used).
 * @returns its id
 */
export async function approvedBeneficiary(page: Pick<Page, "request">, name: string): Promise<string> {
  const id = await savedBeneficiary(page.request, name);
  const api = await apiSession(page.request, CUSTOMERS.individual);
  expect((await api.call("PUT", `/beneficiaries/${id}/status`, { status: "UNDER_REVIEW" })).status).toBe(200);
  await staffCommand(page, ["beneficiary:approve", id]);
  return id;
}
