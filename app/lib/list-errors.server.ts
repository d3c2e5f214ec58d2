/**
 * Failed lists (spec 000 §7 "Lists: results shown as given; a failed list passes the server
 * message on as its error", §8 "Server message missing or not a string or array | global error
 * 'Internal Server Error. Try Again'"; spec 001 §8 "Failed lists | server message passed on as
 * error"): a list call the API refuses does not take the page down; the loader hands the page
 * the error text, which the page shows where the list would be (components/ui/ListError), the
 * rest of the page as usual. docs/decisions.md "Failed lists".
 *
 * What the text is (`listErrorMessage`):
 * - 4xx: the API's message mapped as forms map it (lib/server-errors.ts `mapServerErrors`,
 *   no fields): a known code or constraint id in the page's language, else the server's
 *   string, else the texts of its list joined with ', '; missing or neither text nor list →
 *   'Internal Server Error. Try Again'.
 * - 5xx (and an unreachable API, 503): always 'Internal Server Error. Try Again', whatever the
 *   body says: a server fault's internals are never shown.
 * - A constraint worded for a form field ("…from this field") is worded for a list where the
 *   list has its own text: `errors:Lists.constraints.<id>` before `errors:constraints.<id>`
 *   (a list call's refused input is a search or filter, not a field).
 * - 401 and 403 never get here: the API client ends the session (refresh, then logout) or
 *   redirects to /permission-denied before (lib/api.server.ts); redirects and other Responses
 *   thrown by a call are thrown on, as are errors that are not API answers (bugs: the route's
 *   error boundary).
 * - The back office (/ops) lists go through the same helper: its client's `OpsApiError`
 *   (lib/ops.server.ts, the same status and body) is an API answer too; its 401 and 403 are
 *   handled by that client before (redirect to /ops/login, 403 page).
 */
import { ApiError } from "./api.server";
import i18next from "./i18next.server";
import { OpsApiError } from "./ops.server";
import { INTERNAL_ERROR_KEY, mapServerErrors, type Translate } from "./server-errors";

/** A list call's outcome: its result, or the error text to show in its place. */
export type Listed<T> = { data: T; error: null } | { data: null; error: string };

/** An answer of the banking API or of the back office's API (not a Response, not a bug). */
function isApiAnswer(error: unknown): error is ApiError | OpsApiError {
  return error instanceof ApiError || error instanceof OpsApiError;
}

const CONSTRAINT_PREFIX = "errors:constraints.";

/**
 * A translator that words constraints for a list: `errors:Lists.constraints.<id>` when the list
 * has its own text for the constraint, else the form's `errors:constraints.<id>` (and its default).
 */
function forLists(t: Translate): Translate {
  return (key, options) => {
    if (!key.startsWith(CONSTRAINT_PREFIX)) return t(key, options);
    const listKey = `errors:Lists.constraints.${key.slice(CONSTRAINT_PREFIX.length)}`;
    return t(listKey, { ...options, defaultValue: t(key, options) });
  };
}

/**
 * The text a failed list shows (module rules).
 * @param error what the list call rejected with
 * @param t translator of the page's language (`getFixedT(request, "errors")`)
 * @returns the error text: translated or the server's own, never a 5xx's body
 * @throws `error` itself when it is not an `ApiError` (a redirect Response, a bug)
 */
export function listErrorMessage(error: unknown, t: Translate): string {
  if (!isApiAnswer(error)) throw error;
  const internal = () => t(INTERNAL_ERROR_KEY, { defaultValue: "Internal Server Error. Try Again" });
  if (error.status >= 500) return internal();
  const mapped = mapServerErrors(error.body, [], forLists(t));
  const texts = [mapped.globalError, ...mapped.generalMessages].filter((m): m is string => Boolean(m));
  return texts.length > 0 ? texts.join(", ") : internal();
}

/**
 * Await a list call and turn an API refusal into the text to show (`listErrorMessage`).
 * Chain a cursor's `.catch(firstPageOnBadCursor(…))` before: that redirect is thrown on.
 * @param request the page's request (its language translates the text)
 * @param call the list call (any promise)
 * @returns `{ data, error: null }`, or `{ data: null, error }` when the API refused it
 * @throws what `listErrorMessage` throws (redirects, errors that are not API answers)
 */
export async function settleList<T>(request: Request, call: Promise<T>): Promise<Listed<T>> {
  try {
    return { data: await call, error: null };
  } catch (error) {
    if (!isApiAnswer(error)) throw error;
    const t = (await i18next.getFixedT(request, ["errors"] as never)) as unknown as Translate;
    return { data: null, error: listErrorMessage(error, t) };
  }
}
