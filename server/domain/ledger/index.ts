/**
 * Double-entry, multi-currency ledger (design note "Money"; schema comment on `balances`).
 *
 * Every `balances` row is one ledger account (account × currency). A ledger transaction is a
 * set of signed postings that sum to zero per currency; a positive posting increases the
 * balance it hits (credit to the holder), a negative one decreases it (debit).
 * `balances.amount` is kept equal to the sum of the balance's postings, updated in the same
 * database transaction, with the touched balance rows locked in a fixed order (sorted by id)
 * so concurrent transfers cannot deadlock or overdraw.
 */
import { randomUUID } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import { accounts, balances, currencies, ledgerTransactions, postings } from "../../db/schema/index.js";
import { DomainError } from "../errors.js";
import { getBooleanSetting, SETTING_OVERDRAFT_ENABLED } from "../settings/index.js";
import { Decimal, formatAmount } from "./money.js";

export type OperationType = "COMMON" | "TRANSACTION_FEE" | "SERVICE_FEE" | "REFUND";

/** One leg of a ledger transaction. `amount` is signed: + increases the balance. */
export interface PostingInput {
  balanceId: string;
  amount: Decimal;
  counterpartyName?: string | null;
  counterpartyAccount?: string | null;
  reference?: string | null;
  operationType?: OperationType;
}

export interface TransactionInput {
  /** PAYMENT | INCOMING | CARD | FEE | SEED … (free text, for reporting). */
  kind: string;
  description?: string | null;
  paymentId?: string | null;
  /** Value date; default now. Stored with millisecond precision (cursor-safe). */
  transferDate?: Date;
  postings: PostingInput[];
}

export interface PostedTransaction {
  transactionId: string;
  postings: { id: string; balanceId: string; amount: string; balanceAfter: string }[];
}

/** A programming error in the postings themselves (unbalanced, wrong currency…): never a customer error. */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LedgerError";
  }
}

/** 400 INSUFFICIENT_FUNDS as a field error on `amount` (contract ApiFieldError). */
export function insufficientFunds(): DomainError {
  return new DomainError("INSUFFICIENT_FUNDS", [
    { property: "amount", constraints: { insufficientFunds: "Insufficient funds on the balance for this amount" } },
  ]);
}

/**
 * Lowest amount a balance may reach: system accounts have no floor (null); customer balances
 * may go to −overdraftValue only when the global setting OVERDRAFT-ENABLED is true AND both the
 * account and the balance have overdraftEnabled (spec 000 §5 "Overdraft ... enabled globally and
 * for the account"); otherwise the floor is 0.
 */
export function balanceFloor(
  balance: { overdraftEnabled: boolean; overdraftValue: string },
  account: { system: boolean; overdraftEnabled: boolean },
  overdraftGloballyEnabled: boolean,
): Decimal | null {
  if (account.system) return null;
  if (overdraftGloballyEnabled && account.overdraftEnabled && balance.overdraftEnabled) {
    return new Decimal(balance.overdraftValue).neg();
  }
  return new Decimal(0);
}

/** Funds available for spending: amount − floor (amount + overdraft headroom when overdraft applies). */
export function availableFunds(
  balance: { amount: string; overdraftEnabled: boolean; overdraftValue: string },
  account: { system: boolean; overdraftEnabled: boolean },
  overdraftGloballyEnabled: boolean,
): Decimal {
  const floor = balanceFloor(balance, account, overdraftGloballyEnabled);
  return floor === null ? new Decimal(Infinity) : new Decimal(balance.amount).minus(floor);
}

/**
 * Post a balanced ledger transaction inside the caller's database transaction `tx`.
 *
 * Checks: ≥ 2 postings; every amount non-zero, in the balance's currency and within the
 * currency's scale; the postings sum to zero per currency (double entry). Locks the touched
 * balances with SELECT … FOR UPDATE ordered by id, refuses to take a customer balance below
 * its floor (see `balanceFloor`), then, in one statement, inserts the ledger transaction, updates
 * `balances.amount` and inserts the postings with `balanceAfter`.
 * @throws LedgerError for malformed postings; DomainError INSUFFICIENT_FUNDS (field `amount`).
 */
