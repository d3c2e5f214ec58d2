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
 * - 401 and 403 never get here: the API client ends the session (refresh, then logout) or
 *   redirects to /permission-denied before (lib/api.server.ts); redirects and other Responses
 *   thrown by a call are thrown on, as are errors that are not API answers (bugs: the route's
 *   error boundary).
 */
import { ApiError } from "./api.server";
import i18next from "./i18next.server";
import { INTERNAL_ERROR_KEY, mapServerErrors, type Translate } from "./server-errors";

/** A list call's outcome: its result, or the error text to show in its place. */
export type Listed<T> = { data: T; error: null } | { data: null; error: string };

/**
 * The text a failed list shows (module rules).
 * @param error what the list call rejected with
 * @param t translator of the page's language (`getFixedT(request, "errors")`)
 * @returns the error text: translated or the server's own, never a 5xx's body
 * @throws `error` itself when it is not an `ApiError` (a redirect Response, a bug)
 */
export function listErrorMessage(error: unknown, t: Translate): string {
  if (!(error instanceof ApiError)) throw error;
  const internal = () => t(INTERNAL_ERROR_KEY, { defaultValue: "Internal Server Error. Try Again" });
  if (error.status >= 500) return internal();
  const mapped = mapServerErrors(error.body, [], t);
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
    if (!(error instanceof ApiError)) throw error;
    const t = (await i18next.getFixedT(request, ["errors"] as never)) as unknown as Translate;
    return { data: null, error: listErrorMessage(error, t) };
  }
}
