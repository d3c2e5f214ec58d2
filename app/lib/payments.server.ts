/**
 * Payment creation and the start of signing (spec 000 §4 "Payment signing flow"):
 * POST /v1/payments (Idempotency-Key) → if AWAITING_SIGNATURE, POST /v1/signatures/send-code
 * {paymentIds:[id], mfa:'PHONE', channel}, challenge kept in the session by payment id →
 * redirect to the signing page; if COMPLETED (no signature duty) → redirect to the receipt.
 */
import { redirect } from "@remix-run/node";
import type { CodeChallenge, CreatePaymentRequest, OtpChannel, Payment, SendSignatureCodeRequest } from "../../server/api/v1/contract";
import type { Api } from "./api.server";

/** Send a signing code for one payment and remember the challenge in the session. */
export async function sendSignCode(api: Api, paymentId: string, channel: OtpChannel): Promise<CodeChallenge> {
  const body: SendSignatureCodeRequest = { paymentIds: [paymentId], mfa: "PHONE", channel };
  const challenge = await api.post<CodeChallenge>("/signatures/send-code", body);
  const all = { ...(api.session.get("sign") ?? {}) };
  // Keep the cookie small: only the latest few challenges.
  for (const key of Object.keys(all).slice(0, Math.max(0, Object.keys(all).length - 4))) delete all[key];
  all[paymentId] = {
    token: challenge.token,
    expiresAt: challenge.expiresAt,
    resendAvailableAt: challenge.resendAvailableAt,
    channel: challenge.channel,
    debugCode: challenge.debugCode,
  };
  api.session.set("sign", all);
  api.touch();
  return challenge;
}

/** Forget the signing challenge of a payment. */
export function clearSignCode(api: Api, paymentId: string): void {
  const all = { ...(api.session.get("sign") ?? {}) };
  delete all[paymentId];
  api.session.set("sign", all);
  api.touch();
}

/**
 * Create a payment and move on to signing or to the receipt.
 * @param idempotencyKey from the form's hidden field (same key on resubmit → same payment)
 * @returns redirect Response (to /payments/:id/sign or /payments/:id)
 * @throws ApiError from POST /v1/payments (map to the form)
 */
export async function createPaymentAndSign(api: Api, body: CreatePaymentRequest, idempotencyKey: string, channel: OtpChannel): Promise<Response> {
  const payment = await api.post<Payment>("/payments", body, { idempotencyKey });
  if (payment.status !== "AWAITING_SIGNATURE") return redirect(`/payments/${payment.id}`, { headers: await api.headers() });
  try {
    await sendSignCode(api, payment.id, channel);
  } catch (error) {
    if (error instanceof Response) throw error;
    // The payment exists: the signing page offers to send the code again.
  }
  return redirect(`/payments/${payment.id}/sign`, { headers: await api.headers() });
}

/** Only same-site paths are accepted as return targets (no open redirect). */
export function safeReturnTo(value: FormDataEntryValue | null, fallback: string): string {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") ? value : fallback;
}
