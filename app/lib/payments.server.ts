/**
 * Payment creation and the start of signing (spec 000 §4 "Payment signing flow"):
 * POST /v1/payments (Idempotency-Key) → if AWAITING_SIGNATURE, POST /v1/signatures/send-code
 * {paymentIds:[id], mfa:'PHONE', channel}, challenge kept in the session by payment id →
 * redirect to the signing page; if COMPLETED (no signature duty) → redirect to the receipt.
 */
import { createHash } from "node:crypto";
import { json, redirect } from "@remix-run/node";
import { validationError, type Validator } from "remix-validated-form";
import { requireAppContext, type AppContext } from "./app-context.server";
import { verifyCsrf } from "./csrf.server";
import { apiErrorResponse, type ServerT } from "./forms.server";
import i18next from "./i18next.server";
import type {
  CodeChallenge,
  CreatePaymentRequest,
  OtpChannel,
  Payment,
  PaymentCategory,
  PaymentDraft,
  SendSignatureCodeRequest,
} from "../../server/api/v1/contract";
import { ApiError } from "./api.server";
import type { Api } from "./api.server";
import type { PaymentFormId, SessionData, SignChallenge } from "./session.server";
import { clearChallenge, liveChallenge, rememberChallenge } from "./sign-challenge.server";
import { isPaymentsPath } from "./drafts";
import { settleList, type Listed } from "./list-errors.server";
import { canSign, type BatchSelection } from "./signing";
import { safeReturnTo as sameOriginPath } from "./session-rules";

/** Send a signing code for one payment and remember the challenge in the session. */
export async function sendSignCode(api: Api, paymentId: string, channel: OtpChannel): Promise<CodeChallenge> {
  const body: SendSignatureCodeRequest = { paymentIds: [paymentId], mfa: "PHONE", channel };
  const challenge = await api.post<CodeChallenge>("/signatures/send-code", body);
  rememberChallenge(api, paymentId, challenge);
  return challenge;
}

/**
 * Session key of a batch's challenge: the set of items (order does not matter), each id prefixed
 * with its kind (`p:`, `o:`, `f:`), hashed to stay short in the cookie.
 */
function batchKey(selection: BatchSelection): string {
  const all = [
    ...selection.ids.map((id) => `p:${id}`),
    ...selection.orders.map((id) => `o:${id}`),
    ...selection.fx.map((id) => `f:${id}`),
  ];
  return `set:${createHash("sha256").update(all.sort().join(",")).digest("base64url").slice(0, 22)}`;
}

/**
 * Send ONE signing code for a set of payments, remittance orders and FX rate requests (POST
 * /v1/signatures/send-code with `paymentIds`, `paymentOrderIds` and `fxRequestIds`: the SMS names
 * the count of each kind and the total per currency, the MFA token is bound to exactly this set;
 * spec 000 §4) and remember the challenge in the session for this set.
 * @throws ApiError (403 no signature duty, 404, 409 PAYMENT_NOT_PENDING / ORDER_STATUS_CONFLICT, 429)
 */
export async function sendBatchSignCode(api: Api, selection: BatchSelection, channel: OtpChannel): Promise<CodeChallenge> {
  const body: SendSignatureCodeRequest = { mfa: "PHONE", channel };
  if (selection.ids.length) body.paymentIds = [...selection.ids];
  if (selection.orders.length) body.paymentOrderIds = [...selection.orders];
  if (selection.fx.length) body.fxRequestIds = [...selection.fx];
  const challenge = await api.post<CodeChallenge>("/signatures/send-code", body);
  rememberChallenge(api, batchKey(selection), challenge);
  return challenge;
}

/** The unexpired challenge of this set (`sendBatchSignCode`), or null. */
export function batchSignChallenge(api: Api, selection: BatchSelection): SignChallenge | null {
  return liveChallenge(api, batchKey(selection));
}

/** Forget the challenge of this set. */
export function clearBatchSignCode(api: Api, selection: BatchSelection): void {
  clearChallenge(api, batchKey(selection));
}

/** Forget the signing challenge of a payment. */
export function clearSignCode(api: Api, paymentId: string): void {
  clearChallenge(api, paymentId);
}

/** Payment forms that move money, each with its own idempotency key in the session and its own draft. */
export type PaymentForm = PaymentFormId;

type FormKeys = SessionData["formKeys"];

