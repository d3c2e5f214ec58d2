/**
 * Payments (spec 000 §3 "Payment", §4 "Payment signing flow", §7 Payments). Signing itself
 * (SCA) lives in server/domain/signing.
 *
 * - create.ts: POST /v1/payments and /v1/payments/check (shared by every kind)
 * - rails/: one module per payment kind (payee rules, provider types, settlement balance)
 * - idempotency.ts: Idempotency-Key rules; post.ts: posting (payment + fee) to the ledger
 * - queries.ts: list, one, decline, signatures, wire form
 * - settlement.ts: staff settle, reject or refund external payments; incoming payments
 */
export { checkPayment, createPayment, createPaymentSchema, type CreatePaymentInput } from "./create.js";
export { findByIdempotencyKey, requestHash } from "./idempotency.js";
export { payerPartyColumns, postPayment } from "./post.js";
export {
  declinePayment,
  getPayment,
  getPaymentRow,
  listPayments,
  listPaymentSignatures,
  notPending,
  paymentsToWire,
  paymentToWire,
} from "./queries.js";
export { RAILS } from "./rails/index.js";
export type { PayerParty, PaymentRow } from "./types.js";
export {
  clearPaymentDrafts,
  DRAFT_FORMS,
  draftFormParam,
  getPaymentDraft,
  savePaymentDraft,
  saveDraftSchema,
  type DraftForm,
} from "./drafts.js";
export {
  EXTERNAL_KINDS,
  getExternalPayment,
  incomingPaymentSchema,
  listExternalPayments,
  listIncomingPayments,
  postIncomingPayment,
  refundExternalPayment,
  rejectExternalPayment,
  SETTLEMENT_STATUSES,
  settleExternalPayment,
  type DecisionOptions,
  type SettlementChange,
  type SettlementMove,
} from "./settlement.js";
