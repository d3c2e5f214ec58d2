/**
 * CSRF on every web action (issue 5 §3, OWASP ASVS 5.0 V3.5): the action routes are read from
 * the Remix manifest the server serves (tests/e2e/route-manifest.ts); each must have a case
 * below, or the first test fails. A case fills the real form in the browser, takes its fields,
 * and posts them (in the logged-in browser context, so the session cookie goes along) with the
 * `csrf` field missing and with a wrong token: both must be refused with a 4xx and change
 * nothing. The same fields with the page's own token then must take effect — which proves the
 * refused posts were otherwise valid and that the effect probe can see a change.
 *
 * The pages run without JavaScript: the forms are plain HTML forms (they work without it), the
 * CSRF token is in the server-rendered form, and the posts are made by the test, not by the
 * page's script — hydrating each page would add seconds of CPU and nothing to the proof. A
 * customer's or staff member's session is made once (the real login actions) and its cookie
 * given to the next cases' contexts (`signedIn`, `staffSignedIn`).
 */
import { request as playwrightRequest, type APIRequestContext, type Cookie, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import {
  apiSession,
  approvedBeneficiary,
  CUSTOMERS,
  DEMO_PASSWORD,
  expect,
  login,
  savedBeneficiary,
  signIn,
  staffCommand,
  test,
} from "./fixtures";
import { appRoutes } from "./route-manifest";
import { ageSession } from "./layout-helpers";
import { beneficiaryUnderReview, customerApi, queuedOrder } from "./ops-decisions-helpers";
import { OPS_APPLICANTS, opsLogin, STAFF, submitIndividualApplication } from "./ops-fixtures";
import { mainAccount, signedFxRequest, signedPayment } from "./ops-payments-helpers";

interface Prepared {
  /** Where the form posts. */
  url: string;
  /** The form's fields as the browser would send them (including the right `csrf`). */
  fields: Record<string, string>;
}
interface CsrfCase {
  /** Log in (or not) and fill the form. */
  prepare(page: Page): Promise<Prepared>;
  /** Observe what the action changes (read through pages, never through the action). */
  probe(page: Page, prepared: Prepared): Promise<string | number>;
  /** The right token's answer, when not a redirect (e.g. 204 of the draft beacon's route). */
  acceptedStatus?: number;
  /**
   * An action that changes nothing by design (demo mode's payment: "nothing is sent"): the right
   * token's answer must pass this check instead, and the probe must read the same after it too.
   */
  effectless?: (answer: string) => boolean;
  /**
   * For an action with nothing lasting to observe (the chat's messaging token: a signed,
   * unstored credential), the right token's answer itself is the effect: checked here instead of
   * a changed probe (the probe must still show that the refused posts changed nothing).
   */
  acceptedAnswer?: (body: string) => void;
  /** Undo the accepted action when other specs would see it (run after the checks). */
  cleanup?: (page: Page) => Promise<void>;
}

/** The seeded applicant whose number the /ops/customers case changes (and back). */
const CSRF_PHONE = { from: "+447700900022", to: "+447700900122" } as const;

/** An API session of a seeded customer (`apiSession`), and when it was made. */
const apiSessions = new Map<string, { madeAt: number; session: Awaited<ReturnType<typeof apiSession>> }>();
let apiRequest: APIRequestContext | undefined;

/**
 * The API session of `phone` for the cases' setup and probes (read through the API, never through
 * the action under test), made once and reused for ten minutes (an access token lasts 15): a
 * login costs an argon2 check, and the cases would make some fifty. On a request context of its
 * own, as a test's context closes with the test; it lives as long as the worker (no afterAll: in
 * this file's parallel mode every test runs the afterAll hooks for itself).
 */
async function customerSession(phone: string): Promise<Awaited<ReturnType<typeof apiSession>>> {
  const kept = apiSessions.get(phone);
  if (kept && Date.now() - kept.madeAt < 10 * 60_000) return kept.session;
  apiRequest ??= await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const session = await apiSession(apiRequest, phone);
  apiSessions.set(phone, { madeAt: Date.now(), session });
  return session;
}

/** A browser session's cookies kept after its login (`signedIn`, `staffSignedIn`), and when it was made. */
const browserSessions = new Map<string, { madeAt: number; cookies: Cookie[] }>();

/**
 * The page's context signed in as the customer `phone`: the first time through `signIn` (the
 * real login actions, and "/"), whose `__session` cookie is then kept for ten minutes (its access
 * token lasts 15: the web app never refreshes, so never rotates, it) and given to the next cases'
 * contexts, re-sealed with its last activity now (the inactivity limit is 5 minutes). The web
 * session lives in that cookie (tokens, CSRF token, drafts, chosen organization), so each context
 * starts as just signed in, and what a case does to its copy stays in its context. A login costs
 * an argon2 check and a render of /home; the cases would make some fifty. Not for a case that ends
 * the session at the API (the customer's logout): that one signs in on its own.
 */
async function signedIn(page: Page, phone: string): Promise<void> {
  const origin = test.info().project.use.baseURL!;
  const kept = browserSessions.get(`customer ${phone}`);
  if (kept && Date.now() - kept.madeAt < 10 * 60_000) {
    await page.context().addCookies(kept.cookies);
    await ageSession(page.context(), origin, 0);
    return;
  }
  await signIn(page, phone);
  const cookies = (await page.context().cookies(origin)).filter((c) => c.name === "__session");
  expect(cookies, "signed in: a __session cookie").toHaveLength(1);
  browserSessions.set(`customer ${phone}`, { madeAt: Date.now(), cookies });
}

/**
 * The page's context signed in to the back office as `email`: the first time through `opsLogin`,
 * whose `__ops` cookie is kept for ten minutes (the staff session's idle limit is 15, and each
 * use renews it) and given to the next cases' contexts. Not for the case that logs the staff
 * session out (it ends it at the API): that one logs in on its own.
 */
async function staffSignedIn(page: Page, email: string): Promise<void> {
  const kept = browserSessions.get(`staff ${email}`);
  if (kept && Date.now() - kept.madeAt < 10 * 60_000) {
    await page.context().addCookies(kept.cookies);
    return;
  }
  await opsLogin(page, email);
  const cookies = (await page.context().cookies()).filter((c) => c.name === "__ops"); // its path is /ops
  expect(cookies, "signed in to the back office: an __ops cookie").toHaveLength(1);
  browserSessions.set(`staff ${email}`, { madeAt: Date.now(), cookies });
}

/** The fields of a form element, first value per name. */
async function formFields(page: Page, selector: string): Promise<Record<string, string>> {
  const form = page.locator(selector).first();
  await form.waitFor({ state: "attached" });
  return form.evaluate((f) => {
    const out: Record<string, string> = {};
    for (const [k, v] of new FormData(f as HTMLFormElement)) if (typeof v === "string" && !(k in out)) out[k] = v;
    return out;
  });
}

/** Choose the first option whose text matches. */
async function selectByText(page: Page, selector: string, text: RegExp): Promise<void> {
  const options = await page
    .locator(`${selector} option`)
    .evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? "" })));
  const hit = options.find((o) => text.test(o.text));
  if (!hit) throw new Error(`no option matching ${text} in ${selector}`);
  await page.locator(selector).selectOption(hit.value);
}

/** Number of payments awaiting signature on /payments. */
async function unsignedCount(page: Page): Promise<number> {
  await page.goto("/payments");
  await expect(page.locator("main h1")).toBeVisible();
  return page.getByTestId("unsigned-payment").count();
}

/** A SEPA payment awaiting signature, created through the form; ends on its signing page. */
async function createPayment(page: Page, payee: string): Promise<string> {
  await page.goto("/payments/euro");
  await page.locator("[name=beneficiaryName]").fill(payee);
  await page.locator("[name=iban]").fill("DE89 3704 0044 0532 0130 00");
  await page.locator("[name=bic]").fill("COBADEFFXXX");
  await page.locator("[name=amount]").fill("1.02");
  await page.locator("main form[method=post] button[type=submit]").first().click();
  await expect(page).toHaveURL(/\/payments\/[^/]+\/sign$/);
  return new URL(page.url()).pathname.split("/")[2];
}

/** Fill the new remittance order form (Oliver: orders enabled); stays on the form. */
async function fillRemittance(page: Page, payee: string, sum: string): Promise<void> {
  await page.goto("/payments/remittance/new");
  await selectByText(page, "select[name=source]", /^Main account — .*GBP/);
  await page.locator("[name=sum]").fill(sum);
  await page.locator("[name=description]").fill("CSRF probe");
  await page.locator("[name=payeeName]").fill(payee);
  await page.locator("[name=payeeAddress]").fill("1 High Street");
  await page.locator("[name=payeeCity]").fill("Leeds");
  await page.locator("select[name=payeeCountry]").selectOption("GB");
  await page.locator("[name=payeePhone]").fill("+447700900123");
}

