/**
 * What signing (server/domain/signing) needs to know about remittance orders: which orders a
 * caller may request a code for (`loadSignableOrders`) and the orders a token's binding names
 * (`ordersByIds`). Orders share the MFA binding of payments (PSD2 RTS Art. 5 dynamic linking):
 * the binding hash covers each order's sum, currency and whole payee. No import of signing.
 */
import { eq, inArray } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import { currencies, organizationMembers, organizations, paymentOrders, users } from "../../db/schema/index.js";
import { callerMembershipOn, checkSignable, membershipColumns } from "../organizations/access.js";
import { orderStatusConflict, ordersDisabled, ordersEnabled, type OrderRow } from "./model.js";

/**
 * Orders the caller may request a signing code for, in the order of `ids`: each in an
 * organization the caller is an APPROVED member of (else 404), with a signature duty there (403),
 * orders enabled for it (403) and still PENDING (409 ORDER_STATUS_CONFLICT).
 * @returns the rows, the scale of their currencies, the caller's phone and preferred channel
 */
export async function loadSignableOrders(
  db: Database,
  userId: string,
  ids: string[],
): Promise<{ rows: OrderRow[]; scaleOf: Map<string, number>; phone: string; otpChannel: string }> {
  const found = await db
    .select({
      row: paymentOrders,
      ...membershipColumns,
      scale: currencies.scale,
      phone: users.phone,
      otpChannel: users.otpChannel,
    })
    .from(paymentOrders)
    .innerJoin(organizationMembers, callerMembershipOn(userId, paymentOrders.organizationId))
    .innerJoin(organizations, eq(organizations.id, paymentOrders.organizationId))
    .innerJoin(currencies, eq(currencies.id, paymentOrders.currencyId))
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(inArray(paymentOrders.id, ids));
  const rows = await checkSignable(ids, found, {
    what: "Remittance order",
    dutyMessage: "You are not allowed to sign remittance orders of this organization",
    enabled: (organizationId) => ordersEnabled(db, organizationId),
    disabled: ordersDisabled,
    ready: (o) => (o.status === "PENDING" ? null : orderStatusConflict(o.status, "only a PENDING order can be signed")),
  });
  const scaleOf = new Map(found.map((f) => [f.row.currencyId, f.scale]));
  return { rows, scaleOf, phone: found[0].phone, otpChannel: found[0].otpChannel };
}

/** The orders among `ids` as they are now (no access check: the ids come from a token's binding). */
export async function ordersByIds(db: Database | Tx, ids: string[]): Promise<OrderRow[]> {
  if (!ids.length) return [];
  return db.select().from(paymentOrders).where(inArray(paymentOrders.id, ids));
}
