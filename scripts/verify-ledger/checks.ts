/**
 * Ledger invariants, checked with plain SQL against the database (independent of the domain
 * code that wrote the rows), for `npm run verify:ledger` (scripts/verify-ledger/index.ts).
 *
 * `runChecks(db, ctx)` → one `CheckResult` per invariant (name, ok, detail lines). Never
 * throws for a violation; it reports it. Invariants (design: "Money under contention and
 * crashes", issue 5 §2; double entry as in server/domain/ledger):
 *  1. zero-sum     every ledger transaction's postings sum to zero per currency;
 *  2. balance-sum  every balance's amount equals the sum of its postings;
 *  3. floor        no customer balance is below its floor (−overdraft only when OVERDRAFT-ENABLED
 *                  and account and balance allow it, else 0; system balances have none);
 *  4. conservation per currency, the customer balances moved since the snapshot exactly by
 *                  the customer legs of transactions that touch a system (external rail, fee)
 *                  balance; and the run's own balances moved exactly by their completed
 *                  payments as recorded in `payments` (not in `postings`): a payment left
 *                  AWAITING_SIGNATURE (its signature refused for funds) moved nothing;
 *  5. idempotency  per key: at most one payment; every answer that named a payment named that
 *                  one; a payment exists iff some answer named one; each payment has exactly one
 *                  ledger transaction iff COMPLETED, with the payment's two legs and amount;
 *                  no key left unanswered. Signing (every payment is created AWAITING_SIGNATURE
 *                  and posted by POST /payments/:id/sign with a one-time code's MFA token): a
 *                  COMPLETED payment has exactly one signature, made with an MFA token of the
 *                  run's user that names it (no posting without strong customer authentication),
 *                  at most one sign answer 200 and at least one answer (200, or 409
 *                  PAYMENT_NOT_PENDING after a sign whose answer was lost) saying it is signed;
 *                  a payment still AWAITING_SIGNATURE has no signature and its signing was
 *                  refused for funds (400 INSUFFICIENT_FUNDS) and never answered as signed; any
 *                  other status is a violation; no payment's signing left unanswered.
 */
import { sql } from "drizzle-orm";
import { Decimal } from "../../server/domain/ledger/money.js";
import type { Database, Tx } from "../../server/db/client.js";

type Db = Database | Tx;

/** What the client saw for one idempotency key. */
export interface KeyRecord {
  key: string;
  /** Payment ids named by 200/201 answers, one entry per answer. */
  paymentIds: string[];
  /** Answers refused without effect (400 INSUFFICIENT_FUNDS), count. */
  refused: number;
  /** Other answers (status + code), each a violation. */
  unexpected: string[];
  /** True while no attempt has been answered (all were lost in a crash). */
  unanswered: boolean;
  /** Signing of the key's payment: answers of POST /payments/:id/sign 200 (posted), count. */
  signed: number;
  /** Sign answers 400 INSUFFICIENT_FUNDS (the payment stays AWAITING_SIGNATURE), count. */
  signRefused: number;
  /** Answers 409 PAYMENT_NOT_PENDING (send-code or sign): already signed, e.g. by a sign whose answer was lost. */
  alreadySigned: number;
  /** True while the key's payment is known and its signing has no final answer yet. */
  signPending: boolean;
}

export interface CheckContext {
  /** Organization whose payments the run made. */
  organizationId: string;
  /** The user who created and signed them (every signature must be theirs). */
  userId: string;
  /** The run's balances (id → amount at start, decimal string). */
  startAmounts: Map<string, string>;
  /** Σ customer balances per currency at the snapshot. */
  customerTotalsAtStart: Map<string, string>;
  /** Snapshot time: transactions created after it count for conservation. */
  snapshotAt: Date;
  /** Client's view per idempotency key. */
  keys: KeyRecord[];
}

