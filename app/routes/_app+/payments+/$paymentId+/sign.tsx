/**
 * /payments/:paymentId/sign — strong customer authentication of one payment (spec 000 §4
 * signing flow, SMS code popup as a page): shows what is signed (amount, currency, payee),
 * the 4-digit code input (auto-submits at 4 digits with JS), the sandbox code
 * (data-testid="debug-code"), and a resend form after 60 s (SMS or WHATSAPP).
 * Submit: POST /v1/signatures/validate → mfaToken → POST /v1/payments/:id/sign → receipt.
 * The challenge token is kept in the session keyed by payment id.
 *
 * Supporting documents (issue 6, spec 000 §4 "optionally attach locally kept documents"): the
 * attached ones are listed (download links); a plain multipart form (`intent=upload`, files in
 * `files`) uploads more: POST /v1/uploads, POST /v1/payments/:id/documents, then back here
 * (PRG); refusals (type, size: 'Identity.max-size-error') come back on `files`. Resubmitted, the
 * form uploads its files again; the API attaches a file the payment holds (same bytes and name)
 * once and deletes that copy. When the payment needs a document (GET
 * /v1/settings/transactions-documents: its kind, or its amount from the threshold up) and has
 * none, the page says so, and signing answers that message before the code is spent (the API
 * refuses too: 400 DOCUMENTS_REQUIRED).
 *
 * "Change details" (a link to /payments/:id/change, shown for a payment made from a form in this
 * session): decline it and reopen its form with the values (docs/decisions.md).
 *
 * An official whose signatureType is NONE (spec 000 §4, §6) is told why they cannot sign,
 * instead of the code and resend forms (issue 7 "Corporate signatures").
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { MfaToken, Payment, SignPaymentRequest, ValidateSignatureCodeRequest } from "../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { ApiError, type Api } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { verifyCsrf } from "~/lib/csrf.server";
import { apiErrorResponse, validationError } from "~/lib/forms.server";
import i18next from "~/lib/i18next.server";
import { changeableForm, clearSignCode, sendSignCode } from "~/lib/payments.server";
import { canSignFor, organizationOf } from "~/lib/signing";
import { signedByAnotherRequest } from "~/lib/sign-action.server";
import { splitScreen } from "~/lib/split-screen";
// Server-only: in the browser the screen (form, remix-validated-form) is a chunk of its own; its rules
// (zod, …) another, loaded when the form is first used (lib/lazy-validator.ts).
import { codeValidator, Screen, uploadValidator } from "./__sign.screen.server";
import {
  attachDocuments,
  chosenFiles,
  DEFAULT_ACCEPT,
  documentsErrorResponse,
  documentsRequired,
  loadDocuments,
  loadDocumentsRule,
  readUploadForm,
  uploadReadErrorResponse,
} from "./__documents.server";

export const handle = { i18n: ["payments", "auth", "signing"], titleKey: "payments:sign.title" };

export { codeValidator };

type Translate = (k: string, o?: Record<string, unknown>) => string;

async function loadPayment(request: Request, paymentId: string) {
  const ctx = await requireAppContext(request);
  try {
    const payment = await ctx.api.get<Payment>(`/payments/${encodeURIComponent(paymentId)}`);
    return { ...ctx, payment };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, payment, user, org } = await loadPayment(request, params.paymentId ?? "");
  if (payment.status !== "AWAITING_SIGNATURE") throw redirect(`/payments/${payment.id}`, { headers: await api.headers() });
  const challenge = api.session.get("sign")?.[payment.id];
  const live = challenge && Date.parse(challenge.expiresAt) > Date.now() ? challenge : null;
  const [documents, rule, changeable] = await Promise.all([
    loadDocuments(api, payment),
    loadDocumentsRule(api),
    changeableForm(api, payment.id, payment.organizationId),
  ]);
  return json(
    {
      payment,
      challenge: live
        ? { debugCode: live.debugCode ?? null, resendAvailableAt: live.resendAvailableAt, channel: live.channel }
        : null,
      defaultChannel: user.twilioAuthChannel,
      // Who signs is the payment's organization's business, not the active one's (the payment may
      // be another of the customer's organizations': a link from a notification, another tab).
      canSign: canSignFor(user.organizations, payment.organizationId),
      organizationName: (organizationOf(user.organizations, payment.organizationId) ?? org).fullName,
      /** "Change details" (decline, then the form with the values): only for a payment made from a form of this session. */
      changeHref: changeable ? `/payments/${payment.id}/change` : null,
      documents,
      documentsRule: {
        /** Why this payment needs a document (null: it does not, or the rule is unknown). */
        reason: rule ? documentsRequired(rule, payment) : null,
        thresholdAmount: rule?.thresholdAmount ?? null,
        accept: (rule?.allowedTypes ?? DEFAULT_ACCEPT).join(","),
      },
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const paymentId = params.paymentId ?? "";
  const { api, payment, user } = await loadPayment(request, paymentId);
  // The upload form is the only multipart one: its body is read with limits, never buffered whole.
  if (/^multipart\/form-data\b/i.test(request.headers.get("Content-Type") ?? "")) {
    return uploadDocuments(request, api, payment);
  }
  await verifyCsrf(request, api.session);
  const t = (await i18next.getFixedT(request, ["errors", "payments"])) as unknown as Translate;
  const form = await request.formData();
  const intent = form.get("intent");
  const here = `/payments/${payment.id}/sign`;
  if (payment.status !== "AWAITING_SIGNATURE") return redirect(`/payments/${payment.id}`, { headers: await api.headers() });
  const challenge = api.session.get("sign")?.[payment.id];

  if (intent === "send" || intent === "resend") {
    if (intent === "resend" && challenge && Date.parse(challenge.resendAvailableAt) > Date.now()) {
      return validationError({ fieldErrors: { _form: t("errors:Auth.resend-too-early") }, formId: "resend" }, {});
    }
    // "send" from a list: reuse a live challenge instead of texting a new code.
    if (intent === "send" && challenge && Date.parse(challenge.expiresAt) > Date.now()) {
      return redirect(here, { headers: await api.headers() });
    }
    const channelValue = form.get("channel");
    const channel = channelValue === "WHATSAPP" || channelValue === "SMS" ? channelValue : user.twilioAuthChannel;
    try {
      await sendSignCode(api, payment.id, channel);
    } catch (error) {
      return apiErrorResponse(error, t, [], {}, undefined, "resend");
    }
    return redirect(here, { headers: await api.headers() });
  }

  if (intent === "sign") {
    // A payment that needs a supporting document and has none: say so before the code is spent.
    if (!payment.documentIds.length) {
      const rule = await loadDocumentsRule(api);
      if (rule && documentsRequired(rule, payment)) {
        return validationError(
          { fieldErrors: { _form: t("errors:Payments.documents-required") }, formId: "sign" },
          {},
          { status: 400 },
        );
      }
    }
    const result = await codeValidator.validate(form);
    if (result.error) return validationError(result.error, {});
    if (!challenge || Date.parse(challenge.expiresAt) <= Date.now()) {
      return validationError({ fieldErrors: { code: t("errors:Auth.code-expired") }, formId: "sign" }, {});
    }
    let mfa: MfaToken;
    try {
      const body: ValidateSignatureCodeRequest = { token: challenge.token, code: result.data.code };
      mfa = await api.post<MfaToken>("/signatures/validate", body);
    } catch (error) {
      // A double submit (no JS): the first request used the code and signed; this one finds the
      // code spent. Show the outcome, not a misleading "code expired".
      if (await signedByAnotherRequest(error, () => isNoLongerPending(api, payment.id)))
        return redirect(`/payments/${payment.id}`, { headers: await api.headers() });
      return apiErrorResponse(
        error,
        t,
        ["code"],
        {},
        { INVALID_CODE: "code", CODE_EXPIRED: "code", CODE_ATTEMPTS_EXCEEDED: "code" },
        "sign",
      );
    }
    try {
      const body: SignPaymentRequest = { mfaToken: mfa.token, signedAt: new Date().toISOString() };
      await api.post<Payment>(`/payments/${payment.id}/sign`, body);
    } catch (error) {
      clearSignCode(api, payment.id);
      if (await isNoLongerPending(api, payment.id)) return redirect(`/payments/${payment.id}`, { headers: await api.headers() });
      return apiErrorResponse(error, t, [], {}, undefined, "sign");
    }
    clearSignCode(api, payment.id);
    return redirect(`/payments/${payment.id}`, { headers: await api.headers() });
  }
  return redirect(here, { headers: await api.headers() });
}

