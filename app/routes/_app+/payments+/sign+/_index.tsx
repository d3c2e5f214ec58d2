/**
 * /payments/sign?ids=a,b&back=… — sign several payments of the unsigned list with ONE code
 * (issue 7 "Signing lists"; spec 000 §4 signing flow, §6; PSD2 RTS Art. 5: the code and its MFA
 * token are bound to exactly this set, and the SMS names the count and the total per currency).
 *
 * - POST intent=start (the list's "Sign selected": `paymentId` checkboxes, `returnTo`): sends one
 *   code for the selection (POST /v1/signatures/send-code with every id) unless a live one exists
 *   for the same set, then redirects here (PRG). The challenge is kept in the session per set.
 * - GET: the selected payments still awaiting signature (payee, account, amount, fee), the total
 *   per currency, those that need a supporting document, the sandbox code
 *   (data-testid="debug-code"), the code form and the resend form (SMS or WHATSAPP, after 60 s).
 *   An official whose signatureType is NONE gets the reason instead of the forms.
 * - POST intent=sign: POST /v1/signatures/validate → one MFA token → POST /v1/payments/:id/sign
 *   for every payment of the set (each one on its own: one may fail for funds or a missing
 *   document while the others are signed) → /payments/sign/result, which says which were signed
 *   and why the others were not.
 * - POST intent=send|resend: a (new) code for the same set.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { MfaToken, Payment, SignPaymentRequest, ValidateSignatureCodeRequest } from "../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { ApiError, type Api } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { verifyCsrf } from "~/lib/csrf.server";
import { apiErrorResponse, validationError, type ServerT } from "~/lib/forms.server";
import i18next from "~/lib/i18next.server";
import { batchSignChallenge, clearBatchSignCode, safeReturnTo, sendBatchSignCode } from "~/lib/payments.server";
import { batchQuery, canSign, selectedIds } from "~/lib/signing";
import { splitScreen } from "~/lib/split-screen";
import { loadSelected, paymentsNeedingDocuments, selectionFromUrl, totalsPerCurrency } from "../__selection.server";
// Server-only: in the browser the screen (form, zod, remix-validated-form) is a chunk of its own.
import { codeValidator, Screen } from "./__batch.screen.server";

export const handle = { i18n: ["payments", "signing", "auth"], titleKey: "signing:batch.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org, user } = await requireAppContext(request);
  const { ids, back } = selectionFromUrl(request);
  const gone = goneCount(request);
  const pending = (await loadSelected(api, ids)).filter((p) => p.status === "AWAITING_SIGNATURE");
  // The set to sign is the payments still awaiting signature: one signed or declined meanwhile
  // (another tab, another official) leaves the set, so the code is asked for what can be signed.
  if (pending.length !== ids.length) {
    const left = pending.map((p) => p.id);
    throw redirect(`/payments/sign${batchQuery(left, back, { gone: String(gone + ids.length - left.length) })}`, {
      headers: await api.headers(),
    });
  }
  const challenge = ids.length ? batchSignChallenge(api, ids) : null;
  return json(
    {
      ids,
      back,
      action: `/payments/sign${batchQuery(ids, back, gone ? { gone: String(gone) } : {})}`,
      payments: pending,
      gone,
      totals: totalsPerCurrency(pending),
      needsDocument: await paymentsNeedingDocuments(api, pending),
      canSign: canSign(org),
      organizationName: org.fullName,
      challenge: challenge
        ? { debugCode: challenge.debugCode ?? null, resendAvailableAt: challenge.resendAvailableAt, channel: challenge.channel }
        : null,
      defaultChannel: user.twilioAuthChannel,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { api, org, user } = await requireAppContext(request);
  await verifyCsrf(request, api.session);
  const t = (await i18next.getFixedT(request, ["errors", "payments", "signing"])) as unknown as ServerT;
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "start") {
    // From the list: the ticked payments that still await signature. Without a live code for
    // this very set, send one now.
    const ticked = selectedIds(form.getAll("paymentId"));
    const ids = (await loadSelected(api, ticked)).filter((p) => p.status === "AWAITING_SIGNATURE").map((p) => p.id);
    const gone = ticked.length - ids.length;
    const page = `/payments/sign${batchQuery(ids, safeReturnTo(form.get("returnTo"), "/payments"), gone ? { gone: String(gone) } : {})}`;
    if (ids.length && canSign(org) && !batchSignChallenge(api, ids)) {
      try {
        await sendBatchSignCode(api, ids, user.twilioAuthChannel);
      } catch (error) {
        // The page shows what is signable and offers to send the code again (where errors show).
        if (!(error instanceof ApiError)) throw error;
      }
    }
    return redirect(page, { headers: await api.headers() });
  }

  const { ids, back } = selectionFromUrl(request);
  const gone = goneCount(request);
  const here = `/payments/sign${batchQuery(ids, back, gone ? { gone: String(gone) } : {})}`;
  if (!ids.length) return redirect(here, { headers: await api.headers() });
  const challenge = batchSignChallenge(api, ids);

  if (intent === "send" || intent === "resend") {
    if (intent === "resend" && challenge && Date.parse(challenge.resendAvailableAt) > Date.now()) {
      return validationError({ fieldErrors: { _form: t("errors:Auth.resend-too-early") }, formId: "resend" }, {});
    }
    const channelValue = form.get("channel");
    const channel = channelValue === "WHATSAPP" || channelValue === "SMS" ? channelValue : user.twilioAuthChannel;
    try {
      await sendBatchSignCode(api, ids, channel);
    } catch (error) {
      return apiErrorResponse(error, t, [], {}, undefined, "resend");
    }
    return redirect(here, { headers: await api.headers() });
  }

  if (intent === "sign") {
    const result = await codeValidator.validate(form);
    if (result.error) return validationError(result.error, {});
    if (!challenge) return validationError({ fieldErrors: { code: t("errors:Auth.code-expired") }, formId: "sign" }, {});
    let mfa: MfaToken;
    try {
      const body: ValidateSignatureCodeRequest = { token: challenge.token, code: result.data.code };
      mfa = await api.post<MfaToken>("/signatures/validate", body);
    } catch (error) {
      // A double submit (no JS): the first request used the code and signed; show the outcome.
      if (await noneAwaitSignature(api, ids)) return redirect(resultUrl(ids, back, []), { headers: await api.headers() });
      return apiErrorResponse(
        error,
        t,
        ["code"],
        {},
        { INVALID_CODE: "code", CODE_EXPIRED: "code", CODE_ATTEMPTS_EXCEEDED: "code" },
        "sign",
      );
    }
    const failed = await signEach(api, ids, mfa.token);
    clearBatchSignCode(api, ids);
    return redirect(resultUrl(ids, back, failed), { headers: await api.headers() });
  }
  return redirect(here, { headers: await api.headers() });
}

/**
 * Sign every payment of the set with the one MFA token, one after the other (each is its own
 * transaction on the API: a refusal leaves that payment awaiting signature and the others go on).
 * @returns the refused ones with the API's error code
 */
