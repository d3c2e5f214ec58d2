/**
 * The action of a one-item signing page (spec 000 §4 signing flow; used by the remittance order
 * and FX rate request pages): the form's `intent` send / resend (POST /v1/signatures/send-code,
 * challenge kept in the session; a resend before its time is refused on the resend form) or sign
 * (the code → POST /v1/signatures/validate → MFA token → the item's sign call → `signedTo`). A
 * double submit that finds the item signed already goes to its page instead of showing an error.
 * The caller has checked the CSRF token and that the item still awaits signature.
 */
import { redirect } from "@remix-run/node";
import type { Validator } from "remix-validated-form";
import type { MfaToken, OtpChannel, SignPaymentRequest, ValidateSignatureCodeRequest } from "../../server/api/v1/contract";
import { ApiError, type Api } from "~/lib/api.server";
import { apiErrorResponse, validationError, type ServerT } from "~/lib/forms.server";

/** What the action needs to know about the item being signed. */
export interface SigningTarget {
  api: Api;
  /** The user's preferred channel (used when the form names none). */
  defaultChannel: OtpChannel;
  /** This signing page (redirect after sending a code). */
  here: string;
  /** The item's page (when it turns out signed already). */
  itemPage: string;
  /** Where to go after signing. */
  signedTo: string;
  /** The live challenge of the session, or null. */
  challenge: { token: string; resendAvailableAt: string } | null;
  send: (channel: OtpChannel) => Promise<unknown>;
  clear: () => void;
  /** POST the item's sign call with `body`. */
  sign: (body: SignPaymentRequest) => Promise<unknown>;
  /** True when the item was signed meanwhile (e.g. a double submit without JavaScript). */
  signedMeanwhile: () => Promise<boolean>;
}

/**
 * Run the signing form's intent.
 * @param form the posted form; @param codeValidator the code form's schema (field `code`)
 * @returns a redirect, or a validation error response for the sign or resend form
 */
export async function signingAction(
  form: FormData,
  target: SigningTarget,
  t: ServerT,
  codeValidator: Validator<{ code: string }>,
): Promise<Response> {
  const { api, challenge } = target;
  const intent = form.get("intent");
  const go = async (to: string) => redirect(to, { headers: await api.headers() });
  if (intent === "send" || intent === "resend") {
    if (intent === "resend" && challenge && Date.parse(challenge.resendAvailableAt) > Date.now())
      return validationError({ fieldErrors: { _form: t("errors:Auth.resend-too-early") }, formId: "resend" }, {});
    if (intent === "send" && challenge) return go(target.here);
    const value = form.get("channel");
    const channel = value === "WHATSAPP" || value === "SMS" ? value : target.defaultChannel;
    try {
      await target.send(channel);
    } catch (error) {
      return apiErrorResponse(error, t, [], {}, undefined, "resend");
    }
    return go(target.here);
  }
  if (intent !== "sign") return go(target.here);
  const result = await codeValidator.validate(form);
  if (result.error) return validationError(result.error, {});
  if (!challenge) return validationError({ fieldErrors: { code: t("errors:Auth.code-expired") }, formId: "sign" }, {});
  let mfa: MfaToken;
  try {
    const body: ValidateSignatureCodeRequest = { token: challenge.token, code: result.data.code };
    mfa = await api.post<MfaToken>("/signatures/validate", body);
  } catch (error) {
    if (await signedByAnotherRequest(error, target.signedMeanwhile)) return go(target.itemPage);
    const codeFields = { INVALID_CODE: "code", CODE_EXPIRED: "code", CODE_ATTEMPTS_EXCEEDED: "code" };
    return apiErrorResponse(error, t, ["code"], {}, codeFields, "sign");
  }
  try {
    await target.sign({ mfaToken: mfa.token, signedAt: new Date().toISOString() });
  } catch (error) {
    target.clear();
    if (await target.signedMeanwhile()) return go(target.itemPage);
    const response = apiErrorResponse(error, t, [], {}, undefined, "sign");
    (await api.headers()).forEach((value, name) => response.headers.append(name, value));
    return response;
  }
  target.clear();
  return go(target.signedTo);
}

/** How long a refused code waits for another request's signing (`signedByAnotherRequest`), ms. */
export const SPENT_CODE_WAIT_MS = 3_000;

/**
 * After POST /v1/signatures/validate refused the code: whether the items were signed by another
 * request meanwhile, so the page can show the outcome instead of an error (a double submit
 * without JavaScript sends the signing form twice). The API answers a code already used
 * CODE_EXPIRED; on PostgreSQL the two requests run side by side, and the one that used the code
 * may still be between its code check and its signing, with the items awaiting signature. So on
 * CODE_EXPIRED the check is repeated every `everyMs` for up to `waitMs` (the other request's
 * signing takes milliseconds; a code that really expired is refused by the page before the call
 * where it knows the deadline, so the wait is spent only when the API knew better); on any other
 * refusal (a wrong code) it is checked once.
 * @param error what the validate call threw
 * @param signedMeanwhile true once the items no longer await signature
 * @returns true when they were signed (or declined) meanwhile
 */
export async function signedByAnotherRequest(
  error: unknown,
  signedMeanwhile: () => Promise<boolean>,
  { waitMs = SPENT_CODE_WAIT_MS, everyMs = 100 }: { waitMs?: number; everyMs?: number } = {},
): Promise<boolean> {
  if (await signedMeanwhile()) return true;
  if (!(error instanceof ApiError && error.body.code === "CODE_EXPIRED")) return false;
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    if (await signedMeanwhile()) return true;
  }
  return false;
}
