/**
 * The back office's PAYMENTS routes against a real database (issue 13; docs/ops.md "Payments";
 * server/api/v1/ops/payments.ts): staff authorization (no token and customer tokens 401, staff
 * without PAYMENTS 403, before any domain code); each decision's effect on the customer's side
 * (payment status and settlement, history items, balances) and its audit entry (who, what,
 * reason, before/after), written once even when the decision is submitted twice.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balances, staffAuditLog } from "../../server/db/schema/index.js";
import { Decimal } from "../../server/domain/ledger/money.js";
import { createCustomer, type CreatedCustomer } from "../../server/seed/factories.js";
import { databases, mfaTokenFor, payAndSign, startTestServer, type TestServer } from "./helpers.js";
import { staffLogin } from "./ops-helpers.js";

describe.each(databases)("ops payments on %s", (kind) => {
  let s: TestServer;
  let payments: string;
  let onboarding: string;
  let keySeq = 0;

  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    payments = await staffLogin(s, "payments@ops.example");
    onboarding = await staffLogin(s, "onboarding@ops.example");
  });
  afterAll(async () => s?.close());

  interface Customer {
    c: CreatedCustomer;
    token: string;
    orgId: string;
    accountId: string;
  }
  /** A company whose official signs its payments (signatureType SINGLE). */
  async function customer(): Promise<Customer> {
    const c = await createCustomer(s.db, {
      type: "CORPORATE",
      signatureType: "SINGLE",
      balances: { EUR: "1000.00", GBP: "1000.00" },
    });
    return { c, token: await s.login(c.phone), orgId: c.organization.id, accountId: c.account!.id };
  }
  /** A posted (created and signed) EURO payment. */
  async function euroPayment(p: Customer, amount = "100.00"): Promise<string> {
    const r = await payAndSign(
      s,
      p.token,
      {
        organizationId: p.orgId,
        kind: "EURO",
        accountId: p.accountId,
        currencyId: "EUR",
        amount,
        beneficiaryName: "Hans Müller",
        iban: "DE89370400440532013000",
        bic: "COBADEFFXXX",
      },
      `opspay-${++keySeq}`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe("COMPLETED");
    return r.body.id;
  }
  async function balanceOf(p: Customer, currency: string): Promise<string> {
    const [b] = await s.db
      .select({ amount: balances.amount })
      .from(balances)
      .where(and(eq(balances.accountId, p.accountId), eq(balances.currencyId, currency)));
    return new Decimal(b?.amount ?? 0).toFixed(2);
  }
  const audit = (action: string, subjectId: string) =>
    s.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, action), eq(staffAuditLog.subjectId, subjectId)));

  it("authorization: no token and customer tokens 401, staff without PAYMENTS 403, on every route", async () => {
    const p = await customer();
    const id = await euroPayment(p, "1.00");
    const routes: [string, string, unknown?][] = [
      ["GET", "/ops/payments"],
      ["GET", `/ops/payments/${id}`],
      ["POST", `/ops/payments/${id}/settle`, {}],
      ["POST", `/ops/payments/${id}/reject`, { reason: "x" }],
      ["POST", `/ops/payments/${id}/refund`, { reason: "x" }],
      ["GET", "/ops/payments/incoming"],
      ["POST", "/ops/payments/incoming", {}],
      ["GET", "/ops/fx-requests"],
      ["POST", `/ops/fx-requests/${crypto.randomUUID()}/accept`, {}],
      ["POST", `/ops/fx-requests/${crypto.randomUUID()}/reject`, { reason: "x" }],
    ];
    for (const [method, path, body] of routes) {
      expect((await s.call(method, path, { body })).status, `${method} ${path} no token`).toBe(401);
      expect((await s.call(method, path, { body, token: p.token })).status, `${method} ${path} customer`).toBe(401);
      expect((await s.call(method, path, { body, token: onboarding })).status, `${method} ${path} onboarding`).toBe(403);
    }
    // nothing moved
    const seen = await s.call("GET", `/payments/${id}`, { token: p.token });
    expect(seen.body.settlement.status).toBe("PENDING");
  });

  it("list, settle, refund: the customer sees the REFUND item; each decision audited once with before/after", async () => {
    const p = await customer();
    const id = await euroPayment(p);
    const list = await s.call("GET", "/ops/payments?rail=EURO&status=PENDING", { token: payments });
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { id: string }) => x.id)).toContain(id);
    expect((await s.call("GET", "/ops/payments?rail=INTERNAL", { token: payments })).status).toBe(400);
    expect((await s.call("GET", "/ops/payments?status=nope", { token: payments })).status).toBe(400);
    expect((await s.call("GET", `/ops/payments/${crypto.randomUUID()}`, { token: payments })).status).toBe(404);

    const queue = (await s.call("GET", "/ops/dashboard", { token: payments })).body.payments;
    expect(queue.payments).toBeGreaterThanOrEqual(1);
    const settled = await s.call("POST", `/ops/payments/${id}/settle`, { token: payments, body: {} });
    expect(settled.status).toBe(200);
    expect(settled.body.settlement.status).toBe("SETTLED");
    expect((await s.call("GET", "/ops/dashboard", { token: payments })).body.payments.payments).toBe(queue.payments - 1);
    expect((await s.call("POST", `/ops/payments/${id}/settle`, { token: payments, body: {} })).status).toBe(409);
    const [entry] = await audit("payment.settle", id);
    expect(entry.before).toMatchObject({ settlementStatus: "PENDING", amount: "100.00" });
    expect(entry.after).toMatchObject({ settlementStatus: "SETTLED" });
    expect(await audit("payment.settle", id)).toHaveLength(1);

    const before = await balanceOf(p, "EUR");
    expect((await s.call("POST", `/ops/payments/${id}/refund`, { token: payments, body: { reason: " " } })).status).toBe(400);
    const refunded = await s.call("POST", `/ops/payments/${id}/refund`, {
      token: payments,
      body: { reason: "Returned by the beneficiary's bank" },
    });
    expect(refunded.status).toBe(200);
    expect((await s.call("POST", `/ops/payments/${id}/refund`, { token: payments, body: { reason: "again" } })).status).toBe(409);
    expect(await balanceOf(p, "EUR")).toBe(new Decimal(before).plus(100).toFixed(2));
    const items = await s.call("GET", `/statements-items?organizationId=${p.orgId}&take=50`, { token: p.token });
    expect(
      items.body.data.filter((i: { status: string }) => i.status === "REFUND").map((i: { amount: string }) => i.amount),
    ).toEqual(["100.00"]);
    const entries = await audit("payment.refund", id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ reason: "Returned by the beneficiary's bank", subjectType: "payment" });
    expect(entries[0].after).toMatchObject({ settlementStatus: "REFUNDED" });
  });

  it("reject: the payment FAILED, the sum and fee back; audited with the reason", async () => {
    const p = await customer();
    const start = await balanceOf(p, "EUR");
    const id = await euroPayment(p, "50.00");
    const r = await s.call("POST", `/ops/payments/${id}/reject`, {
      token: payments,
      body: { reason: "Sanctions screening hit" },
    });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe("FAILED");
    expect(await balanceOf(p, "EUR")).toBe(start);
    const seen = await s.call("GET", `/payments/${id}`, { token: p.token });
    expect(seen.body.settlement).toMatchObject({ status: "REJECTED", reason: "Sanctions screening hit" });
    expect(await audit("payment.reject", id)).toHaveLength(1);
  });

  it("incoming: the balance rises once per key; a replay answers 200 and writes no second audit entry", async () => {
    const p = await customer();
    const start = await balanceOf(p, "GBP");
    const body = {
      account: p.c.account!.number,
      currencyId: "GBP",
      amount: "321.09",
      payerName: "Acme Supplies Ltd",
      reference: "INV-9",
      idempotencyKey: `ops-incoming-${kind}-1`,
    };
    const first = await s.call("POST", "/ops/payments/incoming", { token: payments, body });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await s.call("POST", "/ops/payments/incoming", { token: payments, body });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, replayed: true });
    expect(await balanceOf(p, "GBP")).toBe(new Decimal(start).plus("321.09").toFixed(2));
    const entries = await audit("payment.incoming", first.body.id);
    expect(entries).toHaveLength(1);
    expect(entries[0].after).toMatchObject({ amount: "321.09", currencyId: "GBP", payerName: "Acme Supplies Ltd" });
    const items = await s.call("GET", `/statements-items?organizationId=${p.orgId}&take=50`, { token: p.token });
    expect(
      items.body.data.find((i: { counterpartyFullName: string }) => i.counterpartyFullName === "Acme Supplies Ltd"),
    ).toMatchObject({
      status: "ADDED",
      amount: "321.09",
    });
    const listed = await s.call("GET", "/ops/payments/incoming", { token: payments });
    expect(listed.body.data[0].id).toBe(first.body.id);
    const bad = await s.call("POST", "/ops/payments/incoming", {
      token: payments,
      body: { ...body, amount: "abc", idempotencyKey: "x-12345678" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message[0].property).toBe("amount");
    expect(
      (
        await s.call("POST", "/ops/payments/incoming", {
          token: payments,
          body: { ...body, account: "NOPE", idempotencyKey: "x-22345678" },
        })
      ).status,
    ).toBe(404);
  });

  it("FX requests: the pending list; accept executes for the customer; reject refunds; both audited", async () => {
    const c = await createCustomer(s.db, {
      type: "CORPORATE",
      signatureType: "SINGLE",
      balances: { GBP: "1000.00", EUR: "10.00" },
    });
    const token = await s.login(c.phone);
    /** A created and signed request (PENDING, the sum held). */
    const create = async () => {
      const r = await s.call("POST", "/exchange/fx-requests", {
        token,
        headers: { "Idempotency-Key": `opsfx-${++keySeq}` },
        body: {
          organizationId: c.organization.id,
          accountId: c.account!.id,
          fromCurrencyId: "GBP",
          toCurrencyId: "EUR",
          sellAmount: "100.00",
          rate: "1.18",
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.status).toBe("AWAITING_SIGNATURE");
      const mfaToken = await mfaTokenFor(s, token, { fxRequestIds: [r.body.id] });
      const signed = await s.call("POST", `/exchange/fx-requests/${r.body.id}/sign`, {
        token,
        body: { mfaToken, signedAt: new Date().toISOString() },
      });
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      expect(signed.body.status).toBe("PENDING");
      return r.body.id as string;
    };
    const a = await create();
    const b = await create();
    const list = await s.call("GET", "/ops/fx-requests", { token: payments });
    expect(list.status).toBe(200);
    const nodes = list.body.edges.map((e: { node: { id: string; organizationName: string } }) => e.node);
    expect(nodes.map((n: { id: string }) => n.id)).toEqual(expect.arrayContaining([a, b]));
    expect(nodes.find((n: { id: string }) => n.id === a).organizationName).toBe(c.organization.companyName);
    expect((await s.call("GET", "/ops/fx-requests?status=nope", { token: payments })).status).toBe(400);

    const accepted = await s.call("POST", `/ops/fx-requests/${a}/accept`, { token: payments, body: {} });
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe("ACCEPTED");
    expect((await s.call("POST", `/ops/fx-requests/${a}/accept`, { token: payments, body: {} })).status).toBe(409);
    const [b2] = await s.db
      .select({ amount: balances.amount })
      .from(balances)
      .where(and(eq(balances.accountId, c.account!.id), eq(balances.currencyId, "EUR")));
    expect(new Decimal(b2.amount).toFixed(2)).toBe("128.00");
    const seen = await s.call("GET", `/exchange/fx-requests/${a}`, { token });
    expect(seen.body.status).toBe("ACCEPTED");
    expect((await audit("fx-request.accept", a))[0]).toMatchObject({ subjectType: "fx_request" });

    expect((await s.call("POST", `/ops/fx-requests/${b}/reject`, { token: payments, body: {} })).status).toBe(400);
    const rejected = await s.call("POST", `/ops/fx-requests/${b}/reject`, {
      token: payments,
      body: { reason: "Rate too far from market" },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.decisionReason).toBe("Rate too far from market");
    const entries = await audit("fx-request.reject", b);
    expect(entries).toHaveLength(1);
    expect(entries[0].reason).toBe("Rate too far from market");
    expect(entries[0].before).toMatchObject({ status: "PENDING" });
    expect(entries[0].after).toMatchObject({ status: "REJECTED" });
  });
});
