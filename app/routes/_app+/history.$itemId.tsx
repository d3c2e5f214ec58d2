/**
 * /history/:itemId — one statement item: the info block of spec 000 §3 from
 * GET /v1/statements-items/:id (components/ui/StatementItemDetails) and the receipt download
 * link (/history/:itemId/receipt). 404 for an item outside the caller's organizations.
 *
 * Nested in /history: opened from the history list with JavaScript, it shows in the list's side
 * panel (the list route renders the panel; `inPanel` in the outlet context); opened directly
 * (a document request, a new tab, any link from elsewhere, or without JavaScript) it is its own
 * page, as before. The page's body is a split screen (./__history.item.screen.tsx; lib/split-part.tsx).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { StatementItemDetail } from "../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { historyBackHref } from "~/lib/history-filter";
import { splitPart } from "~/lib/split-part";
// Server-only, shared with /history (one stub chunk in the browser, on the item page's first load
// already): the loader's helpers and the screen, which in the browser is a chunk of its own.
import { ApiError, ItemScreen, requireAppContext } from "./__history.server";

export const handle = { i18n: ["history"], titleKey: "history:item.title" };

/** What the history list passes down when it shows this route in its side panel. */
export interface HistoryItemOutletContext {
  inPanel: boolean;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAppContext(request);
  try {
    const item = await api.get<StatementItemDetail>(`/statements-items/${encodeURIComponent(params.itemId ?? "")}`);
    // The item's own page leads back to the list it came from, filters and page kept.
    const back = historyBackHref(request.headers.get("Referer"));
    return json({ item, back }, { headers: await api.headers({ "Cache-Control": "private, no-store" }) });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw new Response("Not Found", { status: 404, headers: await api.headers() });
    throw error;
  }
}

/**
 * The item's screen: a split screen made with lib/split-part.tsx, which /history's list uses too
 * (one helper chunk on the item page's first load), its chunk fetched as soon as this module is
 * evaluated, as lib/split-screen.tsx does.
 */
const itemScreen = splitPart(ItemScreen, () => import("./__history.item.screen"));
if (typeof document !== "undefined") itemScreen.preload();

export default function HistoryItemRoute() {
  return <itemScreen.Part />;
}

export const ErrorBoundary = RouteErrorBoundary;
