/**
 * FX rate requests against a real database (PGlite always; PostgreSQL too when TEST_DATABASE_URL
 * is set): the setting GET /v1/settings/exchange-custom-rate (bank-wide on, an organization's
 * override off), creation with its validation and idempotency, signing through the core signing
 * flow (send-code { fxRequestIds } → validate → sign) which holds the sum and fee on FX_PENDING,
 * the list (every status by default, unsigned ones included, with totalCount) with cursor paging,
 * authorization across organizations, the customer's decline of an unsigned request (racing a
 * signature: one outcome), the staff decisions (accept executes at the request's sums through
 * FX_POSITION; reject refunds the hold) and each decision happening once when two race. Customers are fresh factory customers; the seeded tariff charges
 * an EXCHANGE fee of 0.10 % (GBP 0.10 on GBP 100.00).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { accounts, balances, organizationSettings, postings } from "../../server/db/schema/index.js";
import { addMember, createCustomer, createUser } from "../../server/seed/factories.js";
import { Decimal } from "../../server/domain/ledger/money.js";
import { decideFxRequest } from "../../server/domain/exchange/fx-requests.js";
import { parseBankArgs, runBankCommand, UsageError } from "../../server/staff/commands.js";
import { DomainError } from "../../server/domain/errors.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

interface Customer {
  token: string;
  orgId: string;
  accountId: string;
  accountNumber: string;
}

/** Field → first constraint id of a 400 answer. */
const fieldsOf = (body: { message?: { property: string; constraints: Record<string, string> }[] | string }) =>
  Object.fromEntries((Array.isArray(body.message) ? body.message : []).map((e) => [e.property, Object.keys(e.constraints)[0]]));