async function signEach(api: Api, ids: readonly string[], mfaToken: string): Promise<{ id: string; code: string }[]> {
  const failed: { id: string; code: string }[] = [];
  for (const id of ids) {
    try {
      const body: SignPaymentRequest = { mfaToken, signedAt: new Date().toISOString() };
      await api.post<Payment>(`/payments/${encodeURIComponent(id)}/sign`, body);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      failed.push({ id, code: typeof error.body?.code === "string" ? error.body.code : "ERROR" });
    }
  }
  return failed;
}

/** /payments/sign/result for this set, naming the refused payments and why (`failed=id:CODE,…`). */
function resultUrl(ids: readonly string[], back: string, failed: { id: string; code: string }[]): string {
  const extra = failed.length ? { failed: failed.map((f) => `${f.id}:${f.code}`).join(",") } : undefined;
  return `/payments/sign/result${batchQuery(ids, back, extra)}`;
}

/** How many ticked payments left the selection because they no longer await signature (`?gone=`). */
function goneCount(request: Request): number {
  const n = Number(new URL(request.url).searchParams.get("gone"));
  return Number.isInteger(n) && n > 0 && n <= 100 ? n : 0;
}

/** True when none of the payments awaits signature any more (signed or declined meanwhile). */
async function noneAwaitSignature(api: Api, ids: readonly string[]): Promise<boolean> {
  const selected = await loadSelected(api, ids).catch(() => null);
  return selected !== null && selected.every((p) => p.status !== "AWAITING_SIGNATURE");
}

export default splitScreen(Screen, () => import("./__batch.screen"));

export const ErrorBoundary = RouteErrorBoundary;
