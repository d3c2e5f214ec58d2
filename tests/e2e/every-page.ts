/**
 * Every page of the web app, opened as the customer it is for: the routes come from the Remix
 * manifest the server serves (./route-manifest.ts), so a new page is covered — or fails for want
 * of a sample value — without anyone remembering it. Used by the page-wide proofs: reflow at
 * 320 px and CSP (reflow.spec.ts: every customer page, CSP in the German walk through
 * ./csp-checks.ts; web-security-csp.spec.ts: the back office's pages).
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { apiSession, CUSTOMERS, expect, savedBeneficiary, signIn, staffCommand } from "./fixtures";
import { appRoutes, fillPattern, type AppRoute } from "./route-manifest";
import { opsLogin, STAFF } from "./ops-fixtures";
import { watchReady } from "./layout-helpers";

/** Who a page is opened as. */
export type Audience = "anonymous" | "unidentified" | "individual" | "ops";

/** Which customer a page is for: login pages anonymous, identity and demo pages the unidentified customer. */
export function audience(route: AppRoute): Audience {
  if (route.pattern.startsWith("/auth/") || route.pattern === "/") return "anonymous";
  if (route.pattern === "/ops" || route.pattern.startsWith("/ops/")) return "ops";
  if (route.pattern.startsWith("/identity") || route.pattern === "/demo" || route.pattern.startsWith("/demo/"))
    return "unidentified";
  return "individual";
}

/** Create a SEPA payment awaiting signature through the form; returns its id. */
async function createPayment(page: Page): Promise<string> {
  await page.goto("/payments/euro");
  // With JavaScript, typed once the page has hydrated: this walk's amount was once refused as
  // empty ("Enter an amount") when typed while the page hydrated. Not reproduced since, with the
  // CPU slowed 8–12× and keystrokes at dozens of moments of hydration (flows.spec.ts "a slow
  // phone" keeps proving it); what is typed before the scripts start: app/lib/typed-before-hydration.ts.
  if (await page.evaluate(() => "__remixContext" in window)) await watchReady(page);
  await page.locator("[name=beneficiaryName]").fill("CSP Probe");
  await page.locator("[name=iban]").fill("DE89 3704 0044 0532 0130 00");
  await page.locator("[name=bic]").fill("COBADEFFXXX");
  await page.locator("[name=amount]").fill("1.01");
  await page.locator("main form[method=post] button[type=submit]").first().click();
  await expect(page).toHaveURL(/\/payments\/[^/]+\/sign$/);
  return new URL(page.url()).pathname.split("/")[2];
}

/** The individual customer's API session and the account holding GBP (the "Main account"). */
async function gbpAccount(page: Page) {
  const api = await apiSession(page.request, CUSTOMERS.individual);
  const accounts = await api.call("GET", `/accounts?organizationId=${api.organizationId}&all=true`);
  const account = accounts.body.data.find((a: { balances: { currencyId: string }[] }) =>
    a.balances.some((b) => b.currencyId === "GBP"),
  ) as { id: string; number: string };
  return { api, account };
}

/** An executed exchange of 1.00 GBP → EUR of the individual customer's (through the API); returns its id. */
async function probeExchange(page: Page): Promise<string> {
  const { api, account } = await gbpAccount(page);
  const quote = await api.call("POST", "/exchange/calc", {
    accountId: account.id,
    fromCurrencyId: "GBP",
    toCurrencyId: "EUR",
    sellAmount: "1.00",
  });
  expect(quote.status).toBe(201);
  // The key in the body (the API takes the Idempotency-Key header or body.idempotencyKey).
  const done = await api.call("POST", "/exchange", { quoteId: quote.body.id, idempotencyKey: `probe-${quote.body.id}` });
  expect(done.status).toBe(201);
  return quote.body.id;
}

/** How many unread chat messages and notifications the individual customer gets before a walk. */
const UNREAD_PROBES = 10;