/** Fill the FX rate request form (Oliver: requests enabled bank-wide); stays on the form. */
async function fillFxRequest(page: Page, sellAmount: string): Promise<void> {
  await page.goto("/currency-exchange/requests/new");
  await selectByText(page, "select[name=source]", /^Main account — .*GBP/);
  await page.locator("select[name=toCurrencyId]").selectOption("EUR");
  await page.locator("[name=sellAmount]").fill(sellAmount);
  await page.locator("[name=rate]").fill("1.17");
}

/** Number of Oliver's FX rate requests awaiting confirmation (read through the API, never through the action). */
async function unsignedFxRequests(): Promise<number> {
  const api = await customerSession(CUSTOMERS.individual);
  const list = await api.call(
    "GET",
    `/exchange/fx-requests?organizationId=${api.organizationId}&status=AWAITING_SIGNATURE&take=100`,
  );
  return list.body.edges.length;
}

/** A DRAFT beneficiary (INTERNAL, pre-filled from the link) saved through the create page; returns its id. */
async function draftBeneficiary(page: Page, name: string): Promise<string> {
  const q = new URLSearchParams({ paymentType: "INTERNAL", currencyId: "GBP", name, phone: "+447700900002" });
  await page.goto(`/beneficiaries/create?${q.toString()}`);
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expect(page).toHaveURL(/\/beneficiaries\/[0-9a-f-]{36}\?notice=saved$/);
  return new URL(page.url()).pathname.split("/")[2];
}

// ---------------------------------------------------------------- identity (issue 8)

/** The identity cases work on the company official's own applications (identified, free to apply). */
const APPLICANT = CUSTOMERS.official;
type AppType = "INDIVIDUAL" | "CORPORATE" | "COMPANY_OFFICIAL";
const SEGMENT: Record<AppType, string> = {
  INDIVIDUAL: "individual",
  CORPORATE: "corporate",
  COMPANY_OFFICIAL: "company-official",
};
const API_SEGMENT: Record<AppType, string> = {
  INDIVIDUAL: "individuals",
  CORPORATE: "corporates",
  COMPANY_OFFICIAL: "company-officials",
};
const FIRST_STEP: Record<AppType, string> = {
  INDIVIDUAL: "personal-data",
  CORPORATE: "country-and-name",
  COMPANY_OFFICIAL: "personal-data",
};

/**
 * The applicant's INCOMPLETE application of `type`, made through the API (first step, partial)
 * when there is none; a corporate one gets its main representative (personal-data, partial).
 */