/**
 * intent=upload (multipart): read the form with limits, verify CSRF from it, upload the chosen
 * files and attach them to the payment, then back to the signing page (PRG: a reload does not
 * upload again). Refusals come back on `files` (form "documents"), status 400.
 */
async function uploadDocuments(request: Request, api: Api, payment: Payment) {
  const { form, error } = await readUploadForm(request);
  await verifyCsrf(request, api.session, form);
  const t = (await i18next.getFixedT(request, ["errors", "payments"])) as unknown as Translate;
  if (payment.status !== "AWAITING_SIGNATURE") return redirect(`/payments/${payment.id}`, { headers: await api.headers() });
  if (error) return uploadReadErrorResponse(error, t);
  const result = await uploadValidator.validate(form);
  if (result.error) return validationError(result.error, {}, { status: 400 });
  try {
    await attachDocuments(api, payment, chosenFiles(form));
  } catch (e) {
    return documentsErrorResponse(e, t);
  }
  return redirect(`/payments/${payment.id}/sign`, { headers: await api.headers() });
}

/** True when the payment was signed or declined meanwhile (e.g. by a concurrent request). */
async function isNoLongerPending(api: Awaited<ReturnType<typeof requireAppContext>>["api"], paymentId: string): Promise<boolean> {
  const fresh = await api.get<Payment>(`/payments/${encodeURIComponent(paymentId)}`).catch(() => null);
  return fresh !== null && fresh.status !== "AWAITING_SIGNATURE";
}

export default splitScreen(Screen, () => import("./__sign.screen"));

export const ErrorBoundary = RouteErrorBoundary;
