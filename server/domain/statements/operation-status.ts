/**
 * Where a statement item's operation stands (spec 000 §3 "operationStatus"; the values are the
 * spec's Process status PENDING, IN_PROCCESS, COMPLETED, spelled as the spec spells them; contract
 * OperationStatus; docs/decisions.md "Statement list item fields"). Pure: the list query joins
 * what it reads (the item's payment, remittance order and FX rate request).
 */
import type { OperationStatus } from "../../api/v1/contract.js";

/** What the rule reads of an item and the operations its ledger transaction belongs to. */
export interface OperationStatusInput {
  /** The item's ledger transaction. */
  transactionId: string;
  /** The payment of the item's ledger transaction (ledger_transactions.payment_id), if any. */
  payment: {
    ledgerTransactionId: string | null;
    feeLedgerTransactionId: string | null;
    /** null (in-house), PENDING, SETTLED, REJECTED or REFUNDED (payments.settlement_status). */
    settlementStatus: string | null;
  } | null;
  /** The remittance order whose sum or refund the transaction is, if any. */
  order: { ledgerTransactionId: string | null; status: string } | null;
  /** The FX rate request whose hold the transaction is, if any. */
  fxRequest: { status: string } | null;
}

/** Remittance order statuses while the bank works on the order (spec 001 §3; server/domain/remittance). */
const ORDER_IN_PROCESS = new Set(["PROC", "AML", "AML_DONE"]);

/**
 * @returns PENDING for the sum of a remittance order still QUEUED and for the hold of an FX rate
 *   request awaiting the bank's decision (PENDING); IN_PROCCESS for the sum or fee of a payment on
 *   an external rail whose settlement is PENDING and for the sum of a remittance order in PROC,
 *   AML or AML_DONE; COMPLETED otherwise — a posted item of any other operation is final, and a
 *   refund (a rejected or refunded payment or order, a rejected FX request) is itself complete.
 */
export function operationStatus(item: OperationStatusInput): OperationStatus {
  const { transactionId, payment, order, fxRequest } = item;
  if (
    payment?.settlementStatus === "PENDING" &&
    (payment.ledgerTransactionId === transactionId || payment.feeLedgerTransactionId === transactionId)
  )
    return "IN_PROCCESS";
  if (order && order.ledgerTransactionId === transactionId) {
    if (order.status === "QUEUED") return "PENDING";
    if (ORDER_IN_PROCESS.has(order.status)) return "IN_PROCCESS";
  }
  if (fxRequest?.status === "PENDING") return "PENDING";
  return "COMPLETED";
}
