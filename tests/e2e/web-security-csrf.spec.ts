/**
 * CSRF on every web action (issue 5 §3, OWASP ASVS 5.0 V3.5): the action routes are read from
 * the Remix manifest the server serves (tests/e2e/route-manifest.ts); each must have a case
 * below, or the first test fails. A case fills the real form as the server serves it, takes its
 * fields, and posts them (with the test's session cookie) with the `csrf` field missing, with a
 * wrong token and with an empty one: each must be refused with a 4xx and change nothing. The same
 * fields with the form's own token then must take effect — which proves the refused posts were
 * otherwise valid and that the effect probe can see a change.
 *
 * No browser page is opened: the pages are fetched over HTTP with the cookies of the test's
 * browser context (`context.request` shares its cookie jar) and parsed with jsdom
 * (tests/e2e/served-form.ts). A case fills the served form through the DOM (`.value`, the
 * selected option, `.checked`) and takes its fields with the DOM's `FormData`: the form as the
 * server rendered it, with its own hidden `csrf` field, read by the same rules a browser builds
 * a form post by. That is as good a proof as the browser's: the forms are plain HTML forms that
 * work without JavaScript, the token is in the server-rendered form, and the posts under test were
 * always made by the test, not by the page; for a form posted without JavaScript a browser adds
 * nothing but that form's entries. What it saves is Chromium — a renderer per test and a
 * navigation per page read, several per case: most of this file's time. The probes read the
 * served pages the same way ("read through pages, never through the action"), or the API where
 * they say so. A setup step that submits a form only to make a precondition (a payment to sign,
 * a beneficiary draft, a login) submits the served form the same way (`submitForm`: its method,
 * action and entries, its button's name and value, redirects followed) and checks where it lands.
 * A customer's or staff member's session is made once (the real login forms) and its cookie
 * given to the next cases' contexts (`signedIn`, `staffSignedIn`).
 */
// Playwright's own `test`, not ./fixtures' (whose automatic console watch opens a page per test):
// no case opens a page.
import { request as playwrightRequest, test, type APIRequestContext, type BrowserContext, type Cookie } from "@playwright/test";
import { randomBytes } from "node:crypto";
import {
  apiSession,
  approvedBeneficiary,
  CUSTOMERS,
  DEMO_PASSWORD,
  expect,
  savedBeneficiary,
  signIn,
  staffCommand,
} from "./fixtures";
import { appRoutes } from "./route-manifest";
import { ageSession } from "./layout-helpers";
import { beneficiaryUnderReview, customerApi, queuedOrder } from "./ops-decisions-helpers";
import { OPS_APPLICANTS, STAFF, submitIndividualApplication } from "./ops-fixtures";
import { mainAccount, signedFxRequest, signedPayment } from "./ops-payments-helpers";
import {
  all,
  buttonNamed,
  buttonsNamed,
  byLabel,
  byTestId,
  check,
  fill,
  formEntries,
  formFields,
  linksNamed,
  one,
  selectByText,
  selectIndex,
  selectValue,
  servedPage,
  submitForm,
  textOf,
  withText,
  type ServedPage,
} from "./served-form";

interface Prepared {
  /** Where the form posts. */
  url: string;
  /** The form's fields as the browser would send them (including the right `csrf`). */
  fields: Record<string, string>;
}
/**
 * A case works in the test's browser context: its cookies (the session), its request client
 * (`context.request`, sharing them) for the served pages and the posts; no page is opened.
 */
interface CsrfCase {
  /** Log in (or not) and fill the form. */
  prepare(context: BrowserContext): Promise<Prepared>;
  /** Observe what the action changes (read through pages, never through the action). */
  probe(context: BrowserContext, prepared: Prepared): Promise<string | number>;
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
  cleanup?: (context: BrowserContext) => Promise<void>;
}

/** The seeded applicant whose number the /ops/customers case changes (and back). */
const CSRF_PHONE = { from: "+447700900022", to: "+447700900122" } as const;

/** The app's origin (the project's baseURL). */
const origin = () => test.info().project.use.baseURL!;

/**
 * The page at `url` as served to the context (its cookies; redirects followed): it must answer
 * 200, so a probe never counts the elements of an error page.
 */
async function shown(context: BrowserContext, url: string): Promise<ServedPage> {
  const served = await servedPage(context.request, url);
  expect(served.status, `GET ${url} (landed on ${served.path})`).toBe(200);
  return served;
}

/** The document of `shown(context, url)`. */
async function docOf(context: BrowserContext, url: string): Promise<Document> {
  return (await shown(context, url)).document;
}

/** A page with its heading (an app page, not an empty shell): `docOf` and a `main h1`. */
async function pageWithHeading(context: BrowserContext, url: string): Promise<Document> {
  const doc = await docOf(context, url);
  one(doc, "main h1");
  return doc;
}

/** Where a submitted form landed: a 200 page whose path (and query) matches `path`. */
function landedOn(landed: ServedPage, path: RegExp): ServedPage {
  expect(landed.status, `landed on ${landed.path}`).toBe(200);
  expect(landed.path, "landed on").toMatch(path);
  return landed;
}

/** The form matching `selector` in `doc`. */
const formOf = (root: ParentNode, selector: string) => one<HTMLFormElement>(root, selector);

/** The fields of the form matching `selector` (the first, in document order). */
const fieldsOf = (root: ParentNode, selector: string) => formFields(formOf(root, selector));

/** Submit the form that `button` belongs to, with it as the submitter. */
function clickSubmit(context: BrowserContext, button: HTMLButtonElement): Promise<ServedPage> {
  if (!button.form) throw new Error(`the button belongs to no form: ${button.outerHTML.slice(0, 200)}`);
  return submitForm(context.request, button.form, { submitter: button });
}

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
  apiRequest ??= await playwrightRequest.newContext({ baseURL: origin() });
  const session = await apiSession(apiRequest, phone);
  apiSessions.set(phone, { madeAt: Date.now(), session });
  return session;
}

/**
 * Log the context in to the back office as `email` through the two login forms as served
 * (/ops/login: email and password, then the sandbox code /ops/login/code shows). Ends on /ops,
 * which shows the staff user. The login pages themselves are tested in the browser in
 * ops-applications.spec.ts and a11y.spec.ts.
 */
async function staffLogin(context: BrowserContext, email: string): Promise<ServedPage> {
  let at = await shown(context, "/ops/login");
  fill(byLabel(at.document, "Email"), email);
  fill(byLabel(at.document, "Password"), DEMO_PASSWORD);
  at = landedOn(await clickSubmit(context, buttonNamed(one(at.document, "main"), "Continue")), /^\/ops\/login\/code$/);
  const code = textOf(one(at.document, "[data-testid=debug-code]")).match(/\d{6}/)?.[0];
  expect(code, "sandbox code (SMS_DEBUG_CODES)").toBeTruthy();
  fill(byLabel(at.document, "Code"), code!);
  at = landedOn(await submitForm(context.request, formOf(at.document, "main form[method=post]")), /^\/ops$/);
  expect(textOf(one(at.document, "[data-testid=ops-staff]")), "signed in as").toContain(email);
  return at;
}

/** A session's cookies kept after its login (`signedIn`, `staffSignedIn`), and when it was made. */
const browserSessions = new Map<string, { madeAt: number; cookies: Cookie[] }>();

/**
 * The context signed in as the customer `phone`: the first time through `signIn` (the
 * real login actions, from the context's request client), whose `__session` cookie is then kept for ten minutes (its access token
 * lasts 15: the web app never refreshes, so never rotates, it) and given to the next cases'
 * contexts, re-sealed with its last activity now (the inactivity limit is 5 minutes). The web
 * session lives in that cookie (tokens, CSRF token, drafts, chosen organization), so each context
 * starts as just signed in, and what a case does to its copy stays in its context. A login costs
 * an argon2 check and a render of /home; the cases would make some fifty. Not for a case that ends
 * the session at the API (the customer's logout): that one signs in on its own.
 */
