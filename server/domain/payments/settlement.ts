/**
 * Settlement of payments on external rails, and incoming payments from other banks (issue 13,
 * back office "payments"; spec 000 §3 "Transaction status: SENT, ADDED, REFUND. operationType:
 * COMMON, TRANSACTION_FEE, SERVICE_FEE, REFUND"; §4 "Statement items … mapped states SENT, ADDED,
 * REFUND"). Staff reach these from `/ops/payments` and `npm run bank -- payment:*`.
 *
 * A signed payment on an external rail (`Rail.clearing` not null: EURO, GBP, USD, INTERNATIONAL,
 * CRYPTO_ASSET_PAYMENT, CASH_OVER_COUNTER) posts payer → the rail's clearing balance and gets
 * `settlementStatus` PENDING (post.ts). From there:
 *
 * | move   | from              | ledger transaction (one, balanced per currency)                     | payment after |
 * |--------|-------------------|---------------------------------------------------------------------|---------------|
 * | settle | PENDING           | clearing −sum → EXTERNAL_SETTLEMENT +sum (kind PAYMENT_SETTLEMENT)  | COMPLETED, SETTLED |
 * | reject | PENDING           | clearing −sum → payer +sum; FEE_INCOME −fee → payer's fee balance +fee; all REFUND (kind PAYMENT_REFUND) | FAILED, REJECTED |
 * | refund | PENDING, SETTLED  | clearing (PENDING) or EXTERNAL_SETTLEMENT (SETTLED) −sum → payer +sum, REFUND (kind PAYMENT_REFUND); the fee is kept | COMPLETED, REFUNDED |
 *
 * Decisions (docs/ops.md "Payments"): a rejection means the bank or the scheme refused the
 * payment before it left, so the service was not given and the fee comes back too; a refund
 * means the money came back (returned by the beneficiary's bank, or recalled at the payer's
 * request) after the bank did its part, so the fee is kept. The payer's REFUND items are what
 * the customer sees in history and statements (statement status REFUND). Each move happens once:
 * the payment row is locked (SELECT … FOR UPDATE) and its settlement status checked in the same
 * transaction, so a double submit or 50 concurrent refunds move money once; the others get 409
 * PAYMENT_SETTLEMENT_CONFLICT. The customer is notified after commit (Notifications.payment-rejected
 * / payment-refunded / incoming-payment).
 *
 * An incoming payment credits a customer balance from INCOMING_CLEARING (an ADDED item: a
 * positive COMMON posting), recorded in `incoming_payments` under a unique idempotency key.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database, Tx } from "../../db/client.js";
import { accounts, balances, currencies, incomingPayments, organizations, payments } from "../../db/schema/index.js";
import type {
  CurrencyCode,
  IncomingPayment,
  OpsExternalPayment,
  OpsExternalPaymentList,
  PaymentKind,
  SettlementStatus,
} from "../../api/v1/contract.js";
import { amountErrorText, validateWireAmount } from "../../rules/amount.js";
import { isUuid } from "../accounts/index.js";
import { notifyIncomingPayment, notifyPaymentReturned } from "../chat/notify.js";
import { DomainError, fieldError, fieldErrors } from "../errors.js";
import { postTransaction, withSerializableRetry, type PostingInput } from "../ledger/index.js";
import { Decimal, formatAmount } from "../ledger/money.js";
import { systemBalanceId } from "../ledger/system.js";
import { FEE_COUNTERPARTY } from "../ledger/labels.js";
import { notFound } from "../organizations/access.js";
import { organizationFullName } from "../organizations/index.js";
import { encodeCursor, newestFirst } from "../pagination.js";
import { requestHash } from "./idempotency.js";
import { paymentsToWire, settlementOf } from "./queries.js";
import { RAILS } from "./rails/index.js";
import type { PaymentRow } from "./types.js";

/** Payment kinds of external rails (those with a clearing balance): the ones that settle. */
export const EXTERNAL_KINDS = (Object.keys(RAILS) as PaymentKind[]).filter((k) => RAILS[k].clearing !== null);

/** Settlement statuses (contract SettlementStatus), in the order a payment meets them. */
export const SETTLEMENT_STATUSES: readonly SettlementStatus[] = ["PENDING", "SETTLED", "REJECTED", "REFUNDED"];

/** A settlement move staff can make. */
export type SettlementMove = "settle" | "reject" | "refund";