async function identityApplication(
  page: Page,
  type: AppType,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<{ id: string; mainRepresentativeId: string | null }> {
  const api = await customerSession(APPLICANT);
  const list = await api.call("GET", "/clients-applications?all=true");
  let id: string | undefined = fresh
    ? undefined
    : list.body.data.find((a: { type: string; status: string }) => a.type === type && a.status === "INCOMPLETE")?.id;
  if (!id) {
    const values = type === "CORPORATE" ? { companyName: "CSRF Probe Ltd" } : { firstName: "Csrf" };
    const made = await api.call("POST", `/clients-applications/${API_SEGMENT[type]}`, {
      step: FIRST_STEP[type],
      values,
      partial: true,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    id = made.body.id as string;
  }
  let app = (await api.call("GET", `/clients-applications/${id}`)).body;
  if (type === "CORPORATE" && !app.mainRepresentative) {
    app = (
      await api.call("PUT", `/clients-applications/corporates/${id}`, {
        step: "personal-data",
        values: { firstName: "Csrf" },
        partial: true,
      })
    ).body;
  }
  return { id: id!, mainRepresentativeId: app.mainRepresentative?.id ?? null };
}

/** URL of an identity step of the applicant's application of `type`. */
async function identityStepUrl(page: Page, type: AppType, step: string): Promise<string> {
  const { id, mainRepresentativeId } = await identityApplication(page, type);
  const path = step === "cof-additional-infromation" ? `${mainRepresentativeId}/${step}` : step;
  return `/identity/${SEGMENT[type]}/${path}?applicationId=${id}`;
}

/** The step form's state as the page shows it (csrf left out): what a save changes. */
async function stepFormState(page: Page, url: string): Promise<string> {
  await page.goto(url);
  const form = page.locator("form#identity-step-form");
  await form.waitFor({ state: "attached" });
  return form.evaluate((f) => {
    const params = new URLSearchParams();
    for (const [k, v] of new FormData(f as HTMLFormElement)) if (k !== "csrf" && typeof v === "string") params.append(k, v);
    // Boxes offered but not ticked count too (an agreement signed is no longer offered).
    for (const box of f.querySelectorAll<HTMLInputElement>("input[type=checkbox]:not(:checked)"))
      params.append(`(${box.name})`, box.value);
    return params.toString();
  });
}

/**
 * A step page's case: change one answer (a text box to a new value, else the first select to
 * another option, else tick the first box), post the form. Probe: the step form as shown again.
 * The form is reset after its fields are taken, so leaving it sends no draft.
 */
function identityStepCase(type: AppType, step: string): CsrfCase {
  return {
    async prepare(page) {
      await signedIn(page, APPLICANT);
      const url = await identityStepUrl(page, type, step);
      await page.goto(url);
      const form = page.locator("form#identity-step-form");
      const marker = `CSRF ${randomBytes(4).toString("hex")}`;
      // Not a field shown only for another answer (a yes/no question's details: without JavaScript
      // it is on the page, but the save drops it while the question is not answered yes).
      const own = ":not([data-shown-when] *)";
      const text = form.locator(`input[type=text]:not([name=sicSearch])${own}, textarea${own}`).first();
      const select = form.locator(`select${own}`).first();
      if ((await text.count()) > 0) await text.fill(marker);
      else if ((await select.count()) > 0) {
        const options = await select.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
        const current = await select.inputValue();
        await select.selectOption(options.find((v) => v && v !== current)!);
      } else await form.locator(`input[type=checkbox]:not(:checked)${own}`).first().check();
      const fields = await formFields(page, "form#identity-step-form");
      const action = (await form.getAttribute("action"))!;
      await form.evaluate((f) => (f as HTMLFormElement).reset());
      return { url: action, fields: { ...fields, probeUrl: url } };
    },
    probe: (page, { fields }) => stepFormState(page, fields.probeUrl),
  };
}

/** Check answers: submitting an unfinished application is refused and lists its errors by step. */
function identityCheckCase(type: AppType): CsrfCase {
  return {
    async prepare(page) {
      await signedIn(page, APPLICANT);
      const { id } = await identityApplication(page, type);
      const url = `/identity/${SEGMENT[type]}/check-answers?applicationId=${id}`;
      await page.goto(url);
      const action = (await page.getByTestId("submit-form").getAttribute("action"))!;
      return { url: action, fields: { ...(await formFields(page, "[data-testid=submit-form]")), probeUrl: url } };
    },
    async probe(page, { fields }) {
      await page.goto(fields.probeUrl);
      await expect(page.locator("main h1")).toBeVisible();
      return page.locator("[data-testid=check-errors] li").count();
    },
  };
}

const IDENTITY_STEPS: [AppType, string, string][] = [
  ["INDIVIDUAL", "personal-data", "individual+/personal-data"],
  ["INDIVIDUAL", "additional-information", "individual+/additional-information"],
  ["INDIVIDUAL", "activities", "individual+/activities"],
  ["INDIVIDUAL", "operation-activity", "individual+/operation-activity"],
  ["INDIVIDUAL", "services", "individual+/services"],
  ["INDIVIDUAL", "sign", "individual+/sign"],
  ["CORPORATE", "country-and-name", "corporate+/country-and-name"],
  ["CORPORATE", "personal-data", "corporate+/personal-data"],
  ["CORPORATE", "cof-additional-infromation", "corporate+/$mainRepresentativeId.cof-additional-infromation"],
  ["CORPORATE", "cof-agreements", "corporate+/cof-agreements"],
  ["CORPORATE", "business-data", "corporate+/business-data"],
  ["CORPORATE", "registration-information", "corporate+/registration-information"],
  ["CORPORATE", "additional-information", "corporate+/additional-information"],
  ["CORPORATE", "suppliers-customers", "corporate+/suppliers-customers"],
  ["CORPORATE", "operation-activity", "corporate+/operation-activity"],
  ["CORPORATE", "services", "corporate+/services"],
  ["CORPORATE", "sign", "corporate+/sign"],
  ["COMPANY_OFFICIAL", "personal-data", "company-official+/personal-data"],
  ["COMPANY_OFFICIAL", "additional-information", "company-official+/additional-information"],
  ["COMPANY_OFFICIAL", "sign", "company-official+/sign"],
];

/** The state of one step in the step list of an identity page (complete, error, incomplete…). */
async function stepState(page: Page, url: string, step: string): Promise<string> {
  await page.goto(url);
  const item = page.locator(`[data-step="${step}"]`).first();
  await item.waitFor({ state: "attached" });
  return (await item.getAttribute("data-state")) ?? "";
}

/** Identity verification (sandbox): choose the outcome the application does not have yet. Probe: the status shown. */
function verificationCase(type: AppType): CsrfCase {
  return {
    async prepare(page) {
      await signedIn(page, APPLICANT);
      const { id } = await identityApplication(page, type);
      const url = `/identity/${SEGMENT[type]}/identity-verification?applicationId=${id}`;
      await page.goto(url);
      const status = await page.getByTestId("verification-status").getAttribute("data-status");
      const form = page.getByTestId("sandbox-form");
      await form.locator(`input[name=outcome][value=${status === "COMPLETED" ? "REJECT" : "APPROVE"}]`).check();
      const action = (await form.getAttribute("action"))!;
      return { url: action, fields: { ...(await formFields(page, "[data-testid=sandbox-form]")), probeUrl: url } };
    },
    async probe(page, { fields }) {
      await page.goto(fields.probeUrl);
      return (await page.getByTestId("verification-status").getAttribute("data-status")) ?? "";
    },
  };
}

/** A minimal PDF (the magic bytes are what the API checks). */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

/**
 * A "Continue" of a special corporate step (cof, add-documents), made completable first (a
 * director through the API; an incorporation certificate through the page's upload form): the
 * right token records the step complete and goes on. Probe: the step's state in the step list.
 */
function continueCase(step: "cof" | "add-documents"): CsrfCase {
  return {
    async prepare(page) {
      await signedIn(page, APPLICANT);
      // A new application each time: continuing completes the step, so a retry on the same
      // application would find it completed already and see no change.
      const { id } = await identityApplication(page, "CORPORATE", { fresh: true });
      const url = `/identity/corporate/${step}?applicationId=${id}`;
      if (step === "cof") {
        const api = await customerSession(APPLICANT);
        const app = (await api.call("GET", `/clients-applications/${id}`)).body;
        if (app.officials.length === 0) {
          const added = await api.call("POST", `/clients-applications/corporates/${id}/company-officials`, {
            values: {
              role: "DIRECTOR",
              firstName: "Csrf",
              lastName: "Director",
              dob: "1970-01-01",
              nationalityId: "GB",
              natureOfControl: "DIRECT_CONTROL",
            },
          });
          expect(added.status, JSON.stringify(added.body)).toBe(201);
        }
      }
      await page.goto(url);
      if (step === "add-documents") {
        const cert = page.locator("[data-testid=document-category]:has(input[name=category][value=INCORPORATION_CERTIFICATE])");
        if ((await cert.getByTestId("document").count()) === 0) {
          await cert
            .locator("input[type=file]")
            .setInputFiles({ name: "certificate.pdf", mimeType: "application/pdf", buffer: PDF });
          await cert.getByTestId("upload-form").locator("button[type=submit]").click();
          await expect(cert.getByTestId("document")).toHaveCount(1);
        }
      }
      const form = page.locator("form:has(input[name=intent][value=continue])");
      const action = (await form.getAttribute("action"))!;
      return {
        url: action,
        // The step's own page always lists it as active: its state is read on the first step's page.
        fields: {
          ...(await formFields(page, "form:has(input[name=intent][value=continue])")),
          probeUrl: `/identity/corporate/country-and-name?applicationId=${id}`,
        },
      };
    },
    probe: (page, { fields }) => stepState(page, fields.probeUrl, step),
  };
}

/** Cases of the identity actions: check answers first (its probe counts errors the step saves would add). */
const IDENTITY_CASES: Record<string, CsrfCase> = {
  "routes/identity+/individual+/check-answers": identityCheckCase("INDIVIDUAL"),
  "routes/identity+/corporate+/check-answers": identityCheckCase("CORPORATE"),
  "routes/identity+/company-official+/check-answers": identityCheckCase("COMPANY_OFFICIAL"),
  ...Object.fromEntries(IDENTITY_STEPS.map(([type, step, file]) => [`routes/identity+/${file}`, identityStepCase(type, step)])),
  "routes/identity+/individual+/identity-verification": verificationCase("INDIVIDUAL"),
  "routes/identity+/corporate+/identity-verification": verificationCase("CORPORATE"),
  "routes/identity+/company-official+/identity-verification": verificationCase("COMPANY_OFFICIAL"),
  "routes/identity+/corporate+/cof": continueCase("cof"),
  "routes/identity+/corporate+/add-documents": continueCase("add-documents"),
  // Adding a director through the official form. Probe: how many people the cof list shows.
  "routes/identity+/corporate+/cof_.$officialId": {
    async prepare(page) {
      await signedIn(page, APPLICANT);
      const { id } = await identityApplication(page, "CORPORATE");
      await page.goto(`/identity/corporate/cof/new?applicationId=${id}`);
      const form = page.getByTestId("official-form");
      await form.locator("input[name=role][value=DIRECTOR]").check();
      await form.locator("[name=firstName]").fill("Csrf");
      await form.locator("[name=lastName]").fill(`Director ${randomBytes(3).toString("hex")}`);
      await form.locator("[name=dob]").fill("1970-01-01");
      await form.locator("select[name=nationalityId]").selectOption("GB");
      await form.locator("input[name=natureOfControl][value=DIRECT_CONTROL]").check();
      const action = (await form.getAttribute("action"))!;
      return {
        url: action,
        fields: {
          ...(await formFields(page, "[data-testid=official-form]")),
          probeUrl: `/identity/corporate/cof?applicationId=${id}`,
        },
      };
    },
    async probe(page, { fields }) {
      await page.goto(fields.probeUrl);
      await expect(page.locator("main h1")).toBeVisible();
      return page.getByTestId("official").count();
    },
  },
  // The draft a step page sends when left (navigator.sendBeacon): 204, shown on the step after.
  "routes/identity+/draft": {
    acceptedStatus: 204,
    async prepare(page) {
      await signedIn(page, APPLICANT);
      const { id } = await identityApplication(page, "INDIVIDUAL");
      const url = `/identity/individual/activities?applicationId=${id}`;
      await page.goto(url);
      const form = page.locator("form#identity-step-form");
      await form.getByLabel("Name of employer").fill(`CSRF ${randomBytes(4).toString("hex")}`);
      const fields = await formFields(page, "form#identity-step-form");
      await form.evaluate((f) => (f as HTMLFormElement).reset());
      return { url: "/identity/draft", fields: { ...fields, applicationId: id, step: "activities", probeUrl: url } };
    },
    probe: (page, { fields }) => stepFormState(page, fields.probeUrl),
  },
};

/** A unique text for a chat probe. */
const chatText = (label: string) => `${label} ${randomBytes(4).toString("hex")}`;

/** Messages on a chat channel's page containing `text`. */
async function chatMessages(page: Page, channelId: string, text: string): Promise<number> {
  await page.goto(`/chat/${channelId}`);
  await expect(page.locator("main h1")).toBeVisible();
  return page.getByTestId("chat-message").filter({ hasText: text }).count();
}

const CHAT_CASES: Record<string, CsrfCase> = {
  "routes/_app+/chat+/$channelId+/_index": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      await page.goto("/chat");
      await page.getByTestId("chat-main-channel").click();
      await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
      await page.locator("#chat-content").fill(chatText("CSRF chat probe"));
      return { url: new URL(page.url()).pathname, fields: await formFields(page, "form[data-testid=chat-post-form]") };
    },
    probe: (page, { url, fields }) => chatMessages(page, url.split("/")[2], fields.content),
  },
  "routes/_app+/chat+/new": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      await page.goto("/chat/new");
      await page.getByLabel("Title").fill(chatText("CSRF question"));
      await page.getByLabel("Your question").fill("Is this form protected?");
      return { url: "/chat/new", fields: await formFields(page, "form[data-testid=chat-ask-form]") };
    },
    async probe(page, { fields }) {
      await page.goto("/chat");
      await expect(page.locator("main h1")).toBeVisible();
      return page.getByTestId("chat-channel").filter({ hasText: fields.title }).count();
    },
  },
  "routes/_app+/chat+/notifications": {
    async prepare(page) {
      // A notification to read: a beneficiary of Oliver's approved by the bank (it notifies him).
      await approvedBeneficiary(page, chatText("CSRF Notified Ltd"));
      await signedIn(page, CUSTOMERS.individual);
      await page.goto("/chat/notifications");
      return { url: "/chat/notifications", fields: await formFields(page, "[data-testid=notification] form") };
    },
    async probe(page) {
      await page.goto("/chat/notifications");
      await expect(page.locator("main h1")).toBeVisible();
      return page.getByRole("button", { name: "Mark as read" }).count();
    },
  },
  "routes/_app+/chat+/messaging-token": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      await page.goto("/home");
      const fields = await formFields(page, "form#logout-form");
      return { url: "/chat/messaging-token", fields: { csrf: fields.csrf } };
    },
    // Nothing is stored: the refusals must not hand out a token (their status is checked above);
    // the probe confirms the session is untouched.
    async probe(page) {
      await page.goto("/chat");
      return (await page.locator("main h1").textContent()) ?? "";
    },
    acceptedStatus: 200,
    acceptedAnswer(body) {
      const answer = JSON.parse(body) as { token?: string; expiresAt?: string; accessToken?: unknown; refreshToken?: unknown };
      expect(answer.token, "a messaging token").toMatch(/^[\w-]+\.[\w-]+$/);
      expect(Date.parse(answer.expiresAt ?? ""), "with its expiry").toBeGreaterThan(Date.now());
      expect(Object.keys(answer).sort(), "and nothing else (no API tokens)").toEqual(["expiresAt", "token"]);
    },
  },
};