async function signedIn(context: BrowserContext, phone: string): Promise<void> {
  const kept = browserSessions.get(`customer ${phone}`);
  if (kept && Date.now() - kept.madeAt < 10 * 60_000) {
    await context.addCookies(kept.cookies);
    await ageSession(context, origin(), 0);
    return;
  }
  await signIn(context, phone);
  const cookies = (await context.cookies(origin())).filter((c) => c.name === "__session");
  expect(cookies, "signed in: a __session cookie").toHaveLength(1);
  browserSessions.set(`customer ${phone}`, { madeAt: Date.now(), cookies });
}

/**
 * The context signed in to the back office as `email`: the first time through `staffLogin`,
 * whose `__ops` cookie is kept for ten minutes (the staff session's idle limit is 15, and each
 * use renews it) and given to the next cases' contexts. Not for the case that logs the staff
 * session out (it ends it at the API): that one logs in on its own.
 */
async function staffSignedIn(context: BrowserContext, email: string): Promise<void> {
  const kept = browserSessions.get(`staff ${email}`);
  if (kept && Date.now() - kept.madeAt < 10 * 60_000) {
    await context.addCookies(kept.cookies);
    return;
  }
  await staffLogin(context, email);
  const cookies = (await context.cookies()).filter((c) => c.name === "__ops"); // its path is /ops
  expect(cookies, "signed in to the back office: an __ops cookie").toHaveLength(1);
  browserSessions.set(`staff ${email}`, { madeAt: Date.now(), cookies });
}

/** Number of payments awaiting signature on /payments. */
async function unsignedCount(context: BrowserContext): Promise<number> {
  return byTestId(await pageWithHeading(context, "/payments"), "unsigned-payment").length;
}

/** A SEPA payment awaiting signature, created through the form; returns its id and its signing page (where it lands). */
async function createPayment(context: BrowserContext, payee: string): Promise<{ id: string; signing: ServedPage }> {
  const doc = await docOf(context, "/payments/euro");
  fill(one(doc, "[name=beneficiaryName]"), payee);
  fill(one(doc, "[name=iban]"), "DE89 3704 0044 0532 0130 00");
  fill(one(doc, "[name=bic]"), "COBADEFFXXX");
  fill(one(doc, "[name=amount]"), "1.02");
  const signing = landedOn(
    await clickSubmit(context, one(doc, "main form[method=post] button[type=submit]")),
    /^\/payments\/[^/]+\/sign$/,
  );
  return { id: signing.path.split("/")[2], signing };
}

/** The new remittance order form (Oliver: orders enabled), filled; returns it. */
async function fillRemittance(context: BrowserContext, payee: string, sum: string): Promise<HTMLFormElement> {
  const doc = await docOf(context, "/payments/remittance/new");
  selectByText(one(doc, "select[name=source]"), /^Main account — .*GBP/);
  fill(one(doc, "[name=sum]"), sum);
  fill(one(doc, "[name=description]"), "CSRF probe");
  fill(one(doc, "[name=payeeName]"), payee);
  fill(one(doc, "[name=payeeAddress]"), "1 High Street");
  fill(one(doc, "[name=payeeCity]"), "Leeds");
  selectValue(one(doc, "select[name=payeeCountry]"), "GB");
  fill(one(doc, "[name=payeePhone]"), "+447700900123");
  return formOf(doc, "form#remittance-form");
}

/** A remittance order of Oliver's, submitted through the form: returns its signing page (where it lands). */
async function createRemittance(context: BrowserContext, payee: string, sum: string): Promise<ServedPage> {
  const form = await fillRemittance(context, payee, sum);
  return landedOn(await clickSubmit(context, one(form, "button[type=submit]")), /^\/payments\/remittance\/[^/]+\/sign$/);
}

/** The FX rate request form (Oliver: requests enabled bank-wide), filled; returns it. */
async function fillFxRequest(context: BrowserContext, sellAmount: string): Promise<HTMLFormElement> {
  const doc = await docOf(context, "/currency-exchange/requests/new");
  selectByText(one(doc, "select[name=source]"), /^Main account — .*GBP/);
  selectValue(one(doc, "select[name=toCurrencyId]"), "EUR");
  fill(one(doc, "[name=sellAmount]"), sellAmount);
  fill(one(doc, "[name=rate]"), "1.17");
  return formOf(doc, "form#fx-request-form");
}

/** An FX rate request of Oliver's, submitted through the form: returns its signing page (where it lands). */
async function createFxRequest(context: BrowserContext, sellAmount: string): Promise<ServedPage> {
  const form = await fillFxRequest(context, sellAmount);
  return landedOn(await clickSubmit(context, one(form, "button[type=submit]")), /^\/currency-exchange\/requests\/[^/]+\/sign$/);
}

/** The sandbox signing code a signing page shows. */
const debugCode = (doc: Document) => textOf(one(doc, "[data-testid=debug-code]")).match(/\d{4}/)![0];

/** Number of Oliver's FX rate requests awaiting confirmation (read through the API, never through the action). */
async function unsignedFxRequests(): Promise<number> {
  const api = await customerSession(CUSTOMERS.individual);
  const list = await api.call(
    "GET",
    `/exchange/fx-requests?organizationId=${api.organizationId}&status=AWAITING_SIGNATURE&take=100`,
  );
  return list.body.edges.length;
}