/** Statuses each move starts from (module doc table). */
const FROM: Record<SettlementMove, readonly SettlementStatus[]> = {
  settle: ["PENDING"],
  reject: ["PENDING"],
  refund: ["PENDING", "SETTLED"],
};

/** What a decision changed, for the caller's audit entry written in the same transaction. */
export interface SettlementChange<T> {
  before: T | null;
  after: T;
  /** The ledger transaction the decision posted (null for a replayed incoming payment). */
  ledgerTransactionId: string | null;
}

/** Options of the staff decisions. */
export interface DecisionOptions<T> {
  /**
   * Called inside the decision's database transaction after the move (e.g. the back office's
   * `recordStaffAction`), so the decision and its audit entry commit together or not at all.
   */
  within?: (tx: Tx, change: SettlementChange<T>) => Promise<void>;
}

/** 409 PAYMENT_SETTLEMENT_CONFLICT naming the payment's status. */
function settlementConflict(status: string | null, move: SettlementMove): DomainError {
  const verb = { settle: "settled", reject: "rejected", refund: "refunded" }[move];
  return new DomainError(
    "PAYMENT_SETTLEMENT_CONFLICT",
    status === null
      ? `The payment cannot be ${verb}: it is not a posted payment on an external rail`
      : `The payment is ${status}: it cannot be ${verb}`,
  );
}

/** A staff actor (1..100 characters, never a customer's "user:…"). @throws 400 on `actor` */
function staffActor(actor: string): string {
  const a = actor.trim();
  if (!a || a.length > 100 || a.startsWith("user:"))
    throw fieldError("actor", "isStaffActor", "actor must name the bank's staff (1..100 characters)");
  return a;
}

/** A reason the customer sees (1..500 characters, trimmed). @throws 400 on `reason` */
function requiredReason(reason: string | null | undefined): string {
  const r = reason?.trim() ?? "";
  if (!r) throw fieldError("reason", "isNotEmpty", "reason should not be empty");
  if (r.length > 500) throw fieldError("reason", "maxLength", "reason must be at most 500 characters");
  return r;
}

/** Rows → contract OpsExternalPayment (payment wire form + payer organization name + settlement). */
export async function externalPaymentsToWire(db: Database | Tx, rows: PaymentRow[]): Promise<OpsExternalPayment[]> {
  if (!rows.length) return [];
  const wire = await paymentsToWire(db, rows);
  const orgs = await db
    .select({
      id: organizations.id,
      type: organizations.type,
      companyName: organizations.companyName,
      firstName: organizations.firstName,
      lastName: organizations.lastName,
    })
    .from(organizations)
    .where(
      inArray(
        organizations.id,
        rows.map((r) => r.organizationId),
      ),
    );
  const names = new Map(orgs.map((o) => [o.id, organizationFullName(o)]));
  return wire.map((w, i) => ({
    ...w,
    organizationName: names.get(w.organizationId) ?? "",
    settlement: settlementOf(rows[i]) ?? { status: "PENDING", reason: null, settledAt: null, returnedAt: null },
  }));
}

/**
 * Staff: the payments on external rails, newest first (creation time, then id), cursor-paged.
 * @param q.rail one of EXTERNAL_KINDS (payment kind), all when absent; q.status a settlement
 *   status (default PENDING); q.take 1..100 (default 20); q.cursor a previous page's nextCursor
 * @returns contract OpsExternalPaymentList `{ data, nextCursor }`
 * @throws 400 VALIDATION_FAILED on `rail`, `status`, `take` or `cursor`
 */