// ---------------------------------------------------------------- back office /ops (issue 13)

/** Where a GET of `path` ends (the ops pages redirect to /ops/login without a staff session). */
async function landsOn(page: Page, path: string): Promise<string> {
  await page.goto(path);
  return new URL(page.url()).pathname;
}

const OPS_CASES: Record<string, CsrfCase> = {
  "routes/ops+/login+/_index": {
    async prepare(page) {
      await page.goto("/ops/login");
      await page.getByLabel("Email").fill(STAFF.support);
      await page.getByLabel("Password").fill(DEMO_PASSWORD);
      return { url: "/ops/login", fields: await formFields(page, "main form[method=post]") };
    },
    // Accepted, the login moves on to its code step (the ops session holds the challenge).
    probe: (page) => landsOn(page, "/ops/login/code"),
  },
  "routes/ops+/login+/code": {
    async prepare(page) {
      await page.goto("/ops/login");
      await page.getByLabel("Email").fill(STAFF.support);
      await page.getByLabel("Password").fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page).toHaveURL(/\/ops\/login\/code$/);
      const code = ((await page.getByTestId("debug-code").textContent()) ?? "").match(/\d{6}/)![0];
      await page.getByLabel("Code").fill(code);
      return { url: "/ops/login/code", fields: await formFields(page, "main form[method=post]") };
    },
    // Accepted, the staff user is signed in: /ops opens instead of sending to /ops/login.
    probe: (page) => landsOn(page, "/ops"),
  },
  "routes/ops+/logout": {
    async prepare(page) {
      // Its own staff session (not a kept one): the accepted post ends it at the API.
      await opsLogin(page, STAFF.support);
      return { url: "/ops/logout", fields: await formFields(page, 'form[action="/ops/logout"]') };
    },
    probe: (page) => landsOn(page, "/ops"),
  },
  "routes/ops+/applications+/$id+/_index": {
    async prepare(page) {
      const id = await submitIndividualApplication(page, OPS_APPLICANTS.csrf, "Sam");
      await staffSignedIn(page, STAFF.onboarding);
      const url = `/ops/applications/${id}`;
      await page.goto(url);
      return { url, fields: await formFields(page, "[data-testid=form-review]") };
    },
    async probe(page, { url }) {
      await page.goto(url);
      return (await page.getByTestId("ops-application-status").textContent()) ?? "";
    },
  },
  "routes/_app+/home": {
    async prepare(page) {
      // Identified by an approved application: /home shows the "verified" popup until closed.
      const id = await submitIndividualApplication(page, OPS_APPLICANTS.verified, "Eve");
      for (const command of ["application:review", "application:approve"]) await staffCommand(page, [command, id]);
      await signedIn(page, OPS_APPLICANTS.verified);
      await page.goto("/home");
      return { url: "/home", fields: await formFields(page, "[data-testid=verified-notice] form") };
    },
    async probe(page) {
      await page.goto("/home");
      return page.getByTestId("verified-notice").count();
    },
  },
  "routes/ops+/chat+/$channelId": {
    async prepare(page) {
      const api = await customerSession(CUSTOMERS.both);
      const main = (await api.call("GET", "/channels")).body.data.find((c: { channelType: string }) => c.channelType === "MAIN");
      expect((await api.call("POST", `/channels/${main.id}/messages`, { content: "CSRF chat probe" })).status).toBe(201);
      await staffSignedIn(page, STAFF.support);
      const url = `/ops/chat/${main.id}`;
      await page.goto(url);
      await page.getByLabel("Your reply (the customer sees it)").fill("CSRF reply probe");
      return { url, fields: await formFields(page, "main form[method=post]") };
    },
    async probe(page, { url }) {
      await page.goto(url);
      return page.locator("[data-testid=ops-chat-message][data-from=STAFF]").count();
    },
  },
};

/** The back office's PAYMENTS screens (issue 13): a staff session (`__ops`), the ops CSRF token. */
const OPS_PAYMENTS_CASES: Record<string, CsrfCase> = {
  "routes/ops+/payments+/_index": {
    async prepare(page) {
      const id = await signedPayment(page.request, "2.03", `CSRF Payee ${Date.now()}`);
      await staffSignedIn(page, STAFF.payments);
      await page.goto("/ops/payments?rail=GBP");
      const fields = await formFields(
        page,
        `[data-testid=payment-row][data-payment-id="${id}"] form:has(input[name=intent][value=settle])`,
      );
      return { url: "/ops/payments?index&rail=GBP", fields };
    },
    async probe(page, { fields }) {
      await page.goto("/ops/payments?rail=GBP&status=SETTLED");
      await expect(page.locator("main h1")).toBeVisible();
      return page.locator(`[data-testid=payment-row][data-payment-id="${fields.id}"]`).count();
    },
  },
  "routes/ops+/payments+/incoming": {
    async prepare(page) {
      const api = await customerSession(CUSTOMERS.individual);
      const account = await mainAccount(api);
      await staffSignedIn(page, STAFF.payments);
      await page.goto("/ops/payments/incoming");
      await page.getByLabel("Customer account number or IBAN").fill(account.number);
      await page.getByLabel("Currency").fill("GBP");
      await page.getByLabel("Amount").fill("1.01");
      await page.getByLabel("Payer's name").fill(`CSRF Payer ${Date.now()}`);
      return { url: "/ops/payments/incoming", fields: await formFields(page, "main form[method=post]") };
    },
    async probe(page, { fields }) {
      await page.goto("/ops/payments/incoming");
      await expect(page.locator("main h1")).toBeVisible();
      return page.getByTestId("incoming-row").filter({ hasText: fields.payerName }).count();
    },
  },
  "routes/ops+/cards": {
    async prepare(page) {
      // Northwind's seeded ORDERED card (the ops cards e2e orders cards of its own).
      await staffSignedIn(page, STAFF.payments);
      await page.goto("/ops/cards");
      const row = page.getByTestId("card-row").filter({ hasText: "Expenses Visa" });
      const fields = await formFields(
        page,
        `[data-testid=card-row]:has-text("Expenses Visa") form:has(input[name=intent][value=issue])`,
      );
      await expect(row).toHaveCount(1);
      return { url: "/ops/cards", fields: { ...fields, lastFour: "9090", expiresOn: "12/30" } };
    },
    async probe(page) {
      await page.goto("/ops/cards");
      await expect(page.locator("main h1")).toBeVisible();
      return page.getByTestId("card-row").filter({ hasText: "Expenses Visa" }).count(); // 1 while ORDERED
    },
  },
  "routes/ops+/fx-requests": {
    async prepare(page) {
      const id = await signedFxRequest(page.request, "1.00");
      await staffSignedIn(page, STAFF.payments);
      await page.goto("/ops/fx-requests");
      const fields = await formFields(
        page,
        `[data-testid=fx-row][data-fx-id="${id}"] form:has(input[name=intent][value=accept])`,
      );
      return { url: "/ops/fx-requests", fields };
    },
    async probe(page, { fields }) {
      await page.goto("/ops/fx-requests");
      await expect(page.locator("main h1")).toBeVisible();
      return page.locator(`[data-testid=fx-row][data-fx-id="${fields.id}"]`).count(); // 1 while PENDING
    },
  },
};

