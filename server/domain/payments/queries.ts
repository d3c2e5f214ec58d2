/**
 * Reading payments (spec 000 §7 Payments: list, one, decline, signatures) and their wire form
 * (contract Payment). Payments are visible to members of their organization only; anything
 * else answers 404 NOT_FOUND (never revealing that an id exists).
 */
import { and, asc, count, desc, eq, inArray, lt, or } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import { accounts, balances, currencies, paymentSignatures, payments, users } from "../../db/schema/index.js";
import type {
  CurrencyCode,
  PayeeAccount,
  Payment,
  PaymentKind,
  PaymentList,
  PaymentSettlement,
  PaymentStatus,
  ProviderPaymentTypeCode,
  SettlementStatus,
  SignaturePage,
} from "../../api/v1/contract.js";
import { DomainError } from "../errors.js";
import { withSerializableRetry } from "../ledger/index.js";
import { formatAmount } from "../ledger/money.js";
import { memberOrganizationIds, memberOrganizationIdsQuery, notFound, requireMembership } from "../organizations/access.js";
import { isUuid } from "../accounts/index.js";
import { decodeCursor, encodeCursor } from "../pagination.js";
import { documentIdsFor } from "../uploads/index.js";
import { notifyPaymentOutcome } from "../chat/notify.js";
import { RAILS } from "./rails/index.js";
import { payeeAccountInEnglish } from "./rails/payee-account.js";
import type { PaymentRow } from "./types.js";

/** The settlement part of a payment's wire form (null for in-house kinds and unposted payments). */
export function settlementOf(p: PaymentRow): PaymentSettlement | null {
  if (!p.settlementStatus) return null;
  return {
    status: p.settlementStatus as SettlementStatus,
    reason: p.settlementReason,
    settledAt: p.settledAt?.toISOString() ?? null,
    returnedAt: p.returnedAt?.toISOString() ?? null,
  };
}

/** Payment row (+ payer account number, currency scale) → contract Payment. */
export function paymentToWire(
  p: PaymentRow,
  accountNumber: string,
  scale: number,
  documentIds: string[] = [],
  feeScale: number = p.feeCurrencyId === p.currencyId ? scale : 2,
): Payment {
  const amount = formatAmount(p.amount, scale);
  const payee = {
    paymentType: (p.paymentType as ProviderPaymentTypeCode | null) ?? null,
    beneficiaryName: p.beneficiaryName,
    beneficiaryAccount: p.beneficiaryAccount,
    beneficiaryBic: p.beneficiaryBic,
    details: p.payeeDetails ?? {},
  };
  const payeeAccount: PayeeAccount = RAILS[p.kind as PaymentKind]?.describe(payee) ?? {
    form: "ACCOUNT",
    values: { account: p.beneficiaryAccount ?? "" },
  };
  return {
    id: p.id,
    organizationId: p.organizationId,
    kind: p.kind as PaymentKind,
    paymentType: (p.paymentType as ProviderPaymentTypeCode | null) ?? null,
    status: p.status as PaymentStatus,
    accountId: p.accountId,
    accountNumber,
    currencyId: p.currencyId as CurrencyCode,
    amount,
    sum: amount,
    benificiaryFullName: p.beneficiaryName,
    beneficiaryAccount: p.beneficiaryAccount,
    payeeDescription: payeeAccountInEnglish(payeeAccount),
    payeeAccount,
    payeeDetails: p.payeeDetails ?? {},
    reference: p.reference,
    purpose: p.purpose,
    categoryId: p.categoryId,
    fee:
      p.feeAmount && p.feeCurrencyId
        ? {
            amount: formatAmount(p.feeAmount, feeScale),
            currencyId: p.feeCurrencyId as CurrencyCode,
          }
        : null,
    documentIds,
    createdAt: p.createdAt.toISOString(),
    transferDate: p.transferDate?.toISOString() ?? null,
    signedAt: p.signedAt?.toISOString() ?? null,
    requiresSignature: p.requiresSignature,
    settlement: settlementOf(p),
    // No payment belongs to a remittance order: an order posts its own ledger transactions.
    paymentOrderId: null,
  };
}

/**
 * Contract Payment for rows, in one query: each payment's debit balance belongs to its payer
 * account and is in its currency, so it leads to the account number and the currency scale (and
 * the fee's balance to the fee currency's scale).
 */
export async function paymentsToWire(db: Database | Tx, rows: PaymentRow[]): Promise<Payment[]> {
  if (!rows.length) return [];
  const debits = await db
    .select({ balanceId: balances.id, number: accounts.number, scale: currencies.scale })
    .from(balances)
    .innerJoin(accounts, eq(accounts.id, balances.accountId))
    .innerJoin(currencies, eq(currencies.id, balances.currencyId))
    .where(
      inArray(balances.id, [...new Set(rows.flatMap((r) => [r.debitBalanceId, ...(r.feeBalanceId ? [r.feeBalanceId] : [])]))]),
    );
  const byBalance = new Map(debits.map((d) => [d.balanceId, d]));
  const documents = await documentIdsFor(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    paymentToWire(
      r,
      byBalance.get(r.debitBalanceId)?.number ?? "",
      byBalance.get(r.debitBalanceId)?.scale ?? 2,
      documents.get(r.id) ?? [],
      r.feeBalanceId ? byBalance.get(r.feeBalanceId)?.scale : undefined,
    ),
  );
}

