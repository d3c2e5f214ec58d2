/**
 * Ledger under concurrency, against a real database: 50 payments from one balance signed at
 * once never overdraw it, internal transfers conserve money per currency, and the ledger
 * invariants hold (each transaction's postings sum to 0 per currency; each balance equals the
 * sum of its postings). The concurrency tests run on fresh customers made by the factories
 * (server/seed/factories.ts), funded through real ledger transactions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Decimal from "decimal.js";
import { eq, sql } from "drizzle-orm";
import { balances, payments } from "../../server/db/schema/index.js";
import { createAccount, createCustomer, fund } from "../../server/seed/factories.js";
import { databases, mfaTokenFor, startTestServer, type TestServer } from "./helpers.js";

async function totalsByCurrency(s: TestServer): Promise<Record<string, string>> {
  const rows = await s.db
    .select({ c: balances.currencyId, total: sql<string>`sum(${balances.amount})` })
    .from(balances)
    .groupBy(balances.currencyId);
  return Object.fromEntries(rows.map((r) => [r.c, new Decimal(r.total).toFixed()]));
}

async function expectLedgerInvariants(s: TestServer) {
  const unbalanced = await s.db.execute(sql`
    select transaction_id, currency_id, sum(amount) as total from postings
    group by transaction_id, currency_id having sum(amount) <> 0`);
  expect((unbalanced as any).rows ?? unbalanced).toHaveLength(0);
  const drift = await s.db.execute(sql`
    select b.id from balances b left join postings p on p.balance_id = b.id
    group by b.id, b.amount having b.amount <> coalesce(sum(p.amount), 0)`);
  expect((drift as any).rows ?? drift).toHaveLength(0);
  const negative = await s.db.execute(sql`
    select b.id from balances b join accounts a on a.id = b.account_id
    where not a.system and b.amount < -b.overdraft_value`);
  expect((negative as any).rows ?? negative).toHaveLength(0);
}

describe.each(databases)("ledger on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  it("seeded data satisfies the ledger invariants", async () => {
    await expectLedgerInvariants(s);
  });

  it("50 payments of 3.00 signed concurrently from a 100.00 balance never overdraw it", async () => {
    // A fresh payer with exactly 100.00 GBP (funded through a real ledger transaction) and a fresh payee.
    const payer = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "100.00" } });
    const payee = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "0" } });
    const payerToken = await s.login(payer.phone);
    const row = { balanceId: payer.balances.GBP.id, accountId: payer.account!.id, orgId: payer.organization.id };
    expect(new Decimal(payer.balances.GBP.amount).toFixed(2)).toBe("100.00");
    const totalsBefore = await totalsByCurrency(s);

    const created = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        s.call("POST", "/payments", {
          token: payerToken,
          headers: { "Idempotency-Key": `conc-${i}` },
          body: {
            organizationId: row.orgId,
            kind: "INTERNAL",
            accountId: row.accountId,
            currencyId: "GBP",
            amount: "3.00",
            recipientPhone: payee.phone,
          },
        }),
      ),
    );
    expect(created.map((c) => c.status)).toEqual(Array(50).fill(201));
    const ids = created.map((c) => c.body.id as string);
    const code = await s.call("POST", "/signatures/send-code", {
      token: payerToken,
      body: { paymentIds: ids, mfa: "PHONE", channel: "SMS" },
    });
    expect(code.status).toBe(200);
    const mfa = await s.call("POST", "/signatures/validate", {
      token: payerToken,
      body: { token: code.body.token, code: code.body.debugCode },
    });
    expect(mfa.status).toBe(200);

    const signedAt = new Date().toISOString();
    const results = await Promise.all(
      ids.map((id) =>
        s.call("POST", `/payments/${id}/sign`, { token: payerToken, body: { mfaToken: mfa.body.token, signedAt } }),
      ),
    );
    const completed = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(completed).toHaveLength(33);
    expect(refused.every((r) => r.status === 400 && r.body.code === "INSUFFICIENT_FUNDS")).toBe(true);

    const [after] = await s.db.select({ amount: balances.amount }).from(balances).where(eq(balances.id, row.balanceId));
    expect(new Decimal(after.amount).gte(0)).toBe(true);
    expect(new Decimal(after.amount).toFixed(2)).toBe(new Decimal(100).minus(new Decimal(3).times(completed.length)).toFixed(2));
    // Refused payments stay pending.
    const pending = await s.call("GET", `/payments?organizationId=${row.orgId}&status=AWAITING_SIGNATURE&take=100`, {
      token: payerToken,
    });
    expect(pending.body.data).toHaveLength(17);
    // Internal transfers move money between customers: totals per currency are unchanged.
    expect(await totalsByCurrency(s)).toEqual(totalsBefore);
    await expectLedgerInvariants(s);
  });

  it("20 simultaneous requests under one idempotency key, funds for one: every answer is the same payment, paid once", async () => {
    // Every payment waits for a signature, so the race is twofold: 20 creates under one key make
    // one payment; then its signature spends the funds while 20 more requests under the same key
    // arrive. A request that finds the funds gone must still answer the payment as a replay, not
    // INSUFFICIENT_FUNDS, and never make a second one.
    const customer = await createCustomer(s.db, { type: "CORPORATE", signatureType: "SINGLE", balances: { GBP: "10.00" } });
    const second = await createAccount(s.db, { organizationId: customer.organization.id, name: "Reserve", currencies: ["GBP"] });
    const token = await s.login(customer.phone);
    const body = {
      organizationId: customer.organization.id,
      kind: "BETWEEN_ACCOUNTS",
      currencyId: "GBP",
      amount: "10.00",
      accountId: customer.account!.id,
      toAccountId: second.account.id,
    };
    const post = () => s.call("POST", "/payments", { token, headers: { "Idempotency-Key": "one-key-race" }, body });
    const answers = await Promise.all(Array.from({ length: 20 }, post));
    expect(answers.map((a) => a.status).filter((st) => st !== 200 && st !== 201)).toEqual([]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const id = answers[0].body.id as string;
    expect(answers.every((a) => a.body.status === "AWAITING_SIGNATURE")).toBe(true);

    const mfaToken = await mfaTokenFor(s, token, { paymentIds: [id] });
    const [signed, ...replays] = await Promise.all([
      s.call("POST", `/payments/${id}/sign`, { token, body: { mfaToken, signedAt: new Date().toISOString() } }),
      ...Array.from({ length: 20 }, post),
    ]);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body).toMatchObject({ id, status: "COMPLETED" });
    expect(replays.map((a) => `${a.status} ${a.body.code ?? ""}`).filter((st) => st !== "200 ")).toEqual([]);
    expect(new Set(replays.map((a) => a.body.id))).toEqual(new Set([id]));
    expect((await post()).body).toMatchObject({ id, status: "COMPLETED" });

    const mine = await s.db.select().from(payments).where(eq(payments.organizationId, customer.organization.id));
    expect(mine).toHaveLength(1);
    const amounts = await s.db
      .select({ id: balances.id, amount: balances.amount })
      .from(balances)
      .where(sql`${balances.id} in (${customer.balances.GBP.id}, ${second.balances.GBP.id})`);
    const amountOf = (balanceId: string) => new Decimal(amounts.find((b) => b.id === balanceId)!.amount).toFixed(2);
    expect(amountOf(customer.balances.GBP.id)).toBe("0.00");
    expect(amountOf(second.balances.GBP.id)).toBe("10.00");
    await expectLedgerInvariants(s);
  });

  it("40 payments signed at once with one code, in both directions between two balances near their funds, all answer (no deadlock, no 500)", async () => {
    // Money moves at the signature (every payment waits for one): 40 signs race on the same two
    // balances, locking them in opposite orders, and on balances that run short. Each answers 200
    // (posted) or 400 INSUFFICIENT_FUNDS; none deadlocks or fails with a 500 (scripts/verify-ledger
    // once found a deadlock when a payment's row and its postings were written in one transaction).
    const customer = await createCustomer(s.db, {
      type: "CORPORATE",
      signatureType: "SINGLE",
      balances: { GBP: "30.00" },
      accountName: "Main account",
    });
    const second = await createAccount(s.db, { organizationId: customer.organization.id, name: "Reserve", currencies: ["GBP"] });
    await fund(s.db, { balanceId: second.balances.GBP.id, amount: "30.00", counterpartyName: "Reserve top-up" });
    const token = await s.login(customer.phone);
    const [from, to] = [customer.account!.id, second.account.id];
    const totalsBefore = await totalsByCurrency(s);
    const created = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        s.call("POST", "/payments", {
          token,
          headers: { "Idempotency-Key": `signed-at-once-${i}` },
          body: {
            organizationId: customer.organization.id,
            kind: "BETWEEN_ACCOUNTS",
            currencyId: "GBP",
            amount: "2.50",
            accountId: i % 2 ? from : to,
            toAccountId: i % 2 ? to : from,
          },
        }),
      ),
    );
    expect(created.map((c) => `${c.status} ${c.body.status}`)).toEqual(Array(40).fill("201 AWAITING_SIGNATURE"));
    const ids = created.map((c) => c.body.id as string);
    const mfaToken = await mfaTokenFor(s, token, { paymentIds: ids });
    const signedAt = new Date().toISOString();
    const answers = await Promise.all(
      ids.map((id) => s.call("POST", `/payments/${id}/sign`, { token, body: { mfaToken, signedAt } })),
    );
    const unexpected = answers.filter((a) => a.status !== 200 && !(a.status === 400 && a.body.code === "INSUFFICIENT_FUNDS"));
    expect(unexpected.map((a) => `${a.status} ${a.body.code}`)).toEqual([]);
    const posted = answers.filter((a) => a.status === 200);
    expect(posted.length).toBeGreaterThan(0);
    expect(posted.every((a) => a.body.status === "COMPLETED")).toBe(true);
    expect(await totalsByCurrency(s)).toEqual(totalsBefore);
    await expectLedgerInvariants(s);
  });

  it("concurrent transfers in both directions between two balances do not deadlock", async () => {
    // A fresh customer with two funded accounts.
    const customer = await createCustomer(s.db, { type: "INDIVIDUAL", accountName: "Main account", balances: { GBP: "50.00" } });
    const second = await createAccount(s.db, { organizationId: customer.organization.id, name: "Savings", currencies: ["GBP"] });
    await fund(s.db, { balanceId: second.balances.GBP.id, amount: "50.00", counterpartyName: "Savings top-up" });
    const token = await s.login(customer.phone);
    const org = customer.organization.id;
    const [main, savings] = (await s.call("GET", `/accounts?organizationId=${org}`, { token })).body.data;
    expect([main.id, savings.id].sort()).toEqual([customer.account!.id, second.account.id].sort());
    const totalsBefore = await totalsByCurrency(s);
    const bodies = Array.from({ length: 20 }, (_, i) => ({
      organizationId: org,
      kind: "BETWEEN_ACCOUNTS",
      currencyId: "GBP",
      amount: "1.25",
      accountId: i % 2 ? main.id : savings.id,
      toAccountId: i % 2 ? savings.id : main.id,
    }));
    const created = await Promise.all(
      bodies.map((body, i) => s.call("POST", "/payments", { token, body, headers: { "Idempotency-Key": `pingpong-${i}` } })),
    );
    const ids = created.map((c) => c.body.id);
    const code = await s.call("POST", "/signatures/send-code", {
      token,
      body: { paymentIds: ids, mfa: "PHONE", channel: "SMS" },
    });
    const mfa = await s.call("POST", "/signatures/validate", {
      token,
      body: { token: code.body.token, code: code.body.debugCode },
    });
    const results = await Promise.all(
      ids.map((id) =>
        s.call("POST", `/payments/${id}/sign`, { token, body: { mfaToken: mfa.body.token, signedAt: new Date().toISOString() } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await totalsByCurrency(s)).toEqual(totalsBefore);
    await expectLedgerInvariants(s);
  });
});