const CASES: Record<string, CsrfCase> = {
  ...IDENTITY_CASES,
  "routes/auth+/phone": {
    async prepare(page) {
      await page.goto("/auth/phone");
      await page.getByLabel(/phone/i).fill(CUSTOMERS.individual);
      return { url: "/auth/phone", fields: await formFields(page, "main form[method=post]") };
    },
    async probe(page) {
      await page.goto("/auth/phone");
      await expect(page.locator("main h1")).toBeVisible();
      return page.locator("input[name=code]").count(); // 1 once the code step is reached
    },
  },
  "routes/auth+/recover": {
    async prepare(page) {
      // A customer no other recovery test uses (a new recovery code replaces the phone's earlier one).
      await page.goto("/auth/recover");
      await page.getByLabel("Phone number").fill(CUSTOMERS.unidentified);
      return { url: "/auth/recover", fields: await formFields(page, "main form[method=post]") };
    },
    async probe(page) {
      await page.goto("/auth/recover");
      await expect(page.locator("main h1")).toBeVisible();
      return page.locator("input[name=code]").count(); // 1 once the code was sent
    },
  },
  "routes/auth+/logout": {
    async prepare(page) {
      await login(page, CUSTOMERS.individual);
      return { url: "/auth/logout", fields: await formFields(page, "form#logout-form") };
    },
    async probe(page) {
      await page.goto("/home");
      return new URL(page.url()).pathname;
    },
  },
  "routes/_app+/payments+/euro+/_index": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      await page.goto("/payments/euro");
      await page.locator("[name=beneficiaryName]").fill("CSRF Probe");
      await page.locator("[name=iban]").fill("DE89 3704 0044 0532 0130 00");
      await page.locator("[name=bic]").fill("COBADEFFXXX");
      await page.locator("[name=amount]").fill("1.03");
      return { url: "/payments/euro", fields: await formFields(page, "main form[method=post]") };
    },
    probe: unsignedCount,
  },
  "routes/_app+/payments+/internal+/form": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      await page.goto("/payments/internal");
      await page.getByLabel("Recipient's phone number").fill(CUSTOMERS.both);
      await page.getByRole("button", { name: "Find recipient" }).click();
      await expect(page.locator("#pay-title")).toBeVisible();
      await selectByText(page, "#pay-title ~ form select[name=source]", /GBP/);
      await page.locator("#pay-title ~ form [name=amount]").fill("1.04");
      const url = new URL(page.url());
      return { url: url.pathname + url.search, fields: await formFields(page, "#pay-title ~ form") };
    },
    probe: unsignedCount,
  },
  "routes/_app+/payments+/cash-over+/form": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      await page.goto("/payments/cash-over");
      await selectByText(page, "main select[name=source]", /GBP/);
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page).toHaveURL(/\/payments\/cash-over\/form\?source=/);
      await page.locator("select[name=pspPartnerId]").selectOption({ index: 1 });
      await page.locator("[name=beneficiaryName]").fill("CSRF Collector");
      await page.locator("[name=collectorContact]").fill("+447700900123");
      await page.locator("[name=amount]").fill("1.07");
      const url = new URL(page.url());
      return { url: url.pathname + url.search, fields: await formFields(page, "main form[method=post]") };
    },
    probe: unsignedCount,
  },
  "routes/_app+/payments+/between-accounts+/_index": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      await page.goto("/payments/between-accounts");
      await selectByText(page, "select[name=source]", /^Main account — .*GBP/);
      await selectByText(page, "select[name=toAccountId]", /^Savings/);
      await page.locator("[name=amount]").fill("1.05");
      return { url: "/payments/between-accounts", fields: await formFields(page, "main form[method=post]") };
    },
    probe: unsignedCount,
  },
  "routes/_app+/payments+/gbp+/form": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      await page.goto("/payments/gbp");
      await selectByText(page, "main select[name=source]", /^Main account — .*GBP/);
      await page.locator("main").getByRole("button", { name: "Continue" }).click();
      await expect(page).toHaveURL(/\/payments\/gbp\/form\?source=/);
      await page.locator("[name=beneficiaryName]").fill("CSRF Pound Probe");
      await page.locator("[name=sortCode]").fill("12-34-56");
      await page.locator("[name=accountNumber]").fill("12345678");
      await page.locator("[name=amount]").fill("1.08");
      return { url: "/payments/gbp/form", fields: await formFields(page, "main form[method=post]") };
    },
    probe: unsignedCount,
  },
  "routes/_app+/payments+/usd+/form": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      await page.goto("/payments/usd");
      await selectByText(page, "main select[name=source]", /^Main account — .*USD/);
      await page.locator("main").getByRole("button", { name: "Continue" }).click();
      await expect(page).toHaveURL(/\/payments\/usd\/form\?source=/);
      await page.locator("[name=beneficiaryName]").fill("CSRF USD Probe");
      await page.locator("[name=aba]").fill("021000021");
      await page.locator("[name=accountNumber]").fill("123456789");
      await page.locator("[name=address]").fill("1 Main Street");
      await page.locator("[name=city]").fill("Boston");
      await page.locator("[name=purpose]").fill("CSRF probe");
      await page.locator("[name=amount]").fill("1.09");
      return { url: "/payments/usd/form", fields: await formFields(page, "main form[method=post]") };
    },
    probe: unsignedCount,
  },
  "routes/_app+/payments+/international+/form": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      await page.goto("/payments/international/form");
      await selectByText(page, "select[name=source]", /^Main account — .*USD/);
      await page.locator("[name=beneficiaryName]").fill("CSRF Swift Probe");
      await page.locator("[name=address]").fill("270 Park Avenue");
      await page.locator("[name=city]").fill("New York");
      await page.locator("select[name=countryId]").selectOption("US");
      await page.locator("[name=bic]").fill("CHASUS33");
      await page.locator("[name=bankName]").fill("JPMorgan Chase Bank");
      await page.locator("select[name=bankCountry]").selectOption("US");
      await page.locator("[name=accountNumber]").fill("000123456789");
      await page.locator("[name=purpose]").fill("CSRF probe");
      await page.locator("[name=amount]").fill("1.07");
      return { url: "/payments/international/form", fields: await formFields(page, "main form[method=post]") };
    },
    probe: unsignedCount,
  },
  "routes/_app+/payments+/casp+/form": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      await page.goto("/payments/casp/form");
      await selectByText(page, "select[name=source]", /^Crypto wallet — .*SOL/);
      await page.locator("select[name=caspId]").selectOption("kraken-eu");
      await page.locator("[name=beneficiaryName]").fill("CSRF Casp Probe");
      await page.locator("[name=walletAddress]").fill("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
      await page.locator("[name=purpose]").fill("CSRF probe");
      await page.locator("[name=amount]").fill("0.108");
      return { url: "/payments/casp/form", fields: await formFields(page, "main form[method=post]") };
    },
    probe: unsignedCount,
  },
  "routes/_app+/payments+/$paymentId+/sign": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      const id = await createPayment(page, "CSRF Sign Probe");
      const code = ((await page.getByTestId("debug-code").textContent()) ?? "").match(/\d{4}/)![0];
      // Not typed: with JavaScript four digits submit the form by themselves.
      return { url: `/payments/${id}/sign`, fields: { ...(await formFields(page, "form#sign")), code } };
    },
    async probe(page, { url }) {
      await page.goto(url.replace(/\/sign$/, ""));
      return (await page.getByTestId("payment-status").textContent()) ?? "";
    },
  },
  "routes/_app+/payments+/$paymentId+/change": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      const id = await createPayment(page, "CSRF Change Probe");
      await page.getByTestId("change-details").click();
      await expect(page).toHaveURL(new RegExp(`/payments/${id}/change$`));
      return { url: `/payments/${id}/change`, fields: await formFields(page, "form#change") };
    },
    async probe(page, { url }) {
      await page.goto(url.replace(/\/change$/, ""));
      return (await page.getByTestId("payment-status").textContent()) ?? "";
    },
  },
  "routes/_app+/payments+/remittance+/new": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      await fillRemittance(page, "CSRF Remittance Probe", "1.11");
      return { url: "/payments/remittance/new", fields: await formFields(page, "form#remittance-form") };
    },
    async probe(page) {
      await page.goto("/payments/remittance");
      await expect(page.locator("main h1")).toBeVisible();
      return page.getByTestId("remittance-order").count();
    },
  },
  "routes/_app+/payments+/remittance+/$orderId+/sign": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      await fillRemittance(page, "CSRF Remittance Sign Probe", "1.12");
      await page.locator("form#remittance-form button[type=submit]").click();
      await expect(page).toHaveURL(/\/payments\/remittance\/[^/]+\/sign$/);
      const code = ((await page.getByTestId("debug-code").textContent()) ?? "").match(/\d{4}/)![0];
      const url = new URL(page.url()).pathname;
      return { url, fields: { ...(await formFields(page, "form#sign")), code } };
    },
    async probe(page, { url }) {
      await page.goto(url.replace(/\/sign$/, ""));
      return (await page.getByTestId("order-status").getAttribute("data-status")) ?? "";
    },
  },
  "routes/_app+/payments+/remittance+/$orderId+/_index": {
    // "Decline this order": the confirmation's form posts to the order's page.
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      await fillRemittance(page, "CSRF Remittance Decline Probe", "1.13");
      await page.locator("form#remittance-form button[type=submit]").click();
      await expect(page).toHaveURL(/\/payments\/remittance\/[^/]+\/sign$/);
      const url = new URL(page.url()).pathname.replace(/\/sign$/, "");
      await page.goto(`${url}?decline=1`);
      return { url, fields: await formFields(page, "[data-testid=order-decline-confirm] form") };
    },
    async probe(page, { url }) {
      await page.goto(url);
      const status = page.getByTestId("order-status");
      return `${await status.getAttribute("data-status")}:${(await status.getAttribute("data-rejected-by")) ?? ""}`;
    },
  },
  "routes/_app+/currency-exchange+/requests+/new": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      await fillFxRequest(page, "1.21");
      return { url: "/currency-exchange/requests/new", fields: await formFields(page, "form#fx-request-form") };
    },
    probe: unsignedFxRequests,
  },
  "routes/_app+/currency-exchange+/requests+/$requestId+/sign": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      await fillFxRequest(page, "1.22");
      await page.locator("form#fx-request-form button[type=submit]").click();
      await expect(page).toHaveURL(/\/currency-exchange\/requests\/[^/]+\/sign$/);
      const code = ((await page.getByTestId("debug-code").textContent()) ?? "").match(/\d{4}/)![0];
      const url = new URL(page.url()).pathname;
      return { url, fields: { ...(await formFields(page, "form#sign")), code } };
    },
    async probe(page, { url }) {
      await page.goto(url.replace(/\/sign$/, ""));
      return (await page.getByTestId("fx-status").getAttribute("data-status")) ?? "";
    },
  },
  "routes/_app+/currency-exchange+/requests+/$requestId+/_index": {
    // "Decline this request": the confirmation's form posts to the request's page.
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      await fillFxRequest(page, "1.23");
      await page.locator("form#fx-request-form button[type=submit]").click();
      await expect(page).toHaveURL(/\/currency-exchange\/requests\/[^/]+\/sign$/);
      const url = new URL(page.url()).pathname.replace(/\/sign$/, "");
      await page.goto(`${url}?decline=1`);
      return { url, fields: await formFields(page, "[data-testid=fx-decline-confirm] form") };
    },
    async probe(page, { url }) {
      await page.goto(url);
      return (await page.getByTestId("fx-status").getAttribute("data-status")) ?? "";
    },
  },
  "routes/demo+/payments+/form": {
    // Demo mode (issue 12): the demo payment form of a customer not yet identified. It sends
    // nothing, so the effect probe is the real ledger: a real customer's accounts and balances.
    acceptedStatus: 200,
    effectless: (answer) => answer.includes("In demo mode nothing is sent."),
    async prepare(page) {
      await signedIn(page, CUSTOMERS.unidentified);
      await page.goto("/demo/payments/form?currencyId=GBP");
      await page.locator("[name=payee]").fill("CSRF Probe");
      await page.locator("[name=amount]").fill("1.00");
      return { url: "/demo/payments/form", fields: await formFields(page, "main form[method=post]") };
    },
    async probe() {
      const api = await customerSession(CUSTOMERS.individual);
      return JSON.stringify((await api.call("GET", `/accounts?organizationId=${api.organizationId}&all=true`)).body);
    },
  },
  "routes/_app+/cards+/$cardId": {
    async prepare(page) {
      // James's Personal Visa (no other test uses it): the confirmed freeze form.
      await signedIn(page, CUSTOMERS.both);
      await page.goto("/home");
      const href = (await page.getByRole("link", { name: "Personal Visa •••• 2048" }).getAttribute("href"))!;
      await page.goto(`${href}?confirm=freeze`);
      return { url: href, fields: await formFields(page, "[data-testid=freeze-confirm] form") };
    },
    async probe(page, { url }) {
      await page.goto(url);
      return (await page.getByTestId("card-status").getAttribute("data-status")) ?? "";
    },
  },
  "routes/_app+/cards+/order-card": {
    async prepare(page) {
      // Amelia orders a card for Northwind (2 seeded of at most 5 per account).
      await signedIn(page, CUSTOMERS.corporate);
      await page.goto("/cards/order-card");
      await page.locator("[name=cardName]").fill("CSRF probe card");
      return { url: "/cards/order-card", fields: await formFields(page, "form[data-testid=order-card-form]") };
    },
    async probe(page) {
      await page.goto("/home");
      return page.getByRole("link", { name: "CSRF probe card (Card ordered)" }).count(); // 1 once ordered
    },
  },
  "routes/_app+/beneficiaries+/create": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      const q = new URLSearchParams({
        paymentType: "INTERNAL",
        currencyId: "GBP",
        name: "CSRF Beneficiary Probe",
        phone: "+447700900002",
      });
      await page.goto(`/beneficiaries/create?${q.toString()}`);
      const form = page.getByTestId("beneficiary-form");
      return { url: (await form.getAttribute("action")) ?? "", fields: await formFields(page, "[data-testid=beneficiary-form]") };
    },
    async probe(page) {
      await page.goto("/beneficiaries?search=CSRF+Beneficiary+Probe");
      await expect(page.locator("main h1")).toBeVisible();
      return page.getByTestId("beneficiary").count();
    },
  },
  "routes/_app+/beneficiaries+/$beneficiaryId+/_index": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      const id = await draftBeneficiary(page, "CSRF Submit Probe");
      const url = `/beneficiaries/${id}`;
      return { url, fields: { ...(await formFields(page, "main form[method=post]")), intent: "submit" } };
    },
    async probe(page, { url }) {
      await page.goto(url);
      return (await page.getByTestId("beneficiary-status").textContent()) ?? "";
    },
  },
  "routes/_app+/beneficiaries+/$beneficiaryId+/edit": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      const id = await draftBeneficiary(page, "CSRF Edit Probe");
      await page.goto(`/beneficiaries/${id}/edit`);
      const form = page.getByTestId("beneficiary-form");
      const fields = await formFields(page, "[data-testid=beneficiary-form]");
      return { url: (await form.getAttribute("action")) ?? "", fields: { ...fields, name: "CSRF Edit Probe Renamed" } };
    },
    async probe(page, { url }) {
      await page.goto(url.replace(/\/edit\?.*$/, ""));
      return (await page.locator("main h1").textContent()) ?? "";
    },
  },
  "routes/_app+/beneficiaries+/$beneficiaryId+/delete": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      const id = await draftBeneficiary(page, "CSRF Delete Probe");
      const url = `/beneficiaries/${id}/delete`;
      await page.goto(url);
      return { url, fields: await formFields(page, "main form[method=post]") };
    },
    async probe(page, { url }) {
      return (await page.goto(url.replace(/\/delete$/, "")))?.status() ?? 0;
    },
  },
  "routes/_app+/beneficiaries+/$beneficiaryId+/contracts": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      const url = `/beneficiaries/${await savedBeneficiary(page.request, "CSRF Contracts Probe")}/contracts`;
      await page.goto(url);
      await page.locator("form#contract-create [name=name]").fill("CSRF contract probe");
      return { url, fields: await formFields(page, "form#contract-create") };
    },
    async probe(page, { url }) {
      await page.goto(url);
      await expect(page.locator("main h1")).toBeVisible();
      return page.getByTestId("contract").count(); // contracts created
    },
  },
  "routes/_app+/payments+/sign+/_index": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      const id = await createPayment(page, "CSRF Batch Sign Probe");
      await page.goto("/payments");
      await page.locator(`input[type=checkbox][value="${id}"]`).check();
      // "Sign selected": the ticked payments (checkboxes of the batch form) and the button's intent.
      return { url: "/payments/sign", fields: { ...(await formFields(page, "form#unsigned-batch")), intent: "start" } };
    },
    async probe(page, { fields }) {
      // The batch's code is sent by the action: its signing page shows the sandbox code only then.
      await page.goto(`/payments/sign?ids=${fields.paymentId}`);
      await expect(page.locator("main h1")).toBeVisible();
      return page.getByTestId("debug-code").count();
    },
  },
  "routes/_app+/currency-exchange+/_index": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      await page.goto("/currency-exchange");
      await selectByText(page, "main select[name=source]", /GBP/);
      await page.locator("main select[name=toCurrencyId]").selectOption("EUR");
      await page.locator("main [name=amount]").fill("1.11");
      return { url: "/currency-exchange", fields: await formFields(page, "main form[method=post]") };
    },
    async probe() {
      // The action's effect is a stored quote: the newest of the organization's (read through the API).
      const api = await customerSession(CUSTOMERS.individual);
      const list = await api.call("GET", `/exchange?organizationId=${api.organizationId}&take=1`);
      return list.body.data[0]?.id ?? "none";
    },
  },
  "routes/_app+/currency-exchange+/confirm": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      await page.goto("/currency-exchange");
      await selectByText(page, "main select[name=source]", /GBP/);
      await page.locator("main select[name=toCurrencyId]").selectOption("EUR");
      await page.locator("main [name=amount]").fill("1.12");
      await page.getByTestId("get-quote").click();
      await expect(page).toHaveURL(/\/currency-exchange\/confirm\?quote=/);
      const form = "main form[method=post]";
      const url = (await page.locator(form).getAttribute("action")) ?? "";
      return { url, fields: { ...(await formFields(page, form)), intent: "exchange" } };
    },
    async probe(page, { fields }) {
      // QUOTED until executed (a quote expires after 30 s; the case takes a few seconds).
      const api = await customerSession(CUSTOMERS.individual);
      return (await api.call("GET", `/exchange/${fields.quoteId}`)).body.status;
    },
  },
  "routes/_app+/profile+/_index": {
    async prepare(page) {
      // A device of the customer's made for this case (an API login with its own name): only it is logged out.
      const deviceName = `CSRF probe device ${randomBytes(4).toString("hex")}`;
      const post = async (path: string, data: unknown) => (await page.request.post(`/api/v1${path}`, { data })).json();
      const challenge = await post("/auth/phone", { phone: CUSTOMERS.individual });
      const verified = await post("/auth/verify-code", { token: challenge.token, code: challenge.debugCode });
      await post("/auth/verify-password", { token: verified.token, password: DEMO_PASSWORD, deviceName });
      await signedIn(page, CUSTOMERS.individual);
      await page.goto("/profile");
      const form = page.getByTestId("device").filter({ hasText: deviceName }).locator("form");
      const fields = await form.evaluate((f) => Object.fromEntries(new FormData(f as HTMLFormElement)) as Record<string, string>);
      return { url: "/profile", fields: { ...fields, deviceName } };
    },
    async probe(page, { fields }) {
      await page.goto("/profile");
      await expect(page.locator("main h1")).toBeVisible();
      return page.getByTestId("device").filter({ hasText: fields.deviceName }).count(); // 1 while signed in
    },
  },
  "routes/_app+/profile+/code-channel": {
    async prepare(page) {
      // A channel change waiting for its code; the case posts "keep the current channel" (cancel),
      // whose effect is that the waiting change is forgotten (the customer's channel never changes).
      await signedIn(page, CUSTOMERS.individual);
      await page.goto("/profile");
      await page.locator("input[name=twilioAuthChannel]:not(:checked)").check();
      await page.getByRole("button", { name: "Change channel" }).click();
      await expect(page).toHaveURL(/\/profile\/code-channel$/);
      return {
        url: "/profile/code-channel",
        fields: { ...(await formFields(page, "main form[method=post]")), intent: "cancel" },
      };
    },
    async probe(page) {
      await page.goto("/profile/code-channel");
      await expect(page.locator("main h1")).toBeVisible();
      return new URL(page.url()).pathname; // /profile/code-channel while the change waits, /profile after
    },
  },
  "routes/_app+/profile+/agreements": {
    async prepare(page) {
      // Ada Whitfield is asked to sign the 2027 terms for this case (no other test signs hers).
      await staffCommand(page, ["agreement:request", CUSTOMERS.official, "payment-services-update-2027"]);
      await signedIn(page, CUSTOMERS.official);
      await page.goto("/profile/agreements");
      return { url: "/profile/agreements", fields: await formFields(page, "main form[method=post]") };
    },
    async probe(page) {
      await page.goto("/profile/agreements");
      await expect(page.locator("main h1")).toBeVisible();
      return page.getByTestId("agreement").count(); // 1 until signed
    },
  },
  "routes/_app+/profile+/companies+/$organizationId.cof": {
    async prepare(page) {
      // Amelia adds an invitation for a phone made up here (it grants nobody access).
      const organizationId = (await customerSession(CUSTOMERS.corporate)).organizationId;
      const phone = `+44770${Date.now() % 10_000_000}`.padEnd(13, "7");
      await signedIn(page, CUSTOMERS.corporate);
      const url = `/profile/companies/${organizationId}/cof`;
      await page.goto(url);
      await page.locator("[name=firstName]").fill("Csrf");
      await page.locator("[name=lastName]").fill("Probe");
      await page.locator("[name=phone]").fill(phone);
      return { url, fields: await formFields(page, "form#official-add") };
    },
    async probe(page, { url, fields }) {
      await page.goto(url);
      await expect(page.locator("main h1")).toBeVisible();
      return page.getByTestId("official").filter({ hasText: fields.phone }).count(); // 1 once added
    },
  },
  "routes/_app+/profile+/organizations": {
    async prepare(page) {
      // The switch is kept in this browser session only: other tests of the customer are not affected.
      await signedIn(page, CUSTOMERS.both);
      await page.goto("/profile/organizations");
      return { url: "/profile/organizations", fields: await formFields(page, "main form[data-org-switch]") };
    },
    async probe(page) {
      await page.goto("/profile/organizations");
      return (await page.getByTestId("org-current").textContent()) ?? "";
    },
  },
  "routes/locale": {
    async prepare(page) {
      await page.goto("/auth/phone");
      const fields = await formFields(page, 'form[action="/locale"]');
      return { url: "/locale", fields: { ...fields, lng: "de", returnTo: "/auth/phone" } };
    },
    async probe(page) {
      await page.goto("/auth/phone");
      return (await page.locator("html").getAttribute("lang")) ?? "";
    },
  },
  "routes/session+/keepalive": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      await page.goto("/home");
      const fields = await formFields(page, "form#logout-form");
      // Last activity two minutes ago: only an accepted keepalive moves it back to now.
      await ageSession(page.context(), new URL(page.url()).origin, 2 * 60_000);
      return { url: "/session/keepalive", fields: { csrf: fields.csrf } };
    },
    async probe(page) {
      // /session/status is not activity: it reads the time left without moving it.
      const status = await (await page.request.get("/session/status")).json();
      return status.remainingMs > 4 * 60_000 ? "fresh" : "aged";
    },
    acceptedStatus: 200,
  },
  ...CHAT_CASES,
  ...OPS_CASES,
  ...OPS_PAYMENTS_CASES,
  "routes/_app+/payments+/decline": {
    async prepare(page) {
      await signedIn(page, CUSTOMERS.individual);
      const id = await createPayment(page, "CSRF Batch Decline Probe");
      await page.goto(`/payments/decline?ids=${id}&back=/payments`);
      const action = (await page.locator("main form[method=post]").getAttribute("action")) ?? "";
      return { url: action, fields: { ...(await formFields(page, "main form[method=post]")), id } };
    },
    async probe(page, { fields }) {
      await page.goto("/payments");
      await expect(page.locator("main h1")).toBeVisible();
      // Its Decline link (to this confirmation page) is listed while it awaits a signature.
      return page.locator(`a[href^="/payments/decline?ids=${fields.id}&"]`).count();
    },
  },
  // ---------------------------------------------------------------- back office decisions (issue 13)
  "routes/ops+/beneficiaries+/$id": {
    async prepare(page) {
      const id = await beneficiaryUnderReview(page.request, "CSRF Ops Beneficiary");
      await staffSignedIn(page, STAFF.compliance);
      const url = `/ops/beneficiaries/${id}`;
      await page.goto(url);
      return { url, fields: await formFields(page, "main form:has([data-testid=approve])") };
    },
    async probe(page, { url }) {
      await page.goto(url);
      return (await page.getByTestId("status").textContent()) ?? "";
    },
  },
  "routes/ops+/contracts+/$id": {
    async prepare(page) {
      const api = await customerApi(page.request, CUSTOMERS.individual);
      const b = await api.call("POST", "/beneficiaries", {
        organizationId: api.organizationId,
        name: "CSRF Ops Contract Payee",
        beneficiaryType: "INDIVIDUAL",
        paymentType: "LOCAL",
        currencyId: "GBP",
        sortCode: "200000",
        bankAccountNumber: "55779911",
      });
      const c = await api.call("POST", `/beneficiaries/${b.body.id}/contracts`, { name: "CSRF Ops Contract" });
      expect(c.status, JSON.stringify(c.body)).toBe(201);
      await api.call("PUT", `/beneficiaries/${b.body.id}/contracts/${c.body.id}/status`, { status: "UNDER_REVIEW" });
      await staffSignedIn(page, STAFF.compliance);
      const url = `/ops/contracts/${c.body.id}`;
      await page.goto(url);
      return { url, fields: await formFields(page, "main form:has([data-testid=approve])") };
    },
    async probe(page, { url }) {
      await page.goto(url);
      return (await page.getByTestId("status").textContent()) ?? "";
    },
  },
  "routes/ops+/remittance+/$id": {
    async prepare(page) {
      const id = await queuedOrder(page.request, "CSRF Ops Payee");
      await staffSignedIn(page, STAFF.payments);
      const url = `/ops/remittance/${id}`;
      await page.goto(url);
      return { url, fields: await formFields(page, "main form:has([data-testid=move-PROC])") };
    },
    async probe(page, { url }) {
      await page.goto(url);
      return (await page.getByTestId("status").textContent()) ?? "";
    },
  },
  "routes/ops+/rates": {
    async prepare(page) {
      await staffSignedIn(page, STAFF.admin);
      await page.goto("/ops/rates");
      await page.getByLabel("Currency").selectOption("CNY");
      await page.getByLabel("Units per 1 EUR").fill("9.1234");
      await page.getByLabel("I confirm a change of more than 10 %").check();
      return { url: "/ops/rates", fields: await formFields(page, "main form:has([data-testid=set-rate])") };
    },
    async probe(page) {
      await page.goto("/ops/rates");
      return (await page.getByTestId("rate-CNY").textContent()) ?? "";
    },
  },
  "routes/ops+/customers": {
    async prepare(page) {
      await staffSignedIn(page, STAFF.compliance);
      await page.goto("/ops/customers");
      const form = page.getByTestId("phone-change");
      await form.getByLabel("Current phone number").fill(CSRF_PHONE.from);
      await form.getByLabel("New phone number").fill(CSRF_PHONE.to);
      await form.getByLabel("How the identity was checked").fill("CSRF probe");
      return { url: "/ops/customers", fields: await formFields(page, "main form[data-testid=phone-change]") };
    },
    async probe(page) {
      // Whether the new number is someone's: the login sends it a code only then.
      const res = await page.request.post("/api/v1/auth/phone", { data: { phone: CSRF_PHONE.to } });
      return ((await res.json()) as { debugCode?: string | null }).debugCode ? "changed" : "unchanged";
    },
    async cleanup(page) {
      await staffCommand(page, ["user:phone", CSRF_PHONE.to, CSRF_PHONE.from, "--reason", "e2e: seeded number back"]);
    },
  },
  "routes/ops+/tariffs": {
    async prepare(page) {
      await staffSignedIn(page, STAFF.admin);
      await page.goto("/ops/tariffs");
      await page.getByLabel("Name of the tariff").fill("CSRF Tariff Probe");
      return { url: "/ops/tariffs", fields: await formFields(page, "main form:has(#tariff-name)") };
    },
    async probe(page) {
      await page.goto("/ops/tariffs");
      return page.getByTestId("tariff-CSRF Tariff Probe").count();
    },
  },
  "routes/ops+/settings": {
    async prepare(page) {
      // Ada's own organization (a company official: no accounts), so no other spec sees the change.
      const organizationId = (await customerApi(page.request, CUSTOMERS.official)).organizationId;
      await staffSignedIn(page, STAFF.admin);
      const url = `/ops/settings?organizationId=${organizationId}`;
      await page.goto(url);
      return {
        url: "/ops/settings",
        fields: { ...(await formFields(page, "form:has([data-testid=on-EXCHANGE-CUSTOM-RATE-ENABLED])")), probe: url },
      };
    },
    async probe(page, { fields }) {
      await page.goto(fields.probe);
      return (await page.getByTestId("org-flag-EXCHANGE-CUSTOM-RATE-ENABLED").getByTestId("own").textContent()) ?? "";
    },
  },
};