/**
 * GET /v1/payments: the caller's payments (one organization, 403 if not a member, or all of
 * theirs), newest first, optional status filter, keyset pagination (take 1..100, default 20).
 * `totalCount` counts every payment matching the filters (not only this page): the home
 * screen's signing tab shows the number of unsigned items (spec 000 §2) from it.
 * @returns contract PaymentList `{ data, nextCursor, totalCount }`
 */
export async function listPayments(
  db: Database,
  userId: string,
  q: { organizationId?: string; status?: PaymentStatus; take: number; cursor?: string },
): Promise<PaymentList> {
  const orgIds = q.organizationId
    ? [(await requireMembership(db, userId, q.organizationId)).organizationId]
    : await memberOrganizationIds(db, userId);
  if (!orgIds.length) return { data: [], nextCursor: null, totalCount: 0 };
  const filters = [inArray(payments.organizationId, orgIds)];
  if (q.status) filters.push(eq(payments.status, q.status));
  const conditions = [...filters];
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    conditions.push(or(lt(payments.createdAt, c.date), and(eq(payments.createdAt, c.date), lt(payments.id, c.id)))!);
  }
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(and(...conditions))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(q.take + 1),
    db
      .select({ total: count() })
      .from(payments)
      .where(and(...filters)),
  ]);
  const page = rows.slice(0, q.take);
  const last = page[page.length - 1];
  return {
    data: await paymentsToWire(db, page),
    nextCursor: rows.length > q.take && last ? encodeCursor(last.createdAt, last.id) : null,
    totalCount: Number(total),
  };
}

/** Payment row of the caller's organizations, or 404 NOT_FOUND. Optionally locks it (FOR UPDATE). */
export async function getPaymentRow(db: Database | Tx, userId: string, paymentId: string, lock = false): Promise<PaymentRow> {
  if (!isUuid(paymentId)) throw notFound("Payment");
  const query = db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), inArray(payments.organizationId, memberOrganizationIdsQuery(db, userId))))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("Payment");
  return row;
}

/** GET /v1/payments/:id → Payment, 404 NOT_FOUND outside the caller's organizations. */
export async function getPayment(db: Database, userId: string, paymentId: string): Promise<Payment> {
  return (await paymentsToWire(db, [await getPaymentRow(db, userId, paymentId)]))[0];
}

/** 409 PAYMENT_NOT_PENDING. */
export function notPending(status: string): DomainError {
  return new DomainError("PAYMENT_NOT_PENDING", `The payment is ${status}, not awaiting signature`);
}

/**
 * DELETE /v1/payments/:id/decline: AWAITING_SIGNATURE → DECLINED; 409 PAYMENT_NOT_PENDING otherwise; 404 outside.
 * After commit the organization is notified (server/domain/chat/notify.ts, Notifications.payment-declined).
 */
export async function declinePayment(db: Database, userId: string, paymentId: string): Promise<Payment> {
  const row = await withSerializableRetry(db, async (tx) => {
    const p = await getPaymentRow(tx, userId, paymentId, true);
    if (p.status !== "AWAITING_SIGNATURE") throw notPending(p.status);
    const [updated] = await tx.update(payments).set({ status: "DECLINED" }).where(eq(payments.id, p.id)).returning();
    return updated;
  });
  const declined = (await paymentsToWire(db, [row]))[0];
  await notifyPaymentOutcome(db, declined);
  return declined;
}

/**
 * GET /v1/payments/:id/signatures (spec 000 §7 "signatures for an unsigned transaction returned
 * as edges of nodes"; §3 Signature record): who signed the payment and when, oldest first, as
 * `{ edges: [{ node: { id, createdAt, user: { profile: { firstName, lastName } } } }] }`.
 * Every member of the payment's organization may read it (the web app asks for CORPORATE
 * organizations only, spec 000 §6). 404 outside the caller's organizations.
 */
export async function listPaymentSignatures(db: Database, userId: string, paymentId: string): Promise<SignaturePage> {
  const p = await getPaymentRow(db, userId, paymentId);
  const rows = await db
    .select({
      id: paymentSignatures.id,
      signedAt: paymentSignatures.signedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(paymentSignatures)
    .innerJoin(users, eq(users.id, paymentSignatures.userId))
    .where(eq(paymentSignatures.paymentId, p.id))
    .orderBy(asc(paymentSignatures.signedAt), asc(paymentSignatures.id));
  return {
    edges: rows.map((r) => ({
      node: {
        id: r.id,
        createdAt: r.signedAt.toISOString(),
        user: { profile: { firstName: r.firstName, lastName: r.lastName } },
      },
    })),
  };
}
