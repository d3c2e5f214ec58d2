/**
 * /history/:itemId — one statement item: the info block of spec 000 §3 from
 * GET /v1/statements-items/:id (components/ui/StatementItemDetails) and the receipt download
 * link (/history/:itemId/receipt). 404 for an item outside the caller's organizations.
 *
 * Nested in /history: opened from the history list with JavaScript, it shows in the list's side
 * panel (the list route renders the panel; `inPanel` in the outlet context); opened directly
 * (a document request, a new tab, any link from elsewhere, or without JavaScript) it is its own
 * page, as before. The page's body is a split screen (./__history.item.screen.tsx).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { StatementItemDetail } from "../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { ApiError } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { splitScreen } from "~/lib/split-screen";
// Server-only: in the browser the screen (the info block) is a chunk of its own.
import { Screen } from "./__history.item.screen.server";

export const handle = { i18n: ["history"], titleKey: "history:item.title" };

/** What the history list passes down when it shows this route in its side panel. */
export interface HistoryItemOutletContext {
  inPanel: boolean;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAppContext(request);
  try {
    const item = await api.get<StatementItemDetail>(`/statements-items/${encodeURIComponent(params.itemId ?? "")}`);
    return json({ item }, { headers: await api.headers({ "Cache-Control": "private, no-store" }) });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw new Response("Not Found", { status: 404, headers: await api.headers() });
    throw error;
  }
}

export default splitScreen(Screen, () => import("./__history.item.screen"));

export const ErrorBoundary = RouteErrorBoundary;