export async function listExternalPayments(
  db: Database,
  q: { rail?: string; status?: string; take?: number; cursor?: string } = {},
): Promise<OpsExternalPaymentList> {
  if (q.rail !== undefined && !(EXTERNAL_KINDS as string[]).includes(q.rail))
    throw fieldError("rail", "isEnum", `rail must be one of ${EXTERNAL_KINDS.join(", ")}`);
  const status = q.status ?? "PENDING";
  if (!(SETTLEMENT_STATUSES as string[]).includes(status))
    throw fieldError("status", "isEnum", `status must be one of ${SETTLEMENT_STATUSES.join(", ")}`);
  const take = q.take ?? 20;
  if (!Number.isInteger(take) || take < 1 || take > 100)
    throw fieldError("take", "isInt", "take must be an integer from 1 to 100");
  const { order, after } = newestFirst(payments.createdAt, payments.id, q.cursor);
  const conditions: SQL[] = [eq(payments.settlementStatus, status), inArray(payments.kind, q.rail ? [q.rail] : EXTERNAL_KINDS)];
  if (after) conditions.push(after);
  const rows = await db
    .select()
    .from(payments)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(take + 1);
  const page = rows.slice(0, take);
  const last = page[page.length - 1];
  return {
    data: await externalPaymentsToWire(db, page),
    nextCursor: rows.length > take && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/**
 * Staff: one payment of any organization in the staff form (404 NOT_FOUND for an unknown id or
 * an in-house payment, which has no settlement).
 */
export async function getExternalPayment(db: Database | Tx, paymentId: string): Promise<OpsExternalPayment> {
  if (!isUuid(paymentId)) throw notFound("Payment");
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), inArray(payments.kind, EXTERNAL_KINDS)))
    .limit(1);
  if (!row) throw notFound("Payment");
  return (await externalPaymentsToWire(db, [row]))[0];
}

/**
 * One settlement move (module doc table) in one transaction under the payment's row lock.
 * @throws 400 VALIDATION_FAILED (reason, actor), 404 NOT_FOUND, 409 PAYMENT_SETTLEMENT_CONFLICT
 */
async function move(
  db: Database,
  kind: SettlementMove,
  input: { paymentId: string; reason?: string | null; actor: string },
  opts: DecisionOptions<OpsExternalPayment>,
): Promise<OpsExternalPayment> {
  const actor = staffActor(input.actor);
  const reason = kind === "settle" ? null : requiredReason(input.reason);
  if (!isUuid(input.paymentId)) throw notFound("Payment");
  const after = await withSerializableRetry(db, async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for("update");
    if (!p) throw notFound("Payment");
    const rail = RAILS[p.kind as PaymentKind];
    if (!rail?.clearing) throw notFound("Payment");
    const status = p.settlementStatus as SettlementStatus | null;
    if (!p.creditBalanceId || status === null || !FROM[kind].includes(status)) throw settlementConflict(status, kind);
    const before = (await externalPaymentsToWire(tx, [p]))[0];
    const now = new Date();
    const sum = new Decimal(p.amount);
    let ledgerTransactionId: string;
    let set: Partial<typeof payments.$inferInsert>;
    if (kind === "settle") {
      const posted = await postTransaction(tx, {
        kind: "PAYMENT_SETTLEMENT",
        description: `${p.kind} payment ${p.id} settled`,
        paymentId: p.id,
        transferDate: now,
        postings: [
          { balanceId: p.creditBalanceId, amount: sum.neg(), counterpartyName: p.beneficiaryName, reference: p.reference },
          {
            balanceId: await systemBalanceId(tx, "EXTERNAL_SETTLEMENT", p.currencyId),
            amount: sum,
            counterpartyName: p.beneficiaryName,
            counterpartyAccount: p.beneficiaryAccount,
            reference: p.reference,
          },
        ],
      });
      ledgerTransactionId = posted.transactionId;
      set = { settlementStatus: "SETTLED", settledAt: now, settlementLedgerTransactionId: ledgerTransactionId };
    } else {
      const source = status === "SETTLED" ? await systemBalanceId(tx, "EXTERNAL_SETTLEMENT", p.currencyId) : p.creditBalanceId;
      const legs: PostingInput[] = [
        {
          balanceId: source,
          amount: sum.neg(),
          counterpartyName: p.beneficiaryName,
          reference: p.reference,
          operationType: "REFUND",
        },
        {
          balanceId: p.debitBalanceId,
          amount: sum,
          counterpartyName: p.beneficiaryName,
          counterpartyAccount: p.beneficiaryAccount,
          reference: p.reference,
          operationType: "REFUND",
        },
      ];
      const fee = p.feeAmount && p.feeBalanceId && p.feeCurrencyId && p.feeLedgerTransactionId ? new Decimal(p.feeAmount) : null;
      if (kind === "reject" && fee && fee.gt(0))
        legs.push(
          {
            balanceId: await systemBalanceId(tx, "FEE_INCOME", p.feeCurrencyId!),
            amount: fee.neg(),
            counterpartyName: p.beneficiaryName,
            reference: p.reference,
            operationType: "REFUND",
          },
          {
            balanceId: p.feeBalanceId!,
            amount: fee,
            counterpartyName: FEE_COUNTERPARTY,
            reference: p.reference,
            operationType: "REFUND",
          },
        );
      const posted = await postTransaction(tx, {
        kind: "PAYMENT_REFUND",
        description: `${kind === "reject" ? "Rejected" : "Refunded"}: ${p.kind} payment ${p.id}. ${reason}`,
        transferDate: now,
        postings: legs,
      });
      ledgerTransactionId = posted.transactionId;
      set = {
        ...(kind === "reject" ? { status: "FAILED" } : {}),
        settlementStatus: kind === "reject" ? "REJECTED" : "REFUNDED",
        settlementReason: reason,
        returnedAt: now,
        refundLedgerTransactionId: ledgerTransactionId,
      };
    }
    const [updated] = await tx
      .update(payments)
      .set({ ...set, settlementDecidedBy: actor })
      .where(and(eq(payments.id, p.id), eq(payments.settlementStatus, status)))
      .returning();
    if (!updated) throw settlementConflict(status, kind);
    const afterWire = (await externalPaymentsToWire(tx, [updated]))[0];
    await opts.within?.(tx, { before, after: afterWire, ledgerTransactionId });
    return afterWire;
  });
  if (kind !== "settle") await notifyPaymentReturned(db, after);
  return after;
}