/** On /ops/tariffs, make the tariff named `name` the default one through its form. */
async function makeDefaultTariff(page: Page, name: string) {
  await page.goto("/ops/tariffs");
  await page.getByLabel("New default tariff").selectOption({ label: name });
  await page.getByLabel(/I confirm: the fees of every organization/).check();
  await page.getByTestId("make-default").click();
  await expect(page.getByTestId("done")).toBeVisible();
}

/**
 * Further actions of a route that already has its case in CASES (another `intent` of the same
 * action), each as dangerous as the first: the same checks, keyed `<route id> <intent>`.
 */
const INTENT_CASES: Record<string, CsrfCase> = {
  "routes/ops+/rates sol": {
    async prepare(page) {
      await staffSignedIn(page, STAFF.admin);
      await page.goto("/ops/rates");
      await page.getByLabel("USD per 1 SOL").fill("151.75");
      return { url: "/ops/rates", fields: await formFields(page, "main form:has([data-testid=set-sol-price])") };
    },
    async probe(page) {
      await page.goto("/ops/rates");
      return page.getByLabel("USD per 1 SOL").inputValue();
    },
    // SOL is quoted at this price in every other spec: back to the seeded one.
    cleanup: async (page) => {
      await staffCommand(page, ["rate:sol", "150"]);
    },
  },
  "routes/ops+/tariffs default": {
    async prepare(page) {
      // A tariff to make the default (created once; a retry finds it).
      await staffCommand(page, ["tariff:create", "CSRF Default Probe"]).catch(() => "exists");
      await staffSignedIn(page, STAFF.admin);
      await page.goto("/ops/tariffs");
      await page.getByLabel("New default tariff").selectOption({ label: "CSRF Default Probe" });
      await page.getByLabel(/I confirm: the fees of every organization/).check();
      return { url: "/ops/tariffs", fields: await formFields(page, "main form:has([data-testid=make-default])") };
    },
    async probe(page) {
      await page.goto("/ops/tariffs");
      return (await page.locator("section h2", { hasText: "(default)" }).textContent()) ?? "";
    },
    // Every customer without a tariff pays the default: the seeded one again for the other specs.
    cleanup: (page) => makeDefaultTariff(page, "Standard"),
  },
};