export async function postTransaction(tx: Tx, input: TransactionInput): Promise<PostedTransaction> {
  if (input.postings.length < 2) throw new LedgerError("A ledger transaction needs at least two postings");
  const ids = [...new Set(input.postings.map((p) => p.balanceId))].sort();

  // FOR NO KEY UPDATE, not FOR UPDATE: the FOR KEY SHARE locks that foreign-key checks take on
  // balances (inserting a payment or posting that references them) must not block it, or two
  // transfers sharing a balance deadlock (seen by scripts/verify-ledger on PostgreSQL).
  // One statement: lock the balances in id order (LockRows runs above the sort) and read what
  // the checks need from their accounts (system, overdraft) and currencies (scale).
  const lockedRows = await tx
    .select({ balance: balances, system: accounts.system, accountOverdraft: accounts.overdraftEnabled, scale: currencies.scale })
    .from(balances)
    .innerJoin(accounts, eq(accounts.id, balances.accountId))
    .innerJoin(currencies, eq(currencies.id, balances.currencyId))
    .where(inArray(balances.id, ids))
    .orderBy(asc(balances.id))
    .for("no key update", { of: balances });
  if (lockedRows.length !== ids.length) throw new LedgerError("Unknown balance in postings");
  const locked = lockedRows.map((r) => r.balance);
  const byId = new Map(locked.map((b) => [b.id, b]));
  const accountOf = new Map(
    lockedRows.map((r) => [r.balance.id, { system: r.system, overdraftEnabled: r.accountOverdraft }] as const),
  );
  const scaleOf = new Map(lockedRows.map((r) => [r.balance.currencyId, r.scale]));

  const sums = new Map<string, Decimal>();
  for (const p of input.postings) {
    const b = byId.get(p.balanceId)!;
    const scale = scaleOf.get(b.currencyId)!;
    if (!Decimal.isDecimal(p.amount) || !p.amount.isFinite() || p.amount.isZero()) {
      throw new LedgerError("Posting amounts must be finite, non-zero decimals");
    }
    if (p.amount.decimalPlaces() > scale) {
      throw new LedgerError(`Posting amount ${p.amount.toString()} exceeds the ${b.currencyId} scale of ${scale}`);
    }
    sums.set(b.currencyId, (sums.get(b.currencyId) ?? new Decimal(0)).plus(p.amount));
  }
  for (const [currency, sum] of sums) {
    if (!sum.isZero()) throw new LedgerError(`Postings do not balance in ${currency}: sum ${sum.toString()}`);
  }

  // The global overdraft switch only matters where account and balance both allow an overdraft
  // (balanceFloor): read the setting only when a debit hits such a balance.
  const overdraftMatters = input.postings.some((p) => {
    const b = byId.get(p.balanceId)!;
    const a = accountOf.get(b.id)!;
    return p.amount.isNegative() && !a.system && a.overdraftEnabled && b.overdraftEnabled;
  });
  const overdraftGlobal = overdraftMatters && (await getBooleanSetting(tx, SETTING_OVERDRAFT_ENABLED, false));
  const running = new Map(locked.map((b) => [b.id, new Decimal(b.amount)]));
  const after: Decimal[] = [];
  for (const p of input.postings) {
    const b = byId.get(p.balanceId)!;
    const next = running.get(b.id)!.plus(p.amount);
    if (p.amount.isNegative()) {
      const floor = balanceFloor(b, accountOf.get(b.id)!, overdraftGlobal);
      if (floor !== null && next.lt(floor)) throw insufficientFunds();
    }
    running.set(b.id, next);
    after.push(next);
  }

  // ONE statement writes the ledger transaction, the touched balances' new amounts and the
  // postings (with their balanceAfter): data-modifying CTEs run exactly once and together, and a
  // failure of any part fails the whole statement. Ids are drawn here, so nothing depends on the
  // order RETURNING gives rows back.
  const transactionId = randomUUID();
  const postingIds = input.postings.map(() => randomUUID());
  const transferDate = new Date((input.transferDate ?? new Date()).getTime()).toISOString();
  const createdAt = new Date().toISOString();
  const newAmounts = ids.map((id) => sql`(${id}::uuid, ${running.get(id)!.toFixed()}::numeric)`);
  const legs = input.postings.map(
    (p, i) =>
      sql`(${postingIds[i]}::uuid, ${p.balanceId}::uuid, ${byId.get(p.balanceId)!.currencyId}::text, ${p.amount.toFixed()}::numeric, ${after[i].toFixed()}::numeric, ${p.counterpartyName ?? null}::text, ${p.counterpartyAccount ?? null}::text, ${p.reference ?? null}::text, ${p.operationType ?? "COMMON"}::text)`,
  );
  await tx.execute(sql`
    with new_transaction as (
      insert into ${ledgerTransactions} (id, kind, description, payment_id, transfer_date, created_at)
      values (${transactionId}::uuid, ${input.kind}, ${input.description ?? null}::text, ${input.paymentId ?? null}::uuid, ${transferDate}::timestamptz, ${createdAt}::timestamptz)
      returning id
    ), new_amounts as (
      update ${balances} set amount = v.amount from (values ${sql.join(newAmounts, sql`, `)}) as v(id, amount) where ${balances.id} = v.id
    )
    insert into ${postings} (id, transaction_id, balance_id, currency_id, amount, balance_after, counterparty_name, counterparty_account, reference, operation_type, transfer_date, created_at)
    select leg.id, t.id, leg.balance_id, leg.currency_id, leg.amount, leg.balance_after, leg.counterparty_name, leg.counterparty_account, leg.reference, leg.operation_type, ${transferDate}::timestamptz, ${createdAt}::timestamptz
    from new_transaction t cross join (values ${sql.join(legs, sql`, `)}) as leg(id, balance_id, currency_id, amount, balance_after, counterparty_name, counterparty_account, reference, operation_type)`);

  return {
    transactionId,
    postings: input.postings.map((p, i) => {
      const scale = scaleOf.get(byId.get(p.balanceId)!.currencyId)!;
      return {
        id: postingIds[i],
        balanceId: p.balanceId,
        amount: formatAmount(p.amount, scale),
        balanceAfter: formatAmount(after[i], scale),
      };
    }),
  };
}

/** SQLSTATE of a database error, looking through Drizzle's wrapping (`cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === "object"; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const RETRYABLE = new Set(["40001", "40P01"]); // serialization_failure, deadlock_detected

/**
 * Run `fn` in a database transaction, retrying the whole transaction (up to `attempts`
 * times, with jittered backoff) when PostgreSQL aborts it with SQLSTATE 40001
 * (serialization failure) or 40P01 (deadlock). Other errors propagate unchanged.
 */
export async function withSerializableRetry<T>(db: Database, fn: (tx: Tx) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (err) {
      const code = pgErrorCode(err);
      if (!code || !RETRYABLE.has(code) || attempt >= attempts) throw err;
      const delay = 10 * 2 ** attempt + Math.floor(Math.random() * 25);
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}