/** A DRAFT beneficiary (INTERNAL, pre-filled from the link) saved through the create page; returns its id and its page (where it lands). */
async function draftBeneficiary(context: BrowserContext, name: string): Promise<{ id: string; saved: ServedPage }> {
  const q = new URLSearchParams({ paymentType: "INTERNAL", currencyId: "GBP", name, phone: "+447700900002" });
  const doc = await docOf(context, `/beneficiaries/create?${q.toString()}`);
  const saved = landedOn(
    await clickSubmit(context, buttonNamed(doc, "Save as draft")),
    /^\/beneficiaries\/[0-9a-f-]{36}\?notice=saved$/,
  );
  return { id: new URL(saved.url).pathname.split("/")[2], saved };
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
async function identityStepUrl(type: AppType, step: string): Promise<string> {
  const { id, mainRepresentativeId } = await identityApplication(type);
  const path = step === "cof-additional-infromation" ? `${mainRepresentativeId}/${step}` : step;
  return `/identity/${SEGMENT[type]}/${path}?applicationId=${id}`;
}

/** The step form's state as the page shows it (csrf left out): what a save changes. */
async function stepFormState(context: BrowserContext, url: string): Promise<string> {
  const form = formOf(await docOf(context, url), "form#identity-step-form");
  const params = new URLSearchParams();
  for (const [k, v] of formEntries(form)) if (k !== "csrf" && typeof v === "string") params.append(k, v);
  // Boxes offered but not ticked count too (an agreement signed is no longer offered).
  for (const box of all<HTMLInputElement>(form, "input[type=checkbox]:not(:checked)")) params.append(`(${box.name})`, box.value);
  return params.toString();
}

/**
 * A step page's case: change one answer (a text box to a new value, else the first select to
 * another option, else tick the first box), post the form. Probe: the step form as shown again.
 */
function identityStepCase(type: AppType, step: string): CsrfCase {
  return {
    async prepare(context) {
      await signedIn(context, APPLICANT);
      const url = await identityStepUrl(type, step);
      const form = formOf(await docOf(context, url), "form#identity-step-form");
      const marker = `CSRF ${randomBytes(4).toString("hex")}`;
      // Not a field shown only for another answer (a yes/no question's details: without JavaScript
      // it is on the page, but the save drops it while the question is not answered yes).
      const own = ":not([data-shown-when] *)";
      const text = form.querySelector(`input[type=text]:not([name=sicSearch])${own}, textarea${own}`);
      const select = form.querySelector<HTMLSelectElement>(`select${own}`);
      if (text) fill(text, marker);
      else if (select) {
        const current = select.value;
        selectValue(
          select,
          [...select.options].map((o) => o.value).find((v) => v && v !== current)!,
        );
      } else check(one(form, `input[type=checkbox]:not(:checked)${own}`));
      return { url: form.getAttribute("action")!, fields: { ...formFields(form), probeUrl: url } };
    },
    probe: (context, { fields }) => stepFormState(context, fields.probeUrl),
  };
}

/** Check answers: submitting an unfinished application is refused and lists its errors by step. */
function identityCheckCase(type: AppType): CsrfCase {
  return {
    async prepare(context) {
      await signedIn(context, APPLICANT);
      const { id } = await identityApplication(type);
      const url = `/identity/${SEGMENT[type]}/check-answers?applicationId=${id}`;
      const form = formOf(await docOf(context, url), "[data-testid=submit-form]");
      return { url: form.getAttribute("action")!, fields: { ...formFields(form), probeUrl: url } };
    },
    async probe(context, { fields }) {
      return all(await pageWithHeading(context, fields.probeUrl), "[data-testid=check-errors] li").length;
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
async function stepState(context: BrowserContext, url: string, step: string): Promise<string> {
  return one(await docOf(context, url), `[data-step="${step}"]`).getAttribute("data-state") ?? "";
}

/** Identity verification (sandbox): choose the outcome the application does not have yet. Probe: the status shown. */
function verificationCase(type: AppType): CsrfCase {
  return {
    async prepare(context) {
      await signedIn(context, APPLICANT);
      const { id } = await identityApplication(type);
      const url = `/identity/${SEGMENT[type]}/identity-verification?applicationId=${id}`;
      const doc = await docOf(context, url);
      const status = one(doc, "[data-testid=verification-status]").getAttribute("data-status");
      const form = formOf(doc, "[data-testid=sandbox-form]");
      check(one(form, `input[name=outcome][value=${status === "COMPLETED" ? "REJECT" : "APPROVE"}]`));
      return { url: form.getAttribute("action")!, fields: { ...formFields(form), probeUrl: url } };
    },
    async probe(context, { fields }) {
      return one(await docOf(context, fields.probeUrl), "[data-testid=verification-status]").getAttribute("data-status") ?? "";
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
    async prepare(context) {
      await signedIn(context, APPLICANT);
      // A new application each time: continuing completes the step, so a retry on the same
      // application would find it completed already and see no change.
      const { id } = await identityApplication("CORPORATE", { fresh: true });
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
      let doc = await docOf(context, url);
      if (step === "add-documents") {
        const certificate = "[data-testid=document-category]:has(input[name=category][value=INCORPORATION_CERTIFICATE])";
        const cert = one(doc, certificate);
        if (byTestId(cert, "document").length === 0) {
          const upload = formOf(cert, "[data-testid=upload-form]");
          const input = one<HTMLInputElement>(upload, "input[type=file]");
          await submitForm(context.request, upload, {
            submitter: one(upload, "button[type=submit]"),
            files: { [input.name]: { name: "certificate.pdf", mimeType: "application/pdf", buffer: PDF } },
          });
          doc = await docOf(context, url);
          expect(byTestId(one(doc, certificate), "document"), "the certificate uploaded").toHaveLength(1);
        }
      }
      const form = formOf(doc, "form:has(input[name=intent][value=continue])");
      return {
        url: form.getAttribute("action")!,
        // The step's own page always lists it as active: its state is read on the first step's page.
        fields: { ...formFields(form), probeUrl: `/identity/corporate/country-and-name?applicationId=${id}` },
      };
    },
    probe: (context, { fields }) => stepState(context, fields.probeUrl, step),
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
    async prepare(context) {
      await signedIn(context, APPLICANT);
      const { id } = await identityApplication("CORPORATE");
      const form = formOf(await docOf(context, `/identity/corporate/cof/new?applicationId=${id}`), "[data-testid=official-form]");
      check(one(form, "input[name=role][value=DIRECTOR]"));
      fill(one(form, "[name=firstName]"), "Csrf");
      fill(one(form, "[name=lastName]"), `Director ${randomBytes(3).toString("hex")}`);
      fill(one(form, "[name=dob]"), "1970-01-01");
      selectValue(one(form, "select[name=nationalityId]"), "GB");
      check(one(form, "input[name=natureOfControl][value=DIRECT_CONTROL]"));
      return {
        url: form.getAttribute("action")!,
        fields: { ...formFields(form), probeUrl: `/identity/corporate/cof?applicationId=${id}` },
      };
    },
    async probe(context, { fields }) {
      return byTestId(await pageWithHeading(context, fields.probeUrl), "official").length;
    },
  },
  // The draft a step page sends when left (navigator.sendBeacon): 204, shown on the step after.
  "routes/identity+/draft": {
    acceptedStatus: 204,
    async prepare(context) {
      await signedIn(context, APPLICANT);
      const { id } = await identityApplication("INDIVIDUAL");
      const url = `/identity/individual/activities?applicationId=${id}`;
      const form = formOf(await docOf(context, url), "form#identity-step-form");
      fill(byLabel(form, "Name of employer"), `CSRF ${randomBytes(4).toString("hex")}`);
      return { url: "/identity/draft", fields: { ...formFields(form), applicationId: id, step: "activities", probeUrl: url } };
    },
    probe: (context, { fields }) => stepFormState(context, fields.probeUrl),
  },
};

/** A unique text for a chat probe. */
const chatText = (label: string) => `${label} ${randomBytes(4).toString("hex")}`;

/** Messages on a chat channel's page containing `text`. */
async function chatMessages(context: BrowserContext, channelId: string, text: string): Promise<number> {
  return withText(byTestId(await pageWithHeading(context, `/chat/${channelId}`), "chat-message"), text).length;
}

const CHAT_CASES: Record<string, CsrfCase> = {
  "routes/_app+/chat+/$channelId+/_index": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const main = one<HTMLAnchorElement>(await docOf(context, "/chat"), "[data-testid=chat-main-channel]");
      const channel = landedOn(await servedPage(context.request, main.href), /^\/chat\/[0-9a-f-]{36}$/);
      fill(one(channel.document, "#chat-content"), chatText("CSRF chat probe"));
      return { url: channel.path, fields: fieldsOf(channel.document, "form[data-testid=chat-post-form]") };
    },
    probe: (context, { url, fields }) => chatMessages(context, url.split("/")[2], fields.content),
  },
  "routes/_app+/chat+/new": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const doc = await docOf(context, "/chat/new");
      fill(byLabel(doc, "Title"), chatText("CSRF question"));
      fill(byLabel(doc, "Your question"), "Is this form protected?");
      return { url: "/chat/new", fields: fieldsOf(doc, "form[data-testid=chat-ask-form]") };
    },
    async probe(context, { fields }) {
      return withText(byTestId(await pageWithHeading(context, "/chat"), "chat-channel"), fields.title).length;
    },
  },
  "routes/_app+/chat+/notifications": {
    async prepare(context) {
      // A notification to read: a beneficiary of Oliver's approved by the bank (it notifies him).
      await approvedBeneficiary(context, chatText("CSRF Notified Ltd"));
      await signedIn(context, CUSTOMERS.individual);
      const doc = await docOf(context, "/chat/notifications");
      return { url: "/chat/notifications", fields: fieldsOf(doc, "[data-testid=notification] form") };
    },
    async probe(context) {
      return buttonsNamed(await pageWithHeading(context, "/chat/notifications"), "Mark as read").length;
    },
  },
  "routes/_app+/chat+/messaging-token": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const fields = fieldsOf(await docOf(context, "/home"), "form#logout-form");
      return { url: "/chat/messaging-token", fields: { csrf: fields.csrf } };
    },
    // Nothing is stored: the refusals must not hand out a token (their status is checked above);
    // the probe confirms the session is untouched.
    async probe(context) {
      return textOf(one(await docOf(context, "/chat"), "main h1"));
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
async function landsOn(context: BrowserContext, path: string): Promise<string> {
  return new URL((await shown(context, path)).url).pathname;
}

const OPS_CASES: Record<string, CsrfCase> = {
  "routes/ops+/login+/_index": {
    async prepare(context) {
      const doc = await docOf(context, "/ops/login");
      fill(byLabel(doc, "Email"), STAFF.support);
      fill(byLabel(doc, "Password"), DEMO_PASSWORD);
      return { url: "/ops/login", fields: fieldsOf(doc, "main form[method=post]") };
    },
    // Accepted, the login moves on to its code step (the ops session holds the challenge).
    probe: (context) => landsOn(context, "/ops/login/code"),
  },
  "routes/ops+/login+/code": {
    async prepare(context) {
      const login = await docOf(context, "/ops/login");
      fill(byLabel(login, "Email"), STAFF.support);
      fill(byLabel(login, "Password"), DEMO_PASSWORD);
      const { document: doc } = landedOn(await clickSubmit(context, buttonNamed(login, "Continue")), /^\/ops\/login\/code$/);
      const code = textOf(one(doc, "[data-testid=debug-code]")).match(/\d{6}/)![0];
      fill(byLabel(doc, "Code"), code);
      return { url: "/ops/login/code", fields: fieldsOf(doc, "main form[method=post]") };
    },
    // Accepted, the staff user is signed in: /ops opens instead of sending to /ops/login.
    probe: (context) => landsOn(context, "/ops"),
  },
  "routes/ops+/logout": {
    async prepare(context) {
      // Its own staff session (not a kept one): the accepted post ends it at the API.
      const { document: doc } = await staffLogin(context, STAFF.support);
      return { url: "/ops/logout", fields: fieldsOf(doc, 'form[action="/ops/logout"]') };
    },
    probe: (context) => landsOn(context, "/ops"),
  },
  "routes/ops+/applications+/$id+/_index": {
    async prepare(context) {
      const id = await submitIndividualApplication(context, OPS_APPLICANTS.csrf, "Sam");
      await staffSignedIn(context, STAFF.onboarding);
      const url = `/ops/applications/${id}`;
      return { url, fields: fieldsOf(await docOf(context, url), "[data-testid=form-review]") };
    },
    async probe(context, { url }) {
      return textOf(one(await docOf(context, url), "[data-testid=ops-application-status]"));
    },
  },
  "routes/_app+/home": {
    async prepare(context) {
      // Identified by an approved application: /home shows the "verified" popup until closed.
      const id = await submitIndividualApplication(context, OPS_APPLICANTS.verified, "Eve");
      for (const command of ["application:review", "application:approve"]) await staffCommand(context, [command, id]);
      await signedIn(context, OPS_APPLICANTS.verified);
      return { url: "/home", fields: fieldsOf(await docOf(context, "/home"), "[data-testid=verified-notice] form") };
    },
    async probe(context) {
      return byTestId(await docOf(context, "/home"), "verified-notice").length;
    },
  },
  "routes/ops+/chat+/$channelId": {
    async prepare(context) {
      const api = await customerSession(CUSTOMERS.both);
      const main = (await api.call("GET", "/channels")).body.data.find((c: { channelType: string }) => c.channelType === "MAIN");
      expect((await api.call("POST", `/channels/${main.id}/messages`, { content: "CSRF chat probe" })).status).toBe(201);
      await staffSignedIn(context, STAFF.support);
      const url = `/ops/chat/${main.id}`;
      const doc = await docOf(context, url);
      fill(byLabel(doc, "Your reply (the customer sees it)"), "CSRF reply probe");
      return { url, fields: fieldsOf(doc, "main form[method=post]") };
    },
    async probe(context, { url }) {
      return all(await docOf(context, url), "[data-testid=ops-chat-message][data-from=STAFF]").length;
    },
  },
};

/** The back office's PAYMENTS screens (issue 13): a staff session (`__ops`), the ops CSRF token. */
const OPS_PAYMENTS_CASES: Record<string, CsrfCase> = {
  "routes/ops+/payments+/_index": {
    async prepare(context) {
      const id = await signedPayment(context.request, "2.03", `CSRF Payee ${Date.now()}`);
      await staffSignedIn(context, STAFF.payments);
      const doc = await docOf(context, "/ops/payments?rail=GBP");
      const fields = fieldsOf(
        doc,
        `[data-testid=payment-row][data-payment-id="${id}"] form:has(input[name=intent][value=settle])`,
      );
      return { url: "/ops/payments?index&rail=GBP", fields };
    },
    async probe(context, { fields }) {
      const doc = await pageWithHeading(context, "/ops/payments?rail=GBP&status=SETTLED");
      return all(doc, `[data-testid=payment-row][data-payment-id="${fields.id}"]`).length;
    },
  },
  "routes/ops+/payments+/incoming": {
    async prepare(context) {
      const api = await customerSession(CUSTOMERS.individual);
      const account = await mainAccount(api);
      await staffSignedIn(context, STAFF.payments);
      const doc = await docOf(context, "/ops/payments/incoming");
      fill(byLabel(doc, "Customer account number or IBAN"), account.number);
      fill(byLabel(doc, "Currency"), "GBP");
      fill(byLabel(doc, "Amount"), "1.01");
      fill(byLabel(doc, "Payer's name"), `CSRF Payer ${Date.now()}`);
      return { url: "/ops/payments/incoming", fields: fieldsOf(doc, "main form[method=post]") };
    },
    async probe(context, { fields }) {
      return withText(byTestId(await pageWithHeading(context, "/ops/payments/incoming"), "incoming-row"), fields.payerName)
        .length;
    },
  },
  "routes/ops+/cards": {
    async prepare(context) {
      // Northwind's seeded ORDERED card (the ops cards e2e orders cards of its own).
      await staffSignedIn(context, STAFF.payments);
      const rows = withText(byTestId(await docOf(context, "/ops/cards"), "card-row"), "Expenses Visa");
      expect(rows).toHaveLength(1);
      const fields = fieldsOf(rows[0], "form:has(input[name=intent][value=issue])");
      return { url: "/ops/cards", fields: { ...fields, lastFour: "9090", expiresOn: "12/30" } };
    },
    async probe(context) {
      return withText(byTestId(await pageWithHeading(context, "/ops/cards"), "card-row"), "Expenses Visa").length; // 1 while ORDERED
    },
  },
  "routes/ops+/fx-requests": {
    async prepare(context) {
      const id = await signedFxRequest(context.request, "1.00");
      await staffSignedIn(context, STAFF.payments);
      const doc = await docOf(context, "/ops/fx-requests");
      const fields = fieldsOf(doc, `[data-testid=fx-row][data-fx-id="${id}"] form:has(input[name=intent][value=accept])`);
      return { url: "/ops/fx-requests", fields };
    },
    async probe(context, { fields }) {
      return all(await pageWithHeading(context, "/ops/fx-requests"), `[data-testid=fx-row][data-fx-id="${fields.id}"]`).length; // 1 while PENDING
    },
  },
};

const CASES: Record<string, CsrfCase> = {
  ...IDENTITY_CASES,
  "routes/auth+/phone": {
    async prepare(context) {
      const doc = await docOf(context, "/auth/phone");
      fill(byLabel(doc, /phone/i), CUSTOMERS.individual);
      return { url: "/auth/phone", fields: fieldsOf(doc, "main form[method=post]") };
    },
    async probe(context) {
      return all(await pageWithHeading(context, "/auth/phone"), "input[name=code]").length; // 1 once the code step is reached
    },
  },
  "routes/auth+/recover": {
    async prepare(context) {
      // A customer no other recovery test uses (a new recovery code replaces the phone's earlier one).
      const doc = await docOf(context, "/auth/recover");
      fill(byLabel(doc, "Phone number"), CUSTOMERS.unidentified);
      return { url: "/auth/recover", fields: fieldsOf(doc, "main form[method=post]") };
    },
    async probe(context) {
      return all(await pageWithHeading(context, "/auth/recover"), "input[name=code]").length; // 1 once the code was sent
    },
  },
  "routes/auth+/logout": {
    async prepare(context) {
      // Its own session (not a kept one): the accepted post ends it at the API.
      await signIn(context, CUSTOMERS.individual);
      const doc = await docOf(context, "/home");
      return { url: "/auth/logout", fields: fieldsOf(doc, "form#logout-form") };
    },
    async probe(context) {
      return new URL((await shown(context, "/home")).url).pathname;
    },
  },
  "routes/_app+/payments+/euro+/_index": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const doc = await docOf(context, "/payments/euro");
      fill(one(doc, "[name=beneficiaryName]"), "CSRF Probe");
      fill(one(doc, "[name=iban]"), "DE89 3704 0044 0532 0130 00");
      fill(one(doc, "[name=bic]"), "COBADEFFXXX");
      fill(one(doc, "[name=amount]"), "1.03");
      return { url: "/payments/euro", fields: fieldsOf(doc, "main form[method=post]") };
    },
    probe: unsignedCount,
  },
  "routes/_app+/payments+/internal+/form": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const find = await docOf(context, "/payments/internal");
      fill(byLabel(find, "Recipient's phone number"), CUSTOMERS.both);
      const pay = landedOn(await clickSubmit(context, buttonNamed(find, "Find recipient")), /^\/payments\/internal\/form\?/);
      const doc = pay.document;
      one(doc, "#pay-title");
      selectByText(one(doc, "#pay-title ~ form select[name=source]"), /GBP/);
      fill(one(doc, "#pay-title ~ form [name=amount]"), "1.04");
      return { url: pay.path, fields: fieldsOf(doc, "#pay-title ~ form") };
    },
    probe: unsignedCount,
  },
  "routes/_app+/payments+/cash-over+/form": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const start = await docOf(context, "/payments/cash-over");
      selectByText(one(start, "main select[name=source]"), /GBP/);
      const form = landedOn(await clickSubmit(context, buttonNamed(start, "Continue")), /^\/payments\/cash-over\/form\?source=/);
      const doc = form.document;
      selectIndex(one(doc, "select[name=pspPartnerId]"), 1);
      fill(one(doc, "[name=beneficiaryName]"), "CSRF Collector");
      fill(one(doc, "[name=collectorContact]"), "+447700900123");
      fill(one(doc, "[name=amount]"), "1.07");
      return { url: form.path, fields: fieldsOf(doc, "main form[method=post]") };
    },
    probe: unsignedCount,
  },
  "routes/_app+/payments+/between-accounts+/_index": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const doc = await docOf(context, "/payments/between-accounts");
      selectByText(one(doc, "select[name=source]"), /^Main account — .*GBP/);
      selectByText(one(doc, "select[name=toAccountId]"), /^Savings/);
      fill(one(doc, "[name=amount]"), "1.05");
      return { url: "/payments/between-accounts", fields: fieldsOf(doc, "main form[method=post]") };
    },
    probe: unsignedCount,
  },
  "routes/_app+/payments+/gbp+/form": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const start = await docOf(context, "/payments/gbp");
      selectByText(one(start, "main select[name=source]"), /^Main account — .*GBP/);
      const { document: doc } = landedOn(
        await clickSubmit(context, buttonNamed(one(start, "main"), "Continue")),
        /^\/payments\/gbp\/form\?source=/,
      );
      fill(one(doc, "[name=beneficiaryName]"), "CSRF Pound Probe");
      fill(one(doc, "[name=sortCode]"), "12-34-56");
      fill(one(doc, "[name=accountNumber]"), "12345678");
      fill(one(doc, "[name=amount]"), "1.08");
      return { url: "/payments/gbp/form", fields: fieldsOf(doc, "main form[method=post]") };
    },
    probe: unsignedCount,
  },
  "routes/_app+/payments+/usd+/form": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const start = await docOf(context, "/payments/usd");
      selectByText(one(start, "main select[name=source]"), /^Main account — .*USD/);
      const { document: doc } = landedOn(
        await clickSubmit(context, buttonNamed(one(start, "main"), "Continue")),
        /^\/payments\/usd\/form\?source=/,
      );
      fill(one(doc, "[name=beneficiaryName]"), "CSRF USD Probe");
      fill(one(doc, "[name=aba]"), "021000021");
      fill(one(doc, "[name=accountNumber]"), "123456789");
      fill(one(doc, "[name=address]"), "1 Main Street");
      fill(one(doc, "[name=city]"), "Boston");
      fill(one(doc, "[name=purpose]"), "CSRF probe");
      fill(one(doc, "[name=amount]"), "1.09");
      return { url: "/payments/usd/form", fields: fieldsOf(doc, "main form[method=post]") };
    },
    probe: unsignedCount,
  },
  "routes/_app+/payments+/international+/form": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const doc = await docOf(context, "/payments/international/form");
      selectByText(one(doc, "select[name=source]"), /^Main account — .*USD/);
      fill(one(doc, "[name=beneficiaryName]"), "CSRF Swift Probe");
      fill(one(doc, "[name=address]"), "270 Park Avenue");
      fill(one(doc, "[name=city]"), "New York");
      selectValue(one(doc, "select[name=countryId]"), "US");
      fill(one(doc, "[name=bic]"), "CHASUS33");
      fill(one(doc, "[name=bankName]"), "JPMorgan Chase Bank");
      selectValue(one(doc, "select[name=bankCountry]"), "US");
      fill(one(doc, "[name=accountNumber]"), "000123456789");
      fill(one(doc, "[name=purpose]"), "CSRF probe");
      fill(one(doc, "[name=amount]"), "1.07");
      return { url: "/payments/international/form", fields: fieldsOf(doc, "main form[method=post]") };
    },
    probe: unsignedCount,
  },
  "routes/_app+/payments+/casp+/form": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const doc = await docOf(context, "/payments/casp/form");
      selectByText(one(doc, "select[name=source]"), /^Crypto wallet — .*SOL/);
      selectValue(one(doc, "select[name=caspId]"), "kraken-eu");
      fill(one(doc, "[name=beneficiaryName]"), "CSRF Casp Probe");
      fill(one(doc, "[name=walletAddress]"), "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
      fill(one(doc, "[name=purpose]"), "CSRF probe");
      fill(one(doc, "[name=amount]"), "0.108");
      return { url: "/payments/casp/form", fields: fieldsOf(doc, "main form[method=post]") };
    },
    probe: unsignedCount,
  },
  "routes/_app+/payments+/$paymentId+/sign": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const { id, signing } = await createPayment(context, "CSRF Sign Probe");
      // The code as a field of its own (with JavaScript four digits submit the form by themselves).
      const code = debugCode(signing.document);
      return { url: `/payments/${id}/sign`, fields: { ...fieldsOf(signing.document, "form#sign"), code } };
    },
    async probe(context, { url }) {
      return textOf(one(await docOf(context, url.replace(/\/sign$/, "")), "[data-testid=payment-status]"));
    },
  },
  "routes/_app+/payments+/$paymentId+/change": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const { id, signing } = await createPayment(context, "CSRF Change Probe");
      const link = one<HTMLAnchorElement>(signing.document, "[data-testid=change-details]");
      const change = landedOn(await servedPage(context.request, link.href), new RegExp(`^/payments/${id}/change$`));
      return { url: `/payments/${id}/change`, fields: fieldsOf(change.document, "form#change") };
    },
    async probe(context, { url }) {
      return textOf(one(await docOf(context, url.replace(/\/change$/, "")), "[data-testid=payment-status]"));
    },
  },
  "routes/_app+/payments+/remittance+/new": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const form = await fillRemittance(context, "CSRF Remittance Probe", "1.11");
      return { url: "/payments/remittance/new", fields: formFields(form) };
    },
    async probe(context) {
      return byTestId(await pageWithHeading(context, "/payments/remittance"), "remittance-order").length;
    },
  },
  "routes/_app+/payments+/remittance+/$orderId+/sign": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const signing = await createRemittance(context, "CSRF Remittance Sign Probe", "1.12");
      const code = debugCode(signing.document);
      return { url: signing.path, fields: { ...fieldsOf(signing.document, "form#sign"), code } };
    },
    async probe(context, { url }) {
      return (
        one(await docOf(context, url.replace(/\/sign$/, "")), "[data-testid=order-status]").getAttribute("data-status") ?? ""
      );
    },
  },
  "routes/_app+/payments+/remittance+/$orderId+/_index": {
    // "Decline this order": the confirmation's form posts to the order's page.
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const url = (await createRemittance(context, "CSRF Remittance Decline Probe", "1.13")).path.replace(/\/sign$/, "");
      const doc = await docOf(context, `${url}?decline=1`);
      return { url, fields: fieldsOf(doc, "[data-testid=order-decline-confirm] form") };
    },
    async probe(context, { url }) {
      const status = one(await docOf(context, url), "[data-testid=order-status]");
      return `${status.getAttribute("data-status")}:${status.getAttribute("data-rejected-by") ?? ""}`;
    },
  },
  "routes/_app+/currency-exchange+/requests+/new": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const form = await fillFxRequest(context, "1.21");
      return { url: "/currency-exchange/requests/new", fields: formFields(form) };
    },
    probe: unsignedFxRequests,
  },
  "routes/_app+/currency-exchange+/requests+/$requestId+/sign": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const signing = await createFxRequest(context, "1.22");
      const code = debugCode(signing.document);
      return { url: signing.path, fields: { ...fieldsOf(signing.document, "form#sign"), code } };
    },
    async probe(context, { url }) {
      return one(await docOf(context, url.replace(/\/sign$/, "")), "[data-testid=fx-status]").getAttribute("data-status") ?? "";
    },
  },
  "routes/_app+/currency-exchange+/requests+/$requestId+/_index": {
    // "Decline this request": the confirmation's form posts to the request's page.
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const url = (await createFxRequest(context, "1.23")).path.replace(/\/sign$/, "");
      const doc = await docOf(context, `${url}?decline=1`);
      return { url, fields: fieldsOf(doc, "[data-testid=fx-decline-confirm] form") };
    },
    async probe(context, { url }) {
      return one(await docOf(context, url), "[data-testid=fx-status]").getAttribute("data-status") ?? "";
    },
  },
  "routes/demo+/payments+/form": {
    // Demo mode (issue 12): the demo payment form of a customer not yet identified. It sends
    // nothing, so the effect probe is the real ledger: a real customer's accounts and balances.
    acceptedStatus: 200,
    effectless: (answer) => answer.includes("In demo mode nothing is sent."),
    async prepare(context) {
      await signedIn(context, CUSTOMERS.unidentified);
      const doc = await docOf(context, "/demo/payments/form?currencyId=GBP");
      fill(one(doc, "[name=payee]"), "CSRF Probe");
      fill(one(doc, "[name=amount]"), "1.00");
      return { url: "/demo/payments/form", fields: fieldsOf(doc, "main form[method=post]") };
    },
    async probe() {
      const api = await customerSession(CUSTOMERS.individual);
      return JSON.stringify((await api.call("GET", `/accounts?organizationId=${api.organizationId}&all=true`)).body);
    },
  },
  "routes/_app+/cards+/$cardId": {
    async prepare(context) {
      // James's Personal Visa (no other test uses it): the confirmed freeze form.
      await signedIn(context, CUSTOMERS.both);
      const links = linksNamed(await docOf(context, "/home"), "Personal Visa •••• 2048");
      // The card's link, wherever /home lists it (the side menu and the accounts): one card.
      const hrefs = [...new Set(links.map((a) => a.getAttribute("href")!))];
      expect(hrefs, "the card's link").toHaveLength(1);
      const doc = await docOf(context, `${hrefs[0]}?confirm=freeze`);
      return { url: hrefs[0], fields: fieldsOf(doc, "[data-testid=freeze-confirm] form") };
    },
    async probe(context, { url }) {
      return one(await docOf(context, url), "[data-testid=card-status]").getAttribute("data-status") ?? "";
    },
  },
  "routes/_app+/cards+/order-card": {
    async prepare(context) {
      // Amelia orders a card for Northwind (2 seeded of at most 5 per account).
      await signedIn(context, CUSTOMERS.corporate);
      const doc = await docOf(context, "/cards/order-card");
      fill(one(doc, "[name=cardName]"), "CSRF probe card");
      return { url: "/cards/order-card", fields: fieldsOf(doc, "form[data-testid=order-card-form]") };
    },
    async probe(context) {
      return linksNamed(await docOf(context, "/home"), "CSRF probe card (Card ordered)").length; // 1 once ordered
    },
  },
  "routes/_app+/beneficiaries+/create": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const q = new URLSearchParams({
        paymentType: "INTERNAL",
        currencyId: "GBP",
        name: "CSRF Beneficiary Probe",
        phone: "+447700900002",
      });
      const form = formOf(await docOf(context, `/beneficiaries/create?${q.toString()}`), "[data-testid=beneficiary-form]");
      return { url: form.getAttribute("action") ?? "", fields: formFields(form) };
    },
    async probe(context) {
      return byTestId(await pageWithHeading(context, "/beneficiaries?search=CSRF+Beneficiary+Probe"), "beneficiary").length;
    },
  },
  "routes/_app+/beneficiaries+/$beneficiaryId+/_index": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const { id, saved } = await draftBeneficiary(context, "CSRF Submit Probe");
      const url = `/beneficiaries/${id}`;
      return { url, fields: { ...fieldsOf(saved.document, "main form[method=post]"), intent: "submit" } };
    },
    async probe(context, { url }) {
      return textOf(one(await docOf(context, url), "[data-testid=beneficiary-status]"));
    },
  },
  "routes/_app+/beneficiaries+/$beneficiaryId+/edit": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const { id } = await draftBeneficiary(context, "CSRF Edit Probe");
      const form = formOf(await docOf(context, `/beneficiaries/${id}/edit`), "[data-testid=beneficiary-form]");
      return { url: form.getAttribute("action") ?? "", fields: { ...formFields(form), name: "CSRF Edit Probe Renamed" } };
    },
    async probe(context, { url }) {
      return textOf(one(await docOf(context, url.replace(/\/edit\?.*$/, "")), "main h1"));
    },
  },
  "routes/_app+/beneficiaries+/$beneficiaryId+/delete": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const { id } = await draftBeneficiary(context, "CSRF Delete Probe");
      const url = `/beneficiaries/${id}/delete`;
      return { url, fields: fieldsOf(await docOf(context, url), "main form[method=post]") };
    },
    async probe(context, { url }) {
      return (await servedPage(context.request, url.replace(/\/delete$/, ""))).status; // 404 once deleted
    },
  },
  "routes/_app+/beneficiaries+/$beneficiaryId+/contracts": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const url = `/beneficiaries/${await savedBeneficiary(context.request, "CSRF Contracts Probe")}/contracts`;
      const doc = await docOf(context, url);
      fill(one(doc, "form#contract-create [name=name]"), "CSRF contract probe");
      return { url, fields: fieldsOf(doc, "form#contract-create") };
    },
    async probe(context, { url }) {
      return byTestId(await pageWithHeading(context, url), "contract").length; // contracts created
    },
  },
  "routes/_app+/payments+/sign+/_index": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const { id } = await createPayment(context, "CSRF Batch Sign Probe");
      const doc = await docOf(context, "/payments");
      check(one(doc, `input[type=checkbox][value="${id}"]`));
      // "Sign selected": the ticked payments (checkboxes of the batch form) and the button's intent.
      return { url: "/payments/sign", fields: { ...fieldsOf(doc, "form#unsigned-batch"), intent: "start" } };
    },
    async probe(context, { fields }) {
      // The batch's code is sent by the action: its signing page shows the sandbox code only then.
      return byTestId(await pageWithHeading(context, `/payments/sign?ids=${fields.paymentId}`), "debug-code").length;
    },
  },
  "routes/_app+/currency-exchange+/_index": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const doc = await docOf(context, "/currency-exchange");
      selectByText(one(doc, "main select[name=source]"), /GBP/);
      selectValue(one(doc, "main select[name=toCurrencyId]"), "EUR");
      fill(one(doc, "main [name=amount]"), "1.11");
      return { url: "/currency-exchange", fields: fieldsOf(doc, "main form[method=post]") };
    },
    async probe() {
      // The action's effect is a stored quote: the newest of the organization's (read through the API).
      const api = await customerSession(CUSTOMERS.individual);
      const list = await api.call("GET", `/exchange?organizationId=${api.organizationId}&take=1`);
      return list.body.data[0]?.id ?? "none";
    },
  },
  "routes/_app+/currency-exchange+/confirm": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const start = await docOf(context, "/currency-exchange");
      selectByText(one(start, "main select[name=source]"), /GBP/);
      selectValue(one(start, "main select[name=toCurrencyId]"), "EUR");
      fill(one(start, "main [name=amount]"), "1.12");
      const { document: doc } = landedOn(
        await clickSubmit(context, one(start, "[data-testid=get-quote]")),
        /^\/currency-exchange\/confirm\?quote=/,
      );
      const form = formOf(doc, "main form[method=post]");
      return { url: form.getAttribute("action") ?? "", fields: { ...formFields(form), intent: "exchange" } };
    },
    async probe(context, { fields }) {
      // QUOTED until executed (a quote expires after 30 s; the case takes a few seconds).
      const api = await customerSession(CUSTOMERS.individual);
      return (await api.call("GET", `/exchange/${fields.quoteId}`)).body.status;
    },
  },
  "routes/_app+/profile+/_index": {
    async prepare(context) {
      // A device of the customer's made for this case (an API login with its own name): only it is logged out.
      const deviceName = `CSRF probe device ${randomBytes(4).toString("hex")}`;
      const post = async (path: string, data: unknown) => (await context.request.post(`/api/v1${path}`, { data })).json();
      const challenge = await post("/auth/phone", { phone: CUSTOMERS.individual });
      const verified = await post("/auth/verify-code", { token: challenge.token, code: challenge.debugCode });
      await post("/auth/verify-password", { token: verified.token, password: DEMO_PASSWORD, deviceName });
      await signedIn(context, CUSTOMERS.individual);
      const devices = withText(byTestId(await docOf(context, "/profile"), "device"), deviceName);
      expect(devices, "the device listed").toHaveLength(1);
      return { url: "/profile", fields: { ...fieldsOf(devices[0], "form"), deviceName } };
    },
    async probe(context, { fields }) {
      return withText(byTestId(await pageWithHeading(context, "/profile"), "device"), fields.deviceName).length; // 1 while signed in
    },
  },
  "routes/_app+/profile+/code-channel": {
    async prepare(context) {
      // A channel change waiting for its code; the case posts "keep the current channel" (cancel),
      // whose effect is that the waiting change is forgotten (the customer's channel never changes).
      await signedIn(context, CUSTOMERS.individual);
      const profile = await docOf(context, "/profile");
      check(one(profile, "input[name=twilioAuthChannel]:not(:checked)"));
      const { document: doc } = landedOn(
        await clickSubmit(context, buttonNamed(profile, "Change channel")),
        /^\/profile\/code-channel$/,
      );
      return { url: "/profile/code-channel", fields: { ...fieldsOf(doc, "main form[method=post]"), intent: "cancel" } };
    },
    async probe(context) {
      const served = await shown(context, "/profile/code-channel");
      one(served.document, "main h1");
      return new URL(served.url).pathname; // /profile/code-channel while the change waits, /profile after
    },
  },
  "routes/_app+/profile+/agreements": {
    async prepare(context) {
      // Ada Whitfield is asked to sign the 2027 terms for this case (no other test signs hers).
      await staffCommand(context, ["agreement:request", CUSTOMERS.official, "payment-services-update-2027"]);
      await signedIn(context, CUSTOMERS.official);
      return {
        url: "/profile/agreements",
        fields: fieldsOf(await docOf(context, "/profile/agreements"), "main form[method=post]"),
      };
    },
    async probe(context) {
      return byTestId(await pageWithHeading(context, "/profile/agreements"), "agreement").length; // 1 until signed
    },
  },
  "routes/_app+/profile+/companies+/$organizationId.cof": {
    async prepare(context) {
      // Amelia adds an invitation for a phone made up here (it grants nobody access).
      const organizationId = (await customerSession(CUSTOMERS.corporate)).organizationId;
      const phone = `+44770${Date.now() % 10_000_000}`.padEnd(13, "7");
      await signedIn(context, CUSTOMERS.corporate);
      const url = `/profile/companies/${organizationId}/cof`;
      const doc = await docOf(context, url);
      fill(one(doc, "[name=firstName]"), "Csrf");
      fill(one(doc, "[name=lastName]"), "Probe");
      fill(one(doc, "[name=phone]"), phone);
      return { url, fields: fieldsOf(doc, "form#official-add") };
    },
    async probe(context, { url, fields }) {
      return withText(byTestId(await pageWithHeading(context, url), "official"), fields.phone).length; // 1 once added
    },
  },
  "routes/_app+/profile+/organizations": {
    async prepare(context) {
      // The switch is kept in this context's session only: other tests of the customer are not affected.
      await signedIn(context, CUSTOMERS.both);
      return {
        url: "/profile/organizations",
        fields: fieldsOf(await docOf(context, "/profile/organizations"), "main form[data-org-switch]"),
      };
    },
    async probe(context) {
      return textOf(one(await docOf(context, "/profile/organizations"), "[data-testid=org-current]"));
    },
  },
  "routes/locale": {
    async prepare(context) {
      const fields = fieldsOf(await docOf(context, "/auth/phone"), 'form[action="/locale"]');
      return { url: "/locale", fields: { ...fields, lng: "de", returnTo: "/auth/phone" } };
    },
    async probe(context) {
      return (await docOf(context, "/auth/phone")).documentElement.getAttribute("lang") ?? "";
    },
  },
  "routes/session+/keepalive": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const fields = fieldsOf(await docOf(context, "/home"), "form#logout-form");
      // Last activity two minutes ago: only an accepted keepalive moves it back to now.
      await ageSession(context, origin(), 2 * 60_000);
      return { url: "/session/keepalive", fields: { csrf: fields.csrf } };
    },
    async probe(context) {
      // /session/status is not activity: it reads the time left without moving it.
      const status = await (await context.request.get("/session/status")).json();
      return status.remainingMs > 4 * 60_000 ? "fresh" : "aged";
    },
    acceptedStatus: 200,
  },
  ...CHAT_CASES,
  ...OPS_CASES,
  ...OPS_PAYMENTS_CASES,
  "routes/_app+/payments+/decline": {
    async prepare(context) {
      await signedIn(context, CUSTOMERS.individual);
      const { id } = await createPayment(context, "CSRF Batch Decline Probe");
      const form = formOf(await docOf(context, `/payments/decline?ids=${id}&back=/payments`), "main form[method=post]");
      return { url: form.getAttribute("action") ?? "", fields: { ...formFields(form), id } };
    },
    async probe(context, { fields }) {
      // Its Decline link (to this confirmation page) is listed while it awaits a signature.
      return all(await pageWithHeading(context, "/payments"), `a[href^="/payments/decline?ids=${fields.id}&"]`).length;
    },
  },
  // ---------------------------------------------------------------- back office decisions (issue 13)
  "routes/ops+/beneficiaries+/$id": {
    async prepare(context) {
      const id = await beneficiaryUnderReview(context.request, "CSRF Ops Beneficiary");
      await staffSignedIn(context, STAFF.compliance);
      const url = `/ops/beneficiaries/${id}`;
      return { url, fields: fieldsOf(await docOf(context, url), "main form:has([data-testid=approve])") };
    },
    async probe(context, { url }) {
      return textOf(one(await docOf(context, url), "[data-testid=status]"));
    },
  },
  "routes/ops+/contracts+/$id": {
    async prepare(context) {
      const api = await customerApi(context.request, CUSTOMERS.individual);
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
      await staffSignedIn(context, STAFF.compliance);
      const url = `/ops/contracts/${c.body.id}`;
      return { url, fields: fieldsOf(await docOf(context, url), "main form:has([data-testid=approve])") };
    },
    async probe(context, { url }) {
      return textOf(one(await docOf(context, url), "[data-testid=status]"));
    },
  },
  "routes/ops+/remittance+/$id": {
    async prepare(context) {
      const id = await queuedOrder(context.request, "CSRF Ops Payee");
      await staffSignedIn(context, STAFF.payments);
      const url = `/ops/remittance/${id}`;
      return { url, fields: fieldsOf(await docOf(context, url), "main form:has([data-testid=move-PROC])") };
    },
    async probe(context, { url }) {
      return textOf(one(await docOf(context, url), "[data-testid=status]"));
    },
  },
  "routes/ops+/rates": {
    async prepare(context) {
      await staffSignedIn(context, STAFF.admin);
      const doc = await docOf(context, "/ops/rates");
      selectValue(byLabel(doc, "Currency"), "CNY");
      fill(byLabel(doc, "Units per 1 EUR"), "9.1234");
      check(byLabel(doc, "I confirm a change of more than 10 %"));
      return { url: "/ops/rates", fields: fieldsOf(doc, "main form:has([data-testid=set-rate])") };
    },
    async probe(context) {
      return textOf(one(await docOf(context, "/ops/rates"), "[data-testid=rate-CNY]"));
    },
  },
  "routes/ops+/customers": {
    async prepare(context) {
      await staffSignedIn(context, STAFF.compliance);
      const form = formOf(await docOf(context, "/ops/customers"), "main form[data-testid=phone-change]");
      fill(byLabel(form, "Current phone number"), CSRF_PHONE.from);
      fill(byLabel(form, "New phone number"), CSRF_PHONE.to);
      fill(byLabel(form, "How the identity was checked"), "CSRF probe");
      return { url: "/ops/customers", fields: formFields(form) };
    },
    async probe(context) {
      // Whether the new number is someone's: the login sends it a code only then.
      const res = await context.request.post("/api/v1/auth/phone", { data: { phone: CSRF_PHONE.to } });
      return ((await res.json()) as { debugCode?: string | null }).debugCode ? "changed" : "unchanged";
    },
    async cleanup(context) {
      await staffCommand(context, ["user:phone", CSRF_PHONE.to, CSRF_PHONE.from, "--reason", "e2e: seeded number back"]);
    },
  },
  "routes/ops+/tariffs": {
    async prepare(context) {
      await staffSignedIn(context, STAFF.admin);
      const doc = await docOf(context, "/ops/tariffs");
      fill(byLabel(doc, "Name of the tariff"), "CSRF Tariff Probe");
      return { url: "/ops/tariffs", fields: fieldsOf(doc, "main form:has(#tariff-name)") };
    },
    async probe(context) {
      return byTestId(await docOf(context, "/ops/tariffs"), "tariff-CSRF Tariff Probe").length;
    },
  },
  "routes/ops+/settings": {
    async prepare(context) {
      // Ada's own organization (a company official: no accounts), so no other spec sees the change.
      const organizationId = (await customerApi(context.request, CUSTOMERS.official)).organizationId;
      await staffSignedIn(context, STAFF.admin);
      const url = `/ops/settings?organizationId=${organizationId}`;
      const fields = fieldsOf(await docOf(context, url), "form:has([data-testid=on-EXCHANGE-CUSTOM-RATE-ENABLED])");
      return { url: "/ops/settings", fields: { ...fields, probe: url } };
    },
    async probe(context, { fields }) {
      const doc = await docOf(context, fields.probe);
      return textOf(one(doc, "[data-testid=org-flag-EXCHANGE-CUSTOM-RATE-ENABLED] [data-testid=own]"));
    },
  },
};

