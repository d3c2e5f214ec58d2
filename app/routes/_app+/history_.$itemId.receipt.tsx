/**
 * GET /history/:itemId/receipt?accountId= — the receipt PDF of one statement item (resource
 * route), streamed from GET /v1/statements-items/:id/pdf (lib/file-download.server.ts) with the
 * scope the spec names (spec 000 §7 "query accountId or organizationId"): the item's account when
 * the link carries it (the item page's link does: the page shows an item of any of the caller's
 * organizations, so its receipt must download whichever organization is active), else the active
 * organization (the session's choice, `requireAppContext`). The API checks it as it checks
 * everything: the item must be on that account or an account of that organization, and the
 * organization one of the caller's, else 404 — a forged or stale accountId or organizationId
 * reaches nothing. An item the caller may not see is a small 404 page; another API failure shows
 * its message, or 'Internal Server Error. Try Again' (issue 9).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAppContext } from "~/lib/app-context.server";
import { downloadFailed, fileNotFound, streamApiFile } from "~/lib/file-download.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.itemId ?? "";
  const { api, org } = await requireAppContext(request);
  const back = { href: `/history/${encodeURIComponent(id)}`, key: "history:item.back" };
  const accountId = new URL(request.url).searchParams.get("accountId");
  const query = new URLSearchParams(accountId ? { accountId } : { organizationId: org.id });
  try {
    return (
      (await streamApiFile(api, `/statements-items/${encodeURIComponent(id)}/pdf?${query.toString()}`)) ??
      (await fileNotFound(request, back, await api.headers()))
    );
  } catch (error) {
    return downloadFailed(request, error, back, await api.headers());
  }
}
