/**
 * Remittance orders, the shared vocabulary (spec 001 §3 "Remittance order", §4): statuses, the
 * staff transitions, the row type and the refusals. Imported by the signing module too, so it
 * imports nothing of server/domain/signing (no cycle).
 */
import type { Database, Tx } from "../../db/client.js";
import type { paymentOrders } from "../../db/schema/index.js";
import type { RemittanceOrderStatus } from "../../api/v1/contract.js";
import { DomainError } from "../errors.js";
import { forbidden } from "../organizations/access.js";
import { getOrganizationBooleanSetting, SETTING_PAYMENTS_ORDERS_ENABLED } from "../settings/index.js";

export type OrderRow = typeof paymentOrders.$inferSelect;

/** Every status, in the order an order goes through them (REJECTED last). */
export const REMITTANCE_STATUSES = [
  "PENDING",
  "QUEUED",
  "PROC",
  "AML",
  "AML_DONE",
  "ACCEPTED",
  "REJECTED",
] as const satisfies readonly RemittanceOrderStatus[];

/** Active orders (spec 001 §3): signed and not rejected. */
export const ACTIVE_STATUSES: readonly RemittanceOrderStatus[] = ["QUEUED", "PROC", "AML", "AML_DONE", "ACCEPTED"];

/**
 * The bank's moves (staff, `advanceRemittanceOrder`): one step forward at a time, or REJECTED
 * from any status between signing and acceptance. PENDING → QUEUED is the customer's signature
 * (never staff's); ACCEPTED and REJECTED are final.
 */
export const STAFF_TRANSITIONS: Readonly<Record<RemittanceOrderStatus, readonly RemittanceOrderStatus[]>> = {
  PENDING: [],
  QUEUED: ["PROC", "REJECTED"],
  PROC: ["AML", "REJECTED"],
  AML: ["AML_DONE", "REJECTED"],
  AML_DONE: ["ACCEPTED", "REJECTED"],
  ACCEPTED: [],
  REJECTED: [],
};

/**
 * The reason stored on an order a member declined before signing (spec 000 §4 "Unsigned
 * transactions can be signed or cancelled (declined)"; `declineRemittanceOrder`): its
 * rejectionReason and the reason of its PENDING → REJECTED payment_order_events row. The web
 * shows its own translated words instead (contract RemittanceOrder.rejectedBy = CUSTOMER).
 */
export const CUSTOMER_DECLINE_REASON = "Declined by the customer before signing";

/**
 * Who rejected an order: CUSTOMER when a member declined it unsigned (REJECTED and never signed:
 * staff can reject only from QUEUED on, after a signature), BANK for the bank's rejection, null
 * when it is not REJECTED.
 */
export function rejectedBy(order: Pick<OrderRow, "status" | "signedAt">): "CUSTOMER" | "BANK" | null {
  if (order.status !== "REJECTED") return null;
  return order.signedAt ? "BANK" : "CUSTOMER";
}

/** 409 ORDER_STATUS_CONFLICT: the order's status does not allow `what`. */
export function orderStatusConflict(status: string, what: string): DomainError {
  return new DomainError("ORDER_STATUS_CONFLICT", `The remittance order is ${status}: ${what}`);
}

/** Whether remittance orders are enabled for the organization (PAYMENTS-ORDERS-ENABLED, its override first; default false). */
export function ordersEnabled(db: Database | Tx, organizationId: string): Promise<boolean> {
  return getOrganizationBooleanSetting(db, organizationId, SETTING_PAYMENTS_ORDERS_ENABLED, false);
}

/** 403 FORBIDDEN: orders are not enabled for the organization. */
export function ordersDisabled(): DomainError {
  return forbidden("Remittance orders are not available for this organization");
}