/**
 * The idempotency key of a payment form, kept in the session (not only in the page): the
 * same key is handed out again until the payment it created has left AWAITING_SIGNATURE.
 * So a double submit, or going back (the browser reloads the form, empty) and submitting it
 * again, replays the SAME payment instead of creating a second one. Once that payment is
 * signed or declined, a new key follows: a new payment is a new decision with its own SCA.
 * A creator who cannot sign (the payment waits for another official) asks for a new payment with
 * `?after=<the waiting payment's id>` (`releasedPayment`): only that payment releases the key, so
 * going back to that address after a later payment still replays the later one.
 * The key's payment must belong to the form's organization (the active one): the API reads the
 * payments of every organization of the caller, and its keys are per organization, so a key
 * whose payment waits in another organization is released as `keptFormKey` releases the other
 * forms' (lib/form-key.server.ts): the form does not name the other organization's payment, and
 * a key it carried is not sent for this one (where it would replay, or be refused for, what that
 * key made here before).
 * @param organizationId the form's (active) organization
 * @param releaseAfter the `after` query parameter, or null
 * @returns `key` for the hidden field; `pendingPaymentId` while the form's earlier payment
 *   awaits signature (the page offers to sign it, or to start a new payment)
 */
export async function paymentFormKey(
  api: Api,
  form: PaymentForm,
  organizationId: string,
  releaseAfter: string | null = null,
): Promise<{ key: string; pendingPaymentId: string | null }> {
  const keys: FormKeys = { ...(api.session.get("formKeys") ?? {}) };
  const current = keys[form];
  if (current && !current.paymentId) return { key: current.key, pendingPaymentId: null };
  if (current?.paymentId) {
    const payment = await api.get<Payment>(`/payments/${encodeURIComponent(current.paymentId)}`).catch((error) => {
      if (error instanceof Response) throw error;
      return null;
    });
    if (
      payment?.status === "AWAITING_SIGNATURE" &&
      payment.organizationId === organizationId &&
      current.paymentId !== releaseAfter
    )
      return { key: current.key, pendingPaymentId: current.paymentId };
  }
  keys[form] = { key: crypto.randomUUID() };
  api.session.set("formKeys", keys);
  api.touch();
  return { key: keys[form]!.key, pendingPaymentId: null };
}

/** The `after` query parameter of a payment form's address (see `paymentFormKey`), or null. */
export function releasedPayment(request: Request): string | null {
  return new URL(request.url).searchParams.get("after");
}

/**
 * The draft entry naming the payment a form's values created: once a payment is created, its
 * form's draft holds what was submitted with this entry, so "Change details" on the signing page
 * can reopen the form with those values (`changePayment`).
 */
const MADE_PAYMENT = "madePaymentId";

/** Fields never kept in a draft: secrets and one-time values. */
const NOT_DRAFTED = new Set(["csrf", "idempotencyKey", "intent", "code", "password", "__rvfInternalFormId"]);

/** The fields of a form worth a draft: non-empty strings of at most 500 characters, none of `NOT_DRAFTED`. */
function draftData(values: Record<string, unknown>): Record<string, string> {
  const data: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) {
    if (!NOT_DRAFTED.has(k) && typeof v === "string" && v !== "" && v.length <= 500) data[k] = v;
  }
  return data;
}

/**
 * Keep what the customer typed in a payment form as the user's server-side draft
 * (PUT /v1/payment-drafts/:form): restored when they come back, cleared when they leave
 * /payments/ paths (`clearDraftsOutsidePayments`) and on logout. Once the payment is created the
 * draft records the values it was made from (`MADE_PAYMENT`), shown only by "Change details".
 * A failure to save never fails the form (the draft is a convenience).
 */
export async function savePaymentDraft(api: Api, form: PaymentForm, organizationId: string, values: Record<string, unknown>) {
  const data = draftData(values);
  if (!Object.keys(data).length) return;
  await api.request("PUT", `/payment-drafts/${form}`, { body: { organizationId, data } }).catch((error) => {
    if (error instanceof Response) throw error;
  });
  api.session.set("drafts", true);
  api.touch();
}

/**
 * The user's draft of a payment form for this organization, or null. A draft that only records
 * the values a created payment was made from (`MADE_PAYMENT`) is not one the customer is typing:
 * null too (only "Change details" reopens it, `paymentFormData`).
 */
export async function loadPaymentDraft(
  api: Api,
  form: PaymentForm,
  organizationId: string,
): Promise<Record<string, string> | null> {
  const draft = await loadDraftRecord(api, form, organizationId);
  return draft?.[MADE_PAYMENT] ? null : draft;
}