/**
 * Two-digit unread counts for the individual customer, whatever ran before on this server: staff
 * replies in the main chat channel and incoming payments of GBP 0.01 (each one notification), so
 * the header's "Chat (N unread)", the chat tabs and the Notifications tab show their widest
 * labels (German reflow found them too wide once, only because other specs had left counts).
 */
async function leaveUnreadCounts(page: Page, channelId: string): Promise<void> {
  const { account: main } = await gbpAccount(page);
  for (let i = 1; i <= UNREAD_PROBES; i++) {
    await staffCommand(page, ["chat:reply", channelId, `Page probe reply ${i}`]);
    await staffCommand(page, ["payment:incoming", main.number, "GBP", "0.01", "--payer", `Page Probe Payer ${i}`]);
  }
}

/**
 * A company application of the unidentified customer's, saved after its first step: the latest
 * in progress, so /identity/corporate/check-answers shows every step's heading (the longest
 * headings of the identity pages: German reflow found them too wide once, only because other
 * specs had left such an application).
 */
async function startCompanyApplication(page: Page): Promise<void> {
  await page.goto("/identity/corporate/country-and-name?new=1");
  await page.getByLabel("Company name").fill("Page Probe Ltd");
  await page.locator("select[name=countryOfIncorporationId]").selectOption({ label: "Germany" });
  await page.getByRole("button", { name: "Save and come back later" }).click();
  await expect(page).toHaveURL(/\/identity\?saved=/);
}

/** Routes that answer files (no React page): their answers carry the CSP but no scripts. */
export const RESOURCE_ROUTES = new Set([
  "routes/_app+/payments+/$paymentId+/documents.$uploadId",
  "routes/_app+/payments+/remittance+/$orderId+/file.$uploadId",
  "routes/_app+/beneficiaries+/$beneficiaryId+/documents.$documentId",
  "routes/identity+/agreements.$agreementId.file",
  "routes/_app+/profile+/agreements_.$agreementId.file",
  "routes/identity+/corporate+/add-documents_.$documentId",
  "routes/_app+/history_.$itemId.receipt",
  "routes/_app+/history_.statement",
  "routes/_app+/accounts+/$id_.top-up.pdf",
  "routes/session+/status", // JSON for the layout's script
  "routes/brand[.]css", // the white-label stylesheet
  "routes/_app+/chat+/$channelId+/documents.$documentId",
  "routes/_app+/chat+/messaging-token", // POST only (JSON for the chat popup); GET is 405
  "routes/ops+/applications+/$id+/documents.$documentId", // an application's document for staff
  "routes/ops+/chat+/$channelId_.documents.$documentId", // a chat document for staff (SUPPORT)
  "routes/ops+/beneficiaries+/$id_.documents.$documentId", // a beneficiary's or contract's document for staff (COMPLIANCE)
]);

/**
 * Filling a form of the page just opened: with JavaScript, after hydration (a value typed before
 * it can be reset: a flaky "Enter an amount" in CI); without (reflow's Arabic walk may make the
 * samples), the form is the server's and posts itself.
 */
async function readyToFill(page: Page): Promise<void> {
  if (await page.evaluate(() => "__remixContext" in window)) await watchReady(page);
}

/** Create a remittance order awaiting confirmation through the form (Oliver: orders enabled); returns its id. */
async function createOrder(page: Page): Promise<string> {
  await page.goto("/payments/remittance/new");
  await readyToFill(page);
  const source = page.locator("select[name=source]");
  const options = await source.locator("option").allTextContents();
  await source.selectOption({ label: options.find((o) => /^Main account — .*GBP/.test(o))! });
  await page.locator("[name=sum]").fill("1.01");
  await page.locator("[name=description]").fill("CSP probe");
  await page.locator("[name=payeeName]").fill("CSP Probe");
  await page.locator("[name=payeeAddress]").fill("1 High Street");
  await page.locator("[name=payeeCity]").fill("Leeds");
  await page.locator("select[name=payeeCountry]").selectOption("GB");
  await page.locator("[name=payeePhone]").fill("+447700900123");
  await page.locator("form#remittance-form button[type=submit]").click();
  await expect(page).toHaveURL(/\/payments\/remittance\/[^/]+\/sign$/);
  return new URL(page.url()).pathname.split("/")[3];
}

