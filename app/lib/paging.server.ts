/**
 * Cursor paging in the web app's loaders. The API's cursors are opaque and travel in page URLs
 * (`?cursor=`, the "more" links), so a bookmark, an old link or a hand-edited URL can carry one
 * the API refuses (400 VALIDATION_FAILED). Such a page starts again at the newest entries rather
 * than failing with a server error.
 */
import { ApiError } from "./api.server";

/**
 * One page of a list, from the URL's cursor or, when the API refuses that cursor, from the start.
 * @param cursor the URL's `cursor` (null, undefined or "" for the first page)
 * @param get fetches one page; called with the cursor, and once more without it (undefined)
 *   only when the API answered 400 to a cursor
 * @returns the page
 * @throws what `get` throws otherwise (a 400 without a cursor, 401, 403, 5xx …)
 */
export async function pageFromCursor<T>(cursor: string | null | undefined, get: (cursor?: string) => Promise<T>): Promise<T> {
  if (!cursor) return get();
  try {
    return await get(cursor);
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return get();
    throw error;
  }
}
