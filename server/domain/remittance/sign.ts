/**
 * Signing a remittance order (POST /v1/payments-orders/:id/sign; spec 001 §4 "remittance …
 * follow the core signing flow"): exactly the rules of `signPayment` (server/domain/signing),
 * with the code from POST /v1/signatures/send-code { paymentOrderIds }.
 */
import { eq } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import { currencies, organizationMembers, organizations, paymentOrders, paymentOrderSignatures } from "../../db/schema/index.js";
import type { RemittanceOrder } from "../../api/v1/contract.js";
import { isUuid } from "../accounts/index.js";
import { fieldErrors } from "../errors.js";
import { pgErrorCode, withSerializableRetry } from "../ledger/index.js";
import {
  callerMembershipOn,
  forbidden,
  hasSignatureDuty,
  membershipColumns,
  notFound,
  toMembership,
} from "../organizations/access.js";
import { checkSignedAt, currentBindingHash, findMfaToken, mfaInvalid, signSchema } from "../signing/index.js";
import { orderStatusConflict, ordersDisabled, ordersEnabled } from "./model.js";
import { addEvent, customerActor, holdOrderSum, orderToWire } from "./index.js";

/** The order locked FOR UPDATE with the caller's membership of its organization, or null (not the caller's). */
async function lockOrderToSign(tx: Tx, userId: string, orderId: string) {
  if (!isUuid(orderId)) return null;
  const [row] = await tx
    .select({ order: paymentOrders, ...membershipColumns, scale: currencies.scale })
    .from(paymentOrders)
    .innerJoin(organizationMembers, callerMembershipOn(userId, paymentOrders.organizationId))
    .innerJoin(organizations, eq(organizations.id, paymentOrders.organizationId))
    .innerJoin(currencies, eq(currencies.id, paymentOrders.currencyId))
    .where(eq(paymentOrders.id, orderId))
    .for("update", { of: paymentOrders });
  if (!row) return null;
  return { order: row.order, membership: toMembership(row.order.organizationId, row) };
}

/**
 * POST /v1/payments-orders/:id/sign. In ONE database transaction, in order: the order in the
 * caller's organizations (404; its row locked by the query that finds it); signedAt an ISO time
 * within ±10 minutes (400 `signedAt`); the MFA token exists, is unexpired, is the caller's and
 * names this order (401 MFA_TOKEN_INVALID); the order is still PENDING (409
 * ORDER_STATUS_CONFLICT: never a second hold); the caller has a signature duty (403); orders are
 * enabled for the organization (403); the binding hash recomputed from the rows as they are now
 * equals the signed one (401 MFA_TOKEN_INVALID); the sum is held (customer balance →
 * REMITTANCE_CLEARING; 400 INSUFFICIENT_FUNDS on `sum` leaves it PENDING and the token unused);
 * status QUEUED, signedAt = server time, a payment_order_signatures row recording the token (a
 * token signs an order once: unique index) and a payment_order_events row.
 * @returns contract RemittanceOrder (QUEUED)
 */
export async function signRemittanceOrder(
  db: Database,
  input: { userId: string; orderId: string; body: unknown },
): Promise<RemittanceOrder> {
  const now = new Date();
  return withSerializableRetry(db, async (tx) => {
    const locked = await lockOrderToSign(tx, input.userId, input.orderId);
    if (!locked) throw notFound("Remittance order");
    const parsed = signSchema.safeParse(input.body);
    if (!parsed.success) throw fieldErrors(parsed.error);
    const clientSignedAt = checkSignedAt(parsed.data.signedAt, now);
    const token = await findMfaToken(tx, parsed.data.mfaToken);
    if (!token || token.userId !== input.userId || token.expiresAt <= now || !token.paymentIds.includes(input.orderId)) {
      throw mfaInvalid();
    }
    const { order, membership } = locked;
    if (order.status !== "PENDING") throw orderStatusConflict(order.status, "only a PENDING order can be signed");
    if (!hasSignatureDuty(membership)) throw forbidden("You are not allowed to sign remittance orders of this organization");
    if (!(await ordersEnabled(tx, order.organizationId))) throw ordersDisabled();
    if ((await currentBindingHash(tx, token.paymentIds, { order })) !== token.bindingHash) throw mfaInvalid();
    const serverNow = new Date();
    const ledgerTransactionId = await holdOrderSum(tx, order);
    await tx
      .update(paymentOrders)
      .set({ status: "QUEUED", signedAt: serverNow, ledgerTransactionId, updatedAt: serverNow })
      .where(eq(paymentOrders.id, order.id));
    await tx.insert(paymentOrderSignatures).values({
      orderId: order.id,
      userId: input.userId,
      signedAt: serverNow,
      clientSignedAt,
      mfaTokenId: token.id,
    });
    await addEvent(tx, order.id, "PENDING", "QUEUED", customerActor(input.userId));
    return orderToWire(tx, order.id);
  }).catch((err) => {
    // payment_order_signatures (mfa_token_id, order_id) is unique: a token signs an order once.
    if (pgErrorCode(err) === "23505") throw mfaInvalid();
    throw err;
  });
}
