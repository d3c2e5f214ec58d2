/**
 * /payments/sign?ids=a,b&orders=c&fx=d&back=… — sign several items of the signing lists with ONE
 * code: payments (`ids`), remittance orders (`orders`) and FX rate requests (`fx`) together
 * (issue 7 "Signing lists"; spec 000 §2 home signing tab, §4 signing flow "the payment (or
 * remittance order) is signed with mfaToken", §6; PSD2 RTS Art. 5: the code and its MFA token are
 * bound to exactly this set, and the SMS names the count and the total per currency).
 *
 * - POST intent=start (the lists' "Sign selected": `paymentId`, `paymentOrderId` and
 *   `fxRequestId` checkboxes, `returnTo`): sends one code for the selection (POST
 *   /v1/signatures/send-code with every id of every kind) unless a live one exists for the same
 *   set, then redirects here (PRG). The challenge is kept in the session per set.
 * - GET: the selected items still awaiting a signature (payee or "Exchange GBP → EUR", account,
 *   amount, fee), the total per currency (orders' sums and requests' sold sums included), the
 *   payments that need a supporting document, the sandbox code (data-testid="debug-code"), the
 *   code form and the resend form (SMS or WHATSAPP, after 60 s). An official whose signatureType
 *   is NONE gets the reason instead of the forms.
 * - POST intent=sign: POST /v1/signatures/validate → one MFA token → POST /v1/payments/:id/sign,
 *   /v1/payments-orders/:id/sign or /v1/exchange/fx-requests/:id/sign for every item of the set
 *   (each one on its own: one may fail for funds or a missing document while the others are
 *   signed) → /payments/sign/result, which says which were signed and why the others were not.
 * - POST intent=send|resend: a (new) code for the same set.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { MfaToken, SignPaymentRequest, ValidateSignatureCodeRequest } from "../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { ApiError, type Api } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { verifyCsrf } from "~/lib/csrf.server";
import { apiErrorResponse, validationError, type ServerT } from "~/lib/forms.server";
import i18next from "~/lib/i18next.server";
import { batchSignChallenge, clearBatchSignCode, safeReturnTo, sendBatchSignCode } from "~/lib/payments.server";
import { batchQuery, canSign, selectionFromForm, selectionSize, type BatchSelection } from "~/lib/signing";
import { signedByAnotherRequest } from "~/lib/sign-action.server";
import { splitScreen } from "~/lib/split-screen";
import {
  loadSelection,
  paymentsNeedingDocuments,
  selectionFromUrl,
  selectionOf,
  totalsPerCurrency,
  type BatchItem,
} from "../__selection.server";
// Server-only: in the browser the screen (form, remix-validated-form) is a chunk of its own; its rules
// (zod, …) another, loaded when the form is first used (lib/lazy-validator.ts).
import { codeValidator, Screen } from "./__batch.screen.server";

export const handle = { i18n: ["payments", "signing", "auth"], titleKey: "signing:batch.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org, user } = await requireAppContext(request);
  const { back, ...selection } = selectionFromUrl(request);
  const size = selectionSize(selection);
  const gone = goneCount(request);
  const loaded = await loadSelection(api, selection);
  const pending = loaded.items.filter((i) => i.state === "waiting");
  // The set to sign is the items still awaiting a signature: one signed or declined meanwhile
  // (another tab, another official) leaves the set, so the code is asked for what can be signed.
  if (pending.length !== size) {
    throw redirect(`/payments/sign${batchQuery(selectionOf(pending), back, { gone: String(gone + size - pending.length) })}`, {
      headers: await api.headers(),
    });
  }
  const challenge = size ? batchSignChallenge(api, selection) : null;
  return json(
    {
      count: size,
      back,
      action: `/payments/sign${batchQuery(selection, back, gone ? { gone: String(gone) } : {})}`,
      items: pending,
      gone,
      totals: totalsPerCurrency(pending),
      needsDocument: await paymentsNeedingDocuments(
        api,
        loaded.payments.filter((p) => p.status === "AWAITING_SIGNATURE"),
      ),
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
    // From the lists: the ticked items that still await a signature. Without a live code for
    // this very set, send one now.
    const ticked = selectionFromForm(form);
    const sel = selectionOf((await loadSelection(api, ticked)).items.filter((i) => i.state === "waiting"));
    const gone = selectionSize(ticked) - selectionSize(sel);
    const page = `/payments/sign${batchQuery(sel, safeReturnTo(form.get("returnTo"), "/payments"), gone ? { gone: String(gone) } : {})}`;
    if (selectionSize(sel) && canSign(org) && !batchSignChallenge(api, sel)) {
      try {
        await sendBatchSignCode(api, sel, user.twilioAuthChannel);
      } catch (error) {
        // The page shows what is signable and offers to send the code again (where errors show).
        if (!(error instanceof ApiError)) throw error;
      }
    }
    return redirect(page, { headers: await api.headers() });
  }

  const { back, ...sel } = selectionFromUrl(request);
  const gone = goneCount(request);
  const here = `/payments/sign${batchQuery(sel, back, gone ? { gone: String(gone) } : {})}`;
  if (!selectionSize(sel)) return redirect(here, { headers: await api.headers() });
  const challenge = batchSignChallenge(api, sel);

  if (intent === "send" || intent === "resend") {
    if (intent === "resend" && challenge && Date.parse(challenge.resendAvailableAt) > Date.now()) {
      return validationError({ fieldErrors: { _form: t("errors:Auth.resend-too-early") }, formId: "resend" }, {});
    }
    const channelValue = form.get("channel");
    const channel = channelValue === "WHATSAPP" || channelValue === "SMS" ? channelValue : user.twilioAuthChannel;
    try {
      await sendBatchSignCode(api, sel, channel);
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
      if (await signedByAnotherRequest(error, () => noneAwaitSignature(api, sel)))
        return redirect(resultUrl(sel, back, []), { headers: await api.headers() });
      return apiErrorResponse(
        error,
        t,
        ["code"],
        {},
        { INVALID_CODE: "code", CODE_EXPIRED: "code", CODE_ATTEMPTS_EXCEEDED: "code" },
        "sign",
      );
    }
    const failed = await signEach(api, sel, mfa.token);
    clearBatchSignCode(api, sel);
    return redirect(resultUrl(sel, back, failed), { headers: await api.headers() });
  }
  return redirect(here, { headers: await api.headers() });
}

/** Where each kind is signed (all take {mfaToken, signedAt}). */
const SIGN_PATH: Record<BatchItem["kind"], (id: string) => string> = {
  payment: (id) => `/payments/${encodeURIComponent(id)}/sign`,
  order: (id) => `/payments-orders/${encodeURIComponent(id)}/sign`,
  fx: (id) => `/exchange/fx-requests/${encodeURIComponent(id)}/sign`,
};

