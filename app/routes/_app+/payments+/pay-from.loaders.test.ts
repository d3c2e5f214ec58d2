/**
 * The payment pages' "Pay from" choices with the API stubbed (fetch): an accounts list or payments
 * settings the API refuses become the choice's error text (the page as usual, not its error page,
 * not "you have no balance"), a 5xx the generic text (spec 000 §7 "a failed list passes the server
 * message on as its error", §8; lib/list-errors.server.ts; docs/decisions.md "Failed lists").
 * Cash over the counter's PSP partners list too.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { signedInRequest, TEST_WHOAMI } from "~/test-utils/signed-in";
import { loader as paymentsLoader } from "./_index";
import { loader as betweenLoader } from "./between-accounts+/_index";
import { loader as cashChooserLoader } from "./cash-over+/_index";
import { loader as cashFormLoader } from "./cash-over+/form";
import { loader as caspChooserLoader } from "./casp+/_index";
import { loader as caspFormLoader } from "./casp+/form";
import { loader as euroLoader } from "./euro+/_index";
import { loader as euroKindsLoader } from "./euro+/payment-kinds";
import { loader as gbpChooserLoader } from "./gbp+/_index";
import { loader as gbpFormLoader } from "./gbp+/form";
import { loader as internalLoader } from "./internal+/_index";
import { loader as internalFormLoader } from "./internal+/form";
import { loader as internationalChooserLoader } from "./international+/_index";
import { loader as internationalFormLoader } from "./international+/form";
import { loader as usdChooserLoader } from "./usd+/_index";
import { loader as usdFormLoader } from "./usd+/form";

type Answer = { status: number; body: unknown };
const ok = (body: unknown): Answer => ({ status: 200, body });
const refused = (message: unknown, status = 400): Answer => ({
  status,
  body: { statusCode: status, code: "VALIDATION_FAILED", message },
});
/** What the API answers a list call carrying a NUL character (server/api/v1/input-guard.ts). */
const nul = refused([{ property: "search", constraints: { noNulCharacters: "search must not contain NUL characters" } }]);
/** errors:Lists.constraints.noNulCharacters in English. */
const NUL_TEXT = "A search or filter holds an invisible control character. Remove it and try again.";
const INTERNAL = "Internal Server Error. Try Again";

const emptyPage = { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 };
const account = (id: string, ...currencies: string[]) => ({
  id,
  name: `Account ${id}`,
  number: id,
  balances: currencies.map((currencyId) => ({ currencyId, amount: "10.00", currency: { scale: currencyId === "USDT" ? 6 : 2 } })),
});
const settings = ok({
  paymentTypes: [
    { type: "FASTER_PAYMENT", currencies: ["GBP"] },
    { type: "BACS", currencies: ["GBP"] },
    { type: "FEDWIRE", currencies: ["USD"] },
    { type: "SWIFT", currencies: ["EUR", "USD"] },
    { type: "CRYPTO_ASSET_PAYMENT", currencies: ["USDT"] },
    { type: "CASH_OVER_COUNTER", currencies: ["GBP"] },
    { type: "SEPA_SCT", currencies: ["EUR"] },
  ],
});
/** Answers every page reads besides the lists under test. */
const common: Record<string, Answer> = {
  "/payment-categories": ok({ data: [] }),
  "/beneficiaries": ok(emptyPage),
  "/casps": ok({ data: [{ id: "c1", name: "Coinbase", assets: [{ currencyId: "USDT" }] }] }),
  "/settings/psp-partners": ok({ enabled: true }),
  "/psp-partners": ok({ data: [{ id: "p1", name: "Post Office", address: "1 High St" }] }),
  "/clients-organizations/check-invididual-recepient": ok({ displayName: "Amelia Clarke" }),
};

