/**
 * The back office's payments decisions (issue 13; docs/ops.md "Payments"): settle, reject or
 * refund an external payment, post an incoming payment, accept or reject an FX rate request —
 * each the same domain function `npm run bank -- payment:* | fx:*` calls, with the audit entry
 * (`recordStaffAction`) written inside the decision's own transaction (the functions' `within`
 * hook), so a decision and its entry commit together or not at all. The actor recorded on the
 * subject is `staff:<staff user id>`.
 */
import { and, count, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { fxRequests, payments } from "../../db/schema/index.js";
import type { FxRequest, IncomingPayment, OpsExternalPayment } from "../../api/v1/contract.js";
import { decideFxRequest } from "../exchange/fx-requests.js";
import {
  EXTERNAL_KINDS,
  postIncomingPayment,
  refundExternalPayment,
  rejectExternalPayment,
  settleExternalPayment,
  type SettlementMove,
} from "../payments/settlement.js";
import { auditActor, recordStaffAction, subjectActor, type StaffActor } from "./audit.js";

/** What the audit entry keeps of an external payment (status, settlement, sums). */
function paymentSnapshot(p: OpsExternalPayment): Record<string, unknown> {
  return {
    status: p.status,
    settlementStatus: p.settlement.status,
    settlementReason: p.settlement.reason,
    kind: p.kind,
    amount: p.amount,
    currencyId: p.currencyId,
    fee: p.fee,
    organizationId: p.organizationId,
    beneficiary: p.benificiaryFullName,
  };
}

/** What the audit entry keeps of an FX rate request. */
function fxSnapshot(r: FxRequest): Record<string, unknown> {
  return {
    status: r.status,
    organizationId: r.organizationId,
    sell: `${r.exchangeCurrencyFixedSum} ${r.exchangeCurrencyFrom.id}`,
    buy: `${r.exchangeCurrencyFlexibleSum} ${r.exchangeCurrencyTo.id}`,
    rate: r.proposedRate,
    decisionReason: r.decisionReason,
  };
}

/**
 * Settle, reject or refund an external payment as `actor` (a staff user or the command line), audited as `payment.<move>`
 * (subject `payment`, the reason, before/after status and settlement).
 * @param reason required for reject and refund (1..500 characters)
 * @returns contract OpsExternalPayment after the move
 * @throws 404 NOT_FOUND, 409 PAYMENT_SETTLEMENT_CONFLICT, 400 VALIDATION_FAILED (reason)
 */
export function decideExternalPayment(
  db: Database,
  staffActor: StaffActor,
  paymentId: string,
  d: { move: SettlementMove; reason?: string },
): Promise<OpsExternalPayment> {
  const actor = subjectActor(staffActor);
  const within = {
    within: async (
      tx: Parameters<typeof recordStaffAction>[0],
      c: { before: OpsExternalPayment | null; after: OpsExternalPayment; ledgerTransactionId: string | null },
    ) => {
      await recordStaffAction(tx, {
        ...auditActor(staffActor),
        action: `payment.${d.move}`,
        subjectType: "payment",
        subjectId: paymentId,
        reason: c.after.settlement.reason,
        before: c.before ? paymentSnapshot(c.before) : null,
        after: { ...paymentSnapshot(c.after), ledgerTransactionId: c.ledgerTransactionId },
      });
    },
  };
  if (d.move === "settle") return settleExternalPayment(db, { paymentId, actor }, within);
  if (d.move === "reject") return rejectExternalPayment(db, { paymentId, reason: d.reason ?? "", actor }, within);
  return refundExternalPayment(db, { paymentId, reason: d.reason ?? "", actor }, within);
}

/**
 * Post an incoming payment as `actor` (a staff user or the command line), audited as `payment.incoming` (subject
 * `incoming_payment`, after: balance, amount, payer). A replay (same idempotency key) writes no
 * second entry: nothing was decided again.
 * @returns contract IncomingPayment
 * @throws see postIncomingPayment
 */
export function staffPostIncomingPayment(db: Database, actor: StaffActor, body: unknown): Promise<IncomingPayment> {
  return postIncomingPayment(db, body, subjectActor(actor), {
    within: async (tx, c) => {
      await recordStaffAction(tx, {
        ...auditActor(actor),
        action: "payment.incoming",
        subjectType: "incoming_payment",
        subjectId: c.after.id,
        before: null,
        after: {
          organizationId: c.after.organizationId,
          accountNumber: c.after.accountNumber,
          balanceId: c.after.balanceId,
          amount: c.after.amount,
          currencyId: c.after.currencyId,
          payerName: c.after.payerName,
          payerAccount: c.after.payerAccount,
          reference: c.after.reference,
          ledgerTransactionId: c.ledgerTransactionId,
        },
      });
    },
  });
}

/**
 * Accept or reject a signed FX rate request as `actor` (a staff user or the command line), audited as `fx-request.accept` /
 * `fx-request.reject` (subject `fx_request`).
 * @param reason required to reject (1..500 characters)
 * @returns contract FxRequest after the decision
 * @throws 404 NOT_FOUND, 409 FX_REQUEST_STATUS_CONFLICT, 400 VALIDATION_FAILED (reason)
 */
export function decideFxRequestAsStaff(
  db: Database,
  actor: StaffActor,
  requestId: string,
  d: { decision: "accept" | "reject"; reason?: string },
): Promise<FxRequest> {
  return decideFxRequest(
    db,
    {
      requestId,
      decision: d.decision === "accept" ? "ACCEPTED" : "REJECTED",
      reason: d.reason ?? null,
      actor: subjectActor(actor),
    },
    {
      within: async (tx, c) => {
        await recordStaffAction(tx, {
          ...auditActor(actor),
          action: `fx-request.${d.decision}`,
          subjectType: "fx_request",
          subjectId: requestId,
          reason: c.after.decisionReason,
          before: fxSnapshot(c.before),
          after: { ...fxSnapshot(c.after), ledgerTransactionId: c.ledgerTransactionId },
        });
      },
    },
  );
}

/**
 * The PAYMENTS queue for the /ops start page: external payments waiting for settlement
 * (settlement status PENDING) and signed FX rate requests waiting for a decision (PENDING).
 */
export async function paymentsQueueCounts(db: Database): Promise<{ payments: number; fxRequests: number }> {
  const [[p], [f]] = await Promise.all([
    db
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.settlementStatus, "PENDING"), inArray(payments.kind, EXTERNAL_KINDS))),
    db.select({ n: count() }).from(fxRequests).where(eq(fxRequests.status, "PENDING")),
  ]);
  return { payments: Number(p.n), fxRequests: Number(f.n) };
}
