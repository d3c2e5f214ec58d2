/**
 * Shared action plumbing: session + CSRF check + translator, and turning an `ApiError` into a
 * `validationError` response (spec 000 §5 server errors) so the form comes back filled.
 */
import { validationError } from "remix-validated-form";
import { ApiError } from "./api.server";
import { verifyCsrf } from "./csrf.server";
import i18next from "./i18next.server";
import { mapServerErrors, toFieldErrors } from "./server-errors";
import { getSession, type AppSession } from "./session.server";

/** Translate function returned by `getFixedT`. */
export type ServerT = (key: string, options?: Record<string, unknown>) => string;

/**
 * Start an action: reads the session, verifies CSRF (403 on mismatch), gets a translator.
 * Reads the body only from a clone, so the request body stays available.
 */
export async function startAction(request: Request, ns: string[] = ["errors"]): Promise<{ session: AppSession; t: ServerT }> {
  const session = await getSession(request);
  await verifyCsrf(request, session);
  const t = (await i18next.getFixedT(request, ns as never)) as unknown as ServerT;
  return { session, t };
}

/**
 * Map an error thrown by an API call to a `validationError` response; rethrows anything that
 * is not an `ApiError` (redirects, Responses, bugs).
 * @param fields the form's field names
 * @param submitted data to repopulate the form with (no JS)
 * @param codeFields attach coded errors to a field (e.g. `{INVALID_CODE:'code'}`)
 * @param aliases show an API property's error on another field (e.g. `{accountId:'source'}`)
 */
export function apiErrorResponse(
  error: unknown,
  t: ServerT,
  fields: readonly string[],
  submitted: Record<string, unknown>,
  codeFields?: Record<string, string>,
  formId?: string,
  aliases?: Record<string, string>,
) {
  if (!(error instanceof ApiError)) throw error;
  const mapped = mapServerErrors(error.body, fields, (k, o) => t(k, o), { codeFields });
  if (error.status === 429) {
    const field = codeFields?.[error.body.code];
    if (field && fields.includes(field)) mapped.fieldErrors[field] = t("errors:Auth.rate-limited");
    else mapped.globalError = t("errors:Auth.rate-limited");
  }
  if (error.body.attemptsLeft !== undefined && error.body.code === "INVALID_CODE") {
    const field = codeFields?.INVALID_CODE;
    const text = t("errors:Auth.invalid-code-attempts", { count: error.body.attemptsLeft });
    if (field && fields.includes(field)) mapped.fieldErrors[field] = text;
  }
  for (const [from, to] of Object.entries(aliases ?? {})) {
    const message = mapped.fieldErrors[from];
    if (message === undefined) continue;
    delete mapped.fieldErrors[from];
    mapped.fieldErrors[to] ??= message;
  }
  const { csrf: _csrf, password: _password, ...safe } = submitted;
  return validationError({ fieldErrors: toFieldErrors(mapped), formId }, safe, { status: error.status >= 500 ? 502 : 400 });
}

/** Form data as a plain object (first value per name), without the CSRF token. */
export function formDataObject(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && k !== "csrf" && !(k in out)) out[k] = v;
  return out;
}

/**
 * remix-validated-form's `validationError` for actions. Route modules take it from here (a
 * `.server` module) rather than from the package: an import of the package in a route module
 * keeps the whole package in that route's browser chunk even when only the action uses it.
 */
export { validationError };

/**
 * The refusal of a create call (money-moving form with an idempotency key) as the form's answer:
 * IDEMPOTENCY_KEY_REUSED → `keyReused` (a translated text) on the whole form; any other API
 * refusal on its fields (`apiErrorResponse`); the session's cookies kept on the answer.
 * @param api the request's API client (its `headers()` carry the session cookie)
 */
export async function createRefusal(
  api: { headers: () => Promise<Headers> },
  error: unknown,
  t: ServerT,
  form: {
    fields: readonly string[];
    submitted: Record<string, unknown>;
    codeFields?: Record<string, string>;
    aliases?: Record<string, string>;
    keyReused: string;
  },
): Promise<Response> {
  if (error instanceof ApiError && error.body.code === "IDEMPOTENCY_KEY_REUSED")
    return validationError({ fieldErrors: { _form: form.keyReused } }, form.submitted, {
      status: 400,
      headers: await api.headers(),
    });
  const fields = [...form.fields, ...Object.keys(form.aliases ?? {})];
  const response = apiErrorResponse(error, t, fields, form.submitted, form.codeFields, undefined, form.aliases);
  (await api.headers()).forEach((value, name) => response.headers.append(name, value));
  return response;
}
