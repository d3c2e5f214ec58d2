/**
 * GET /history/statement?statementPeriod=&statementFrom=&statementTo=&statementCurrency=&format=pdf|csv|xlsx
 * (or the filter's own names period, from, to, currency) — statement export of the
 * active organization for a period (the history filter's presets and custom range) and one
 * currency, streamed from GET /v1/statements-items/{pdf|csv|xlsx} (resource route). A failure shows
 * the server's message or 'Internal Server Error. Try Again'.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAppContext } from "~/lib/app-context.server";
import { downloadFailed, fileNotFound, streamApiFile } from "~/lib/file-download.server";
import { parseHistoryFilter } from "~/lib/history-filter";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const params = new URL(request.url).searchParams;
  // The export form's fields have their own names (the filter form on the same page has period, from, to, currency).
  for (const name of ["period", "from", "to", "currency"]) {
    const v = params.get(`statement${name[0]!.toUpperCase()}${name.slice(1)}`);
    if (v !== null) params.set(name, v);
  }
  const { query, errors } = parseHistoryFilter(params);
  const asked = params.get("format");
  const format = asked === "csv" || asked === "xlsx" ? asked : "pdf";
  const back = { href: "/history", key: "history:item.back" };
  const q = new URLSearchParams({ organizationId: org.id });
  for (const [k, v] of Object.entries(query)) if (v) q.set(k, v);
  if (Object.keys(errors).length || !query.currencyId)
    return downloadFailed(request, new Error("invalid filter"), back, await api.headers(), "history:export.invalid");
  try {
    return (
      (await streamApiFile(api, `/statements-items/${format}?${q.toString()}`)) ??
      (await fileNotFound(request, back, await api.headers()))
    );
  } catch (error) {
    return downloadFailed(request, error, back, await api.headers());
  }
}