/**
 * Sign every item of the set with the one MFA token, one after the other: payments, then
 * remittance orders, then FX rate requests (each is its own transaction on the API: a refusal
 * leaves that item awaiting a signature and the others go on).
 * @returns the refused ones with the API's error code
 */
async function signEach(api: Api, sel: BatchSelection, mfaToken: string): Promise<{ id: string; code: string }[]> {
  const failed: { id: string; code: string }[] = [];
  const all = [
    ...sel.ids.map((id) => ({ kind: "payment" as const, id })),
    ...sel.orders.map((id) => ({ kind: "order" as const, id })),
    ...sel.fx.map((id) => ({ kind: "fx" as const, id })),
  ];
  for (const { kind, id } of all) {
    try {
      const body: SignPaymentRequest = { mfaToken, signedAt: new Date().toISOString() };
      await api.post<unknown>(SIGN_PATH[kind](id), body);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      failed.push({ id, code: typeof error.body?.code === "string" ? error.body.code : "ERROR" });
    }
  }
  return failed;
}

/** /payments/sign/result for this set, naming the refused items and why (`failed=id:CODE,…`). */
function resultUrl(sel: BatchSelection, back: string, failed: { id: string; code: string }[]): string {
  const extra = failed.length ? { failed: failed.map((f) => `${f.id}:${f.code}`).join(",") } : undefined;
  return `/payments/sign/result${batchQuery(sel, back, extra)}`;
}

/** How many ticked items left the selection because they no longer await a signature (`?gone=`). */
function goneCount(request: Request): number {
  const n = Number(new URL(request.url).searchParams.get("gone"));
  return Number.isInteger(n) && n > 0 && n <= 100 ? n : 0;
}

/** True when none of the items awaits a signature any more (signed or declined meanwhile). */
async function noneAwaitSignature(api: Api, sel: BatchSelection): Promise<boolean> {
  const selected = await loadSelection(api, sel).catch((error) => {
    if (error instanceof Response) throw error;
    return null;
  });
  return selected !== null && selected.items.every((i) => i.state !== "waiting");
}

export default splitScreen(Screen, () => import("./__batch.screen"));

export const ErrorBoundary = RouteErrorBoundary;
