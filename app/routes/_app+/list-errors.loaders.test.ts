/**
 * List pages' loaders with the API stubbed (fetch): a list call the API refuses becomes the page's
 * error text, the rest of the page's data as usual (spec 000 §7 "a failed list passes the server
 * message on as its error"; lib/list-errors.server.ts). /beneficiaries has its own test beside it.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { signedInRequest, TEST_WHOAMI } from "~/test-utils/signed-in";
import { loader as historyLoader } from "./history";
import { loader as homeLoader } from "./home";
import { loader as servicesLoader } from "./services+/_index";
import { loader as layoutLoader } from "./_layout";
import { loader as orderCardLoader } from "./cards+/order-card";
import { loader as paymentsLoader } from "./payments+/_index";
import { loader as signResultLoader } from "./payments+/sign+/result";
import { loader as gbpFormLoader } from "./payments+/gbp+/form";
import { loader as internalFormLoader } from "./payments+/internal+/form";
import { loader as exchangeLoader } from "./currency-exchange+/_index";
import { loader as fxRequestLoader } from "./currency-exchange+/requests+/new";
import { loader as remittanceNewLoader } from "./payments+/remittance+/new";
import { loader as beneficiaryCreateLoader } from "./beneficiaries+/create";
import { loader as caspFormLoader } from "./payments+/casp+/form";

const whoami = TEST_WHOAMI;
const emptyPage = { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 };

type Answer = { status: number; body: unknown };
const ok = (body: unknown): Answer => ({ status: 200, body });

/** The API's answers by path (under /api/v1); whoami always answers. */
function stubApi(answers: Record<string, Answer>) {
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const path = new URL(url).pathname.replace(/^\/api\/v1/, "");
    if (path === "/users/whoami") return Response.json(whoami);
    if (init?.method && init.method !== "GET") return new Response(null, { status: 204 });
    const a = answers[path];
    return a ? Response.json(a.body, { status: a.status }) : new Response(`not stubbed: ${path}`, { status: 599 });
  });
}

type Loader = (args: { request: Request; params: Record<string, string>; context: { cspNonce: string } }) => Promise<unknown>;

