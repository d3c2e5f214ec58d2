/**
 * Remittance orders against a real database (issue 7; spec 001 §3 "Remittance order", §4, §7
 * /v1/payments-orders; spec 000 §4 signing flow): the per-organization setting
 * PAYMENTS-ORDERS-ENABLED; create (idempotent replay, every field refused on its property, a
 * disabled organization refused); list filters and cursor paging; detail with history; file
 * download; another customer's order and file answer 404; signing with a code bound to the order
 * (a code for A cannot sign B; a changed order invalidates the code; one code for a payment and an
 * order together); the status machine and its ledger effects (held at signing, moved to the payout
 * partner on ACCEPTED, refunded on REJECTED, every transaction balanced per currency); the
 * `npm run bank -- remittance:advance` command; the customer's decline of an unsigned order
 * (spec 000 §4: REJECTED by the customer, nothing held, idempotent, racing a signature ends one
 * way); and, on PostgreSQL, 20 parallel signings that cannot overdraw and 10 parallel creates
 * under one key that make one order.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, balances, organizationSettings, paymentOrderEvents, paymentOrders } from "../../server/db/schema/index.js";
import { advanceRemittanceOrder } from "../../server/domain/remittance/index.js";
import { DomainError } from "../../server/domain/errors.js";
import { addMember, createCustomer, createUser, type CreatedCustomer } from "../../server/seed/factories.js";
import { parseBankArgs, runBankCommand, UsageError } from "../../server/staff/commands.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

/** A minimal PDF (the uploads check the bytes). */
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

const PAYEE = {
  name: "Amina Njoroge",
  address: "12 Moi Avenue",
  city: "Nairobi",
  country: "ke",
  phone: "+254 712 345 678",
  documentNumber: "A1234567",
};

/** Field → first constraint id of a 400 answer. */
const fieldsOf = (body: { message?: { property: string; constraints: Record<string, string> }[] | string }) =>
  Object.fromEntries((Array.isArray(body.message) ? body.message : []).map((e) => [e.property, Object.keys(e.constraints)[0]]));

interface Customer {
  c: CreatedCustomer;
  token: string;
  orgId: string;
  accountId: string;
}