describe.each(databases)("FX rate requests on %s", (kind) => {
  let s: TestServer;
  let keySeq = 0;

  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  async function customer(opts: { enabled?: boolean; gbp?: string; signatureType?: "NONE" | "SINGLE" } = {}): Promise<Customer> {
    const c = await createCustomer(s.db, {
      type: opts.signatureType ? "CORPORATE" : "INDIVIDUAL",
      signatureType: opts.signatureType,
      balances: { GBP: opts.gbp ?? "1000.00", EUR: "10.00" },
    });
    if (opts.enabled === false)
      await s.db
        .insert(organizationSettings)
        .values({ organizationId: c.organization.id, key: "EXCHANGE-CUSTOM-RATE-ENABLED", value: false });
    return {
      token: await s.login(c.phone),
      orgId: c.organization.id,
      accountId: c.account!.id,
      accountNumber: c.account!.number,
    };
  }

  const body = (who: Customer, over: Record<string, unknown> = {}) => ({
    organizationId: who.orgId,
    accountId: who.accountId,
    fromCurrencyId: "GBP",
    toCurrencyId: "EUR",
    sellAmount: "100.00",
    rate: "1.18",
    ...over,
  });
  const create = (who: Customer, over: Record<string, unknown> = {}, key = `fx-${++keySeq}`) =>
    s.call("POST", "/exchange/fx-requests", { token: who.token, body: body(who, over), headers: { "Idempotency-Key": key } });

  async function mfaFor(token: string, fxRequestIds: string[]): Promise<string> {
    const c = await s.call("POST", "/signatures/send-code", { token, body: { fxRequestIds, mfa: "PHONE", channel: "SMS" } });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const v = await s.call("POST", "/signatures/validate", { token, body: { token: c.body.token, code: c.body.debugCode } });
    expect(v.status).toBe(200);
    return v.body.token;
  }
  const sign = (token: string, id: string, mfaToken: string) =>
    s.call("POST", `/exchange/fx-requests/${id}/sign`, { token, body: { mfaToken, signedAt: new Date().toISOString() } });

  /** A created and signed request (PENDING). */
  async function pending(who: Customer, over: Record<string, unknown> = {}) {
    const r = await create(who, over);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const signed = await sign(who.token, r.body.id, await mfaFor(who.token, [r.body.id]));
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    return signed.body;
  }

  async function balanceOf(who: Customer, currency: string): Promise<string> {
    const [b] = await s.db
      .select({ amount: balances.amount })
      .from(balances)
      .where(and(eq(balances.accountId, who.accountId), eq(balances.currencyId, currency)));
    return new Decimal(b?.amount ?? 0).toFixed(2);
  }
  async function systemBalance(code: string, currency: string): Promise<Decimal> {
    const [b] = await s.db
      .select({ amount: balances.amount })
      .from(balances)
      .innerJoin(accounts, eq(accounts.id, balances.accountId))
      .where(and(eq(accounts.systemCode, code), eq(balances.currencyId, currency)));
    return new Decimal(b?.amount ?? 0);
  }
  async function ledgerBalanced(): Promise<void> {
    const unbalanced = await s.db.execute(
      sql`SELECT transaction_id FROM postings GROUP BY transaction_id, currency_id HAVING SUM(amount) <> 0`,
    );
    expect((unbalanced as unknown as { rows: unknown[] }).rows ?? unbalanced).toHaveLength(0);
  }

  it("GET /settings/exchange-custom-rate: on bank-wide, off by an organization's override, 404 for another's", async () => {
    const a = await customer();
    const off = await customer({ enabled: false });
    expect((await s.call("GET", "/settings/exchange-custom-rate", { token: a.token })).body).toEqual({ enabled: true });
    const own = await s.call("GET", `/settings/exchange-custom-rate?organizationId=${a.orgId}`, { token: a.token });
    expect(own.body).toEqual({ enabled: true });
    const disabled = await s.call("GET", `/settings/exchange-custom-rate?organizationId=${off.orgId}`, { token: off.token });
    expect(disabled.body).toEqual({ enabled: false });
    expect((await s.call("GET", `/settings/exchange-custom-rate?organizationId=${off.orgId}`, { token: a.token })).status).toBe(
      404,
    );
    expect((await s.call("GET", "/settings/exchange-custom-rate")).status).toBe(401);
    // Disabled: creating is refused.
    const refused = await create(off);
    expect(refused.status).toBe(403);
  });

  it("create: AWAITING_SIGNATURE, bought = sell × rate half-even, rate = flexible ÷ fixed (14 decimals); replay and key reuse", async () => {
    const a = await customer();
    const r = await create(a, { sellAmount: "100.00", rate: "1.1737125" }, "same-key");
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({
      status: "AWAITING_SIGNATURE",
      organizationId: a.orgId,
      senderAccountNumber: a.accountNumber,
      exchangeCurrencyFrom: { id: "GBP", name: "British pound", scale: 2 },
      exchangeCurrencyTo: { id: "EUR", name: "Euro", scale: 2 },
      exchangeCurrencyFixedSum: "100.00",
      exchangeCurrencyFlexibleSum: "117.37",
      exchangeActualRate: "1.17370000000000",
      proposedRate: "1.1737125",
      fee: { amount: "0.10", currencyId: "GBP" },
      signedAt: null,
      decidedAt: null,
      decisionReason: null,
    });
    // Nothing held before signing.
    expect(await balanceOf(a, "GBP")).toBe("1000.00");
    const replay = await create(a, { sellAmount: "100", rate: "1.17371250" }, "same-key");
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(r.body.id);
    const reused = await create(a, { sellAmount: "200.00", rate: "1.1737125" }, "same-key");
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect((await s.call("GET", `/exchange/fx-requests/${r.body.id}`, { token: a.token })).body.id).toBe(r.body.id);
    // The list shows unsigned requests too (where the signers look: "Who may sign"), and the
    // signing lists ask for them alone; totalCount counts every page.
    const list = await s.call("GET", `/exchange/fx-requests?organizationId=${a.orgId}`, { token: a.token });
    expect(list.body.edges.map((e: { node: { id: string; status: string } }) => [e.node.id, e.node.status])).toEqual([
      [r.body.id, "AWAITING_SIGNATURE"],
    ]);
    expect(list.body.totalCount).toBe(1);
    const unsigned = await s.call("GET", `/exchange/fx-requests?organizationId=${a.orgId}&status=AWAITING_SIGNATURE`, {
      token: a.token,
    });
    expect(unsigned.body.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([r.body.id]);
    expect(unsigned.body.totalCount).toBe(1);
    const signedOnly = await s.call("GET", `/exchange/fx-requests?organizationId=${a.orgId}&status=PENDING,ACCEPTED,REJECTED`, {
      token: a.token,
    });
    expect(signedOnly.body).toMatchObject({ edges: [], totalCount: 0 });
    expect((await s.call("GET", `/exchange/fx-requests?organizationId=${a.orgId}&status=NOPE`, { token: a.token })).status).toBe(
      400,
    );
  });

  it("create refuses: too many decimals, zero rate, same currency, no rate (RUB), no balance, too little money", async () => {
    const a = await customer({ gbp: "50.00" });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ sellAmount: "1.005" }, "sellAmount", "too-many-decimals"],
      [{ rate: "1.1234567890123" }, "rate", "too-many-decimals"],
      [{ rate: "0" }, "rate", "not-positive"],
      [{ rate: "abc" }, "rate", "invalid-characters"],
      [{ toCurrencyId: "GBP" }, "toCurrencyId", "custom"],
      [{ toCurrencyId: "RUB" }, "toCurrencyId", "hasRate"],
      [{ fromCurrencyId: "USD" }, "fromCurrencyId", "hasBalance"],
      [{ sellAmount: "0.01", rate: "0.1" }, "sellAmount", "isExchangeable"],
    ];
    for (const [over, field, rule] of cases) {
      const r = await create(a, over);
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(fieldsOf(r.body)[field], JSON.stringify(r.body)).toBe(rule);
    }
    const poor = await create(a, { sellAmount: "50.00" }); // + 0.10 fee > 50.00
    expect(poor.status).toBe(400);
    expect(poor.body.code).toBe("INSUFFICIENT_FUNDS");
    expect(fieldsOf(poor.body).sellAmount).toBe("insufficientFunds");
  });

  it("signing: the code names both sums; the sum and fee are held on FX_PENDING once; the list shows it", async () => {
    const a = await customer();
    const before = await systemBalance("FX_PENDING", "GBP");
    const r = await create(a);
    const c = await s.call("POST", "/signatures/send-code", { token: a.token, body: { fxRequestIds: [r.body.id] } });
    expect(c.status).toBe(200);
    expect(s.sms.sent[s.sms.sent.length - 1].text).toBe(
      `Code ${c.body.debugCode} to exchange GBP 100.00 for EUR 118.00 at your proposed rate. Never share this code.`,
    );
    const v = await s.call("POST", "/signatures/validate", {
      token: a.token,
      body: { token: c.body.token, code: c.body.debugCode },
    });
    const signed = await sign(a.token, r.body.id, v.body.token);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.status).toBe("PENDING");
    expect(signed.body.signedAt).not.toBeNull();
    expect(await balanceOf(a, "GBP")).toBe("899.90");
    expect((await systemBalance("FX_PENDING", "GBP")).minus(before).toFixed(2)).toBe("100.10");
    const again = await sign(a.token, r.body.id, v.body.token);
    expect(again.status).toBe(409); // signed already: never a second hold
    expect(again.body.code).toBe("FX_REQUEST_STATUS_CONFLICT");
    const fresh = await s.call("POST", "/signatures/send-code", { token: a.token, body: { fxRequestIds: [r.body.id] } });
    expect(fresh.status).toBe(409);
    expect(fresh.body.code).toBe("FX_REQUEST_STATUS_CONFLICT");
    expect(await balanceOf(a, "GBP")).toBe("899.90");
    const list = await s.call("GET", `/exchange/fx-requests?organizationId=${a.orgId}`, { token: a.token });
    expect(list.body.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([r.body.id]);
    await ledgerBalanced();
  });

  it("a member without a signature duty: created AWAITING_SIGNATURE, nothing held, no code for him; a SINGLE member of the organization signs, then PENDING with the sum held", async () => {
    const a = await customer({ signatureType: "NONE" });
    const before = await systemBalance("FX_PENDING", "GBP");
    const r = await create(a);
    expect(r.status).toBe(201);
    // Strong customer authentication (PSD2 RTS Art. 4–5): created, nothing held.
    expect(r.body).toMatchObject({ status: "AWAITING_SIGNATURE", signedAt: null });
    expect(await balanceOf(a, "GBP")).toBe("1000.00");
    expect((await systemBalance("FX_PENDING", "GBP")).minus(before).toFixed(2)).toBe("0.00");
    const code = await s.call("POST", "/signatures/send-code", {
      token: a.token,
      body: { fxRequestIds: [r.body.id], mfa: "PHONE", channel: "SMS" },
    });
    expect(code.status).toBe(403);
    expect(await balanceOf(a, "GBP")).toBe("1000.00");

    // A director of the same organization with a signature duty signs it: now the sum is held, once.
    const director = await createUser(s.db, { firstName: "Sam", lastName: "Signer" });
    await addMember(s.db, {
      organizationId: a.orgId,
      userId: director.id,
      companyOfficialType: "DIRECTOR",
      signatureType: "SINGLE",
    });
    const directorToken = await s.login(director.phone);
    // The signer finds it in the organization's list and in its signing list (status filter).
    for (const q of ["", "&status=AWAITING_SIGNATURE"]) {
      const found = await s.call("GET", `/exchange/fx-requests?organizationId=${a.orgId}${q}`, { token: directorToken });
      expect(found.body.edges.map((e: { node: { id: string; status: string } }) => [e.node.id, e.node.status])).toEqual([
        [r.body.id, "AWAITING_SIGNATURE"],
      ]);
      expect(found.body.totalCount).toBe(1);
    }
    const signed = await sign(directorToken, r.body.id, await mfaFor(directorToken, [r.body.id]));
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.status).toBe("PENDING");
    expect(signed.body.signedAt).not.toBeNull();
    expect(await balanceOf(a, "GBP")).toBe("899.90");
    expect((await systemBalance("FX_PENDING", "GBP")).minus(before).toFixed(2)).toBe("100.10");
    const seen = await s.call("GET", `/exchange/fx-requests/${r.body.id}`, { token: a.token });
    expect(seen.body).toMatchObject({ id: r.body.id, status: "PENDING" });
    await ledgerBalanced();
  });

  it("accept (staff command) executes at the request's sums: both balances through FX_POSITION, the fee to FEE_INCOME, once", async () => {
    const a = await customer();
    const req = await pending(a, { sellAmount: "100.00", rate: "1.18" });
    const [pos, neg, fee, held] = [
      await systemBalance("FX_POSITION", "GBP"),
      await systemBalance("FX_POSITION", "EUR"),
      await systemBalance("FEE_INCOME", "GBP"),
      await systemBalance("FX_PENDING", "GBP"),
    ];
    const line = await runBankCommand(s.db, { command: "fx:accept", id: req.id });
    expect(line).toContain("is now ACCEPTED");
    expect(await balanceOf(a, "GBP")).toBe("899.90");
    expect(await balanceOf(a, "EUR")).toBe("128.00");
    expect((await systemBalance("FX_POSITION", "GBP")).minus(pos).toFixed(2)).toBe("100.00");
    expect((await systemBalance("FX_POSITION", "EUR")).minus(neg).toFixed(2)).toBe("-118.00");
    expect((await systemBalance("FEE_INCOME", "GBP")).minus(fee).toFixed(2)).toBe("0.10");
    expect((await systemBalance("FX_PENDING", "GBP")).minus(held).toFixed(2)).toBe("-100.10");
    const got = await s.call("GET", `/exchange/fx-requests/${req.id}`, { token: a.token });
    expect(got.body).toMatchObject({ status: "ACCEPTED", exchangeActualRate: "1.18000000000000", decisionReason: null });
    expect(got.body.decidedAt).not.toBeNull();
    await expect(runBankCommand(s.db, { command: "fx:accept", id: req.id })).rejects.toMatchObject({
      code: "FX_REQUEST_STATUS_CONFLICT",
    });
    expect(await balanceOf(a, "EUR")).toBe("128.00");
    await ledgerBalanced();
  });

  it("the staff command lines: fx:accept <id>, fx:reject <id> --reason (required)", () => {
    expect(parseBankArgs(["fx:accept", "id-1"])).toEqual({ command: "fx:accept", id: "id-1" });
    expect(parseBankArgs(["fx:reject", "id-1", "--reason", "Off market"])).toEqual({
      command: "fx:reject",
      id: "id-1",
      reason: "Off market",
    });
    expect(() => parseBankArgs(["fx:accept"])).toThrow(UsageError);
    expect(() => parseBankArgs(["fx:accept", "id-1", "--reason", "x"])).toThrow(UsageError);
    expect(() => parseBankArgs(["fx:reject", "id-1"])).toThrow(UsageError);
    expect(() => parseBankArgs(["fx:reject", "id-1", "extra", "--reason", "x"])).toThrow(UsageError);
  });

  it("reject returns the hold as REFUND items and shows the reason; an unsigned request cannot be decided", async () => {
    const a = await customer();
    const req = await pending(a);
    expect(await balanceOf(a, "GBP")).toBe("899.90");
    await runBankCommand(s.db, { command: "fx:reject", id: req.id, reason: "The rate is too far from the market" });
    expect(await balanceOf(a, "GBP")).toBe("1000.00");
    expect(await balanceOf(a, "EUR")).toBe("10.00");
    const got = await s.call("GET", `/exchange/fx-requests/${req.id}`, { token: a.token });
    expect(got.body).toMatchObject({ status: "REJECTED", decisionReason: "The rate is too far from the market" });
    const refunds = await s.db
      .select({ amount: postings.amount, op: postings.operationType })
      .from(postings)
      .innerJoin(balances, eq(balances.id, postings.balanceId))
      .where(and(eq(balances.accountId, a.accountId), eq(postings.operationType, "REFUND")));
    expect(refunds.map((p) => new Decimal(p.amount).toFixed(2))).toEqual(["100.10"]);
    // The refund's statement item carries the bank's reason (returnReason), no purpose.
    const items = await s.call("GET", `/statements-items?organizationId=${a.orgId}&take=10`, { token: a.token });
    const refundItem = items.body.data.find((i: { status: string }) => i.status === "REFUND");
    const refundDetail = await s.call("GET", `/statements-items/${refundItem.id}`, { token: a.token });
    expect(refundDetail.body).toMatchObject({ returnReason: "The rate is too far from the market", purpose: null });
    // The hold and the refund are the bank's own items: no title ("Exchange to EUR", "FX rate
    // request" are the ledger's labels), named by the web app from their codes.
    expect(refundItem).toMatchObject({ title: null, transactionKind: "FX_REQUEST_REFUND" });
    const hold = items.body.data.find(
      (i: { transactionKind: string; operationType: string }) =>
        i.transactionKind === "FX_REQUEST_HOLD" && i.operationType === "COMMON",
    );
    expect(hold).toMatchObject({ title: null });
    const unsigned = await create(a);
    await expect(
      decideFxRequest(s.db, { requestId: unsigned.body.id, decision: "ACCEPTED", actor: "staff:test" }),
    ).rejects.toMatchObject({
      code: "FX_REQUEST_STATUS_CONFLICT",
    });
    await expect(decideFxRequest(s.db, { requestId: req.id, decision: "REJECTED", actor: "staff:test" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
    await ledgerBalanced();
  });

  it("the history never hands out the ledger's English bookkeeping: hold, acceptance and refund carry reference null and the exchange as data", async () => {
    const a = await customer();
    const exchange = { fromCurrencyId: "GBP", toCurrencyId: "EUR", rate: "1.18" };
    const items = async () =>
      (await s.call("GET", `/statements-items?organizationId=${a.orgId}&take=50`, { token: a.token })).body.data as any[];
    const accepted = await pending(a, { sellAmount: "100.00", rate: "1.18" });
    // While the bank decides, the hold's items (sum and fee) say PENDING, without English text.
    let all = await items();
    const holds = all.filter((i) => i.transactionKind === "FX_REQUEST_HOLD");
    expect(holds.map((i) => i.operationType).sort()).toEqual(["COMMON", "TRANSACTION_FEE"]);
    for (const i of holds) expect(i).toMatchObject({ reference: null, exchange, operationStatus: "PENDING" });
    await runBankCommand(s.db, { command: "fx:accept", id: accepted.id });
    const rejected = await pending(a, { sellAmount: "10.00", rate: "1.2" });
    await runBankCommand(s.db, { command: "fx:reject", id: rejected.id, reason: "Off market" });
    all = await items();
    const of = (kind: string) => all.filter((i) => i.transactionKind === kind);
    // The accepted request: its hold (now COMPLETED) and its exchange (the bought EUR).
    expect(of("EXCHANGE").map((i) => [i.currencyId, i.amount])).toEqual([["EUR", "118.00"]]);
    expect(of("EXCHANGE")[0]).toMatchObject({ reference: null, exchange, operationStatus: "COMPLETED" });
    const rejectedRate = { ...exchange, rate: "1.2" };
    expect(of("FX_REQUEST_HOLD")).toHaveLength(4);
    for (const i of of("FX_REQUEST_HOLD")) {
      expect(i.reference).toBeNull();
      expect(i.operationStatus).toBe("COMPLETED");
      expect([exchange, rejectedRate]).toContainEqual(i.exchange);
    }
    expect(of("FX_REQUEST_REFUND")).toHaveLength(1);
    expect(of("FX_REQUEST_REFUND")[0]).toMatchObject({ reference: null, exchange: rejectedRate, status: "REFUND" });
    const detail = await s.call("GET", `/statements-items/${of("FX_REQUEST_REFUND")[0].id}`, { token: a.token });
    expect(detail.body).toMatchObject({ reference: null, exchange: rejectedRate, returnReason: "Off market" });
    expect(JSON.stringify(all.map((i) => i.reference))).not.toMatch(/Exchange|FX rate request/);
    // The ledger keeps its own text for staff.
    const refs = await s.db.execute(sql`SELECT reference FROM postings WHERE reference LIKE 'FX rate request%'`);
    expect(((refs as unknown as { rows: unknown[] }).rows ?? refs).length).toBeGreaterThan(0);
  });

  it("accept and reject at once, and two accepts at once: exactly one decision, settled once", async () => {
    const a = await customer();
    const one = await pending(a);
    const two = await pending(a);
    const race = async (id: string, decisions: ("ACCEPTED" | "REJECTED")[]) =>
      Promise.allSettled(
        decisions.map((decision) =>
          decideFxRequest(s.db, {
            requestId: id,
            decision,
            reason: decision === "REJECTED" ? "race" : null,
            actor: "staff:test",
          }),
        ),
      );
    const mixed = await race(one.id, ["ACCEPTED", "REJECTED"]);
    expect(mixed.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = mixed.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((refused.reason as DomainError).code).toBe("FX_REQUEST_STATUS_CONFLICT");
    const doubled = await race(two.id, ["ACCEPTED", "ACCEPTED", "ACCEPTED"]);
    expect(doubled.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    // GBP: 1000 − 2 × 100.10 held, plus 100.10 back if the race rejected; EUR: 10 + 118 per accept.
    const firstAccepted = (mixed.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<{ status: string }>).value
      .status;
    const accepts = firstAccepted === "ACCEPTED" ? 2 : 1;
    expect(await balanceOf(a, "EUR")).toBe(new Decimal(10).plus(new Decimal(118).times(accepts)).toFixed(2));
    expect(await balanceOf(a, "GBP")).toBe(firstAccepted === "ACCEPTED" ? "799.80" : "899.90");
    await ledgerBalanced();
  });

  it("five signs at once with one token: one hold, the others refused", async () => {
    const a = await customer();
    const r = await create(a);
    const mfa = await mfaFor(a.token, [r.body.id]);
    const results = await Promise.all(Array.from({ length: 5 }, () => sign(a.token, r.body.id, mfa)));
    expect(results.filter((x) => x.status === 200)).toHaveLength(1);
    for (const x of results.filter((y) => y.status !== 200)) expect([401, 409]).toContain(x.status);
    expect(await balanceOf(a, "GBP")).toBe("899.90");
    await ledgerBalanced();
  });

  const decline = (token: string, id: string, body: unknown = {}) =>
    s.call("POST", `/exchange/fx-requests/${id}/decline`, { token, body });

  it("decline (spec 000 §4): any member, a NONE official too, declines an unsigned request; nothing moves; a repeat answers it unchanged; signed is 409, another's 404", async () => {
    const a = await customer({ signatureType: "NONE" });
    const r = await create(a);
    expect(r.status).toBe(201);
    expect((await decline(a.token, r.body.id, { reason: "x" })).status).toBe(400); // the body is empty
    const d = await decline(a.token, r.body.id);
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(d.body).toMatchObject({ id: r.body.id, status: "DECLINED", signedAt: null, decisionReason: null });
    expect(d.body.decidedAt).not.toBeNull();
    expect(await balanceOf(a, "GBP")).toBe("1000.00");
    const again = await decline(a.token, r.body.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(d.body);
    // Declined: no code for it (nor for a signer of the organization), no staff decision.
    const director = await createUser(s.db, { firstName: "Dana", lastName: "Director" });
    await addMember(s.db, {
      organizationId: a.orgId,
      userId: director.id,
      companyOfficialType: "DIRECTOR",
      signatureType: "SINGLE",
    });
    const directorToken = await s.login(director.phone);
    const code = await s.call("POST", "/signatures/send-code", { token: directorToken, body: { fxRequestIds: [r.body.id] } });
    expect(code.status).toBe(409);
    expect(code.body.code).toBe("FX_REQUEST_STATUS_CONFLICT");
    await expect(runBankCommand(s.db, { command: "fx:accept", id: r.body.id })).rejects.toMatchObject({
      code: "FX_REQUEST_STATUS_CONFLICT",
    });
    // Listed with its status; no longer among those to sign.
    const listed = await s.call("GET", `/exchange/fx-requests?organizationId=${a.orgId}`, { token: directorToken });
    expect(listed.body.edges.map((e: { node: { status: string } }) => e.node.status)).toEqual(["DECLINED"]);
    const toSign = await s.call("GET", `/exchange/fx-requests?organizationId=${a.orgId}&status=AWAITING_SIGNATURE`, {
      token: directorToken,
    });
    expect(toSign.body.totalCount).toBe(0);

    // Signed already: 409, the hold stays.
    const b = await customer();
    const signed = await pending(b);
    const late = await decline(b.token, signed.id);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("FX_REQUEST_STATUS_CONFLICT");
    expect(await balanceOf(b, "GBP")).toBe("899.90");
    // Another organization's request: 404, like one that does not exist.
    const other = await create(b);
    expect((await decline(a.token, other.body.id)).status).toBe(404);
    expect((await decline(a.token, "not-a-uuid")).status).toBe(404);
    expect((await s.call("GET", `/exchange/fx-requests/${other.body.id}`, { token: b.token })).body.status).toBe(
      "AWAITING_SIGNATURE",
    );
    await ledgerBalanced();
  });

  it("decline racing a signature ends one way (held at most once); declines at once all answer DECLINED", async () => {
    const a = await customer();
    const r = await create(a);
    const mfa = await mfaFor(a.token, [r.body.id]);
    const [signed, ...declines] = await Promise.all([
      sign(a.token, r.body.id, mfa),
      decline(a.token, r.body.id),
      decline(a.token, r.body.id),
      decline(a.token, r.body.id),
    ]);
    const final = (await s.call("GET", `/exchange/fx-requests/${r.body.id}`, { token: a.token })).body;
    if (signed.status === 200) {
      expect(final.status).toBe("PENDING");
      for (const d of declines) expect(d.status).toBe(409);
      expect(await balanceOf(a, "GBP")).toBe("899.90");
    } else {
      expect(signed.status).toBe(409);
      expect(signed.body.code).toBe("FX_REQUEST_STATUS_CONFLICT");
      expect(final.status).toBe("DECLINED");
      for (const d of declines) expect(d.status).toBe(200);
      expect(await balanceOf(a, "GBP")).toBe("1000.00");
    }
    const r2 = await create(a);
    const all = await Promise.all(Array.from({ length: 5 }, () => decline(a.token, r2.body.id)));
    for (const d of all) expect(d.body.status, JSON.stringify(d.body)).toBe("DECLINED");
    expect(new Set(all.map((d) => d.body.decidedAt)).size).toBe(1); // declined once
    // One notification per declined request, however many declines arrived.
    const notices = (await s.call("GET", `/notifications?organizationId=${a.orgId}`, { token: a.token })).body.data as {
      key: string;
      params: Record<string, string>;
    }[];
    const declinedNotices = notices.filter((n) => n.key === "Notifications.fx-request-declined");
    expect(declinedNotices).toHaveLength(signed.status === 200 ? 1 : 2);
    expect(declinedNotices[0].params).toEqual({ sum: "100.00", currency: "GBP", toCurrency: "EUR" });
    await ledgerBalanced();
  });

  it("list: signed requests newest first, cursor paging without gaps or repeats", async () => {
    const a = await customer({ signatureType: "SINGLE" });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await pending(a, { sellAmount: `${10 + i}.00` })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = `/exchange/fx-requests?organizationId=${a.orgId}&take=2${cursor ? `&cursor=${cursor}` : ""}`;
      const page = await s.call("GET", q, { token: a.token });
      expect(page.status).toBe(200);
      expect(page.body.edges.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.edges.map((e: { node: { id: string } }) => e.node.id));
      cursor = page.body.pageInfo.hasNextPage ? page.body.pageInfo.endCursor : null;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    // totalCount is of every page, not only the one answered.
    const first = await s.call("GET", `/exchange/fx-requests?organizationId=${a.orgId}&take=2&status=PENDING`, {
      token: a.token,
    });
    expect(first.body.edges).toHaveLength(2);
    expect(first.body.totalCount).toBe(5);
    expect((await s.call("GET", `/exchange/fx-requests?organizationId=${a.orgId}&cursor=bad`, { token: a.token })).status).toBe(
      400,
    );
  });

  it("authorization: another organization's list is 403, its request 404 to read, request a code for and sign", async () => {
    const a = await customer();
    const b = await customer();
    const r = await create(a);
    expect((await s.call("GET", `/exchange/fx-requests?organizationId=${a.orgId}`, { token: b.token })).status).toBe(403);
    expect((await s.call("GET", `/exchange/fx-requests/${r.body.id}`, { token: b.token })).status).toBe(404);
    expect((await s.call("GET", "/exchange/fx-requests/not-a-uuid", { token: b.token })).status).toBe(404);
    expect((await s.call("POST", "/signatures/send-code", { token: b.token, body: { fxRequestIds: [r.body.id] } })).status).toBe(
      404,
    );
    const mfaB = await mfaFor(b.token, [(await create(b)).body.id]);
    expect((await sign(b.token, r.body.id, mfaB)).status).toBe(404);
    // A's own token for another request of A cannot sign this one.
    const other = await create(a);
    const mfaOther = await mfaFor(a.token, [other.body.id]);
    expect((await sign(a.token, r.body.id, mfaOther)).body.code).toBe("MFA_TOKEN_INVALID");
    // B creating on A's organization or from A's account.
    expect((await create(b, { organizationId: a.orgId })).status).toBe(403);
    expect((await create(b, { accountId: a.accountId })).status).toBe(404);
    expect(await balanceOf(a, "GBP")).toBe("1000.00");
  });
});