/** An FX rate request awaiting confirmation, through the form (Oliver: requests enabled); returns its id. */
async function createFxRequest(page: Page): Promise<string> {
  await page.goto("/currency-exchange/requests/new");
  await readyToFill(page);
  const source = page.locator("select[name=source]");
  const options = await source.locator("option").allTextContents();
  await source.selectOption({ label: options.find((o) => /^Main account — .*GBP/.test(o))! });
  await page.locator("select[name=toCurrencyId]").selectOption("EUR");
  await page.locator("[name=sellAmount]").fill("1.03");
  await page.locator("[name=rate]").fill("1.17");
  await page.locator("form#fx-request-form button[type=submit]").click();
  await expect(page).toHaveURL(/\/currency-exchange\/requests\/[^/]+\/sign$/);
  return new URL(page.url()).pathname.split("/")[3];
}

/**
 * Choose the pages' language as the switcher's form does (POST /locale with the session's CSRF
 * token), from the page's request client: its `lng` cookie, cleared with the audience's others.
 * No page is rendered for it (the switcher's own pages are languages.spec.ts's); the caller
 * proves each page it opens is in that language (`<html lang>`).
 */
async function chooseLanguage(page: Page, language: string): Promise<void> {
  const http = page.request;
  const root = await http.get("/auth/phone?_data=root");
  expect(root.status(), "root loader").toBe(200);
  const { csrf } = (await root.json()) as { csrf: string };
  const chosen = await http.post("/locale", { form: { lng: language, returnTo: "/", csrf }, maxRedirects: 0 });
  expect(chosen.status(), "language chosen: back to the page").toBe(302);
  expect(chosen.headers()["set-cookie"] ?? "", "language chosen: its cookie").toMatch(/^lng=/m);
}

/**
 * The sample records an audience's walk made (a payment, an order, an FX request, a beneficiary,
 * an exchange, a company application …) and the path values naming them, kept for the next walk
 * of the same audience in this worker (reflow walks every customer page twice, in German and in
 * Arabic): the pages only read them, so the second walk opens the same pages on the same records
 * without making them again. What a walk uses up is made again each time: the login (a context of
 * its own per test) and the individual customer's unread counts (the chat pages mark them read).
 */
const samples = new Map<Audience, Record<string, string>>();

/**
 * Open every page of the manifest, logged in as its audience (`audience`; a customer by `signIn`,
 * whose landing page the walk opens anyway when it comes to it), with sample values for
 * its path parameters (a payment, order and FX request of the individual customer's made through
 * the forms; unknown ids where the not-found page is what there is to see).
 * @param visit called once per page with its URL (to open, or to fetch for `RESOURCE_ROUTES`)
 * @param only the audiences to walk (all by default)
 * @param language the pages' language, chosen as the language switcher does (`chooseLanguage`)
 *   after each audience's logins and sample records are made in English (whose labels the helpers know)
 * @returns the routes visited
 */