/** The API's answers by path (under /api/v1); whoami always answers; the query of each GET is kept. */
function stubApi(answers: Record<string, Answer>) {
  const calls: URL[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const parsed = new URL(url);
    const path = parsed.pathname.replace(/^\/api\/v1/, "");
    if (path === "/users/whoami") return Response.json(TEST_WHOAMI);
    if (init?.method && init.method !== "GET") return new Response(null, { status: 204 });
    calls.push(parsed);
    const a = { ...common, ...answers }[path];
    return a ? Response.json(a.body, { status: a.status }) : new Response(`not stubbed: ${path}`, { status: 599 });
  });
  return calls;
}

type Loader = (args: { request: Request; params: Record<string, string>; context: { cspNonce: string } }) => Promise<unknown>;

async function load(loader: Loader, url: string) {
  const res = (await loader({ request: await signedInRequest(url), params: {}, context: { cspNonce: "" } })) as Response;
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

afterEach(() => vi.unstubAllGlobals());

describe("/payments (the options and the accounts)", () => {
  const lists = {
    "/settings/exchange-custom-rate": ok({ enabled: true }),
    "/exchange/fx-requests": ok(emptyPage),
    "/payments-orders": ok(emptyPage),
    "/payments": ok({ data: [], nextCursor: null }),
  };

  it("the accounts refused: their error for the options and the accounts section, not the no-accounts popup", async () => {
    stubApi({ ...lists, "/accounts": nul, "/settings/payments": settings });
    const data = await load(paymentsLoader as Loader, "http://x/payments?prompt=no-accounts");
    expect(data).toMatchObject({
      options: [],
      optionsError: NUL_TEXT,
      accounts: [],
      accountsError: NUL_TEXT,
      noAccountsPrompt: false,
      unsignedError: null,
      beneficiariesError: null,
    });
  });

  it("the payments settings failing (5xx): the generic text for the options, the accounts listed", async () => {
    stubApi({ ...lists, "/accounts": ok({ data: [account("a", "GBP")] }), "/settings/payments": refused("boom", 500) });
    const data = await load(paymentsLoader as Loader, "http://x/payments");
    expect(data).toMatchObject({ options: [], optionsError: INTERNAL, accounts: [{ id: "a" }], accountsError: null });
  });
});

describe("pound and USD payments (railOptions)", () => {
  it("/payments/gbp: the accounts refused: their error for 'Pay from', not 'no balance'; the schemes as usual", async () => {
    stubApi({ "/accounts": nul, "/settings/payments": settings });
    const data = await load(gbpChooserLoader as Loader, "http://x/payments/gbp");
    expect(data).toEqual({
      sources: [],
      sourcesError: NUL_TEXT,
      schemes: ["FASTER_PAYMENT", "BACS"],
      schemesError: null,
    });
  });

  it("/payments/gbp: the payments settings failing (5xx): the generic text for the schemes, the balances as usual", async () => {
    stubApi({ "/accounts": ok({ data: [account("a", "GBP")] }), "/settings/payments": refused("relation does not exist", 500) });
    const data = await load(gbpChooserLoader as Loader, "http://x/payments/gbp");
    expect(data).toMatchObject({ sourcesError: null, schemes: [], schemesError: INTERNAL });
    expect((data.sources as unknown[]).length).toBe(1);
  });

  it("/payments/gbp/form: the accounts refused: their error, the rest of the form's data as usual", async () => {
    stubApi({ "/accounts": refused("Accounts are being migrated", 422), "/settings/payments": settings });
    const data = await load(gbpFormLoader as Loader, "http://x/payments/gbp/form?source=a:GBP&scheme=BACS");
    expect(data).toMatchObject({
      sources: [],
      sourcesError: "Accounts are being migrated",
      schemes: ["FASTER_PAYMENT", "BACS"],
      schemesError: null,
      // A balance not among the (unknown) choices is not pre-selected; the scheme is.
      defaults: { paymentType: "BACS" },
      categoriesError: null,
      saved: { error: null },
    });
    expect((data.defaults as Record<string, string>).source).toBeUndefined();
  });

  it("/payments/usd and its form: the accounts failing (5xx) and the settings refused: each its own text", async () => {
    stubApi({ "/accounts": refused("connection reset", 503), "/settings/payments": refused("Settings are read-only", 409) });
    const chooser = await load(usdChooserLoader as Loader, "http://x/payments/usd");
    expect(chooser).toEqual({ sources: [], sourcesError: INTERNAL, schemes: [], schemesError: "Settings are read-only" });
    const form = await load(usdFormLoader as Loader, "http://x/payments/usd/form");
    expect(form).toMatchObject({ sources: [], sourcesError: INTERNAL, schemes: [], schemesError: "Settings are read-only" });
    expect(Array.isArray(form.countries)).toBe(true);
  });
});

describe("international and crypto-asset payments (the balances of the rail's currencies)", () => {
  it("/payments/international: the accounts refused: their error, no balance listed", async () => {
    stubApi({ "/accounts": nul, "/settings/payments": settings });
    const data = await load(internationalChooserLoader as Loader, "http://x/payments/international");
    expect(data).toEqual({ sources: [], sourcesError: NUL_TEXT, currencies: ["EUR", "USD"] });
  });

  it("/payments/casp: the settings failing (5xx): the balances are unknown, the generic text", async () => {
    stubApi({ "/accounts": ok({ data: [account("w", "USDT")] }), "/settings/payments": refused("boom", 500) });
    const data = await load(caspChooserLoader as Loader, "http://x/payments/casp");
    expect(data).toEqual({ sources: [], sourcesError: INTERNAL, currencies: [] });
  });

  it("/payments/international/form: the accounts refused: their error, the form's data as usual", async () => {
    stubApi({ "/accounts": refused("Accounts are being migrated", 422), "/settings/payments": settings });
    const data = await load(internationalFormLoader as Loader, "http://x/payments/international/form?source=a:EUR");
    expect(data).toMatchObject({
      sources: [],
      sourcesError: "Accounts are being migrated",
      source: null,
      scales: {},
      currencies: ["EUR", "USD"],
      categoriesError: null,
    });
    expect(Array.isArray(data.countries)).toBe(true);
  });

  it("/payments/casp/form: the settings refused: the balances' error; every CASP offered (the assets held are unknown)", async () => {
    stubApi({ "/accounts": ok({ data: [account("w", "USDT")] }), "/settings/payments": nul });
    const data = await load(caspFormLoader as Loader, "http://x/payments/casp/form?source=w:USDT");
    expect(data).toMatchObject({
      sources: [],
      sourcesError: NUL_TEXT,
      source: null,
      casps: [{ id: "c1", name: "Coinbase", assets: ["USDT"] }],
      caspsError: null,
    });
  });
});

describe("internal transfer, between own accounts, euro payment", () => {
  it("/payments/internal: the accounts refused: their error, not the no-accounts popup", async () => {
    stubApi({ "/accounts": refused("Accounts are being migrated", 422) });
    const data = await load(internalLoader as Loader, "http://x/payments/internal");
    expect(data).toMatchObject({ noAccounts: false, accountsError: "Accounts are being migrated" });
  });

  it("/payments/internal: no accounts at all is still the popup, without an error", async () => {
    stubApi({ "/accounts": ok({ data: [] }) });
    const data = await load(internalLoader as Loader, "http://x/payments/internal");
    expect(data).toMatchObject({ noAccounts: true, accountsError: null });
  });

  it("/payments/internal/form: the accounts failing (5xx): the form (not a redirect), the generic text", async () => {
    stubApi({ "/accounts": refused("deadlock detected", 500) });
    const data = await load(internalFormLoader as Loader, "http://x/payments/internal/form?phone=%2B447700900002");
    expect(data).toMatchObject({
      sources: [],
      sourcesError: INTERNAL,
      recipient: { displayName: "Amelia Clarke" },
      value: "+447700900002",
    });
  });

  it("/payments/between-accounts: the accounts refused: their error (not the redirect for fewer than two accounts)", async () => {
    stubApi({ "/accounts": nul });
    const data = await load(betweenLoader as Loader, "http://x/payments/between-accounts");
    expect(data).toMatchObject({ sources: [], targets: [], sourcesError: NUL_TEXT });
  });

  it("/payments/between-accounts: one account, answered: still sent back to /payments", async () => {
    stubApi({ "/accounts": ok({ data: [account("a", "GBP")] }) });
    const thrown = await betweenLoader({
      request: await signedInRequest("http://x/payments/between-accounts"),
      params: {},
      context: { cspNonce: "" },
    } as never).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/payments");
  });

  it("/payments/euro: the accounts failing (5xx): the generic text for 'From account', the form's data as usual", async () => {
    stubApi({ "/accounts": refused("timeout", 504) });
    const data = await load(euroLoader as Loader, "http://x/payments/euro?kind=TARGET_2");
    expect(data).toMatchObject({ sources: [], sourcesError: INTERNAL, kind: "TARGET_2", categoriesError: null });
  });

  it("/payments/euro/payment-kinds: the settings refused: their error, not 'no kind available'", async () => {
    stubApi({ "/settings/payments": refused("Settings are read-only", 409) });
    const data = await load(euroKindsLoader as Loader, "http://x/payments/euro/payment-kinds");
    expect(data).toEqual({ kinds: [], current: null, kindsError: "Settings are read-only" });
  });
});

describe("cash over the counter", () => {
  it("/payments/cash-over: the accounts refused: their error, not 'no balance'", async () => {
    stubApi({ "/accounts": refused("Accounts are being migrated", 422), "/settings/payments": settings });
    const data = await load(cashChooserLoader as Loader, "http://x/payments/cash-over");
    expect(data).toMatchObject({ sources: [], sourcesError: "Accounts are being migrated", continueHref: null });
  });

  it("/payments/cash-over/form: the accounts refused: the form for the currency asked for, the partners of that currency", async () => {
    const calls = stubApi({ "/accounts": nul, "/settings/payments": settings });
    const data = await load(cashFormLoader as Loader, "http://x/payments/cash-over/form?source=a:GBP");
    expect(data).toMatchObject({
      chosen: "a:GBP",
      sources: [],
      sourcesError: NUL_TEXT,
      partnersEnabled: true,
      partners: [{ id: "p1" }],
      partnersError: null,
    });
    expect(calls.find((u) => u.pathname === "/api/v1/psp-partners")?.searchParams.get("currencyId")).toBe("GBP");
  });

  it("/payments/cash-over/form: the accounts refused and a currency not paid in cash: back to the first step", async () => {
    stubApi({ "/accounts": nul, "/settings/payments": settings });
    const thrown = await cashFormLoader({
      request: await signedInRequest("http://x/payments/cash-over/form?source=a:EUR"),
      params: {},
      context: { cspNonce: "" },
    } as never).catch((e: unknown) => e);
    expect((thrown as Response).headers.get("Location")).toBe("/payments/cash-over");
  });

  it("/payments/cash-over/form: the partners refused (5xx): the generic text for the partner choice, the balances as usual", async () => {
    stubApi({
      "/accounts": ok({ data: [account("a", "GBP")] }),
      "/settings/payments": settings,
      "/psp-partners": refused("relation psp_partners does not exist", 500),
    });
    const data = await load(cashFormLoader as Loader, "http://x/payments/cash-over/form?source=a:GBP");
    expect(data).toMatchObject({ chosen: "a:GBP", sourcesError: null, partners: [], partnersError: INTERNAL });
    expect((data.sources as unknown[]).length).toBe(1);
  });

  it("/payments/cash-over/form: the partners refused with a message: that message", async () => {
    stubApi({
      "/accounts": ok({ data: [account("a", "GBP")] }),
      "/settings/payments": settings,
      "/psp-partners": refused("Partners are being onboarded", 409),
    });
    const data = await load(cashFormLoader as Loader, "http://x/payments/cash-over/form?source=a:GBP");
    expect(data).toMatchObject({ partners: [], partnersError: "Partners are being onboarded" });
  });
});
