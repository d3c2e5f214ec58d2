/**
 * Cursor paging in the web app's loaders. The API's cursors are opaque and travel in page URLs
 * (`?cursor=`, the "more" links), so a bookmark, an old link or a hand-edited URL can carry one
 * the API refuses (400 VALIDATION_FAILED). Such a page is redirected to the list's first page
 * rather than failing with a server error; the address bar then says what the page shows.
 */
import { redirect } from "@remix-run/node";
import { ApiError, type Api } from "./api.server";

/**
 * For a cursor-paged list's `.catch`: a cursor the API refuses (400) leads to the list's first
 * page (a 302 carrying the session's headers: tokens may have rotated during the call).
 * @param api the request's API client
 * @param cursor the cursor the page was asked for (undefined, null or "" on the first page)
 * @param firstPage the list's first page, a same-site path (`withoutCursor(request.url)`)
 * @returns a rejection handler; it throws the redirect Response, or rethrows anything else
 *   (a 400 without a cursor, 401, 403, 5xx, network errors)
 */
export function firstPageOnBadCursor(api: Api, cursor: string | null | undefined, firstPage: string) {
  return async (error: unknown): Promise<never> => {
    if (cursor && error instanceof ApiError && error.status === 400) throw redirect(firstPage, { headers: await api.headers() });
    throw error;
  };
}

/**
 * A page URL's path and query without its `cursor` parameter: the same list, filters kept, from
 * the start.
 * @param url an absolute URL (`request.url`)
 * @returns a same-site path such as `/beneficiaries?status=ACTIVE`
 */
export function withoutCursor(url: string | URL): string {
  const u = new URL(url);
  u.searchParams.delete("cursor");
  return `${u.pathname}${u.search}`;
}