export async function forEveryPage(
  page: Page,
  request: APIRequestContext,
  visit: (url: string, route: AppRoute, who: Audience) => Promise<void>,
  only: Audience[] = ["anonymous", "unidentified", "individual", "ops"],
  language = "en",
): Promise<AppRoute[]> {
  const allPages = (await appRoutes(request)).filter((r) => r.isPage);
  expect(allPages.length, "pages found in the manifest").toBeGreaterThan(10);
  const pages = allPages.filter((r) => only.includes(audience(r)));
  expect(pages.length, `pages of ${only.join(", ")} in the manifest`).toBeGreaterThan(0);

  const groups = {
    anonymous: [] as AppRoute[],
    unidentified: [] as AppRoute[],
    individual: [] as AppRoute[],
    ops: [] as AppRoute[],
  };
  for (const route of pages) groups[audience(route)].push(route);

  for (const [who, routes] of Object.entries(groups) as [Audience, AppRoute[]][]) {
    if (routes.length === 0) continue;
    await page.context().clearCookies();
    const params: Record<string, string> = { "*": "no-such-page" };
    const kept = samples.get(who);
    if (who === "unidentified") {
      await signIn(page, CUSTOMERS.unidentified);
      if (!kept) await startCompanyApplication(page);
      // Someone else's (or no) main representative: the page sends to the right one, or to personal-data.
      params.mainRepresentativeId = "00000000-0000-4000-8000-000000000000";
      // An unknown agreement's file: the not-found page.
      params.agreementId = "00000000-0000-4000-8000-000000000000";
      // The official form's "add" page, and an unknown document's download (not found).
      params.officialId = "new";
      params.documentId = "00000000-0000-4000-8000-000000000000";
      // Demo mode's sample card, operation and company (static data, issue 12).
      params.cardId = "demo-visa";
      params.itemId = "demo-op-1";
      params.organizationId = "demo-company";
    }
    if (who === "ops") {
      // The back office (issue 13) as a staff user with every role; unknown ids: its 404 pages.
      await opsLogin(page, STAFF.admin);
      params.id = "00000000-0000-4000-8000-000000000000";
      params.documentId = "00000000-0000-4000-8000-000000000000";
      params.channelId = "00000000-0000-4000-8000-000000000000";
    }
    if (who === "individual" && kept) {
      await signIn(page, CUSTOMERS.individual);
      Object.assign(params, kept);
      await leaveUnreadCounts(page, params.channelId);
    } else if (who === "individual") {
      await signIn(page, CUSTOMERS.individual);
      params.paymentId = await createPayment(page);
      params.orderId = await createOrder(page);
      params.requestId = await createFxRequest(page);
      // A document download of that payment: an unknown one answers the not-found page.
      params.uploadId = "00000000-0000-4000-8000-000000000000";
      await page.goto("/home");
      params.id = ((await page.locator("main a[href^='/accounts/']").first().getAttribute("href")) ?? "").split("/")[2];
      // A beneficiary of the customer's (saved through the API) for its pages; an unknown document of it.
      params.beneficiaryId = await savedBeneficiary(page.request, "Page Probe Beneficiary");
      params.documentId = "00000000-0000-4000-8000-000000000000";
      // A statement item of the customer's for /history/:itemId and its receipt.
      await page.goto("/history?period=all");
      params.itemId = ((await page.locator("main a[href^='/history/']").first().getAttribute("href")) ?? "").split("/")[2];
      params.exchangeId = await probeExchange(page);
      // One of the customer's seeded cards (issue 12) for /cards/:cardId.
      params.cardId = (await (await apiSession(page.request, CUSTOMERS.individual)).call("GET", "/cards")).body.data[0].id;
      // The profile agreement's file, and the company users page of a company the customer is
      // not in (Northwind): the API's 403 sends to /permission-denied, itself a locked-down page.
      params.agreementId = "payment-services-update-2027";
      params.organizationId = (await apiSession(page.request, CUSTOMERS.corporate)).organizationId;
      // The customer's main chat channel (an unknown document of it: the not-found page).
      await page.goto("/chat");
      params.channelId = ((await page.getByTestId("chat-main-channel").getAttribute("href")) ?? "").split("/")[2];
      await leaveUnreadCounts(page, params.channelId);
    }
    if (!kept) samples.set(who, { ...params });
    if (language !== "en") await chooseLanguage(page, language);
    for (const route of routes) await visit(fillPattern(route.pattern, params), route, who);
  }
  return pages;
}