/** On /ops/tariffs, make the tariff named `name` the default one through its form. */
async function makeDefaultTariff(context: BrowserContext, name: string) {
  const doc = await docOf(context, "/ops/tariffs");
  selectByText(byLabel(doc, "New default tariff"), name);
  check(byLabel(doc, /I confirm: the fees of every organization/));
  const done = await clickSubmit(context, one(doc, "[data-testid=make-default]"));
  expect(done.status, `made ${name} the default (landed on ${done.path})`).toBe(200);
  expect(byTestId(done.document, "done"), `made ${name} the default`).toHaveLength(1);
}

/**
 * Further actions of a route that already has its case in CASES (another `intent` of the same
 * action), each as dangerous as the first: the same checks, keyed `<route id> <intent>`.
 */
const INTENT_CASES: Record<string, CsrfCase> = {
  "routes/ops+/rates sol": {
    async prepare(context) {
      await staffSignedIn(context, STAFF.admin);
      const doc = await docOf(context, "/ops/rates");
      fill(byLabel(doc, "USD per 1 SOL"), "151.75");
      return { url: "/ops/rates", fields: fieldsOf(doc, "main form:has([data-testid=set-sol-price])") };
    },
    async probe(context) {
      return byLabel(await docOf(context, "/ops/rates"), "USD per 1 SOL").value;
    },
    // SOL is quoted at this price in every other spec: back to the seeded one.
    cleanup: async (context) => {
      await staffCommand(context, ["rate:sol", "150"]);
    },
  },
  "routes/ops+/tariffs default": {
    async prepare(context) {
      // A tariff to make the default (created once; a retry finds it).
      await staffCommand(context, ["tariff:create", "CSRF Default Probe"]).catch(() => "exists");
      await staffSignedIn(context, STAFF.admin);
      const doc = await docOf(context, "/ops/tariffs");
      selectByText(byLabel(doc, "New default tariff"), "CSRF Default Probe");
      check(byLabel(doc, /I confirm: the fees of every organization/));
      return { url: "/ops/tariffs", fields: fieldsOf(doc, "main form:has([data-testid=make-default])") };
    },
    async probe(context) {
      return textOf(withText(all(await docOf(context, "/ops/tariffs"), "section h2"), "(default)")[0]);
    },
    // Every customer without a tariff pays the default: the seeded one again for the other specs.
    cleanup: (context) => makeDefaultTariff(context, "Standard"),
  },
};

