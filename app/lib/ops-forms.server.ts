/**
 * Form helpers of the back office's decision and ADMIN screens (issue 13): read a plain form
 * post's fields and turn an ops API refusal into translated error keys on the right field
 * (ops namespace), so a form works without JavaScript and comes back filled.
 */
import { json, redirect } from "@remix-run/node";
import { OpsApiError, type OpsApi } from "./ops.server";

/** Constraint ids of API field errors that have their own message (ops:admin.errors.<id>). */
const KNOWN_CONSTRAINTS = new Set([
  "required",
  "invalid-characters",
  "leading-dot",
  "leading-zero",
  "too-many-decimals",
  "too-large",
  "not-positive",
  "isNearCurrent",
  "isSettable",
  "isCurrency",
  "isSpread",
  "isSolPrice",
  "isUnique",
  "isOwner",
  "isPaymentType",
  "isEmpty",
  "isNotEmpty",
  "isSoldCurrency",
  "max",
  "isAtLeastMin",
  "isTariff",
  "isBankWide",
  "isFlag",
  "isPair",
  "isEurBase",
]);
/** Error codes with their own message (ops:admin.errors.<code>). */
const KNOWN_CODES = new Set([
  "NOT_FOUND",
  "BENEFICIARY_STATUS_CONFLICT",
  "CONTRACT_STATUS_CONFLICT",
  "ORDER_STATUS_CONFLICT",
  "VALIDATION_FAILED",
  "UNAVAILABLE",
]);

/** Errors of one form: field → message key, and a message for the whole form. */
export interface FormErrors {
  fields: Record<string, string>;
  form?: string;
}

/**
 * An ops API refusal as form errors: each field error → `ops:admin.errors.<constraint>` (or
 * `ops:admin.errors.invalid`) on its property; any other refusal → one form message.
 * @param error what the API call threw; anything but an OpsApiError (a redirect, a 403 page) is rethrown
 */
export function formErrorsOf(error: unknown): FormErrors {
  if (!(error instanceof OpsApiError)) throw error;
  const body = error.body;
  if (body.code === "VALIDATION_FAILED" && Array.isArray(body.message)) {
    const fields: Record<string, string> = {};
    for (const e of body.message) {
      const rule = Object.keys(e.constraints)[0] ?? "";
      fields[e.property] = `ops:admin.errors.${KNOWN_CONSTRAINTS.has(rule) ? rule : "invalid"}`;
    }
    return { fields };
  }
  return { fields: {}, form: `ops:admin.errors.${KNOWN_CODES.has(body.code) ? body.code : "UNKNOWN"}` };
}

/** A text field of a form (trimmed; "" when missing). */
export function text(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v.trim() : "";
}

/**
 * The reason of a reject/decline form: 1 to 500 characters.
 * @returns the reason, or the error key
 */
export function reasonOf(form: FormData): { reason: string } | { error: string } {
  const reason = text(form, "reason");
  if (!reason) return { error: "ops:admin.errors.reason-required" };
  if (reason.length > 500) return { error: "ops:admin.errors.reason-too-long" };
  return { reason };
}

/**
 * A detail page's API read, with the API's 404 as the page's own 404 (the ops layout's not-found
 * message), never an error page.
 * @throws a 404 Response for NOT_FOUND; anything else as thrown
 */
export async function notFoundAs404<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof OpsApiError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
}

/** What a refused review decision answers: the reason typed, its error, or one for the form. */
export type ReviewAnswer = { reason: string; reasonError?: string; form?: string };

/**
 * The review decision a detail page shows after POST/redirect/GET (`?done=approve|reject`).
 * @returns the decision taken, or null
 */
export function reviewDoneOf(request: Request): "approve" | "reject" | null {
  const done = new URL(request.url).searchParams.get("done");
  return done === "approve" || done === "reject" ? done : null;
}

/**
 * Carry out an approve/reject form (`intent`, and a `reason` 1..500 characters to reject) of a
 * beneficiary or contract review page: POST `${apiPath}/approve|reject` on the staff API.
 * Call after `verifyOpsCsrf` and `requireStaff`.
 * @param apiPath the subject on the staff API, e.g. `/contracts/<id>` (encoded)
 * @param pagePath the review page the redirect returns to with `?done=<intent>`
 * @returns the redirect, or a 400 `ReviewAnswer` (the reason kept, its error or a form error)
 */
export async function decideReview(api: OpsApi, form: FormData, apiPath: string, pagePath: string) {
  const intent = text(form, "intent");
  if (intent !== "approve" && intent !== "reject")
    return json<ReviewAnswer>({ reason: "", form: "ops:admin.errors.UNKNOWN" }, { status: 400 });
  let body: { reason?: string } = {};
  if (intent === "reject") {
    const r = reasonOf(form);
    if ("error" in r) return json<ReviewAnswer>({ reason: text(form, "reason"), reasonError: r.error }, { status: 400 });
    body = { reason: r.reason };
  }
  try {
    await api.post(`${apiPath}/${intent}`, body);
  } catch (error) {
    const e = formErrorsOf(error);
    return json<ReviewAnswer>({ reason: text(form, "reason"), reasonError: e.fields.reason, form: e.form }, { status: 400 });
  }
  return redirect(`${pagePath}?done=${intent}`);
}