// Every case prepares its own state (and undoes what other specs would see), so the cases are
// independent: in parallel mode each is its own test group, which lets the shards of
// tests/run-all.sh split this file, the longest of the suite, between them.
test.describe.configure({ mode: "parallel" });
// No page needs its script for a case (see the header): no hydration to pay for.
test.use({ javaScriptEnabled: false });

test("every action route has a CSRF case (discovered from the manifest)", async ({ request }) => {
  const actions = (await appRoutes(request)).filter((r) => r.hasAction).map((r) => r.id);
  expect(actions.length, "action routes found").toBeGreaterThan(0);
  expect(
    actions.filter((id) => !CASES[id]),
    "action routes without a CSRF case: add one to tests/e2e/web-security-csrf.spec.ts",
  ).toEqual([]);
  expect(
    Object.keys(CASES).filter((id) => !actions.includes(id)),
    "cases for routes that no longer have an action",
  ).toEqual([]);
});

for (const [routeId, c] of [...Object.entries(CASES), ...Object.entries(INTENT_CASES)]) {
  test(`${routeId}: missing or wrong CSRF token is refused and changes nothing; the right one works`, async ({ page }) => {
    const prepared = await c.prepare(page);
    const { csrf, ...withoutToken } = prepared.fields;
    expect(csrf, "the form carries a CSRF token").toBeTruthy();
    const before = await c.probe(page, prepared);

    const attempts: [string, Record<string, string>][] = [
      ["missing", withoutToken],
      ["wrong", { ...withoutToken, csrf: randomBytes(32).toString("base64url") }],
      ["empty", { ...withoutToken, csrf: "" }],
    ];
    for (const [label, form] of attempts) {
      const res = await page.request.post(prepared.url, { form, maxRedirects: 0 });
      expect(res.status(), `${label} token: status`).toBeGreaterThanOrEqual(400);
      expect(res.status(), `${label} token: status`).toBeLessThan(500);
    }
    // One look after the three refused posts (a probe reads pages: seconds each): any of them
    // taking effect shows here, as every action's effect adds or changes what the probe reads.
    expect(await c.probe(page, prepared), "missing, wrong or empty token: no effect").toEqual(before);

    const ok = await page.request.post(prepared.url, { form: prepared.fields, maxRedirects: 0 });
    const answered = `answered ${ok.status()}: ${(await ok.text()).slice(0, 400)}`;
    if (c.acceptedStatus) {
      expect(ok.status(), `right token: accepted (${answered})`).toBe(c.acceptedStatus);
    } else {
      expect(ok.status(), `right token: accepted, a redirect (${answered})`).toBeGreaterThanOrEqual(300);
      expect(ok.status(), `right token: accepted, a redirect (${answered})`).toBeLessThan(400);
    }
    if (c.effectless) {
      expect(c.effectless(await ok.text()), "right token: the action answered").toBe(true);
      expect(await c.probe(page, prepared), "right token: nothing changed (by design)").toEqual(before);
    } else if (c.acceptedAnswer) c.acceptedAnswer(await ok.text());
    else expect(await c.probe(page, prepared), "right token: the action took effect").not.toEqual(before);
    await c.cleanup?.(page);
  });
}
