/**
 * Server helpers of the remittance pages (/payments/remittance…; spec 001 §3, §4, §7): whether
 * orders are enabled for the active organization (GET /v1/settings/payments?organizationId=),
 * one order (GET /v1/payments-orders/:id), the signing code (POST /v1/signatures/send-code
 * { paymentOrderIds }) kept in the session like a payment's, and the new-order form's
 * idempotency key kept in the session until the order it made is signed.
 */
import type { CodeChallenge, OtpChannel, PaymentsSettings, RemittanceOrderDetail } from "../../../../../server/api/v1/contract";
import { ApiError, type Api } from "~/lib/api.server";
import { keptFormKey, readOrNull, rememberFormKey } from "~/lib/form-key.server";
import { clearChallenge, liveChallenge, sendChallenge } from "~/lib/sign-challenge.server";

/** Whether PAYMENTS-ORDERS-ENABLED is on for the organization (false when the API cannot say). */
export async function ordersEnabled(api: Api, organizationId: string): Promise<boolean> {
  try {
    const settings = await api.get<PaymentsSettings>("/settings/payments", { organizationId });
    return settings["PAYMENTS-ORDERS-ENABLED"] === true;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}

/** 404 unless remittance orders are enabled for the organization (the pages do not exist for it). */
export async function requireOrdersEnabled(api: Api, organizationId: string): Promise<void> {
  if (!(await ordersEnabled(api, organizationId)))
    throw new Response("Remittance orders are not available", { status: 404, headers: await api.headers() });
}

/** One of the caller's orders with its history, or a 404 Response. */
export async function loadOrder(api: Api, orderId: string): Promise<RemittanceOrderDetail> {
  try {
    return await api.get<RemittanceOrderDetail>(`/payments-orders/${encodeURIComponent(orderId)}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw new Response("Not found", { status: 404, headers: await api.headers() });
    throw error;
  }
}

/** Session key of an order's signing challenge (beside the payments' ones, keyed by payment id). */
const challengeKey = (orderId: string) => `order:${orderId}`;

/** The order's live signing challenge from the session, or null. */
export function orderChallenge(api: Api, orderId: string) {
  return liveChallenge(api, challengeKey(orderId));
}

/** Send a signing code for one order and keep the challenge in the session. */
export async function sendOrderCode(api: Api, orderId: string, channel: OtpChannel): Promise<CodeChallenge> {
  return sendChallenge(api, challengeKey(orderId), { paymentOrderIds: [orderId], mfa: "PHONE", channel });
}

/** Forget an order's signing challenge. */
export function clearOrderCode(api: Api, orderId: string): void {
  clearChallenge(api, challengeKey(orderId));
}

/**
 * The new-order form's idempotency key, kept in the session (lib/form-key.server.ts
 * `keptFormKey`): handed out again until the order it created has been signed (a double submit or
 * back-and-resubmit replays that order; its page offers to sign it), then a new one (a new order
 * is a new decision). A creator who cannot sign (the order waits for another official) asks for a
 * new order with `?after=<the waiting order's id>`: only that order releases the key (as
 * lib/payments.server `paymentFormKey`).
 * @param organizationId the active organization (a key of another one is released)
 * @param releaseAfter the `after` query parameter, or null
 * @returns `key` for the hidden field, `pendingOrderId` while the form's order awaits signature
 */
export async function orderFormKey(
  api: Api,
  organizationId: string,
  releaseAfter: string | null = null,
): Promise<{ key: string; pendingOrderId: string | null }> {
  const { key, open } = await keptFormKey(api, "remittanceKey", organizationId, releaseAfter, async (id) => {
    const order = await readOrNull(api.get<RemittanceOrderDetail>(`/payments-orders/${encodeURIComponent(id)}`));
    return order?.status === "PENDING" ? id : null;
  });
  return { key, pendingOrderId: open };
}

/** Remember which order the form's key created (see `orderFormKey`). */
export function rememberOrderKey(api: Api, organizationId: string, key: string, orderId: string): void {
  rememberFormKey(api, "remittanceKey", organizationId, key, orderId);
}