export interface CheckResult {
  name: string;
  ok: boolean;
  details: string[];
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

/** Σ customer (non-system) balances per currency, as decimal strings. */
export async function customerTotals(db: Db): Promise<Map<string, string>> {
  const r = await rows<{ currency: string; total: string }>(
    db,
    sql`SELECT b.currency_id AS currency, COALESCE(SUM(b.amount), 0)::text AS total
          FROM balances b JOIN accounts a ON a.id = b.account_id
         WHERE a.system = false GROUP BY b.currency_id`,
  );
  return new Map(r.map((x) => [x.currency, x.total]));
}

const MAX_DETAILS = 10;
const cap = (lines: string[]) =>
  lines.length > MAX_DETAILS ? [...lines.slice(0, MAX_DETAILS), `… and ${lines.length - MAX_DETAILS} more`] : lines;

/** Run every invariant; see the module docstring. */
export async function runChecks(db: Db, ctx: CheckContext): Promise<CheckResult[]> {
  const results: CheckResult[] = [];

  // 1. Every transaction sums to zero per currency.
  const unbalanced = await rows<{ tx: string; currency: string; total: string }>(
    db,
    sql`SELECT transaction_id AS tx, currency_id AS currency, SUM(amount)::text AS total
          FROM postings GROUP BY transaction_id, currency_id HAVING SUM(amount) <> 0`,
  );
  const [{ n: txCount }] = await rows<{ n: string }>(db, sql`SELECT COUNT(*)::text AS n FROM ledger_transactions`);
  results.push({
    name: "zero-sum",
    ok: unbalanced.length === 0,
    details: unbalanced.length
      ? cap(unbalanced.map((u) => `transaction ${u.tx} ${u.currency} sums to ${u.total}`))
      : [`${txCount} transactions, each sums to zero per currency`],
  });

  // 2. Every balance equals the sum of its postings (and postings are in the balance's currency).
  const drift = await rows<{ id: string; amount: string; posted: string }>(
    db,
    sql`SELECT b.id, b.amount::text AS amount, COALESCE(SUM(p.amount), 0)::text AS posted
          FROM balances b LEFT JOIN postings p ON p.balance_id = b.id
         GROUP BY b.id, b.amount HAVING b.amount <> COALESCE(SUM(p.amount), 0)`,
  );
  const wrongCurrency = await rows<{ id: string }>(
    db,
    sql`SELECT p.id FROM postings p JOIN balances b ON b.id = p.balance_id WHERE p.currency_id <> b.currency_id`,
  );
  const [{ n: balanceCount }] = await rows<{ n: string }>(db, sql`SELECT COUNT(*)::text AS n FROM balances`);
  results.push({
    name: "balance-sum",
    ok: drift.length === 0 && wrongCurrency.length === 0,
    details:
      drift.length || wrongCurrency.length
        ? cap([
            ...drift.map((d) => `balance ${d.id} holds ${d.amount} but its postings sum to ${d.posted}`),
            ...wrongCurrency.map((p) => `posting ${p.id} is not in its balance's currency`),
          ])
        : [`${balanceCount} balances, each equals the sum of its postings`],
  });

  // 3. No customer balance below its floor.
  const below = await rows<{ id: string; amount: string; floor: string }>(
    db,
    sql`WITH g AS (SELECT COALESCE((SELECT value = 'true'::jsonb FROM settings WHERE key = 'OVERDRAFT-ENABLED'), false) AS on)
        SELECT b.id, b.amount::text AS amount,
               (CASE WHEN g.on AND a.overdraft_enabled AND b.overdraft_enabled THEN -b.overdraft_value ELSE 0 END)::text AS floor
          FROM balances b JOIN accounts a ON a.id = b.account_id CROSS JOIN g
         WHERE a.system = false
           AND b.amount < CASE WHEN g.on AND a.overdraft_enabled AND b.overdraft_enabled THEN -b.overdraft_value ELSE 0 END`,
  );
  results.push({
    name: "floor",
    ok: below.length === 0,
    details: below.length
      ? cap(below.map((b) => `balance ${b.id} at ${b.amount} is below its floor ${b.floor}`))
      : ["no customer balance below its floor"],
  });

  // 4. Conservation.
  const conservation: string[] = [];
  const now = await customerTotals(db);
  const external = await rows<{ currency: string; total: string }>(
    db,
    sql`SELECT p.currency_id AS currency, COALESCE(SUM(p.amount), 0)::text AS total
          FROM postings p
          JOIN balances b ON b.id = p.balance_id JOIN accounts a ON a.id = b.account_id
          JOIN ledger_transactions t ON t.id = p.transaction_id
         WHERE a.system = false AND t.created_at > ${ctx.snapshotAt.toISOString()}::timestamptz
           AND EXISTS (SELECT 1 FROM postings q JOIN balances qb ON qb.id = q.balance_id
                         JOIN accounts qa ON qa.id = qb.account_id
                        WHERE q.transaction_id = t.id AND qa.system = true)
         GROUP BY p.currency_id`,
  );
  const externalOf = new Map(external.map((e) => [e.currency, e.total]));
  for (const currency of new Set([...now.keys(), ...ctx.customerTotalsAtStart.keys()])) {
    const delta = new Decimal(now.get(currency) ?? 0).minus(ctx.customerTotalsAtStart.get(currency) ?? 0);
    const viaRails = new Decimal(externalOf.get(currency) ?? 0);
    if (!delta.eq(viaRails))
      conservation.push(
        `${currency}: customer balances moved ${delta.toFixed()} but external rails and fees explain ${viaRails.toFixed()}`,
      );
  }
  // The run's own balances against its completed payments (payments table, not postings).
  const moves = await rows<{ debit: string; credit: string | null; amount: string }>(
    db,
    sql`SELECT debit_balance_id AS debit, credit_balance_id AS credit, amount::text AS amount
          FROM payments WHERE organization_id = ${ctx.organizationId} AND status = 'COMPLETED'`,
  );
  const [{ n: unsignedCount }] = await rows<{ n: string }>(
    db,
    sql`SELECT COUNT(*)::text AS n FROM payments WHERE organization_id = ${ctx.organizationId} AND status <> 'COMPLETED'`,
  );
  const unsigned = Number(unsignedCount);
  const expected = new Map([...ctx.startAmounts].map(([id, a]) => [id, new Decimal(a)]));
  for (const m of moves) {
    if (expected.has(m.debit)) expected.set(m.debit, expected.get(m.debit)!.minus(m.amount));
    if (m.credit && expected.has(m.credit)) expected.set(m.credit, expected.get(m.credit)!.plus(m.amount));
  }
  const actual = await rows<{ id: string; amount: string }>(
    db,
    sql`SELECT id, amount::text AS amount FROM balances
         WHERE id IN (${sql.join(
           [...ctx.startAmounts.keys()].map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  for (const a of actual) {
    const want = expected.get(a.id)!;
    if (!want.eq(a.amount)) conservation.push(`run balance ${a.id} is ${a.amount}, its completed payments say ${want.toFixed()}`);
  }
  results.push({
    name: "conservation",
    ok: conservation.length === 0,
    details: conservation.length
      ? cap(conservation)
      : [
          `customer totals moved only by external rails and fees (${[...now.keys()].sort().join(", ")}); ` +
            `${actual.length} run balances match their ${moves.length} completed payments` +
            (unsigned ? ` (${unsigned} payments left awaiting signature moved nothing)` : ""),
        ],
  });

  // 5. Idempotency: one effect per key.
  const idem: string[] = [];
  const payRows = await rows<{
    key: string;
    id: string;
    status: string;
    ltx: string | null;
    n_tx: string;
    legs_ok: boolean;
    n_sig: string;
    sig_ok: boolean;
  }>(
    db,
    sql`SELECT p.idempotency_key AS key, p.id, p.status, p.ledger_transaction_id AS ltx,
               (SELECT COUNT(*) FROM ledger_transactions t WHERE t.payment_id = p.id)::text AS n_tx,
               (SELECT COUNT(*) FROM payment_signatures s WHERE s.payment_id = p.id)::text AS n_sig,
               COALESCE((SELECT bool_and(s.user_id = ${ctx.userId} AND m.user_id = ${ctx.userId}
                                         AND m.payment_ids @> jsonb_build_array(p.id::text))
                           FROM payment_signatures s LEFT JOIN mfa_tokens m ON m.id = s.mfa_token_id
                          WHERE s.payment_id = p.id), false) AS sig_ok,
               COALESCE((SELECT COUNT(*) = 2
                                AND bool_and((q.balance_id = p.debit_balance_id AND q.amount = -p.amount)
                                          OR (q.balance_id = p.credit_balance_id AND q.amount = p.amount))
                           FROM postings q WHERE q.transaction_id = p.ledger_transaction_id), false) AS legs_ok
          FROM payments p WHERE p.organization_id = ${ctx.organizationId}`,
  );
  const byKey = new Map<string, typeof payRows>();
  for (const p of payRows) byKey.set(p.key, [...(byKey.get(p.key) ?? []), p]);
  const recordOf = new Map(ctx.keys.map((k) => [k.key, k]));
  let mixed = 0;
  let signReplays = 0;
  for (const k of ctx.keys) {
    const inDb = byKey.get(k.key) ?? [];
    const named = new Set(k.paymentIds);
    if (inDb.length > 1) idem.push(`key ${k.key}: ${inDb.length} payments`);
    if (named.size > 1) idem.push(`key ${k.key}: answers named ${named.size} different payments`);
    if (named.size === 1 && (inDb.length !== 1 || inDb[0].id !== [...named][0]))
      idem.push(
        `key ${k.key}: answered payment ${[...named][0]} but the database holds ${inDb.map((p) => p.id).join(",") || "none"}`,
      );
    if (named.size === 0 && inDb.length > 0 && !k.unanswered)
      idem.push(`key ${k.key}: every answer said no payment, but payment ${inDb[0].id} exists`);
    if (named.size > 0 && k.refused > 0) mixed++;
    if (k.unanswered) idem.push(`key ${k.key}: never answered`);
    if (k.signPending) idem.push(`key ${k.key}: the signing of its payment was never answered`);
    if (k.signed > 1) idem.push(`key ${k.key}: ${k.signed} sign answers posted its payment`);
    if (k.alreadySigned > 0) signReplays++;
    for (const u of k.unexpected) idem.push(`key ${k.key}: unexpected answer ${u}`);
  }
  const keySet = new Set(ctx.keys.map((k) => k.key));
  for (const p of payRows) {
    if (!keySet.has(p.key)) idem.push(`payment ${p.id} has key ${p.key} that the run never sent`);
    const completed = p.status === "COMPLETED";
    if (completed && (p.n_tx !== "1" || !p.ltx || !p.legs_ok))
      idem.push(`payment ${p.id} COMPLETED with ${p.n_tx} ledger transactions (legs ${p.legs_ok ? "ok" : "wrong"})`);
    if (!completed && (p.n_tx !== "0" || p.ltx)) idem.push(`payment ${p.id} ${p.status} but posted ${p.n_tx} times`);
    const k = recordOf.get(p.key);
    if (completed) {
      if (p.n_sig !== "1" || !p.sig_ok)
        idem.push(
          `payment ${p.id} COMPLETED with ${p.n_sig} signatures${p.n_sig !== "0" && !p.sig_ok ? " (not by an MFA token of the run's user naming it)" : ""}`,
        );
      if (k && k.signed + k.alreadySigned === 0) idem.push(`payment ${p.id} COMPLETED but no sign answer said it was signed`);
    } else if (p.status === "AWAITING_SIGNATURE") {
      if (p.n_sig !== "0") idem.push(`payment ${p.id} AWAITING_SIGNATURE with ${p.n_sig} signatures`);
      if (k && (k.signed || k.alreadySigned))
        idem.push(`payment ${p.id} AWAITING_SIGNATURE but ${k.signed + k.alreadySigned} answers said it was signed`);
      if (k && !k.signRefused) idem.push(`payment ${p.id} left AWAITING_SIGNATURE without a refusal for funds`);
    } else idem.push(`payment ${p.id} is ${p.status}: the run only signs its payments`);
  }
  const completedCount = payRows.filter((p) => p.status === "COMPLETED").length;
  results.push({
    name: "idempotency",
    ok: idem.length === 0,
    details: idem.length
      ? cap(idem)
      : [
          `${ctx.keys.length} keys: ${payRows.length} payments, each key at most one, every answer named its payment` +
            (mixed ? ` (${mixed} keys refused for funds in one attempt and created in another: no double effect)` : ""),
          `${completedCount} payments signed and posted once each (one signature, one ledger transaction), ` +
            `${payRows.length - completedCount} left awaiting signature after a refusal for funds` +
            (signReplays
              ? `; ${signReplays} signed again (a replay, or a sign whose answer was lost) and answered 409, not posted twice`
              : ""),
        ],
  });
  return results;
}