/** The stored draft as it is (with a created payment's `MADE_PAYMENT` entry), or null. */
async function loadDraftRecord(api: Api, form: PaymentForm, organizationId: string): Promise<Record<string, string> | null> {
  try {
    return (await api.get<PaymentDraft>(`/payment-drafts/${form}`, { organizationId })).data;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/**
 * Spec 000 §4 "Leaving /payments/ paths clears the saved transfer drafts": called by the signed-in
 * layout's loader on every page; one API call only when the session says drafts may exist.
 */
export async function clearDraftsOutsidePayments(api: Api, pathname: string): Promise<void> {
  if (isPaymentsPath(pathname) || !api.session.get("drafts")) return;
  await api.del("/payment-drafts").catch((error) => {
    if (error instanceof Response) throw error;
  });
  api.session.unset("drafts");
  api.touch();
}

/**
 * Payment categories for the category select (GET /v1/payment-categories). A list the API refuses
 * does not empty the select silently: `error` carries the text to show in its place (spec 000 §7;
 * lib/list-errors.server `settleList`); the category is optional, so the form still works.
 * @param request the page's request (its language translates the error)
 * @returns `{ data, error: null }`, or `{ data: null, error }` when the call failed
 */
export async function loadPaymentCategories(api: Api, request: Request): Promise<Listed<PaymentCategory[]>> {
  return settleList(
    request,
    api.get<{ data: PaymentCategory[] }>("/payment-categories").then((r) => r.data),
  );
}

/**
 * What every payment form's loader needs besides its own data: the idempotency key (and a
 * waiting payment from this form), the categories, and the draft to restore — with what a post
 * brought to an expired session on top (kept for this person's next login: kept-form.server.ts;
 * the page says the draft was restored).
 */
export async function paymentFormData(
  api: Api,
  request: Request,
  form: PaymentForm,
  organizationId: string,
  releaseAfter: string | null,
) {
  const [{ key, pendingPaymentId }, categories, saved] = await Promise.all([
    paymentFormKey(api, form, organizationId, releaseAfter),
    loadPaymentCategories(api, request),
    loadDraftRecord(api, form, organizationId),
  ]);
  const { values: restored, changed, switchedTo } = await changedDraft(api, form, organizationId, saved);
  const kept = await api.keptForm();
  const typed = kept ? draftData(Object.fromEntries(kept)) : {};
  const draft = Object.keys(typed).length ? { ...(restored ?? {}), ...typed } : restored;
  return {
    idempotencyKey: key,
    pendingPaymentId,
    categories: categories.data ?? [],
    categoriesError: categories.error,
    draft,
    /** The form reopened by "Change details": its payment was declined (DraftNotice says so). */
    draftChanged: changed,
    /**
     * The organization "Change details" made the active one (the payment was another of the
     * customer's organizations'), its name; null when it did not switch (DraftNotice says so).
     */
    draftSwitchedTo: switchedTo,
  };
}

/**
 * A form's saved draft as the form shows it. A draft that only records a created payment's
 * values (`MADE_PAYMENT`) is shown only right after that payment's "Change details" (the session's
 * `changing`), then kept as an ordinary draft; otherwise it is not shown (a new payment starts empty).
 */
async function changedDraft(
  api: Api,
  form: PaymentForm,
  organizationId: string,
  saved: Record<string, string> | null,
): Promise<{ values: Record<string, string> | null; changed: boolean; switchedTo: string | null }> {
  const made = saved?.[MADE_PAYMENT];
  if (!saved || !made) return { values: saved, changed: false, switchedTo: null };
  const { [MADE_PAYMENT]: _made, ...values } = saved;
  if (api.session.get("changing") !== made) return { values: null, changed: false, switchedTo: null };
  const switched = api.session.get("changingSwitched");
  api.session.unset("changing");
  api.session.unset("changingSwitched");
  api.touch();
  await savePaymentDraft(api, form, organizationId, values);
  const switchedTo = switched?.paymentId === made && switched.organizationId === organizationId ? switched.name : null;
  return { values, changed: true, switchedTo };
}

/** Each payment form's address. */
const FORM_PATHS: Record<PaymentForm, string> = {
  euro: "/payments/euro",
  gbp: "/payments/gbp/form",
  usd: "/payments/usd/form",
  international: "/payments/international/form",
  internal: "/payments/internal/form",
  "between-accounts": "/payments/between-accounts",
  casp: "/payments/casp/form",
  "cash-over": "/payments/cash-over/form",
};

/**
 * The form a payment of this session was created from, with the values submitted, while its
 * draft still holds them (drafts end on leaving /payments/ and at logout): what "Change details"
 * needs. Null for any other payment (made elsewhere, by another member, or the values gone).
 */
export async function changeableForm(
  api: Api,
  paymentId: string,
  organizationId: string,
): Promise<{ form: PaymentForm; values: Record<string, string> } | null> {
  const keys = api.session.get("formKeys") ?? {};
  const form = (Object.keys(keys) as PaymentForm[]).find((f) => keys[f]?.paymentId === paymentId);
  if (!form) return null;
  const draft = await loadDraftRecord(api, form, organizationId);
  if (draft?.[MADE_PAYMENT] !== paymentId) return null;
  const { [MADE_PAYMENT]: _made, ...values } = draft;
  return { form, values };
}

/**
 * The address that reopens a form with its values: the form's path, with the query its loader
 * reads the chosen balance from (`source`), and the internal transfer's recipient.
 */
export function changeFormUrl(form: PaymentForm, values: Record<string, string>): string {
  const query = new URLSearchParams();
  if (values.source) query.set("source", values.source);
  if (form === "internal") {
    if (values.recipientPhone) query.set("phone", values.recipientPhone);
    else if (values.recipientCompanyNumber) query.set("companyNumber", values.recipientCompanyNumber);
  }
  const search = query.toString();
  return FORM_PATHS[form] + (search ? `?${search}` : "");
}

/**
 * "Change details" of a payment awaiting signature (docs/decisions.md "Changing a payment's
 * details before signing"): the payment is declined (DELETE /v1/payments/:id/decline: its amount,
 * payee and code are fixed, so a change is a new payment with its own code) and its form opens
 * with the values it was made from. A payment already declined (the confirmation sent twice, or
 * declined in another tab) reopens its form all the same: nothing is paid from it, and the answer
 * the browser shows is the form asked for. A payment signed meanwhile is never reopened.
 * @returns the form's address (redirect there), or null when the form's values are not known
 * @throws ApiError from the decline (409: signed meanwhile; 404)
 */
export async function changePayment(api: Api, paymentId: string, organizationId: string): Promise<string | null> {
  const found = await changeableForm(api, paymentId, organizationId);
  if (!found) return null;
  const path = `/payments/${encodeURIComponent(paymentId)}`;
  try {
    await api.del(`${path}/decline`);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    const now = await api.get<Payment>(path);
    if (now.status !== "DECLINED") throw error;
  }
  clearSignCode(api, paymentId);
  api.session.set("changing", paymentId);
  api.session.unset("changingSwitched");
  api.touch();
  return changeFormUrl(found.form, found.values);
}

function rememberFormPayment(api: Api, form: PaymentForm, key: string, paymentId: string): void {
  const keys: FormKeys = { ...(api.session.get("formKeys") ?? {}) };
  keys[form] = { key, paymentId };
  api.session.set("formKeys", keys);
  api.touch();
}

/**
 * Create a payment and move on to signing, or to the payment's page.
 * @param idempotencyKey from the form's hidden field (same key on resubmit → same payment)
 * @param options.channel where the one-time code goes (SMS or WHATSAPP)
 * @param options.canSign whether the creator signs payments of the organization (`canSign` of
 *   lib/signing): when not (official with signatureType NONE), the creator's flow ends here
 *   (spec 000 §4 "Otherwise the flow completes directly"): no code is sent and the payment's page
 *   says it waits for a signer (docs/decisions.md "Who may sign")
 * @param options.form when given, the session remembers which payment this form's key created
 *   (see `paymentFormKey`)
 * @returns redirect Response (to /payments/:id/sign or /payments/:id)
 * @throws ApiError from POST /v1/payments (map to the form)
 */
export async function createPaymentAndSign(
  api: Api,
  body: CreatePaymentRequest,
  idempotencyKey: string,
  options: { channel: OtpChannel; canSign: boolean; form?: PaymentForm },
): Promise<Response> {
  const payment = await api.post<Payment>("/payments", body, { idempotencyKey });
  if (options.form) rememberFormPayment(api, options.form, idempotencyKey, payment.id);
  if (payment.status !== "AWAITING_SIGNATURE" || !options.canSign)
    return redirect(`/payments/${payment.id}`, { headers: await api.headers() });
  try {
    await sendSignCode(api, payment.id, options.channel);
  } catch (error) {
    if (error instanceof Response) throw error;
    // The payment exists: the signing page offers to send the code again.
  }
  return redirect(`/payments/${payment.id}/sign`, { headers: await api.headers() });
}

/**
 * A return target (`?back=`, a form's `returnTo`) or `fallback`: only a same-origin path passes
 * (session-rules `safeReturnTo`: no `//host`, no `/\host`, no control characters or backslash,
 * which browsers would resolve to another site; not the login pages). No open redirect.
 */
export function safeReturnTo(value: FormDataEntryValue | null, fallback: string): string {
  return (typeof value === "string" ? sameOriginPath(value) : null) ?? fallback;
}

/** A UUID (ids of saved beneficiaries and contracts sent by the payment forms). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The action of every payment form (euro, internal, between accounts): signed-in context,
 * CSRF check, the route's zod validator (same schema as in the browser), then
 * `createPaymentAndSign`; API errors come back onto the form's fields, filled (spec 000 §5).
 * @param form which form (its idempotency key is tracked in the session: `paymentFormKey`)
 * @param validator the route's validator, or a function that builds it from the request's
 *   signed-in context (e.g. the balances' scales), so the action reads whoami once
 * @param toBody turns the validated data into the API request, or names a field error
 *   (`{ field, key }`, key = i18n key) for what only the action can check
 * @param fields the form's field names, in display order (errors for others become global)
 * @returns redirect Response, or a validationError response (400)
 */
export async function submitPaymentForm<T extends { idempotencyKey: string }>(
  request: Request,
  form: PaymentForm,
  validator: Validator<T> | ((ctx: AppContext) => Promise<Validator<T>>),
  fields: readonly string[],
  toBody: (data: T, organizationId: string) => CreatePaymentRequest | { field: string; key: string },
): Promise<Response> {
  const ctx = await requireAppContext(request);
  const { api, org, user } = ctx;
  await verifyCsrf(request, api.session);
  const t = (await i18next.getFixedT(request, ["errors", "payments"])) as unknown as ServerT;
  const formData = await request.formData();
  const intent = formData.get("intent");
  const result = await (typeof validator === "function" ? await validator(ctx) : validator).validate(formData);
  const { csrf: _csrf, intent: _intent, ...submitted } = result.submittedData;
  // Whatever happens next, what was typed is kept (a draft), until the payment exists.
  if (intent === "save-draft" || result.error) await savePaymentDraft(api, form, org.id, submitted);
  if (intent === "save-draft") {
    return json({ draftSaved: true as const }, { headers: await api.headers() });
  }
  if (result.error) return validationError(result.error, submitted, { headers: await api.headers() });
  const body = toBody(result.data, org.id);
  if ("field" in body)
    return validationError({ fieldErrors: { [body.field]: body.key } }, submitted, { headers: await api.headers() });
  // A saved beneficiary picked on the form (BeneficiaryPicker): the API pays its approved
  // details and checks the contract belongs to it.
  for (const name of ["beneficiaryId", "contractId"] as const) {
    const value = formData.get(name);
    if (typeof value === "string" && UUID.test(value)) body[name] = value;
  }
  try {
    const response = await createPaymentAndSign(api, body, result.data.idempotencyKey, {
      channel: user.twilioAuthChannel,
      canSign: canSign(org),
      form,
    });
    // The draft now records what made the payment: only "Change details" reopens the form with it.
    const paymentId = api.session.get("formKeys")?.[form]?.paymentId;
    if (paymentId) await savePaymentDraft(api, form, org.id, { ...submitted, [MADE_PAYMENT]: paymentId });
    else
      await api.del(`/payment-drafts/${form}`).catch((error) => {
        if (error instanceof Response) throw error;
      });
    return response;
  } catch (error) {
    await savePaymentDraft(api, form, org.id, submitted);
    // Forms choosing a balance as one `source` field show the API's accountId/currencyId errors there.
    const aliases = fields.includes("source") ? { accountId: "source", currencyId: "source" } : undefined;
    const response = apiErrorResponse(
      error,
      t,
      [...fields, "accountId", "currencyId"],
      submitted,
      { INSUFFICIENT_FUNDS: "amount" },
      undefined,
      aliases,
    );
    // The session may have changed during the calls (rotated tokens, the drafts flag): send it back.
    (await api.headers()).forEach((value, name) => response.headers.append(name, value));
    return response;
  }
}