/**
 * Staff: settle a payment on an external rail — the scheme or partner has paid it out. Its sum
 * moves from the rail's clearing balance to EXTERNAL_SETTLEMENT (no customer balance changes);
 * settlement status PENDING → SETTLED. Only once; only for external rails.
 * @param input.paymentId any organization's payment; input.actor who decides (1..100 characters,
 *   e.g. "staff:cli" or "staff:<staff user id>")
 * @returns contract OpsExternalPayment after the move
 * @throws 400 VALIDATION_FAILED (actor), 404 NOT_FOUND (unknown id, in-house payment), 409
 *   PAYMENT_SETTLEMENT_CONFLICT (not PENDING: unsigned, settled, rejected or refunded)
 */
export function settleExternalPayment(
  db: Database,
  input: { paymentId: string; actor: string },
  opts: DecisionOptions<OpsExternalPayment> = {},
): Promise<OpsExternalPayment> {
  return move(db, "settle", input, opts);
}

/**
 * Staff: reject a payment on an external rail before it left the bank (the scheme or the bank's
 * checks refused it). The sum comes back from the clearing balance and the fee from FEE_INCOME
 * to the payer's balances as REFUND items (statement status REFUND) in one ledger transaction;
 * the payment becomes FAILED with settlement status REJECTED and the reason the customer sees.
 * @param input.reason 1..500 characters (trimmed)
 * @returns contract OpsExternalPayment after the move
 * @throws 400 VALIDATION_FAILED (reason, actor), 404 NOT_FOUND, 409 PAYMENT_SETTLEMENT_CONFLICT (not PENDING)
 */
export function rejectExternalPayment(
  db: Database,
  input: { paymentId: string; reason: string; actor: string },
  opts: DecisionOptions<OpsExternalPayment> = {},
): Promise<OpsExternalPayment> {
  return move(db, "reject", input, opts);
}

/**
 * Staff: refund a payment on an external rail whose money came back (returned by the
 * beneficiary's bank or partner, or recalled). The sum comes back to the payer's balance as a
 * REFUND item, from EXTERNAL_SETTLEMENT when the payment was SETTLED, else from the rail's
 * clearing balance; the fee is kept (the bank did its part). The payment stays COMPLETED with
 * settlement status REFUNDED and the reason. Twice never refunds twice (409 the second time).
 * @param input.reason 1..500 characters (trimmed)
 * @returns contract OpsExternalPayment after the move
 * @throws 400 VALIDATION_FAILED (reason, actor), 404 NOT_FOUND, 409 PAYMENT_SETTLEMENT_CONFLICT
 *   (not PENDING or SETTLED)
 */
export function refundExternalPayment(
  db: Database,
  input: { paymentId: string; reason: string; actor: string },
  opts: DecisionOptions<OpsExternalPayment> = {},
): Promise<OpsExternalPayment> {
  return move(db, "refund", input, opts);
}

// ------------------------------------------------------------------ incoming payments

const text = (max: number) =>
  z.preprocess((v) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.trim()) : v), z.string().max(max).optional());