// Every case prepares its own state (and undoes what other specs would see), so the cases are
// independent: in parallel mode each is its own test group, which lets the shards of
// tests/run-all.sh split this file, the longest of the suite, between them.
test.describe.configure({ mode: "parallel" });

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
  // The `context` fixture, not `page`: a browser context (its cookie jar, its request client)
  // without a page, so no renderer process is started for the test.
  test(`${routeId}: missing or wrong CSRF token is refused and changes nothing; the right one works`, async ({ context }) => {
    const prepared = await c.prepare(context);
    const { csrf, ...withoutToken } = prepared.fields;
    expect(csrf, "the form carries a CSRF token").toBeTruthy();
    const before = await c.probe(context, prepared);

    const attempts: [string, Record<string, string>][] = [
      ["missing", withoutToken],
      ["wrong", { ...withoutToken, csrf: randomBytes(32).toString("base64url") }],
      ["empty", { ...withoutToken, csrf: "" }],
    ];
    for (const [label, form] of attempts) {
      const res = await context.request.post(prepared.url, { form, maxRedirects: 0 });
      expect(res.status(), `${label} token: status`).toBeGreaterThanOrEqual(400);
      expect(res.status(), `${label} token: status`).toBeLessThan(500);
    }
    // One look after the three refused posts: any of them taking effect shows here, as every
    // action's effect adds or changes what the probe reads.
    expect(await c.probe(context, prepared), "missing, wrong or empty token: no effect").toEqual(before);

    const ok = await context.request.post(prepared.url, { form: prepared.fields, maxRedirects: 0 });
    const answered = `answered ${ok.status()}: ${(await ok.text()).slice(0, 400)}`;
    if (c.acceptedStatus) {
      expect(ok.status(), `right token: accepted (${answered})`).toBe(c.acceptedStatus);
    } else {
      expect(ok.status(), `right token: accepted, a redirect (${answered})`).toBeGreaterThanOrEqual(300);
      expect(ok.status(), `right token: accepted, a redirect (${answered})`).toBeLessThan(400);
    }
    if (c.effectless) {
      expect(c.effectless(await ok.text()), "right token: the action answered").toBe(true);
      expect(await c.probe(context, prepared), "right token: nothing changed (by design)").toEqual(before);
    } else if (c.acceptedAnswer) c.acceptedAnswer(await ok.text());
    else expect(await c.probe(context, prepared), "right token: the action took effect").not.toEqual(before);
    await c.cleanup?.(context);
  });
}