async function load(loader: Loader, url: string) {
  const res = (await loader({ request: await signedInRequest(url), params: {}, context: { cspNonce: "" } })) as Response;
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

const refused = (message: unknown, status = 400): Answer => ({
  status,
  body: { statusCode: status, code: "VALIDATION_FAILED", message },
});

afterEach(() => vi.unstubAllGlobals());

describe("/history", () => {
  it("shows the API's message in the list's place; the filter and currencies kept", async () => {
    stubApi({
      "/accounts": ok({ data: [{ id: "a", balances: [{ currencyId: "EUR" }] }] }),
      "/statements-items": refused("transferDateFrom is out of range"),
    });
    const data = await load(historyLoader as Loader, "http://x/history?period=month&currency=EUR");
    expect(data).toMatchObject({
      listError: "transferDateFrom is out of range",
      groups: [],
      nextCursor: null,
      currencies: ["EUR"],
      filter: { period: "month", currency: "EUR" },
    });
  });

  it("refused accounts: the currency choices' error (filter and statement), the list and the filter as usual", async () => {
    stubApi({
      "/accounts": refused("Accounts are being migrated", 409),
      "/statements-items": ok({ data: [], nextCursor: null }),
    });
    const data = await load(historyLoader as Loader, "http://x/history?currency=EUR");
    expect(data).toMatchObject({
      currencies: [],
      currenciesError: "Accounts are being migrated",
      listError: null,
      filter: { currency: "EUR" },
    });
  });

  it("a 5xx: the generic text only", async () => {
    stubApi({
      "/accounts": ok({ data: [] }),
      "/statements-items": refused("duplicate key value violates unique constraint", 500),
    });
    expect((await load(historyLoader as Loader, "http://x/history")).listError).toBe("Internal Server Error. Try Again");
  });
});

describe("/payments", () => {
  it("each signing list and the beneficiaries block show their own error; the rest loads", async () => {
    stubApi({
      "/accounts": ok({ data: [] }),
      "/settings/payments": ok({ "PAYMENTS-ORDERS-ENABLED": true, paymentTypes: [] }),
      "/settings/exchange-custom-rate": ok({ enabled: true }),
      "/exchange/fx-requests": refused("Requests are read-only today", 400),
      "/payments-orders": ok(emptyPage),
      "/payments": refused("Signing lists are closed for maintenance", 409),
      "/beneficiaries": refused([{ property: "organizationId", constraints: { isUuid: "organizationId must be a UUID" } }]),
    });
    const data = await load(paymentsLoader as Loader, "http://x/payments");
    expect(data).toMatchObject({
      unsigned: [],
      unsignedError: "Signing lists are closed for maintenance",
      beneficiaries: [],
      beneficiariesError: "Organization Id must be a UUID",
      fxToSign: [],
      fxToSignError: "Requests are read-only today",
      ordersToSign: [],
      ordersToSignError: null,
    });
    expect(Array.isArray(data.options)).toBe(true);
  });
});

describe("/home: the accounts and the fees", () => {
  const org = TEST_WHOAMI.organizations[0].id;
  const rest = (): Record<string, Answer> => ({
    "/payments": ok({ data: [], totalCount: 0, nextCursor: null }),
    "/settings/payments": ok({ "PAYMENTS-ORDERS-ENABLED": false, paymentTypes: [] }),
    "/settings/exchange-custom-rate": ok({ enabled: false }),
    "/beneficiaries": ok(emptyPage),
    [`/clients-organizations/${org}/fees`]: ok({ tariff: null, customFees: [], owed: [] }),
    "/statements-items": ok({ data: [], nextCursor: null }),
    "/agreements/unsigned": ok({ data: [] }),
  });

  it("a refused accounts list: its error in 'My accounts', no quick payment guessed, the rest of the page as usual", async () => {
    stubApi({ ...rest(), "/accounts": refused("Accounts are being migrated", 409) });
    const data = await load(homeLoader as Loader, "http://x/home");
    expect(data).toMatchObject({ accounts: [], accountsError: "Accounts are being migrated", quick: [], tab: "history" });
    expect(data.tabError).toBeNull();
    expect(data.beneficiariesError).toBeNull();
  });

  it("a 5xx on the accounts: the generic text only", async () => {
    stubApi({ ...rest(), "/accounts": refused('relation "accounts" does not exist', 500) });
    expect((await load(homeLoader as Loader, "http://x/home")).accountsError).toBe("Internal Server Error. Try Again");
  });

  it("refused fees: the fees tab stays (no count) and shows the error when open; the accounts as usual", async () => {
    stubApi({
      ...rest(),
      "/accounts": ok({ data: [{ id: "a", name: "Main", number: "1", balances: [] }] }),
      [`/clients-organizations/${org}/fees`]: refused("Fees are being recalculated", 409),
    });
    const data = await load(homeLoader as Loader, "http://x/home?tab=fees");
    expect(data).toMatchObject({
      tab: "fees",
      fees: null,
      feesError: "Fees are being recalculated",
      tabError: "Fees are being recalculated",
    });
    expect(data.accountsError).toBeNull();
    expect(data.accounts).toHaveLength(1);
  });
});

describe("/services", () => {
  it("refused accounts count as unknown, not none: exchange and card order lead to their pages, no 'open an account'", async () => {
    stubApi({
      "/accounts": refused("Accounts are being migrated", 409),
      "/settings/payments": ok({ "PAYMENTS-ORDERS-ENABLED": false, paymentTypes: [] }),
      "/settings/exchange-custom-rate": ok({ enabled: false }),
    });
    const data = await load(servicesLoader as Loader, "http://x/services");
    const entries = (data.groups as { entries: { id: string; href: string }[] }[]).flatMap((g) => g.entries);
    expect(entries).toContainEqual({ id: "exchange", href: "/currency-exchange" });
    expect(entries.map((e) => e.id)).toContain("order-card");
    expect(entries.map((e) => e.id)).not.toContain("open-account");
  });
});

describe("signed-in layout", () => {
  it("an accounts list the API refuses: its error for the accounts column, not an error page", async () => {
    stubApi({
      "/accounts": refused("Accounts are being migrated", 422),
      "/cards": ok({ data: [] }),
      "/channels/unread-messages-count": ok({ data: {}, total: 0 }),
    });
    const data = await load(layoutLoader as Loader, "http://x/home");
    expect(data).toMatchObject({ accounts: [], accountsError: "Accounts are being migrated" });
  });

  it("a cards list refused: the accounts still shown, with the error", async () => {
    stubApi({
      "/accounts": ok({ data: [{ id: "a", name: "Main", number: "1", balances: [] }] }),
      "/cards": refused(undefined, 400),
      "/channels/unread-messages-count": ok({ data: {}, total: 0 }),
    });
    const data = await load(layoutLoader as Loader, "http://x/home");
    expect(data).toMatchObject({ accounts: [{ id: "a", cards: [] }], accountsError: "Internal Server Error. Try Again" });
  });
});

describe("payment forms' beneficiary picker (a list read for choices)", () => {
  const nul = refused([{ property: "search", constraints: { noNulCharacters: "search must not contain NUL characters" } }]);

  it("a choices list the API refuses: the form's data as usual, the error for the picker, nothing chosen", async () => {
    stubApi({
      "/accounts": ok({ data: [{ id: "a", name: "Main", number: "1", balances: [{ currencyId: "GBP", amount: "10.00" }] }] }),
      "/settings/payments": ok({ paymentTypes: [{ type: "FASTER_PAYMENT", currencies: ["GBP"] }] }),
      "/payment-categories": ok({ data: [] }),
      "/beneficiaries": refused("Beneficiaries are being migrated", 422),
    });
    const data = await load(gbpFormLoader as Loader, "http://x/payments/gbp/form?source=a:GBP&beneficiary=b1");
    expect(data).toMatchObject({
      saved: { choices: [], chosen: null, error: "Beneficiaries are being migrated" },
      schemes: ["FASTER_PAYMENT"],
      defaults: { source: "a:GBP" },
    });
    expect(Array.isArray(data.sources) && data.sources.length).toBe(1);
  });

  it("the refusal is worded for a list, in the page's language", async () => {
    stubApi({
      "/accounts": ok({ data: [] }),
      "/settings/payments": ok({ paymentTypes: [] }),
      "/payment-categories": ok({ data: [] }),
      "/beneficiaries": nul,
    });
    const data = await load(gbpFormLoader as Loader, "http://x/payments/gbp/form");
    expect((data.saved as { error: string }).error).toBe(
      "A search or filter holds an invisible control character. Remove it and try again.",
    );
  });

  it("internal: the error only when a saved beneficiary was asked for (the list is read only to find it)", async () => {
    const answers = {
      "/accounts": ok({ data: [{ id: "a", name: "Main", number: "1", balances: [{ currencyId: "GBP", amount: "10.00" }] }] }),
      "/payment-categories": ok({ data: [] }),
      "/clients-organizations/check-invididual-recepient": ok({ displayName: "Amelia Clarke" }),
      "/beneficiaries": refused("Beneficiaries are being migrated", 422),
    };
    stubApi(answers);
    const asked = await load(
      internalFormLoader as Loader,
      "http://x/payments/internal/form?phone=%2B447700900002&beneficiary=b1",
    );
    expect(asked.saved).toEqual({ choices: [], chosen: null, error: "Beneficiaries are being migrated" });
    const plain = await load(internalFormLoader as Loader, "http://x/payments/internal/form?phone=%2B447700900002");
    expect(plain.saved).toEqual({ choices: [], chosen: null, error: null });
  });
});

describe("payment forms' category select (a list read for choices)", () => {
  it("a categories list the API refuses: its error for the select (not an empty one), the form's data as usual", async () => {
    stubApi({
      "/accounts": ok({ data: [{ id: "a", name: "Main", number: "1", balances: [{ currencyId: "GBP", amount: "10.00" }] }] }),
      "/settings/payments": ok({ paymentTypes: [{ type: "FASTER_PAYMENT", currencies: ["GBP"] }] }),
      "/payment-categories": refused("Categories are being migrated", 422),
      "/beneficiaries": ok(emptyPage),
    });
    const data = await load(gbpFormLoader as Loader, "http://x/payments/gbp/form?source=a:GBP");
    expect(data).toMatchObject({
      categories: [],
      categoriesError: "Categories are being migrated",
      schemes: ["FASTER_PAYMENT"],
      defaults: { source: "a:GBP" },
      saved: { error: null },
    });
  });

  it("a 5xx: the generic text, on another payment form too", async () => {
    stubApi({
      "/accounts": ok({ data: [{ id: "a", name: "Main", number: "1", balances: [{ currencyId: "GBP", amount: "10.00" }] }] }),
      "/payment-categories": refused("relation payment_categories does not exist", 500),
      "/clients-organizations/check-invididual-recepient": ok({ displayName: "Amelia Clarke" }),
    });
    const data = await load(internalFormLoader as Loader, "http://x/payments/internal/form?phone=%2B447700900002");
    expect(data).toMatchObject({ categories: [], categoriesError: "Internal Server Error. Try Again" });
  });
});

describe("other forms' choices lists", () => {
  const account = { id: "a", name: "Main", number: "1", balances: [{ currencyId: "GBP", amount: "10.00" }] };
  const currencies = ok({
    data: [
      { id: "GBP", scale: 2, crypto: false },
      { id: "SOL", scale: 9, crypto: true },
    ],
  });

  it("/currency-exchange: accounts refused and currencies failing: each its error, the page (not 'no accounts') as usual", async () => {
    stubApi({
      "/accounts": refused("Accounts are being migrated", 422),
      "/exchange/rates": refused("rates table locked", 503),
      "/currencies": currencies,
      "/settings/exchange-custom-rate": ok({ enabled: true }),
    });
    const data = await load(exchangeLoader as Loader, "http://x/currency-exchange");
    expect(data).toMatchObject({
      sources: [],
      sourcesError: "Accounts are being migrated",
      currencies: [],
      currenciesError: "Internal Server Error. Try Again",
      customRate: true,
      scales: { GBP: 2, SOL: 9 },
    });
  });

  it("/currency-exchange/requests/new: the currencies refused, the balances and the form as usual", async () => {
    stubApi({
      "/settings/exchange-custom-rate": ok({ enabled: true }),
      "/accounts": ok({ data: [account] }),
      "/exchange/rates": refused("Rates are being published", 409),
      "/currencies": refused(undefined, 400),
    });
    const data = await load(fxRequestLoader as Loader, "http://x/currency-exchange/requests/new");
    expect(data).toMatchObject({
      sourcesError: null,
      currencies: [],
      currenciesError: "Rates are being published",
      scales: {},
    });
    expect(Array.isArray(data.sources) && data.sources.length).toBe(1);
    expect(typeof data.idempotencyKey).toBe("string");
  });

  it("/payments/remittance/new: the accounts refused: their error for 'Pay from', the form's other data as usual", async () => {
    stubApi({
      "/settings/payments": ok({ "PAYMENTS-ORDERS-ENABLED": true, paymentTypes: [] }),
      "/accounts": refused("Accounts are being migrated", 422),
      "/settings/transactions-documents": ok({ allowedTypes: ["application/pdf"] }),
    });
    const data = await load(remittanceNewLoader as Loader, "http://x/payments/remittance/new");
    expect(data).toMatchObject({ sources: [], sourcesError: "Accounts are being migrated", accept: "application/pdf" });
    expect(Array.isArray(data.countries) && data.countries.length).toBeGreaterThan(100);
  });

  it("/beneficiaries/create: the currencies and the CASPs refused: each its error, the form as usual", async () => {
    stubApi({
      "/currencies": refused("Currencies are being migrated", 422),
      "/casps": refused("duplicate key value violates unique constraint", 500),
      "/settings/beneficiaries": ok({ approvalRequired: true }),
    });
    const data = await load(
      beneficiaryCreateLoader as Loader,
      "http://x/beneficiaries/create?paymentType=CRYPTO_ASSET_PAYMENT&name=Ada",
    );
    expect(data).toMatchObject({
      ready: true,
      values: { name: "Ada" },
      choices: {
        fiat: [],
        crypto: [],
        currenciesError: "Currencies are being migrated",
        casps: [],
        caspsError: "Internal Server Error. Try Again",
        approvalRequired: true,
      },
    });
  });
});

describe("/payments/casp/form", () => {
  it("the CASPs refused: their error for the provider select, the balances and the form as usual", async () => {
    stubApi({
      "/accounts": ok({ data: [{ id: "a", name: "Wallet", number: "1", balances: [{ currencyId: "USDT", amount: "5.00" }] }] }),
      "/settings/payments": ok({ paymentTypes: [{ type: "CRYPTO_ASSET_PAYMENT", currencies: ["USDT"] }] }),
      "/casps": refused("Providers are being reviewed", 409),
      "/payment-categories": ok({ data: [] }),
      "/beneficiaries": ok(emptyPage),
    });
    const data = await load(caspFormLoader as Loader, "http://x/payments/casp/form?source=a:USDT");
    expect(data).toMatchObject({ casps: [], caspsError: "Providers are being reviewed", source: "a:USDT", currencies: ["USDT"] });
  });
});

describe("/cards/order-card (lists read for the form's choices)", () => {
  const settings = ok({
    orderingEnabled: true,
    currencies: ["GBP", "EUR"],
    paymentSystems: ["VISA"],
    colors: ["BLUE"],
    deliveryMethods: ["POST"],
    prepaidAvailable: false,
  });

  it("a cards list refused: the error for the replacement choice; the accounts and the rest of the form as usual", async () => {
    stubApi({
      "/settings/cards": settings,
      "/accounts": ok({ data: [{ id: "a", name: "Main", number: "1", balances: [{ currencyId: "GBP", amount: "1.00" }] }] }),
      "/cards": refused("Cards are being migrated", 422),
    });
    const data = await load(orderCardLoader as Loader, "http://x/cards/order-card?cardId=c1");
    expect(data).toMatchObject({
      cards: [],
      cardsError: "Cards are being migrated",
      accountsError: null,
      accounts: [{ id: "a" }],
      values: { accountId: "a", currencyId: "GBP", paymentSystem: "VISA", cardId: "" },
    });
  });

  it("an accounts list refused: its error (not 'no accounts'), the form's other choices kept", async () => {
    stubApi({ "/settings/cards": settings, "/accounts": refused(undefined, 400), "/cards": ok({ data: [] }) });
    const data = await load(orderCardLoader as Loader, "http://x/cards/order-card");
    expect(data).toMatchObject({
      accounts: [],
      accountsError: "Internal Server Error. Try Again",
      cardsError: null,
      values: { accountId: "", currencyId: "GBP", color: "BLUE" },
    });
  });
});

describe("/payments/sign/result", () => {
  it("the latest operations and a still-to-sign list refused: each its own error; the rest as usual", async () => {
    stubApi({
      "/settings/payments": ok({ "PAYMENTS-ORDERS-ENABLED": true, paymentTypes: [] }),
      "/settings/exchange-custom-rate": ok({ enabled: true }),
      "/exchange/fx-requests": ok(emptyPage),
      "/payments-orders": ok(emptyPage),
      "/payments": refused("Signing lists are closed for maintenance", 409),
      "/statements-items": refused("transferDateFrom is out of range"),
    });
    const data = await load(signResultLoader as Loader, "http://x/payments/sign/result?back=/payments");
    expect(data).toMatchObject({
      back: "/payments",
      signed: [],
      notSigned: [],
      unsigned: [],
      unsignedError: "Signing lists are closed for maintenance",
      fxToSignError: null,
      ordersToSignError: null,
      history: [],
      historyError: "transferDateFrom is out of range",
    });
  });
});
