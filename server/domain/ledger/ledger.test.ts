/**
 * Ledger rules (server/domain/ledger) on an in-memory PGlite database: double entry per
 * currency, currency scale, balance floors (overdraft only when enabled globally, on the
 * account and on the balance; system accounts unbounded), balanceAfter, retry helper.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../../db/client.js";
import { accounts, balances, currencies, postings, settings } from "../../db/schema/index.js";
import { DomainError } from "../errors.js";
import { balanceFloor, LedgerError, postTransaction, withSerializableRetry } from "./index.js";
import { Decimal, formatAmount, parseAmount } from "./money.js";
import { systemBalanceId } from "./system.js";

let h: DatabaseHandle;
let gbp: string; // customer GBP balance
let eur: string; // customer EUR balance
let sol: string; // customer SOL balance
let clearingGbp: string;
let clearingEur: string;
let clearingSol: string;

beforeAll(async () => {
  h = await openDatabase({ dataDir: "memory://" });
  await h.db.insert(currencies).values([
    { id: "GBP", name: "Pound", description: "Pound sterling", scale: 2 },
    { id: "EUR", name: "Euro", description: "Euro", scale: 2 },
    { id: "SOL", name: "Solana", description: "Solana", scale: 9, crypto: true },
  ]);
  await h.db.insert(settings).values({ key: "OVERDRAFT-ENABLED", value: false });
  const [a] = await h.db.insert(accounts).values({ name: "Customer", number: "10000001", overdraftEnabled: true }).returning();
  const rows = await h.db
    .insert(balances)
    .values([
      { accountId: a.id, currencyId: "GBP", overdraftEnabled: true, overdraftValue: "50" },
      { accountId: a.id, currencyId: "EUR" },
      { accountId: a.id, currencyId: "SOL" },
    ])
    .returning();
  [gbp, eur, sol] = rows.map((r) => r.id);
  clearingGbp = await systemBalanceId(h.db, "EXTERNAL_CLEARING", "GBP");
  clearingEur = await systemBalanceId(h.db, "EXTERNAL_CLEARING", "EUR");
  clearingSol = await systemBalanceId(h.db, "EXTERNAL_CLEARING", "SOL");
});
afterAll(async () => h?.close());

const d = (v: string) => new Decimal(v);
const amountOf = async (id: string) => (await h.db.select().from(balances).where(eq(balances.id, id)))[0].amount;
const transfer = (from: string, to: string, amount: string) =>
  h.db.transaction((tx) =>
    postTransaction(tx, {
      kind: "TEST",
      postings: [
        { balanceId: from, amount: d(amount).neg() },
        { balanceId: to, amount: d(amount) },
      ],
    }),
  );

describe("postTransaction", () => {
  it("posts balanced postings, updates balances and records balanceAfter; system accounts may go negative", async () => {
    const posted = await transfer(clearingGbp, gbp, "100.00");
    expect(posted.postings.map((p) => [p.amount, p.balanceAfter])).toEqual([
      ["-100.00", "-100.00"],
      ["100.00", "100.00"],
    ]);
    expect(d(await amountOf(gbp)).toFixed(2)).toBe("100.00");
    expect(d(await amountOf(clearingGbp)).toFixed(2)).toBe("-100.00");
    const rows = await h.db.select().from(postings).where(eq(postings.transactionId, posted.transactionId));
    expect(rows).toHaveLength(2);
  });

  it("rejects postings that do not sum to zero per currency", async () => {
    await expect(
      h.db.transaction((tx) =>
        postTransaction(tx, {
          kind: "TEST",
          postings: [
            { balanceId: clearingGbp, amount: d("-10") },
            { balanceId: gbp, amount: d("9.99") },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(LedgerError);
    // Balanced overall but not per currency (GBP −10, EUR +10).
    await expect(
      h.db.transaction((tx) =>
        postTransaction(tx, {
          kind: "TEST",
          postings: [
            { balanceId: clearingGbp, amount: d("-10") },
            { balanceId: eur, amount: d("10") },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(LedgerError);
    await expect(
      h.db.transaction((tx) => postTransaction(tx, { kind: "TEST", postings: [{ balanceId: gbp, amount: d("1") }] })),
    ).rejects.toBeInstanceOf(LedgerError);
  });

  it("rejects amounts finer than the currency scale (fiat 2, SOL 9)", async () => {
    await expect(transfer(clearingGbp, gbp, "0.001")).rejects.toThrow(/scale/);
    const ok = await transfer(clearingSol, sol, "0.000000001");
    expect(ok.postings[1].amount).toBe("0.000000001");
    await expect(transfer(clearingSol, sol, "0.0000000001")).rejects.toThrow(/scale/);
  });

  it("refuses to take a customer balance below 0 when overdraft is off globally", async () => {
    const err = await transfer(gbp, clearingGbp, "100.01").catch((e) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect(err.body[0].property).toBe("amount");
    expect(d(await amountOf(gbp)).toFixed(2)).toBe("100.00"); // rolled back
  });

  it("allows down to −overdraftValue when enabled globally, on the account and on the balance", async () => {
    await h.db.update(settings).set({ value: true }).where(eq(settings.key, "OVERDRAFT-ENABLED"));
    await transfer(gbp, clearingGbp, "150.00");
    expect(d(await amountOf(gbp)).toFixed(2)).toBe("-50.00");
    await expect(transfer(gbp, clearingGbp, "0.01")).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    // EUR balance has no overdraft of its own: floor stays 0.
    await expect(transfer(eur, clearingEur, "0.01")).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    await transfer(clearingGbp, gbp, "50.00");
    await h.db.update(settings).set({ value: false }).where(eq(settings.key, "OVERDRAFT-ENABLED"));
  });

  it("keeps each balance equal to the sum of its postings", async () => {
    for (const id of [gbp, eur, sol, clearingGbp, clearingEur, clearingSol]) {
      const rows = await h.db.select().from(postings).where(eq(postings.balanceId, id));
      const sum = rows.reduce((s, p) => s.plus(p.amount), d("0"));
      expect(d(await amountOf(id)).eq(sum)).toBe(true);
    }
  });
});

describe("balanceFloor", () => {
  const bal = { overdraftEnabled: true, overdraftValue: "200" };
  it("is null for system accounts, −overdraft only when all three switches are on, else 0", () => {
    expect(balanceFloor(bal, { system: true, overdraftEnabled: false }, false)).toBeNull();
    expect(balanceFloor(bal, { system: false, overdraftEnabled: true }, true)!.toFixed()).toBe("-200");
    expect(balanceFloor(bal, { system: false, overdraftEnabled: true }, false)!.toFixed()).toBe("0");
    expect(balanceFloor(bal, { system: false, overdraftEnabled: false }, true)!.toFixed()).toBe("0");
    expect(balanceFloor({ ...bal, overdraftEnabled: false }, { system: false, overdraftEnabled: true }, true)!.toFixed()).toBe(
      "0",
    );
  });
});

describe("money", () => {
  it("parses customer amounts strictly", () => {
    expect(parseAmount("120.50", 2)).toMatchObject({ ok: true });
    expect(parseAmount("120.500", 2)).toEqual({ ok: false, error: "scale" });
    expect(parseAmount("0", 2)).toEqual({ ok: false, error: "positive" });
    expect(parseAmount("1e3", 2)).toEqual({ ok: false, error: "format" });
    expect(parseAmount("12,5", 2)).toEqual({ ok: false, error: "format" });
    // The shared rule (server/rules/amount.ts): no leading zero, no sign, no spaces on the wire.
    expect(parseAmount("05", 2)).toEqual({ ok: false, error: "format" });
    expect(parseAmount("-5", 2)).toEqual({ ok: false, error: "format" });
    expect(parseAmount(" 5", 2)).toEqual({ ok: false, error: "format" });
    expect(parseAmount("0.000000001", 9)).toMatchObject({ ok: true });
    expect(parseAmount("10000000000000000", 2)).toMatchObject({ ok: true });
    expect(parseAmount("10000000000000000.01", 2)).toEqual({ ok: false, error: "max" });
    expect(formatAmount("1800.000000000000000000", 2)).toBe("1800.00");
    expect(formatAmount("0.1", 9)).toBe("0.100000000");
  });
});

describe("withSerializableRetry", () => {
  it("retries on SQLSTATE 40001 and 40P01, not on other errors", async () => {
    let calls = 0;
    const fakeDb = {
      transaction: async (fn: (tx: unknown) => Promise<unknown>) => {
        calls++;
        if (calls < 3) throw Object.assign(new Error("wrapped"), { cause: { code: calls === 1 ? "40001" : "40P01" } });
        return fn({});
      },
    };
    expect(await withSerializableRetry(fakeDb as never, async () => "done")).toBe("done");
    expect(calls).toBe(3);
    let other = 0;
    const failing = {
      transaction: async () => {
        other++;
        throw Object.assign(new Error("unique"), { code: "23505" });
      },
    };
    await expect(withSerializableRetry(failing as never, async () => 1)).rejects.toThrow("unique");
    expect(other).toBe(1);
  });
});

describe("precision", () => {
  it("keeps every digit of large crypto amounts (no 20-digit rounding)", () => {
    const a = new Decimal("9999999999999999.999999999");
    expect(a.plus("0.000000001").toFixed(9)).toBe("10000000000000000.000000000");
    expect(a.minus("0.000000001").toFixed()).toBe("9999999999999999.999999998");
  });
});
