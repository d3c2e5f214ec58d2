/**
 * /history — operation history (spec 000 §2): statement items (GET /v1/statements-items, sorted
 * by transferDate desc) grouped by day (lib/date-groups.ts), filtered by period (presets all
 * time, today, last 7 days, last 30 days, month; custom from–to) and currency with a GET form
 * that works without JS; cursor paging by a "more" link (`cursor` in the URL); each item links
 * to /history/:itemId; a statement export form (GET /history/statement). Company officials get
 * no history list (spec 000 §4, §6).
 *
 * With JavaScript (issue 9), on top of the same markup: a preset or currency applies on change
 * (client-side navigation; the submit button stays for typed dates), "more" appends the next
 * page through a fetcher (days merged across pages), 3/6 placeholders and aria-busy while the
 * list loads, a calendar for the custom range (lazily loaded), and an item opens in a side panel
 * over the list: /history/:itemId is nested here, so the URL names the open item and Back
 * closes it; the list's data is kept meanwhile (`shouldRevalidate`). The panel is a chunk of its
 * own (__history.panel.tsx), fetched when first wanted. Asked directly, the item URL renders the
 * item's own page alone (this loader then loads no list).
 *
 * A list the API refuses shows its error where the list would be, the filters and the export
 * form kept (spec 000 §7 "a failed list passes the server message on as its error";
 * lib/list-errors.server.ts); a "more" page refused likewise, under the pages already shown.
 *
 * The list (__history.list.tsx) is a part of its own in the browser (lib/split-part.tsx), fetched
 * as soon as this module is evaluated for a list URL; an item's own page, whose first load carries
 * only this small module, fetches it once hydrated.
 */
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { ListResponse, StatementItem } from "../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { groupByDay, type DayGroup } from "~/lib/date-groups";
import { parseHistoryFilter } from "~/lib/history-filter";
import { splitPart } from "~/lib/split-part";
// Server-only (a stub in the browser): the loader's helpers and the list part.
import {
  firstPageOnBadCursor,
  i18next,
  listAccounts,
  ListPart,
  requireAppContext,
  settleList,
  withoutCursor,
} from "./__history.server";
import { historyNavigation, itemIdOf } from "./__history.navigation";

/** Shown where the list goes after a client-side navigation while its chunk loads (rare: it is preloaded). */
function ListLoading() {
  const { t } = useTranslation("history");
  return (
    <>
      <h1>{t("title")}</h1>
      <p role="status" aria-busy="true">
        {t("loading")}
      </p>
    </>
  );
}

/** The list (filters, items, side panel, export): a chunk of its own in the browser. */
const listPart = splitPart(ListPart, () => import("./__history.list"), <ListLoading />);
// Fetched at once for a list URL (the first page, or a client-side navigation starting from
// elsewhere), in parallel with what hydration or the navigation waits for; an item's own page
// asked directly fetches it only once hydrated (History below), never on its first load.
if (typeof document !== "undefined" && !itemIdOf(window.location.pathname)) listPart.preload();

export const handle = { i18n: ["history"], titleKey: "history:title" };

/** Items per page of the history list. */
const PAGE_SIZE = 20;

export async function loader({ request, params }: LoaderFunctionArgs) {
  // The nested item URL asked for directly: the item's own page alone (its loader does the rest).
  if (params.itemId) return json({ itemPage: true as const });
  const { api, org } = await requireAppContext(request);
  const { searchParams } = new URL(request.url);
  const { filter, query, errors } = parseHistoryFilter(searchParams);
  // A cursor the filter drops as malformed (wrong characters, over 200): the first page, under
  // its own address, as for a cursor the API refuses (lib/paging.server.ts).
  if (searchParams.get("cursor") && !filter.cursor) throw redirect(withoutCursor(request.url), { headers: await api.headers() });
  if (org.type === "COMPANY_OFFICIAL") {
    return json(
      {
        itemPage: false as const,
        official: true,
        filter,
        errors,
        currencies: [] as string[],
        currenciesError: null as string | null,
        groups: [] as DayGroup<StatementItem>[],
        nextCursor: null as string | null,
        listError: null as string | null,
      },
      { headers: await api.headers() },
    );
  }
  // The accounts are read only for the currency choices (the filter's, the statement's): a refusal
  // is those choices' error, the list as usual (docs/decisions.md "Failed lists").
  const [accounts, listed] = await Promise.all([
    settleList(request, listAccounts(api, org.id)),
    settleList(
      request,
      Object.keys(errors).length === 0
        ? api
            .get<ListResponse<StatementItem>>("/statements-items", {
              organizationId: org.id,
              ...query,
              take: PAGE_SIZE,
              ...(filter.cursor ? { cursor: filter.cursor } : {}),
            })
            .catch(firstPageOnBadCursor(api, filter.cursor, withoutCursor(request.url)))
        : Promise.resolve({ data: [] as StatementItem[], nextCursor: null }),
    ),
  ]);
  const items = listed.data ?? { data: [] as StatementItem[], nextCursor: null };
  const currencies = [...new Set((accounts.data ?? []).flatMap((a) => a.balances.map((b) => b.currencyId)))].sort();
  const sorted = [...items.data].sort((a, b) => Date.parse(b.transferDate) - Date.parse(a.transferDate));
  return json(
    {
      itemPage: false as const,
      official: false,
      filter,
      errors,
      currencies,
      currenciesError: accounts.error,
      groups: groupByDay(sorted, (i) => i.transferDate, await i18next.getLocale(request)),
      nextCursor: items.nextCursor,
      listError: listed.error,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  const closing = historyNavigation.closingPendingPanel;
  historyNavigation.closingPendingPanel = false;
  // Opening an item (over the list, or as its own page): this route's data stays as it is.
  if (itemIdOf(nextUrl.pathname)) return false;
  // Leaving an item's own page (no list under it: this route's data is `itemPage`) for the list,
  // even at the same search (where Remix would keep the data): the list is loaded.
  if (itemIdOf(currentUrl.pathname) && historyNavigation.panelListSearch === null) return true;
  // Closing the panel: the list under it is the one asked for.
  if (
    itemIdOf(currentUrl.pathname) &&
    historyNavigation.panelListSearch !== null &&
    nextUrl.search === historyNavigation.panelListSearch
  )
    return false;
  // Closing a panel before its item loaded: the list never left the screen.
  if (closing && currentUrl.search === nextUrl.search && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
};

export default function History() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("history");
  // An item's own page: the list's chunk once the page is interactive, so its link back to the
  // list opens it at once (as when the list was part of this module).
  const { itemPage } = data;
  useEffect(() => {
    if (itemPage) listPart.preload();
  }, [itemPage]);
  if (itemPage) return <Outlet />;
  if (data.official)
    return (
      <>
        <h1>{t("title")}</h1>
        <Alert>{t("official")}</Alert>
      </>
    );
  return <listPart.Part />;
}

export const ErrorBoundary = RouteErrorBoundary;
