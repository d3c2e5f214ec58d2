/**
 * Authorization by organization membership (contract "Authorization"): an organizationId the
 * caller is not a member of → 403 FORBIDDEN; a resource id outside the caller's organizations
 * → 404 NOT_FOUND. Also the read-only calls: history, settings, currencies, recipient check.
 *
 * The cross-customer checks use two fresh customers made by the factories (server/seed/factories.ts):
 * A (INDIVIDUAL) probes B (CORPORATE)'s organization, account, payment and statement item, so the
 * test does not depend on (or change) the seeded demo customers, which the read-only checks use.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

describe.each(databases)("authorization and read API on %s", (kind) => {
  let s: TestServer;
  // Seeded demo customers (read-only checks).
  let oliver: string;
  let amelia: string;
  let oliverOrg: string;
  let northwindAccount: any;
  // Fresh customers: A probes B.
  let a: string;
  let b: string;
  let aOrg: string;
  let bOrg: string;
  let bAccount: any;
  let bPayment: string;
  let bItem: string;

  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    oliver = await s.login("+447700900001");
    amelia = await s.login("+447700900002");
    oliverOrg = (await s.call("GET", "/clients-organizations?all=true", { token: oliver })).body.data[0].id;
    const northwindOrg = (await s.call("GET", "/clients-organizations?all=true", { token: amelia })).body.data[0].id;
    [northwindAccount] = (await s.call("GET", `/accounts?organizationId=${northwindOrg}`, { token: amelia })).body.data;

    const customerA = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "100.00" } });
    const customerB = await createCustomer(s.db, { type: "CORPORATE", balances: { GBP: "250.00", EUR: "500.00" } });
    a = await s.login(customerA.phone);
    b = await s.login(customerB.phone);
    aOrg = customerA.organization.id;
    bOrg = customerB.organization.id;
    bAccount = (await s.call("GET", `/accounts/${customerB.account!.id}`, { token: b })).body;
    expect(bAccount.id).toBe(customerB.account!.id);
    const p = await s.call("POST", "/payments", {
      token: b,
      headers: { "Idempotency-Key": "b-1" },
      body: {
        organizationId: bOrg,
        kind: "EURO",
        accountId: bAccount.id,
        currencyId: "EUR",
        amount: "10.00",
        beneficiaryName: "Müller Logistik GmbH",
        iban: "DE02120300000000202051",
        bic: "BYLADEM1001",
      },
    });
    expect(p.status).toBe(201);
    bPayment = p.body.id;
    bItem = (await s.call("GET", `/statements-items?organizationId=${bOrg}&take=1`, { token: b })).body.data[0].id;
  });
  afterAll(async () => s?.close());

  it("401 without a bearer token", async () => {
    for (const path of [
      "/accounts",
      "/payments",
      `/statements-items?organizationId=${oliverOrg}`,
      "/settings/payments",
      "/currencies",
      "/clients-organizations",
    ]) {
      const r = await s.call("GET", path);
      expect(r.status, path).toBe(401);
      expect(r.body.code).toBe("UNAUTHENTICATED");
    }
  });

  it("403 for another customer's organizationId", async () => {
    const calls: [string, string, unknown?][] = [
      ["GET", `/accounts?organizationId=${bOrg}`],
      ["GET", `/payments?organizationId=${bOrg}`],
      ["GET", `/statements-items?organizationId=${bOrg}`],
      [
        "POST",
        "/payments",
        {
          organizationId: bOrg,
          kind: "BETWEEN_ACCOUNTS",
          accountId: bAccount.id,
          toAccountId: bAccount.id,
          currencyId: "GBP",
          amount: "1.00",
        },
      ],
    ];
    for (const [method, path, body] of calls) {
      const r = await s.call(method, path, { token: a, body, headers: { "Idempotency-Key": "x-403" } });
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body.code).toBe("FORBIDDEN");
    }
  });

  it("404 for another customer's accounts, payments and statement items", async () => {
    const calls: [string, string, unknown?][] = [
      ["GET", `/accounts/${bAccount.id}`],
      ["GET", `/accounts/${bAccount.id}/balances`],
      ["GET", `/payments/${bPayment}`],
      ["GET", `/payments/${bPayment}/signatures`],
      ["DELETE", `/payments/${bPayment}/decline`],
      ["POST", `/payments/${bPayment}/sign`, { mfaToken: "x".repeat(43), signedAt: new Date().toISOString() }],
      ["POST", "/signatures/send-code", { paymentIds: [bPayment], mfa: "PHONE", channel: "SMS" }],
      ["GET", `/statements-items/${bItem}`],
      ["GET", `/statements-items?organizationId=${aOrg}&account=${bAccount.id}`],
      ["GET", "/accounts/not-a-uuid"],
    ];
    for (const [method, path, body] of calls) {
      const r = await s.call(method, path, { token: a, body });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.code).toBe("NOT_FOUND");
    }
    // Paying from someone else's account inside one's own organization id is also 404.
    const p = await s.call("POST", "/payments", {
      token: a,
      headers: { "Idempotency-Key": "x-404" },
      body: {
        organizationId: aOrg,
        kind: "BETWEEN_ACCOUNTS",
        accountId: bAccount.id,
        toAccountId: bAccount.id,
        currencyId: "GBP",
        amount: "1.00",
      },
    });
    expect(p.status).toBe(404);
    // The owner still sees everything.
    expect((await s.call("GET", `/payments/${bPayment}`, { token: b })).status).toBe(200);
    expect((await s.call("GET", `/statements-items/${bItem}`, { token: b })).status).toBe(200);
  });

  it("a user without organizations sees empty lists", async () => {
    const grace = await s.login("+447700900004");
    expect((await s.call("GET", "/accounts?all=true", { token: grace })).body).toEqual({ data: [] });
    expect((await s.call("GET", "/payments", { token: grace })).body).toEqual({ data: [], nextCursor: null, totalCount: 0 });
    expect((await s.call("GET", `/accounts/${bAccount.id}`, { token: grace })).status).toBe(404);
  });

  it("statement items: newest first, statuses, 'Regular fee', filters and cursor pagination", async () => {
    const all: any[] = [];
    let cursor: string | null = null;
    do {
      const r: any = await s.call(
        "GET",
        `/statements-items?organizationId=${oliverOrg}&take=7${cursor ? `&cursor=${cursor}` : ""}`,
        { token: oliver },
      );
      expect(r.status).toBe(200);
      all.push(...r.body.data);
      cursor = r.body.nextCursor;
    } while (cursor);
    expect(new Set(all.map((i) => i.id)).size).toBe(all.length);
    for (let i = 1; i < all.length; i++)
      expect(Date.parse(all[i - 1].transferDate)).toBeGreaterThanOrEqual(Date.parse(all[i].transferDate));
    const fee = all.find((i) => i.operationType === "SERVICE_FEE");
    // The seeded monthly fees are the default tariff's (what the fees tab lists).
    expect(fee).toMatchObject({ title: null, status: "SENT", amount: "-2.00", debitSum: "2.00", creditSum: "0.00" });
    expect(all.find((i) => i.operationType === "REFUND")).toMatchObject({ status: "REFUND", amount: "12.99" });
    expect(all.find((i) => i.counterpartyFullName === "Acme Analytics Ltd")).toMatchObject({
      status: "ADDED",
      title: "Acme Analytics Ltd",
      amount: "2800.00",
    });
    const eur = await s.call("GET", `/statements-items?organizationId=${oliverOrg}&currencyId=EUR&take=100`, { token: oliver });
    expect(eur.body.data.length).toBeGreaterThan(0);
    expect(eur.body.data.every((i: any) => i.currencyId === "EUR")).toBe(true);
    const from = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const recent = await s.call("GET", `/statements-items?organizationId=${oliverOrg}&transferDateFrom=${from}&take=100`, {
      token: oliver,
    });
    expect(recent.body.data.every((i: any) => i.transferDate >= from)).toBe(true);
    expect(recent.body.data.length).toBeLessThan(all.length);
    const bad = await s.call("GET", `/statements-items?organizationId=${oliverOrg}&transferDateFrom=notadate`, { token: oliver });
    expect(bad.status).toBe(400);
    // The last item of a GBP balance history ends at the balance.
    const gbp = all.filter(
      (i) =>
        i.currencyId === "GBP" &&
        i.accountNumber === all.find((x) => x.counterpartyFullName === "Acme Analytics Ltd").accountNumber,
    );
    expect(gbp[0].balanceAfter).toBe("2500.00");
  });

  it("settings, currencies, organizations and the recipient check", async () => {
    const ps = await s.call("GET", "/settings/payments", { token: oliver });
    expect(ps.body["PAYMENTS-ORDERS-ENABLED"]).toBe(false);
    expect(ps.body.paymentTypes).toContainEqual({ type: "SWIFT", currencies: ["AED", "CAD", "CNY", "EUR", "GBP", "USD"] });
    expect(ps.body.paymentTypes).toContainEqual({ type: "SEPA_SCT", currencies: ["EUR"] });
    expect((await s.call("GET", "/settings/overdraft", { token: oliver })).body).toEqual({ enabled: true });
    const cur = (await s.call("GET", "/currencies?all=true", { token: oliver })).body.data;
    expect(cur.find((c: any) => c.id === "SOL")).toMatchObject({ scale: 9, crypto: true });
    expect(cur.find((c: any) => c.id === "USDT")).toMatchObject({ scale: 6 });
    expect(cur.find((c: any) => c.id === "GBP")).toMatchObject({ scale: 2, crypto: false });
    // The bank's base currency (spec 000 §7; docs/decisions.md "Base currency"): GBP, as the list shows it.
    const base = await s.call("GET", "/currencies/base", { token: oliver });
    expect(base.status).toBe(200);
    expect(base.body).toEqual(cur.find((c: any) => c.id === "GBP"));
    expect((await s.call("GET", "/currencies/base")).status).toBe(401);
    expect((await s.call("GET", "/currencies/base?all=true", { token: oliver })).status).toBe(400);
    // Turnstile is not used (docs/decisions.md "Turnstile"): off, no site key, for anyone (public).
    expect(await s.call("GET", "/settings/turnstile")).toMatchObject({ status: 200, body: { enabled: false, siteKey: null } });
    expect((await s.call("GET", "/settings/turnstile", { token: oliver })).body).toEqual({ enabled: false, siteKey: null });
    expect((await s.call("GET", "/settings/turnstile?siteKey=x")).status).toBe(400);
    const james = await s.login("+447700900003");
    const orgs = (await s.call("GET", "/clients-organizations?all=true", { token: james })).body.data;
    expect(orgs.map((o: any) => o.type).sort()).toEqual(["CORPORATE", "INDIVIDUAL"]);
    const rc = await s.call("GET", "/clients-organizations/check-invididual-recepient?phone=%2B447700900001", { token: james });
    expect(rc.status).toBe(200);
    expect(rc.body).toEqual({ organizationId: oliverOrg, displayName: "Oliver T." });
    expect(
      (await s.call("GET", "/clients-organizations/check-invididual-recepient?phone=%2B447700900002", { token: james })).status,
    ).toBe(404);
    expect((await s.call("GET", "/clients-organizations/check-invididual-recepient?phone=abc", { token: james })).status).toBe(
      400,
    );
    const nw = (await s.call("GET", `/accounts/${northwindAccount.id}`, { token: amelia })).body;
    const gbp = nw.balances.find((b: any) => b.currencyId === "GBP");
    expect(gbp).toMatchObject({ amount: "48250.00", overdraftEnabled: true, overdraftValue: "1000.00", available: "49250.00" });
  });
});