describe.each(databases)("remittance orders on %s", (kind) => {
  let s: TestServer;
  let keySeq = 0;

  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  /** A customer (INDIVIDUAL unless said), orders enabled for its organization unless `enabled: false`. */
  async function customer(
    opts: {
      enabled?: boolean;
      balances?: Record<string, string>;
      type?: "INDIVIDUAL" | "CORPORATE";
      signatureType?: "NONE" | "SINGLE";
    } = {},
  ): Promise<Customer> {
    const c = await createCustomer(s.db, {
      type: opts.type ?? "INDIVIDUAL",
      signatureType: opts.signatureType,
      balances: opts.balances ?? { GBP: "1000.00", EUR: "500.00", USDT: "10.000000" },
    });
    if (opts.enabled !== false)
      await s.db
        .insert(organizationSettings)
        .values({ organizationId: c.organization.id, key: "PAYMENTS-ORDERS-ENABLED", value: true });
    return { c, token: await s.login(c.phone), orgId: c.organization.id, accountId: c.account!.id };
  }

  async function upload(who: Customer, name = "invoice.pdf"): Promise<string> {
    const form = new FormData();
    form.append("organizationId", who.orgId);
    form.append("files", new Blob([PDF], { type: "application/pdf" }), name);
    const res = await fetch(`${s.baseUrl}/api/v1/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${who.token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { id: string }[] }).data[0].id;
  }

  const body = (who: Customer, over: Record<string, unknown> = {}) => ({
    organizationId: who.orgId,
    accountId: who.accountId,
    currencyId: "GBP",
    sum: "100.00",
    payee: PAYEE,
    description: "Family support",
    ...over,
  });

  function create(who: Customer, over: Record<string, unknown> = {}, key = `k-${++keySeq}`) {
    return s.call("POST", "/payments-orders", { token: who.token, body: body(who, over), headers: { "Idempotency-Key": key } });
  }

  async function mfaFor(token: string, ids: { paymentIds?: string[]; paymentOrderIds?: string[] }): Promise<string> {
    const c = await s.call("POST", "/signatures/send-code", { token, body: { ...ids, mfa: "PHONE", channel: "SMS" } });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const v = await s.call("POST", "/signatures/validate", { token, body: { token: c.body.token, code: c.body.debugCode } });
    expect(v.status).toBe(200);
    return v.body.token;
  }

  const sign = (token: string, id: string, mfaToken: string) =>
    s.call("POST", `/payments-orders/${id}/sign`, { token, body: { mfaToken, signedAt: new Date().toISOString() } });

  async function balanceOf(who: Customer, currency = "GBP"): Promise<string> {
    const [b] = await s.db
      .select({ amount: balances.amount })
      .from(balances)
      .where(and(eq(balances.accountId, who.accountId), eq(balances.currencyId, currency)));
    return Number(b.amount).toFixed(2);
  }

  /** Amount of a system account's balance (0 when it has none yet), as a decimal string at 2 places. */
  async function systemBalance(code: string, currency = "GBP"): Promise<string> {
    const [b] = await s.db
      .select({ amount: balances.amount })
      .from(balances)
      .innerJoin(accounts, eq(accounts.id, balances.accountId))
      .where(and(eq(accounts.systemCode, code), eq(balances.currencyId, currency)));
    return Number(b?.amount ?? 0).toFixed(2);
  }

  async function ledgerBalanced(): Promise<void> {
    const unbalanced = await s.db.execute(
      sql`SELECT transaction_id FROM postings GROUP BY transaction_id, currency_id HAVING SUM(amount) <> 0`,
    );
    expect((unbalanced as unknown as { rows: unknown[] }).rows ?? unbalanced).toHaveLength(0);
  }

  it("GET /settings/payments answers the organization's PAYMENTS-ORDERS-ENABLED (override, else bank-wide); 404 for a non-member", async () => {
    const oliver = await s.login("+447700900001");
    const amelia = await s.login("+447700900002");
    const orgOf = async (token: string) => (await s.call("GET", "/users/whoami", { token })).body.activeOrganization.id as string;
    const [oliverOrg, northwind] = [await orgOf(oliver), await orgOf(amelia)];
    const on = await s.call("GET", `/settings/payments?organizationId=${oliverOrg}`, { token: oliver });
    expect(on.status).toBe(200);
    expect(on.body["PAYMENTS-ORDERS-ENABLED"]).toBe(true);
    expect(on.body.paymentTypes.length).toBeGreaterThan(0);
    const off = await s.call("GET", `/settings/payments?organizationId=${northwind}`, { token: amelia });
    expect(off.body["PAYMENTS-ORDERS-ENABLED"]).toBe(false);
    expect((await s.call("GET", "/settings/payments", { token: oliver })).body["PAYMENTS-ORDERS-ENABLED"]).toBe(false);
    expect((await s.call("GET", `/settings/payments?organizationId=${oliverOrg}`, { token: amelia })).status).toBe(404);
    expect((await s.call("GET", "/settings/payments?organizationId=nope", { token: amelia })).status).toBe(400);
    // An organization's own false overrides a bank-wide true.
    const off2 = await customer({ enabled: false });
    await s.db.insert(organizationSettings).values({ organizationId: off2.orgId, key: "PAYMENTS-ORDERS-ENABLED", value: false });
    await s.db.execute(sql`UPDATE settings SET value = 'true'::jsonb WHERE key = 'PAYMENTS-ORDERS-ENABLED'`);
    try {
      expect(
        (await s.call("GET", `/settings/payments?organizationId=${off2.orgId}`, { token: off2.token })).body[
          "PAYMENTS-ORDERS-ENABLED"
        ],
      ).toBe(false);
      const plain = await customer({ enabled: false });
      expect(
        (await s.call("GET", `/settings/payments?organizationId=${plain.orgId}`, { token: plain.token })).body[
          "PAYMENTS-ORDERS-ENABLED"
        ],
      ).toBe(true);
    } finally {
      await s.db.execute(sql`UPDATE settings SET value = 'false'::jsonb WHERE key = 'PAYMENTS-ORDERS-ENABLED'`);
    }
  });

  it("creates a PENDING order with its files; the same key and body replays it, another body under the key is 409", async () => {
    const a = await customer();
    const fileId = await upload(a);
    const first = await create(a, { uploadIds: [fileId] }, "same-key");
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      status: "PENDING",
      sum: "100.00",
      currencyId: "GBP",
      currency: { id: "GBP" },
      accountId: a.accountId,
      payee: { ...PAYEE, country: "KE", phone: "+254712345678" },
      description: "Family support",
      rejectionReason: null,
      signedAt: null,
    });
    expect(first.body.files.map((f: { id: string }) => f.id)).toEqual([fileId]);
    expect(first.body.orderCreatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const replay = await create(a, { uploadIds: [fileId], sum: "100" }, "same-key");
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(first.body.id);
    // The same form sent twice uploads its file twice: the same content is the same request.
    const again = await create(a, { uploadIds: [await upload(a)] }, "same-key");
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.files.map((f: { id: string }) => f.id)).toEqual([fileId]);
    const other = await create(a, { sum: "101.00" }, "same-key");
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const missingKey = await s.call("POST", "/payments-orders", { token: a.token, body: body(a) });
    expect(missingKey.status).toBe(400);
    expect(fieldsOf(missingKey.body)).toHaveProperty("idempotencyKey");
    // Nothing moved yet: the sum is held only at signing.
    expect(await balanceOf(a)).toBe("1000.00");
  });

  it("refuses each invalid field on its property (the payee's all at once) and creates nothing", async () => {
    const a = await customer();
    const b = await customer();
    const before = await s.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentOrders)
      .where(eq(paymentOrders.organizationId, a.orgId));
    const empty = await create(a, { payee: { name: " ", address: "", city: "", country: "", phone: "" }, description: "" });
    expect(empty.status).toBe(400);
    expect(fieldsOf(empty.body)).toMatchObject({
      "payee.name": "too_small",
      "payee.address": "too_small",
      "payee.city": "too_small",
      "payee.country": "required",
      "payee.phone": "isNotEmpty",
      description: "too_small",
    });
    const bad = await create(a, { payee: { ...PAYEE, country: "XX", phone: "0712 345" } });
    expect(fieldsOf(bad.body)).toMatchObject({ "payee.country": "invalid", "payee.phone": "isPhoneNumber" });
    expect(fieldsOf((await create(a, { sum: "1.005" })).body)).toEqual({ sum: "too-many-decimals" });
    expect(fieldsOf((await create(a, { sum: "12,5" })).body)).toEqual({ sum: "invalid-characters" });
    expect(fieldsOf((await create(a, { sum: "0.00" })).body)).toEqual({ sum: "not-positive" });
    expect(fieldsOf((await create(a, { sum: "10" })).body)).toEqual({});
    expect(fieldsOf((await create(a, { currencyId: "USDT", sum: "1.000000" })).body)).toEqual({ currencyId: "isFiat" });
    expect(fieldsOf((await create(a, { currencyId: "USD" })).body)).toEqual({ currencyId: "hasBalance" });
    const funds = await create(a, { sum: "1000.01" });
    expect(funds.status).toBe(400);
    expect(funds.body.code).toBe("INSUFFICIENT_FUNDS");
    expect(fieldsOf(funds.body)).toEqual({ sum: "insufficientFunds" });
    // Another organization's upload, account and organization.
    expect(fieldsOf((await create(a, { uploadIds: [await upload(b)] })).body)).toEqual({ uploadIds: "isOwnUpload" });
    expect((await create(a, { accountId: b.accountId })).status).toBe(404);
    expect((await create(a, { organizationId: b.orgId })).status).toBe(403);
    const after = await s.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentOrders)
      .where(eq(paymentOrders.organizationId, a.orgId));
    expect(after[0].n - before[0].n).toBe(1); // only the valid "10"
  });

  it("an organization without PAYMENTS-ORDERS-ENABLED cannot create (403) and Amelia's Northwind is off", async () => {
    const off = await customer({ enabled: false });
    const res = await create(off);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/not available/);
    const amelia = await s.login("+447700900002");
    const who = (await s.call("GET", "/users/whoami", { token: amelia })).body;
    const acc = (await s.call("GET", `/accounts?organizationId=${who.activeOrganization.id}&all=true`, { token: amelia })).body
      .data[0];
    const refused = await s.call("POST", "/payments-orders", {
      token: amelia,
      headers: { "Idempotency-Key": "amelia-1" },
      body: { ...body({ orgId: who.activeOrganization.id, accountId: acc.id } as Customer) },
    });
    expect(refused.status).toBe(403);
    const list = await s.call("GET", `/payments-orders?organizationId=${off.orgId}&all=true`, { token: off.token });
    expect(list.status).toBe(200);
    expect(list.body.edges).toEqual([]);
  });

  it("lists one organization's orders newest first, filtered by status, in cursor pages", async () => {
    const a = await customer();
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) ids.push((await create(a, { sum: `${i}.00` })).body.id);
    await sign(a.token, ids[0], await mfaFor(a.token, { paymentOrderIds: [ids[0]] }));
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const q: string = `/payments-orders?organizationId=${a.orgId}&all=true&take=2${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await s.call("GET", q, { token: a.token });
      expect(res.status).toBe(200);
      seen.push(...res.body.edges.map((e: { node: { id: string } }) => e.node.id));
      cursor = res.body.pageInfo.endCursor;
      if (!res.body.pageInfo.hasNextPage) break;
    }
    expect(seen).toEqual([...ids].reverse());
    const pending = await s.call("GET", `/payments-orders?organizationId=${a.orgId}&status=PENDING`, { token: a.token });
    expect(pending.body.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(ids.slice(1).reverse());
    // totalCount: every order the filter matches, on all pages (the home signing tab's count).
    expect(pending.body.totalCount).toBe(4);
    const firstTwo = await s.call("GET", `/payments-orders?organizationId=${a.orgId}&status=PENDING&take=2`, { token: a.token });
    expect(firstTwo.body).toMatchObject({ totalCount: 4, pageInfo: { hasNextPage: true } });
    expect(firstTwo.body.edges).toHaveLength(2);
    const active = await s.call("GET", `/payments-orders?organizationId=${a.orgId}&status=QUEUED,PROC,AML,AML_DONE,ACCEPTED`, {
      token: a.token,
    });
    expect(active.body.edges.map((e: { node: { id: string; status: string } }) => [e.node.id, e.node.status])).toEqual([
      [ids[0], "QUEUED"],
    ]);
    expect((await s.call("GET", `/payments-orders?organizationId=${a.orgId}&status=DONE`, { token: a.token })).status).toBe(400);
    expect((await s.call("GET", `/payments-orders?organizationId=${a.orgId}&cursor=bad`, { token: a.token })).status).toBe(400);
    expect((await s.call("GET", "/payments-orders", { token: a.token })).status).toBe(400);
    const b = await customer();
    expect((await s.call("GET", `/payments-orders?organizationId=${a.orgId}`, { token: b.token })).status).toBe(403);
  });

  it("detail with history and file download for members; another customer's order and file are 404", async () => {
    const a = await customer();
    const b = await customer();
    const fileId = await upload(a, "passport scan.pdf");
    const order = (await create(a, { uploadIds: [fileId] })).body;
    const detail = await s.call("GET", `/payments-orders/${order.id}`, { token: a.token });
    expect(detail.status).toBe(200);
    expect(detail.body.history).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: "PENDING", by: "CUSTOMER", reason: null }),
    ]);
    expect(detail.body.files[0]).toMatchObject({ id: fileId, name: "passport scan.pdf", mimeType: "application/pdf" });
    const file = await fetch(`${s.baseUrl}/api/v1/payments-orders/${order.id}/file/${fileId}`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="passport scan.pdf"/);
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    // An upload of A's that is not this order's file; B's own file through A's order; B on A's order.
    const stray = await upload(a);
    expect((await s.call("GET", `/payments-orders/${order.id}/file/${stray}`, { token: a.token })).status).toBe(404);
    expect((await s.call("GET", `/payments-orders/${order.id}/file/${await upload(b)}`, { token: b.token })).status).toBe(404);
    for (const path of [`/payments-orders/${order.id}`, `/payments-orders/${order.id}/file/${fileId}`]) {
      const res = await s.call("GET", path, { token: b.token });
      expect(res.status, path).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(PAYEE.name);
    }
    expect((await s.call("GET", "/payments-orders/not-a-uuid", { token: a.token })).status).toBe(404);
    // B can neither request a code for nor sign A's order.
    expect(
      (await s.call("POST", "/signatures/send-code", { token: b.token, body: { paymentOrderIds: [order.id] } })).status,
    ).toBe(404);
    const bMfa = await mfaFor(b.token, { paymentOrderIds: [(await create(b)).body.id] });
    expect((await sign(b.token, order.id, bMfa)).status).toBe(404);
  });

  it("signing: the code names the order, holds the sum once; a code for A cannot sign B; a changed order invalidates it", async () => {
    const a = await customer();
    const clearingBefore = await systemBalance("REMITTANCE_CLEARING");
    const orderA = (await create(a, { sum: "120.00" })).body;
    const orderB = (await create(a, { sum: "30.00" })).body;
    const c = await s.call("POST", "/signatures/send-code", { token: a.token, body: { paymentOrderIds: [orderA.id] } });
    expect(c.status).toBe(200);
    expect(s.sms.sent[s.sms.sent.length - 1].text).toBe(
      `Code ${c.body.debugCode} to send a remittance order of GBP 120.00 to Amina Njoroge. Never share this code.`,
    );
    const v = await s.call("POST", "/signatures/validate", {
      token: a.token,
      body: { token: c.body.token, code: c.body.debugCode },
    });
    const mfaA = v.body.token as string;
    expect((await sign(a.token, orderB.id, mfaA)).body.code).toBe("MFA_TOKEN_INVALID");
    expect(
      (
        await s.call("POST", `/payments-orders/${orderA.id}/sign`, {
          token: a.token,
          body: { mfaToken: mfaA, signedAt: "2001-01-01T00:00:00Z" },
        })
      ).status,
    ).toBe(400);
    const signed = await sign(a.token, orderA.id, mfaA);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body).toMatchObject({ status: "QUEUED" });
    expect(signed.body.signedAt).not.toBeNull();
    expect(await balanceOf(a)).toBe("880.00");
    expect(Number(await systemBalance("REMITTANCE_CLEARING")) - Number(clearingBefore)).toBeCloseTo(120, 6);
    const again = await sign(a.token, orderA.id, mfaA);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("ORDER_STATUS_CONFLICT");
    expect(await balanceOf(a)).toBe("880.00");
    // The history shows the customer's signature.
    const detail = (await s.call("GET", `/payments-orders/${orderA.id}`, { token: a.token })).body;
    expect(detail.history.map((h: { toStatus: string }) => h.toStatus)).toEqual(["PENDING", "QUEUED"]);
    // A change to the order after the code was sent (payee's phone) invalidates it; the order stays PENDING.
    const mfaB = await mfaFor(a.token, { paymentOrderIds: [orderB.id] });
    await s.db
      .update(paymentOrders)
      .set({ payeeDetails: { ...PAYEE, country: "KE", phone: "+254700000000" } })
      .where(eq(paymentOrders.id, orderB.id));
    const changed = await sign(a.token, orderB.id, mfaB);
    expect(changed.status).toBe(401);
    expect(changed.body.code).toBe("MFA_TOKEN_INVALID");
    expect((await s.call("GET", `/payments-orders/${orderB.id}`, { token: a.token })).body.status).toBe("PENDING");
    // A QUEUED order cannot get a code any more.
    expect(
      (await s.call("POST", "/signatures/send-code", { token: a.token, body: { paymentOrderIds: [orderA.id] } })).status,
    ).toBe(409);
    expect((await s.call("POST", "/signatures/send-code", { token: a.token, body: {} })).status).toBe(400);
  });

  it("one code for a payment and an order together signs both; a payment-only code cannot sign an order", async () => {
    const a = await customer();
    const order = (await create(a, { sum: "40.00" })).body;
    const pay = await s.call("POST", "/payments", {
      token: a.token,
      headers: { "Idempotency-Key": `pay-${++keySeq}` },
      body: {
        organizationId: a.orgId,
        kind: "EURO",
        accountId: a.accountId,
        currencyId: "EUR",
        amount: "5.00",
        beneficiaryName: "Müller Logistik GmbH",
        iban: "DE02120300000000202051",
        bic: "BYLADEM1001",
      },
    });
    expect(pay.status).toBe(201);
    const payOnly = await mfaFor(a.token, { paymentIds: [pay.body.id] });
    expect((await sign(a.token, order.id, payOnly)).status).toBe(401);
    const c = await s.call("POST", "/signatures/send-code", {
      token: a.token,
      body: { paymentIds: [pay.body.id], paymentOrderIds: [order.id] },
    });
    expect(s.sms.sent[s.sms.sent.length - 1].text).toBe(
      `Code ${c.body.debugCode} to sign 1 payment and 1 remittance order: EUR 5.00, GBP 40.00 in total. Never share this code.`,
    );
    const mfa = (
      await s.call("POST", "/signatures/validate", { token: a.token, body: { token: c.body.token, code: c.body.debugCode } })
    ).body.token as string;
    expect((await sign(a.token, order.id, mfa)).body.status).toBe("QUEUED");
    const signedPayment = await s.call("POST", `/payments/${pay.body.id}/sign`, {
      token: a.token,
      body: { mfaToken: mfa, signedAt: new Date().toISOString() },
    });
    expect(signedPayment.status, JSON.stringify(signedPayment.body)).toBe(200);
    expect(signedPayment.body.status).toBe("COMPLETED");
  });

  it("a payer without a signature duty: the order stays PENDING, nothing held, no code for him; a SINGLE member signs and the sum is held", async () => {
    const corp = await customer({ type: "CORPORATE", signatureType: "NONE" });
    const clearingBefore = await systemBalance("REMITTANCE_CLEARING");
    const res = await create(corp, { sum: "75.00" });
    expect(res.status).toBe(201);
    // Strong customer authentication (PSD2 RTS Art. 4–5): created, nothing held.
    expect(res.body).toMatchObject({ status: "PENDING", signedAt: null });
    expect(await balanceOf(corp)).toBe("1000.00");
    expect(await systemBalance("REMITTANCE_CLEARING")).toBe(clearingBefore);
    const code = await s.call("POST", "/signatures/send-code", {
      token: corp.token,
      body: { paymentOrderIds: [res.body.id], mfa: "PHONE", channel: "SMS" },
    });
    expect(code.status).toBe(403);
    expect(await balanceOf(corp)).toBe("1000.00");

    // A director of the same company with a signature duty signs it: now the sum is held, once.
    const director = await createUser(s.db, { firstName: "Sam", lastName: "Signer" });
    await addMember(s.db, {
      organizationId: corp.orgId,
      userId: director.id,
      companyOfficialType: "DIRECTOR",
      signatureType: "SINGLE",
    });
    const directorToken = await s.login(director.phone);
    const signed = await sign(directorToken, res.body.id, await mfaFor(directorToken, { paymentOrderIds: [res.body.id] }));
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.status).toBe("QUEUED");
    expect(signed.body.signedAt).not.toBeNull();
    expect(await balanceOf(corp)).toBe("925.00");
    expect(Number(await systemBalance("REMITTANCE_CLEARING")) - Number(clearingBefore)).toBeCloseTo(75, 6);
    const detail = (await s.call("GET", `/payments-orders/${res.body.id}`, { token: corp.token })).body;
    expect(detail.history.map((h: { toStatus: string }) => h.toStatus)).toEqual(["PENDING", "QUEUED"]);
    await ledgerBalanced();
  });

  it("the status machine: one step at a time; ACCEPTED pays the partner, REJECTED refunds with the reason; ledger balanced", async () => {
    const a = await customer();
    const good = (await create(a, { sum: "200.00" })).body;
    const bad = (await create(a, { sum: "50.00" })).body;
    const staff = (orderId: string, status: string, reason?: string) =>
      advanceRemittanceOrder(s.db, { orderId, status, reason, actor: "staff:test" });
    const refusal = async (p: Promise<unknown>) => {
      const err = await p.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(DomainError);
      return (err as DomainError).code;
    };
    // PENDING: the customer has not signed; nothing for staff to move.
    expect(await refusal(staff(good.id, "PROC"))).toBe("ORDER_STATUS_CONFLICT");
    expect(await refusal(staff(good.id, "REJECTED", "no"))).toBe("ORDER_STATUS_CONFLICT");
    const mfa = await mfaFor(a.token, { paymentOrderIds: [good.id, bad.id] });
    expect((await sign(a.token, good.id, mfa)).body.status).toBe("QUEUED");
    expect((await sign(a.token, bad.id, mfa)).body.status).toBe("QUEUED");
    expect(await balanceOf(a)).toBe("750.00");
    const clearing0 = Number(await systemBalance("REMITTANCE_CLEARING"));
    const cash0 = Number(await systemBalance("CASH_CLEARING"));
    expect(await refusal(staff(good.id, "AML"))).toBe("ORDER_STATUS_CONFLICT");
    expect(await refusal(staff(good.id, "DONE"))).toBe("VALIDATION_FAILED");
    expect(await refusal(staff(good.id, "REJECTED"))).toBe("VALIDATION_FAILED");
    expect(await refusal(staff("00000000-0000-4000-8000-000000000000", "PROC"))).toBe("NOT_FOUND");
    for (const status of ["PROC", "AML", "AML_DONE"]) expect((await staff(good.id, status)).status).toBe(status);
    expect(Number(await systemBalance("REMITTANCE_CLEARING"))).toBeCloseTo(clearing0, 6);
    expect((await staff(good.id, "ACCEPTED")).status).toBe("ACCEPTED");
    expect(Number(await systemBalance("REMITTANCE_CLEARING"))).toBeCloseTo(clearing0 - 200, 6);
    expect(Number(await systemBalance("CASH_CLEARING"))).toBeCloseTo(cash0 + 200, 6);
    expect(await refusal(staff(good.id, "REJECTED", "too late"))).toBe("ORDER_STATUS_CONFLICT");
    expect(await balanceOf(a)).toBe("750.00");
    // Rejected from PROC: the 50.00 comes back as a REFUND item with the reason on the order.
    await staff(bad.id, "PROC");
    const rejected = await staff(bad.id, "REJECTED", "  Payee failed the sanctions screening ");
    expect(rejected).toMatchObject({ status: "REJECTED", rejectionReason: "Payee failed the sanctions screening" });
    expect(await balanceOf(a)).toBe("800.00");
    expect(Number(await systemBalance("REMITTANCE_CLEARING"))).toBeCloseTo(clearing0 - 250, 6);
    expect(await refusal(staff(bad.id, "QUEUED"))).toBe("ORDER_STATUS_CONFLICT");
    const items = await s.call("GET", `/statements-items?organizationId=${a.orgId}&take=10`, { token: a.token });
    const refund = items.body.data.find((i: { status: string }) => i.status === "REFUND");
    expect(refund).toMatchObject({ amount: "50.00", operationType: "REFUND", title: "Amina Njoroge", currencyId: "GBP" });
    // Its detail: the order's description as the purpose, the bank's reason for the return.
    const refundDetail = (await s.call("GET", `/statements-items/${refund.id}`, { token: a.token })).body;
    expect(refundDetail).toMatchObject({ purpose: "Family support", returnReason: "Payee failed the sanctions screening" });
    const sent = items.body.data.find((i: { amount: string }) => i.amount === "-200.00");
    const sentDetail = (await s.call("GET", `/statements-items/${sent.id}`, { token: a.token })).body;
    expect(sentDetail).toMatchObject({ purpose: "Family support", returnReason: null });
    expect(items.body.data.filter((i: { amount: string }) => i.amount === "-50.00" || i.amount === "-200.00")).toHaveLength(2);
    // History of every move, by whom; the customer sees the bank's moves as BANK.
    const detail = (await s.call("GET", `/payments-orders/${good.id}`, { token: a.token })).body;
    expect(detail.history.map((h: { toStatus: string; by: string }) => `${h.by}:${h.toStatus}`)).toEqual([
      "CUSTOMER:PENDING",
      "CUSTOMER:QUEUED",
      "BANK:PROC",
      "BANK:AML",
      "BANK:AML_DONE",
      "BANK:ACCEPTED",
    ]);
    const events = await s.db.select().from(paymentOrderEvents).where(eq(paymentOrderEvents.orderId, bad.id));
    expect(events.find((e) => e.toStatus === "REJECTED")).toMatchObject({
      actor: "staff:test",
      reason: "Payee failed the sanctions screening",
    });
    await ledgerBalanced();
  });

  const decline = (token: string, id: string, body: unknown = {}) =>
    s.call("POST", `/payments-orders/${id}/decline`, { token, body });

  it("decline (spec 000 §4): any member, a NONE official too, declines a PENDING order: REJECTED by the customer, nothing moves, an event by the user; a repeat answers it unchanged; signed or rejected by the bank is 409, another's 404", async () => {
    const corp = await customer({ type: "CORPORATE", signatureType: "NONE" });
    const clearingBefore = await systemBalance("REMITTANCE_CLEARING");
    const r = await create(corp, { sum: "40.00" });
    expect(r.status).toBe(201);
    expect(r.body.rejectedBy).toBeNull();
    expect((await decline(corp.token, r.body.id, { reason: "x" })).status).toBe(400); // the body is empty
    // Allowed also when orders have been switched off since (it moves nothing).
    await s.db
      .update(organizationSettings)
      .set({ value: false })
      .where(and(eq(organizationSettings.organizationId, corp.orgId), eq(organizationSettings.key, "PAYMENTS-ORDERS-ENABLED")));
    const d = await decline(corp.token, r.body.id);
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(d.body).toMatchObject({
      id: r.body.id,
      status: "REJECTED",
      rejectedBy: "CUSTOMER",
      rejectionReason: "Declined by the customer before signing",
      signedAt: null,
    });
    expect(await balanceOf(corp)).toBe("1000.00");
    expect(await systemBalance("REMITTANCE_CLEARING")).toBe(clearingBefore);
    const [row] = await s.db.select().from(paymentOrders).where(eq(paymentOrders.id, r.body.id));
    expect(row).toMatchObject({ ledgerTransactionId: null, refundLedgerTransactionId: null });
    const events = await s.db.select().from(paymentOrderEvents).where(eq(paymentOrderEvents.orderId, r.body.id));
    expect(events.find((e) => e.toStatus === "REJECTED")).toMatchObject({
      fromStatus: "PENDING",
      actor: `user:${corp.c.user.id}`,
      reason: "Declined by the customer before signing",
    });
    const again = await decline(corp.token, r.body.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(d.body);
    const detail = (await s.call("GET", `/payments-orders/${r.body.id}`, { token: corp.token })).body;
    expect(detail.history.map((h: { toStatus: string; by: string }) => `${h.by}:${h.toStatus}`)).toEqual([
      "CUSTOMER:PENDING",
      "CUSTOMER:REJECTED",
    ]);
    expect(await s.db.select().from(paymentOrderEvents).where(eq(paymentOrderEvents.orderId, r.body.id))).toHaveLength(2);
    await s.db
      .update(organizationSettings)
      .set({ value: true })
      .where(and(eq(organizationSettings.organizationId, corp.orgId), eq(organizationSettings.key, "PAYMENTS-ORDERS-ENABLED")));
    // Declined: no code for it (nor for a signer of the organization), no staff move, not to sign.
    const director = await createUser(s.db, { firstName: "Dana", lastName: "Director" });
    await addMember(s.db, {
      organizationId: corp.orgId,
      userId: director.id,
      companyOfficialType: "DIRECTOR",
      signatureType: "SINGLE",
    });
    const directorToken = await s.login(director.phone);
    const code = await s.call("POST", "/signatures/send-code", {
      token: directorToken,
      body: { paymentOrderIds: [r.body.id], mfa: "PHONE", channel: "SMS" },
    });
    expect(code.status).toBe(409);
    expect(code.body.code).toBe("ORDER_STATUS_CONFLICT");
    await expect(
      advanceRemittanceOrder(s.db, { orderId: r.body.id, status: "QUEUED", actor: "staff:test" }),
    ).rejects.toMatchObject({
      code: "ORDER_STATUS_CONFLICT",
    });
    const toSign = await s.call("GET", `/payments-orders?organizationId=${corp.orgId}&status=PENDING`, { token: directorToken });
    expect(toSign.body.totalCount).toBe(0);
    expect(await balanceOf(corp)).toBe("1000.00");

    // Signed already: 409, the hold stays; rejected by the bank: 409 too, rejectedBy BANK.
    const b = await customer();
    const signed = (await create(b, { sum: "60.00" })).body;
    expect((await sign(b.token, signed.id, await mfaFor(b.token, { paymentOrderIds: [signed.id] }))).status).toBe(200);
    const late = await decline(b.token, signed.id);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("ORDER_STATUS_CONFLICT");
    expect(await balanceOf(b)).toBe("940.00");
    const byBank = await advanceRemittanceOrder(s.db, {
      orderId: signed.id,
      status: "REJECTED",
      reason: "KYC",
      actor: "staff:test",
    });
    expect(byBank).toMatchObject({ status: "REJECTED", rejectedBy: "BANK", rejectionReason: "KYC" });
    expect((await decline(b.token, signed.id)).body.code).toBe("ORDER_STATUS_CONFLICT");
    expect(await balanceOf(b)).toBe("1000.00");
    // Another organization's order: 404, like one that does not exist; so is a bad id.
    const other = await create(b);
    expect((await decline(corp.token, other.body.id)).status).toBe(404);
    expect((await decline(corp.token, "not-a-uuid")).status).toBe(404);
    expect((await decline(corp.token, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await s.call("GET", `/payments-orders/${other.body.id}`, { token: b.token })).body.status).toBe("PENDING");
    await ledgerBalanced();
  });

  it("decline racing a signature ends one way (held at most once); declines at once all answer the one decline", async () => {
    const a = await customer();
    const r = (await create(a, { sum: "70.00" })).body;
    const mfa = await mfaFor(a.token, { paymentOrderIds: [r.id] });
    const [signed, ...declines] = await Promise.all([
      sign(a.token, r.id, mfa),
      decline(a.token, r.id),
      decline(a.token, r.id),
      decline(a.token, r.id),
    ]);
    const final = (await s.call("GET", `/payments-orders/${r.id}`, { token: a.token })).body;
    if (signed.status === 200) {
      expect(final).toMatchObject({ status: "QUEUED", rejectedBy: null });
      for (const d of declines) expect(d.status).toBe(409);
      expect(await balanceOf(a)).toBe("930.00");
    } else {
      expect(signed.status).toBe(409);
      expect(signed.body.code).toBe("ORDER_STATUS_CONFLICT");
      expect(final).toMatchObject({ status: "REJECTED", rejectedBy: "CUSTOMER", signedAt: null });
      for (const d of declines) expect(d.status).toBe(200);
      expect(await balanceOf(a)).toBe("1000.00");
    }
    expect(final.history.filter((h: { fromStatus: string | null }) => h.fromStatus === "PENDING")).toHaveLength(1);
    const r2 = (await create(a, { sum: "5.00" })).body;
    const all = await Promise.all(Array.from({ length: 5 }, () => decline(a.token, r2.id)));
    for (const d of all) expect(d.body, JSON.stringify(d.body)).toMatchObject({ status: "REJECTED", rejectedBy: "CUSTOMER" });
    const events = await s.db.select().from(paymentOrderEvents).where(eq(paymentOrderEvents.orderId, r2.id));
    expect(events.map((e) => e.toStatus)).toEqual(["PENDING", "REJECTED"]); // declined once
    // The organization's chat is told once per declined order, however many declines arrived.
    const notices = (await s.call("GET", `/notifications?organizationId=${a.orgId}`, { token: a.token })).body.data as {
      key: string;
      params: Record<string, string>;
    }[];
    const declinedNotices = notices.filter((n) => n.key === "Notifications.remittance-declined");
    expect(declinedNotices).toHaveLength(signed.status === 200 ? 1 : 2);
    expect(declinedNotices[0].params).toMatchObject({ sum: "5.00", currency: r2.currencyId });
    await ledgerBalanced();
  });

  it("npm run bank -- remittance:advance: parsing and the domain call", async () => {
    expect(parseBankArgs(["remittance:advance", "id-1", "proc"])).toEqual({
      command: "remittance:advance",
      id: "id-1",
      status: "PROC",
    });
    expect(parseBankArgs(["remittance:advance", "id-1", "REJECTED", "--reason", "KYC"])).toEqual({
      command: "remittance:advance",
      id: "id-1",
      status: "REJECTED",
      reason: "KYC",
    });
    expect(() => parseBankArgs(["remittance:advance", "id-1"])).toThrow(UsageError);
    expect(() => parseBankArgs(["remittance:advance", "id-1", "DONE"])).toThrow(UsageError);
    expect(() => parseBankArgs(["remittance:advance", "id-1", "REJECTED"])).toThrow(UsageError);
    expect(() => parseBankArgs(["remittance:advance", "id-1", "PROC", "extra"])).toThrow(UsageError);
    const a = await customer();
    const order = (await create(a, { sum: "10.00" })).body;
    await sign(a.token, order.id, await mfaFor(a.token, { paymentOrderIds: [order.id] }));
    const line = await runBankCommand(s.db, { command: "remittance:advance", id: order.id, status: "PROC" });
    expect(line).toBe(`Remittance order ${order.id} (GBP 10.00 to Amina Njoroge) is now PROC.`);
    await expect(runBankCommand(s.db, { command: "remittance:advance", id: order.id, status: "ACCEPTED" })).rejects.toThrow(
      /PROC: it cannot move to ACCEPTED/,
    );
  });

  it.runIf(kind === "postgres")(
    "20 parallel signings cannot overdraw; 10 parallel creates under one key make one order",
    async () => {
      const a = await customer({ balances: { GBP: "100.00" } });
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) ids.push((await create(a, { sum: "30.00" })).body.id);
      const mfa = await mfaFor(a.token, { paymentOrderIds: ids });
      const results = await Promise.all(ids.map((id) => sign(a.token, id, mfa)));
      const ok = results.filter((r) => r.status === 200);
      expect(ok).toHaveLength(3);
      expect(results.filter((r) => r.status === 400).every((r) => r.body.code === "INSUFFICIENT_FUNDS")).toBe(true);
      expect(results.filter((r) => r.status !== 200 && r.status !== 400)).toEqual([]);
      expect(await balanceOf(a)).toBe("10.00");
      const queued = await s.call("GET", `/payments-orders?organizationId=${a.orgId}&status=QUEUED&take=100`, { token: a.token });
      expect(queued.body.edges).toHaveLength(3);
      await ledgerBalanced();

      const b = await customer({ balances: { GBP: "100.00" } });
      const same = await Promise.all(Array.from({ length: 10 }, () => create(b, { sum: "5.00" }, "one-key")));
      expect(same.filter((r) => r.status === 201)).toHaveLength(1);
      expect(new Set(same.map((r) => r.body.id)).size).toBe(1);
    },
  );
});
