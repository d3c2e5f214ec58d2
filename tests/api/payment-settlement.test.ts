/**
 * Settlement of external payments and incoming payments against a real database (issue 13,
 * server/domain/payments/settlement.ts): a posted payment on an external rail waits PENDING on
 * its clearing balance; staff settle it (clearing → EXTERNAL_SETTLEMENT), reject it (sum and fee
 * back to the payer as REFUND items, payment FAILED) or refund it (sum back, fee kept, from
 * clearing or, once settled, from EXTERNAL_SETTLEMENT); each move happens once. Incoming payments
 * credit a customer balance from INCOMING_CLEARING as an ADDED item, once per idempotency key.
 * The customer side is read through the customer API (payment, history). The `npm run bank --
 * payment:*` commands; and, on PostgreSQL, 50 concurrent refunds of one payment and 20 concurrent
 * incoming postings under one key that each move money once. The ledger balances after each.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, balances } from "../../server/db/schema/index.js";
import {
  listExternalPayments,
  postIncomingPayment,
  refundExternalPayment,
  rejectExternalPayment,
  settleExternalPayment,
} from "../../server/domain/payments/settlement.js";
import { DomainError } from "../../server/domain/errors.js";
import { Decimal } from "../../server/domain/ledger/money.js";
import { createCustomer, type CreatedCustomer } from "../../server/seed/factories.js";
import { parseBankArgs, runBankCommand, UsageError } from "../../server/staff/commands.js";
import { databases, payAndSign, startTestServer, type TestServer } from "./helpers.js";

const ACTOR = "staff:test";

describe.each(databases)("payment settlement on %s", (kind) => {
  let s: TestServer;
  let keySeq = 0;

  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  interface Payer {
    c: CreatedCustomer;
    token: string;
    orgId: string;
    accountId: string;
  }

  /** A company whose official signs its payments (signatureType SINGLE): posted when signed. */
  async function payer(bal: Record<string, string> = { EUR: "1000.00", GBP: "500.00" }): Promise<Payer> {
    const c = await createCustomer(s.db, { type: "CORPORATE", signatureType: "SINGLE", balances: bal });
    return { c, token: await s.login(c.phone), orgId: c.organization.id, accountId: c.account!.id };
  }

  /** A posted (created and signed) TARGET2 payment of `amount` EUR (fee 10.00 EUR by the Standard tariff). */
  async function euroPayment(p: Payer, amount = "100.00"): Promise<{ id: string; fee: string | null }> {
    const r = await payAndSign(
      s,
      p.token,
      {
        organizationId: p.orgId,
        kind: "EURO",
        paymentType: "TARGET_2",
        accountId: p.accountId,
        currencyId: "EUR",
        amount,
        beneficiaryName: "Hans Müller",
        iban: "DE89 3704 0044 0532 0130 00",
        bic: "COBADEFFXXX",
        reference: "Invoice 42",
      },
      `set-${++keySeq}`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe("COMPLETED");
    return { id: r.body.id, fee: r.body.fee?.amount ?? null };
  }

  async function balanceOf(p: Payer, currency = "EUR"): Promise<string> {
    const [b] = await s.db
      .select({ amount: balances.amount })
      .from(balances)
      .where(and(eq(balances.accountId, p.accountId), eq(balances.currencyId, currency)));
    return new Decimal(b.amount).toFixed(2);
  }

  async function systemBalance(code: string, currency = "EUR"): Promise<Decimal> {
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
    const drift = await s.db.execute(
      sql`SELECT b.id FROM balances b LEFT JOIN postings p ON p.balance_id = b.id GROUP BY b.id, b.amount HAVING b.amount <> COALESCE(SUM(p.amount), 0)`,
    );
    expect((drift as unknown as { rows: unknown[] }).rows ?? drift).toHaveLength(0);
  }

  async function history(p: Payer) {
    const r = await s.call("GET", `/statements-items?organizationId=${p.orgId}&take=50`, { token: p.token });
    expect(r.status).toBe(200);
    return r.body.data as {
      status: string;
      operationType: string;
      amount: string;
      currencyId: string;
      counterpartyFullName: string | null;
    }[];
  }

  const conflict = (e: unknown) => e instanceof DomainError && e.code === "PAYMENT_SETTLEMENT_CONFLICT";

  it("a posted external payment waits PENDING; the customer sees its settlement; the staff list filters by rail and status", async () => {
    const p = await payer();
    const pay = await euroPayment(p);
    expect(pay.fee).toBe("10.00");
    const seen = await s.call("GET", `/payments/${pay.id}`, { token: p.token });
    expect(seen.body.settlement).toEqual({ status: "PENDING", reason: null, settledAt: null, returnedAt: null });
    const pending = await listExternalPayments(s.db, { rail: "EURO" });
    expect(pending.data.map((x) => x.id)).toContain(pay.id);
    const mine = pending.data.find((x) => x.id === pay.id)!;
    expect(mine.organizationName).toBe(p.c.organization.companyName);
    expect(mine.amount).toBe("100.00");
    expect((await listExternalPayments(s.db, { rail: "GBP" })).data.map((x) => x.id)).not.toContain(pay.id);
    expect((await listExternalPayments(s.db, { status: "SETTLED" })).data.map((x) => x.id)).not.toContain(pay.id);
    await expect(listExternalPayments(s.db, { rail: "INTERNAL" })).rejects.toThrow(DomainError);
    await expect(listExternalPayments(s.db, { status: "DONE" })).rejects.toThrow(DomainError);
    await expect(listExternalPayments(s.db, { cursor: "nope" })).rejects.toThrow(DomainError);
    // cursor paging: two payments, one per page, no repeats
    const other = await euroPayment(p, "5.00");
    const first = await listExternalPayments(s.db, { rail: "EURO", take: 1 });
    expect(first.data[0].id).toBe(other.id);
    const second = await listExternalPayments(s.db, { rail: "EURO", take: 1, cursor: first.nextCursor! });
    expect(second.data[0].id).toBe(pay.id);
  });

  it("settle: clearing → EXTERNAL_SETTLEMENT, the payer's balance unchanged, once", async () => {
    const p = await payer();
    const pay = await euroPayment(p);
    const before = await balanceOf(p);
    const [clearing, settled] = [await systemBalance("SEPA_CLEARING"), await systemBalance("EXTERNAL_SETTLEMENT")];
    const after = await settleExternalPayment(s.db, { paymentId: pay.id, actor: ACTOR });
    expect(after.status).toBe("COMPLETED");
    expect(after.settlement.status).toBe("SETTLED");
    expect(after.settlement.settledAt).not.toBeNull();
    expect(clearing.minus(await systemBalance("SEPA_CLEARING")).toFixed(2)).toBe("100.00");
    expect((await systemBalance("EXTERNAL_SETTLEMENT")).minus(settled).toFixed(2)).toBe("100.00");
    expect(await balanceOf(p)).toBe(before);
    await expect(settleExternalPayment(s.db, { paymentId: pay.id, actor: ACTOR })).rejects.toSatisfy(conflict);
    await expect(rejectExternalPayment(s.db, { paymentId: pay.id, reason: "late", actor: ACTOR })).rejects.toSatisfy(conflict);
    await ledgerBalanced();
  });

  it("reject: sum and fee back as REFUND items, payment FAILED with the reason; never twice", async () => {
    const p = await payer();
    const start = await balanceOf(p);
    const pay = await euroPayment(p);
    expect(await balanceOf(p)).toBe(new Decimal(start).minus(110).toFixed(2));
    const after = await rejectExternalPayment(s.db, {
      paymentId: pay.id,
      reason: " Beneficiary bank unreachable ",
      actor: ACTOR,
    });
    expect(after.status).toBe("FAILED");
    expect(after.settlement).toMatchObject({ status: "REJECTED", reason: "Beneficiary bank unreachable" });
    expect(await balanceOf(p)).toBe(start);
    const refunds = (await history(p)).filter((i) => i.status === "REFUND");
    expect(refunds.map((i) => i.amount).sort()).toEqual(["10.00", "100.00"]);
    expect(refunds.every((i) => i.operationType === "REFUND" && i.currencyId === "EUR")).toBe(true);
    const seen = await s.call("GET", `/payments/${pay.id}`, { token: p.token });
    expect(seen.body.status).toBe("FAILED");
    expect(seen.body.settlement.reason).toBe("Beneficiary bank unreachable");
    await expect(rejectExternalPayment(s.db, { paymentId: pay.id, reason: "again", actor: ACTOR })).rejects.toSatisfy(conflict);
    await expect(refundExternalPayment(s.db, { paymentId: pay.id, reason: "again", actor: ACTOR })).rejects.toSatisfy(conflict);
    expect(await balanceOf(p)).toBe(start);
    await ledgerBalanced();
  });

  it("statement items of a returned payment: its purpose as the customer wrote it (none: none, never the ledger's line); the bank's reason on the items that gave the money back", async () => {
    const p = await payer();
    const pay = await euroPayment(p);
    await rejectExternalPayment(s.db, { paymentId: pay.id, reason: "Beneficiary bank unreachable", actor: ACTOR });
    const items = (await history(p)) as unknown as { id: string; status: string; paymentId: string | null }[];
    const detail = async (id: string) => (await s.call("GET", `/statements-items/${id}`, { token: p.token })).body;
    const sent = items.filter((i) => i.paymentId === pay.id && i.status !== "REFUND");
    const refunds = items.filter((i) => i.status === "REFUND");
    expect(sent.length).toBeGreaterThan(0);
    expect(refunds).toHaveLength(2);
    for (const i of sent) expect(await detail(i.id)).toMatchObject({ purpose: null, info: null, returnReason: null });
    for (const i of refunds)
      expect(await detail(i.id)).toMatchObject({ purpose: null, returnReason: "Beneficiary bank unreachable" });
    // The returned sum is titled by its payee; the returned fee has no title (the bank's own label,
    // "Transaction fee", is never sent as one: the web app names it from its codes).
    expect(refunds.map((i) => (i as unknown as { title: string | null }).title).sort()).toEqual(["Hans Müller", null]);
    // A payment given a purpose shows it, on the money's item and on its return.
    const q = await payer();
    const r = await payAndSign(
      s,
      q.token,
      {
        organizationId: q.orgId,
        kind: "EURO",
        paymentType: "TARGET_2",
        accountId: q.accountId,
        currencyId: "EUR",
        amount: "20.00",
        beneficiaryName: "Hans Müller",
        iban: "DE89 3704 0044 0532 0130 00",
        bic: "COBADEFFXXX",
        purpose: "Rent for November",
      },
      `set-${++keySeq}`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await refundExternalPayment(s.db, { paymentId: r.body.id, reason: "Account closed", actor: ACTOR });
    const qItems = (await history(q)) as unknown as { id: string; status: string; paymentId: string | null }[];
    const qSent = qItems.find((i) => i.paymentId === r.body.id && i.status !== "REFUND")!;
    const qRefund = qItems.find((i) => i.status === "REFUND")!;
    const get = async (id: string) => (await s.call("GET", `/statements-items/${id}`, { token: q.token })).body;
    expect(await get(qSent.id)).toMatchObject({ purpose: "Rent for November", returnReason: null });
    expect(await get(qRefund.id)).toMatchObject({ purpose: "Rent for November", returnReason: "Account closed" });
  });

  it("refund after settlement: the sum back from EXTERNAL_SETTLEMENT, the fee kept; refund before settlement: from clearing", async () => {
    const p = await payer();
    const start = await balanceOf(p);
    const a = await euroPayment(p);
    await settleExternalPayment(s.db, { paymentId: a.id, actor: ACTOR });
    const settled = await systemBalance("EXTERNAL_SETTLEMENT");
    const refunded = await refundExternalPayment(s.db, {
      paymentId: a.id,
      reason: "Account closed at the beneficiary bank",
      actor: ACTOR,
    });
    expect(refunded.status).toBe("COMPLETED");
    expect(refunded.settlement.status).toBe("REFUNDED");
    expect(settled.minus(await systemBalance("EXTERNAL_SETTLEMENT")).toFixed(2)).toBe("100.00");
    expect(await balanceOf(p)).toBe(new Decimal(start).minus(10).toFixed(2));
    await expect(refundExternalPayment(s.db, { paymentId: a.id, reason: "twice", actor: ACTOR })).rejects.toSatisfy(conflict);

    const b = await euroPayment(p, "40.00");
    const clearing = await systemBalance("SEPA_CLEARING");
    await refundExternalPayment(s.db, { paymentId: b.id, reason: "Recalled at the customer's request", actor: ACTOR });
    expect(clearing.minus(await systemBalance("SEPA_CLEARING")).toFixed(2)).toBe("40.00");
    expect(await balanceOf(p)).toBe(new Decimal(start).minus(20).toFixed(2));
    const refunds = (await history(p)).filter((i) => i.status === "REFUND");
    expect(refunds.map((i) => i.amount).sort()).toEqual(["100.00", "40.00"]);
    expect(refunds[0].counterpartyFullName).toBe("Hans Müller");
    await ledgerBalanced();
  });

  it("refuses: an in-house payment, an unknown or malformed id (404), an empty or long reason, a customer actor (400)", async () => {
    const p = await payer();
    const other = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "0" } });
    const internal = await payAndSign(
      s,
      p.token,
      {
        organizationId: p.orgId,
        kind: "INTERNAL",
        accountId: p.accountId,
        currencyId: "GBP",
        amount: "5.00",
        recipientPhone: other.phone,
      },
      `set-${++keySeq}`,
    );
    expect(internal.status, JSON.stringify(internal.body)).toBe(200);
    expect(internal.body.status).toBe("COMPLETED");
    const code = async (f: Promise<unknown>) => f.then(() => "ok").catch((e: DomainError) => e.code);
    expect(await code(settleExternalPayment(s.db, { paymentId: internal.body.id, actor: ACTOR }))).toBe("NOT_FOUND");
    expect(await code(settleExternalPayment(s.db, { paymentId: crypto.randomUUID(), actor: ACTOR }))).toBe("NOT_FOUND");
    expect(await code(settleExternalPayment(s.db, { paymentId: "'; drop table payments; --", actor: ACTOR }))).toBe("NOT_FOUND");
    const pay = await euroPayment(p, "1.00");
    expect(await code(rejectExternalPayment(s.db, { paymentId: pay.id, reason: "  ", actor: ACTOR }))).toBe("VALIDATION_FAILED");
    expect(await code(refundExternalPayment(s.db, { paymentId: pay.id, reason: "x".repeat(501), actor: ACTOR }))).toBe(
      "VALIDATION_FAILED",
    );
    expect(await code(settleExternalPayment(s.db, { paymentId: pay.id, actor: "user:abc" }))).toBe("VALIDATION_FAILED");
    // an unsigned payment has no settlement yet
    const signer = await createCustomer(s.db, { type: "CORPORATE", signatureType: "SINGLE", balances: { EUR: "100.00" } });
    const unsigned = await s.call("POST", "/payments", {
      token: await s.login(signer.phone),
      headers: { "Idempotency-Key": `set-${++keySeq}` },
      body: {
        organizationId: signer.organization.id,
        kind: "EURO",
        accountId: signer.account!.id,
        currencyId: "EUR",
        amount: "1.00",
        beneficiaryName: "Hans Müller",
        iban: "DE89370400440532013000",
        bic: "COBADEFFXXX",
      },
    });
    expect(unsigned.body.status).toBe("AWAITING_SIGNATURE");
    expect(unsigned.body.settlement).toBeNull();
    expect(await code(settleExternalPayment(s.db, { paymentId: unsigned.body.id, actor: ACTOR }))).toBe(
      "PAYMENT_SETTLEMENT_CONFLICT",
    );
  });

  it("incoming payment: an ADDED item from the payer, by account number, IBAN or balance id; once per key", async () => {
    const p = await payer();
    const start = await balanceOf(p, "GBP");
    const incoming = await postIncomingPayment(
      s.db,
      {
        account: p.c.account!.number,
        currencyId: "gbp",
        amount: "250.00",
        payerName: "Acme Supplies Ltd",
        payerAccount: "GB29NWBK60161331926819",
        reference: "Invoice 7",
        idempotencyKey: "incoming-key-1",
      },
      ACTOR,
    );
    expect(incoming).toMatchObject({ amount: "250.00", currencyId: "GBP", replayed: false, organizationId: p.orgId });
    expect(await balanceOf(p, "GBP")).toBe(new Decimal(start).plus(250).toFixed(2));
    const added = (await history(p)).find((i) => i.counterpartyFullName === "Acme Supplies Ltd");
    expect(added).toMatchObject({ status: "ADDED", operationType: "COMMON", amount: "250.00", currencyId: "GBP" });
    // the same key and body: the first posting, not a second credit
    const replay = await postIncomingPayment(
      s.db,
      {
        account: p.c.account!.number,
        currencyId: "GBP",
        amount: "250.00",
        payerName: "Acme Supplies Ltd",
        payerAccount: "GB29NWBK60161331926819",
        reference: "Invoice 7",
        idempotencyKey: "incoming-key-1",
      },
      ACTOR,
    );
    expect(replay).toMatchObject({ id: incoming.id, replayed: true });
    expect(await balanceOf(p, "GBP")).toBe(new Decimal(start).plus(250).toFixed(2));
    const code = async (f: Promise<unknown>) => f.then(() => "ok").catch((e: DomainError) => e.code);
    const base = {
      account: p.c.account!.number,
      currencyId: "GBP",
      amount: "1.00",
      payerName: "X",
      idempotencyKey: "incoming-key-2",
    };
    expect(await code(postIncomingPayment(s.db, { ...base, idempotencyKey: "incoming-key-1" }, ACTOR))).toBe(
      "IDEMPOTENCY_KEY_REUSED",
    );
    expect(await code(postIncomingPayment(s.db, { ...base, amount: "1.001" }, ACTOR))).toBe("VALIDATION_FAILED");
    expect(await code(postIncomingPayment(s.db, { ...base, amount: "-1.00" }, ACTOR))).toBe("VALIDATION_FAILED");
    expect(await code(postIncomingPayment(s.db, { ...base, amount: "0" }, ACTOR))).toBe("VALIDATION_FAILED");
    expect(await code(postIncomingPayment(s.db, { ...base, payerName: " " }, ACTOR))).toBe("VALIDATION_FAILED");
    expect(await code(postIncomingPayment(s.db, { ...base, idempotencyKey: "short" }, ACTOR))).toBe("VALIDATION_FAILED");
    expect(await code(postIncomingPayment(s.db, { ...base, account: undefined }, ACTOR))).toBe("VALIDATION_FAILED");
    expect(await code(postIncomingPayment(s.db, { ...base, account: "NOPE" }, ACTOR))).toBe("NOT_FOUND");
    expect(await code(postIncomingPayment(s.db, { ...base, currencyId: "USD" }, ACTOR))).toBe("NOT_FOUND");
    expect(await code(postIncomingPayment(s.db, { ...base, account: "SYS-FEE_INCOME" }, ACTOR))).toBe("NOT_FOUND");
    expect(await code(postIncomingPayment(s.db, [], ACTOR))).toBe("VALIDATION_FAILED");
    // by balance id
    const byBalance = await postIncomingPayment(
      s.db,
      { balanceId: p.c.balances.EUR.id, amount: "0.01", payerName: "Tiny GmbH", idempotencyKey: "incoming-key-3" },
      ACTOR,
    );
    expect(byBalance.currencyId).toBe("EUR");
    await ledgerBalanced();
  });

  it("by IBAN with spaces", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "0" } });
    const [acc] = await s.db.select().from(accounts).where(eq(accounts.id, c.account!.id));
    expect(acc.iban).toBeTruthy();
    const spaced = acc.iban!.replace(/(.{4})/g, "$1 ").toLowerCase();
    const r = await postIncomingPayment(
      s.db,
      { account: spaced, currencyId: "GBP", amount: "3.00", payerName: "Payer", idempotencyKey: `iban-${kind}-1` },
      ACTOR,
    );
    expect(r.balanceId).toBe(c.balances.GBP.id);
  });

  it("npm run bank -- payment:list|settle|reject|refund|incoming", async () => {
    expect(parseBankArgs(["payment:settle", "abc"])).toEqual({ command: "payment:settle", id: "abc" });
    expect(parseBankArgs(["payment:reject", "abc", "--reason", "Sanctions hit"])).toEqual({
      command: "payment:reject",
      id: "abc",
      reason: "Sanctions hit",
    });
    expect(parseBankArgs(["payment:refund", "abc", "--reason=Returned"])).toEqual({
      command: "payment:refund",
      id: "abc",
      reason: "Returned",
    });
    expect(parseBankArgs(["payment:list", "--rail", "euro", "--status=settled"])).toEqual({
      command: "payment:list",
      rail: "EURO",
      status: "SETTLED",
    });
    expect(parseBankArgs(["payment:incoming", "12345678", "gbp", "10.00", "--payer", "Acme", "--key", "k-12345678"])).toEqual({
      command: "payment:incoming",
      account: "12345678",
      currencyId: "GBP",
      amount: "10.00",
      payerName: "Acme",
      key: "k-12345678",
    });
    for (const bad of [
      ["payment:reject", "abc"],
      ["payment:refund", "abc", "--reason", " "],
      ["payment:settle"],
      ["payment:settle", "a", "b"],
      ["payment:settle", "a", "--reason", "x"],
      ["payment:incoming", "1", "GBP", "1.00"],
      ["payment:incoming", "1", "GBP", "--payer", "A"],
      ["payment:explode", "a"],
      ["payment:list", "--rail"],
    ])
      expect(() => parseBankArgs(bad), bad.join(" ")).toThrow(UsageError);

    const p = await payer();
    const pay = await euroPayment(p, "7.00");
    const listed = await runBankCommand(s.db, { command: "payment:list", rail: "EURO" });
    expect(listed).toContain(pay.id);
    expect(await runBankCommand(s.db, parseBankArgs(["payment:settle", pay.id]) as never)).toMatch(
      /is now COMPLETED, settlement SETTLED/,
    );
    expect(await runBankCommand(s.db, parseBankArgs(["payment:refund", pay.id, "--reason", "Returned"]) as never)).toMatch(
      /settlement REFUNDED\. Reason: Returned/,
    );
    const line = ["payment:incoming", p.c.account!.number, "EUR", "12.00", "--payer", "Cli Payer", "--key", `cli-key-${kind}`];
    expect(await runBankCommand(s.db, parseBankArgs(line) as never)).toMatch(/posted: EUR 12.00 from Cli Payer/);
    expect(await runBankCommand(s.db, parseBankArgs(line) as never)).toMatch(/was already posted/);
    await ledgerBalanced();
  });

  it.runIf(kind === "postgres")(
    "50 concurrent refunds of one payment refund once; 20 concurrent incoming postings under one key credit once",
    async () => {
      const p = await payer();
      const start = await balanceOf(p);
      const pay = await euroPayment(p);
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, () => refundExternalPayment(s.db, { paymentId: pay.id, reason: "Returned", actor: ACTOR })),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.filter((r) => r.status === "rejected").every((r) => conflict((r as PromiseRejectedResult).reason))).toBe(
        true,
      );
      expect(await balanceOf(p)).toBe(new Decimal(start).minus(10).toFixed(2));
      expect((await history(p)).filter((i) => i.status === "REFUND")).toHaveLength(1);

      // settle and reject racing: exactly one wins
      const q = await euroPayment(p, "20.00");
      const race = await Promise.allSettled([
        settleExternalPayment(s.db, { paymentId: q.id, actor: ACTOR }),
        rejectExternalPayment(s.db, { paymentId: q.id, reason: "Refused", actor: ACTOR }),
        refundExternalPayment(s.db, { paymentId: q.id, reason: "Returned", actor: ACTOR }),
      ]);
      // settle and reject exclude each other; a refund may follow a settle (SETTLED → REFUNDED)
      expect(race[0].status === "fulfilled" && race[1].status === "fulfilled").toBe(false);
      expect(race.filter((r) => r.status === "fulfilled").length).toBeGreaterThanOrEqual(1);

      const gbp = await balanceOf(p, "GBP");
      const body = {
        account: p.c.account!.number,
        currencyId: "GBP",
        amount: "9.99",
        payerName: "Parallel Ltd",
        idempotencyKey: "parallel-incoming-1",
      };
      const incoming = await Promise.allSettled(Array.from({ length: 20 }, () => postIncomingPayment(s.db, body, ACTOR)));
      expect(incoming.every((r) => r.status === "fulfilled")).toBe(true);
      const values = incoming.map((r) => (r as PromiseFulfilledResult<{ id: string; replayed: boolean }>).value);
      expect(new Set(values.map((v) => v.id)).size).toBe(1);
      expect(values.filter((v) => !v.replayed)).toHaveLength(1);
      expect(await balanceOf(p, "GBP")).toBe(new Decimal(gbp).plus("9.99").toFixed(2));
      await ledgerBalanced();
    },
  );
});