/** Body of POST /v1/ops/payments/incoming (contract IncomingPaymentRequest). */
export const incomingPaymentSchema = z
  .object({
    balanceId: text(36),
    account: text(42),
    currencyId: text(8),
    amount: z.string().max(40),
    payerName: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().min(1).max(140)),
    payerAccount: text(42),
    reference: text(140),
    idempotencyKey: z.string().min(8).max(100),
  })
  .strip();

/** Account number or IBAN as typed → the stored form (no spaces, upper case). */
const compactAccount = (v: string) => v.replace(/\s+/g, "").toUpperCase();

/**
 * Staff: credit a customer's balance with a payment that arrived from another bank. One ledger
 * transaction INCOMING_CLEARING −amount → the customer's balance +amount (operationType COMMON:
 * the history shows an ADDED item titled with the payer's name, with their account and the
 * reference), recorded in `incoming_payments`. Idempotent by `idempotencyKey`: the same key and
 * body answers the first posting (`replayed: true`) without crediting again, also under
 * concurrent submissions (unique index); the same key with another body is refused.
 * @param body contract IncomingPaymentRequest: the balance by `balanceId`, or by `account`
 *   (account number or IBAN of a customer account) and `currencyId`; `amount` a positive decimal
 *   string at most the currency's scale; payerName 1..140, payerAccount ≤ 42, reference ≤ 140
 * @param actor who posts it (1..100 characters)
 * @returns contract IncomingPayment
 * @throws 400 VALIDATION_FAILED (field errors on the body's properties), 404 NOT_FOUND (no such
 *   customer balance), 409 IDEMPOTENCY_KEY_REUSED
 */
export async function postIncomingPayment(
  db: Database,
  body: unknown,
  actor: string,
  opts: DecisionOptions<IncomingPayment> = {},
): Promise<IncomingPayment> {
  const who = staffActor(actor);
  const parsed = incomingPaymentSchema.safeParse(body);
  if (!parsed.success) throw fieldErrors(parsed.error);
  const b = parsed.data;
  if (b.balanceId === undefined && b.account === undefined)
    throw fieldError("account", "isNotEmpty", "account should not be empty (or give balanceId)");
  if (b.balanceId === undefined && b.currencyId === undefined)
    throw fieldError("currencyId", "isNotEmpty", "currencyId should not be empty");
  if (b.balanceId !== undefined && !isUuid(b.balanceId)) throw fieldError("balanceId", "isUuid", "balanceId must be a UUID");

  const [target] = await db
    .select({ balance: balances, account: accounts, scale: currencies.scale, org: organizations })
    .from(balances)
    .innerJoin(accounts, eq(accounts.id, balances.accountId))
    .innerJoin(currencies, eq(currencies.id, balances.currencyId))
    .innerJoin(organizations, eq(organizations.id, accounts.organizationId))
    .where(
      and(
        eq(accounts.system, false),
        b.balanceId !== undefined
          ? eq(balances.id, b.balanceId)
          : and(
              eq(balances.currencyId, b.currencyId!.toUpperCase()),
              sql`(${accounts.number} = ${compactAccount(b.account!)} or upper(replace(${accounts.iban}, ' ', '')) = ${compactAccount(b.account!)})`,
            ),
        ...(b.balanceId !== undefined && b.currencyId !== undefined ? [eq(balances.currencyId, b.currencyId.toUpperCase())] : []),
      ),
    )
    .limit(1);
  if (!target) throw notFound("Customer balance");
  const amountResult = validateWireAmount(b.amount, { scale: target.scale });
  if (!amountResult.ok) throw fieldError("amount", amountResult.error, amountErrorText(amountResult.error));
  const amount = new Decimal(amountResult.value);
  const hash = requestHash({
    balanceId: target.balance.id,
    amount: amount.toFixed(),
    payerName: b.payerName,
    payerAccount: b.payerAccount,
    reference: b.reference,
  });
  const organizationName = organizationFullName(target.org);
  const toWire = (r: typeof incomingPayments.$inferSelect, replayed: boolean): IncomingPayment => ({
    id: r.id,
    organizationId: r.organizationId,
    organizationName,
    balanceId: r.balanceId,
    accountNumber: target.account.number,
    currencyId: r.currencyId as CurrencyCode,
    amount: formatAmount(r.amount, target.scale),
    payerName: r.payerName,
    payerAccount: r.payerAccount,
    reference: r.reference,
    ledgerTransactionId: r.ledgerTransactionId,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    replayed,
  });

  const result = await withSerializableRetry(db, async (tx) => {
    const [inserted] = await tx
      .insert(incomingPayments)
      .values({
        idempotencyKey: b.idempotencyKey,
        requestHash: hash,
        balanceId: target.balance.id,
        organizationId: target.org.id,
        currencyId: target.balance.currencyId,
        amount: amount.toFixed(),
        payerName: b.payerName,
        payerAccount: b.payerAccount ?? null,
        reference: b.reference ?? null,
        createdBy: who,
      })
      .onConflictDoNothing({ target: incomingPayments.idempotencyKey })
      .returning();
    if (!inserted) {
      const [first] = await tx.select().from(incomingPayments).where(eq(incomingPayments.idempotencyKey, b.idempotencyKey));
      if (!first || first.requestHash !== hash)
        throw new DomainError("IDEMPOTENCY_KEY_REUSED", "This idempotency key was used for another incoming payment");
      return { wire: toWire(first, true), fresh: false };
    }
    const posted = await postTransaction(tx, {
      kind: "INCOMING",
      description: `Incoming payment ${inserted.id} from ${b.payerName}`,
      postings: [
        {
          balanceId: await systemBalanceId(tx, "INCOMING_CLEARING", target.balance.currencyId),
          amount: amount.neg(),
          counterpartyName: organizationName,
          counterpartyAccount: target.account.iban ?? target.account.number,
          reference: b.reference ?? null,
        },
        {
          balanceId: target.balance.id,
          amount,
          counterpartyName: b.payerName,
          counterpartyAccount: b.payerAccount ?? null,
          reference: b.reference ?? null,
        },
      ],
    });
    const [row] = await tx
      .update(incomingPayments)
      .set({ ledgerTransactionId: posted.transactionId })
      .where(eq(incomingPayments.id, inserted.id))
      .returning();
    const wire = toWire(row, false);
    await opts.within?.(tx, { before: null, after: wire, ledgerTransactionId: posted.transactionId });
    return { wire, fresh: true };
  });
  if (result.fresh) await notifyIncomingPayment(db, result.wire);
  return result.wire;
}

