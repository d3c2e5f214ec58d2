/**
 * History filters (spec 000 §2 "Period selector (Week, Month, custom range, currency filter)",
 * §9 Week = 7 days, Month = 1 month) → API query (transferDateFrom/To ISO, currencyId).
 */
import { endOfDay, isValid, parseISO, startOfDay, subDays, subMonths } from "date-fns";

export type Period = "week" | "month" | "custom";

export interface HistoryFilter {
  period: Period;
  /** yyyy-MM-dd (custom only) */
  from: string;
  to: string;
  currency: string;
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
  const period: Period = periodRaw === "month" || periodRaw === "custom" ? periodRaw : "week";
  const currency = /^[A-Z]{3,5}$/.test(params.get("currency") ?? "") ? (params.get("currency") as string) : "";
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const filter: HistoryFilter = { period, from, to, currency };
  const errors: Record<string, string> = {};
  const query: HistoryQuery = currency ? { currencyId: currency } : {};

  if (period === "week") query.transferDateFrom = startOfDay(subDays(now, 7)).toISOString();
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

/** yyyy-MM-dd within 1920..2050 (spec 000 §5 date picker range), else null. */
function parseDay(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const d = parseISO(value);
  if (!isValid(d) || d.getFullYear() < 1920 || d.getFullYear() > 2050) return null;
  return d;
}
