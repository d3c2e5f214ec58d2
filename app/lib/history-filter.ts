/**
 * History filters (spec 000 §2 "Period selector (Week, Month, custom range, currency filter)",
 * §9 Week = 7 days, Month = 1 month) → API query (transferDateFrom/To ISO, currencyId).
 */
import { endOfDay, isValid, parseISO, startOfDay, subDays, subMonths } from "date-fns";
import { PERIODS, type Period } from "./history-periods";

/** The presets live in lib/history-periods.ts (browser code imports them from there: no date-fns). */
export { PERIODS, type Period };

export interface HistoryFilter {
  period: Period;
  /** yyyy-MM-dd (custom only) */
  from: string;
  to: string;
  currency: string;
  /** Opaque API cursor of the page to show (cursor paging, "more" link); "" for the first page. */
  cursor: string;
}

export interface HistoryQuery {
  transferDateFrom?: string;
  transferDateTo?: string;
  currencyId?: string;
}

/**
 * Parse the GET form parameters and compute the API query.
 * @param params URL search params (period, from, to, currency)
 * @param now reference time (injectable)
 * @returns the normalised filter, the query, and field errors (`from`/`to`: i18n keys)
 */
export function parseHistoryFilter(
  params: URLSearchParams,
  now: Date = new Date(),
): { filter: HistoryFilter; query: HistoryQuery; errors: Record<string, string> } {
  const periodRaw = params.get("period");
  const period: Period = PERIODS.includes(periodRaw as Period) ? (periodRaw as Period) : "week";
  const currency = /^[A-Z]{3,5}$/.test(params.get("currency") ?? "") ? (params.get("currency") as string) : "";
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const cursor = /^[A-Za-z0-9_-]{1,200}$/.test(params.get("cursor") ?? "") ? (params.get("cursor") as string) : "";
  const filter: HistoryFilter = { period, from, to, currency, cursor };
  const errors: Record<string, string> = {};
  const query: HistoryQuery = currency ? { currencyId: currency } : {};

  if (period === "all") {
    /* no bounds */
  } else if (period === "today") query.transferDateFrom = startOfDay(now).toISOString();
  else if (period === "days30") query.transferDateFrom = startOfDay(subDays(now, 30)).toISOString();
  else if (period === "week") query.transferDateFrom = startOfDay(subDays(now, 7)).toISOString();
  else if (period === "month") query.transferDateFrom = startOfDay(subMonths(now, 1)).toISOString();
  else {
    const f = parseDay(from);
    const tDay = parseDay(to);
    if (!f) errors.from = "errors:history.date-invalid";
    if (!tDay) errors.to = "errors:history.date-invalid";
    if (f && tDay && f > tDay) errors.to = "errors:history.range-order";
    if (f && !errors.from) query.transferDateFrom = startOfDay(f).toISOString();
    if (tDay && !errors.to) query.transferDateTo = endOfDay(tDay).toISOString();
  }
  return { filter, query, errors };
}

/** yyyy-MM-dd from 1 Jan 1920 to 1 Jan 2050 inclusive (spec 000 §5 date picker range), else null. */
function parseDay(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const d = parseISO(value);
  if (!isValid(d) || value < "1920-01-01" || value > "2050-01-01") return null;
  return d;
}