/**
 * Staff: the incoming payments posted, newest first (creation time, then id), cursor-paged.
 * @param q.take 1..100 (default 20); q.cursor a previous page's nextCursor
 * @throws 400 VALIDATION_FAILED on `take` or `cursor`
 */
export async function listIncomingPayments(
  db: Database,
  q: { take?: number; cursor?: string } = {},
): Promise<{ data: IncomingPayment[]; nextCursor: string | null }> {
  const take = q.take ?? 20;
  if (!Number.isInteger(take) || take < 1 || take > 100)
    throw fieldError("take", "isInt", "take must be an integer from 1 to 100");
  const { order, after } = newestFirst(incomingPayments.createdAt, incomingPayments.id, q.cursor);
  const rows = await db
    .select({ r: incomingPayments, number: accounts.number, scale: currencies.scale, org: organizations })
    .from(incomingPayments)
    .innerJoin(balances, eq(balances.id, incomingPayments.balanceId))
    .innerJoin(accounts, eq(accounts.id, balances.accountId))
    .innerJoin(currencies, eq(currencies.id, incomingPayments.currencyId))
    .innerJoin(organizations, eq(organizations.id, incomingPayments.organizationId))
    .where(after)
    .orderBy(...order)
    .limit(take + 1);
  const page = rows.slice(0, take);
  const last = page[page.length - 1];
  return {
    data: page.map(({ r, number, scale, org }) => ({
      id: r.id,
      organizationId: r.organizationId,
      organizationName: organizationFullName(org),
      balanceId: r.balanceId,
      accountNumber: number,
      currencyId: r.currencyId as CurrencyCode,
      amount: formatAmount(r.amount, scale),
      payerName: r.payerName,
      payerAccount: r.payerAccount,
      reference: r.reference,
      ledgerTransactionId: r.ledgerTransactionId,
      createdBy: r.createdBy,
      createdAt: r.createdAt.toISOString(),
      replayed: false,
    })),
    nextCursor: rows.length > take && last ? encodeCursor(last.r.createdAt, last.r.id) : null,
  };
}
