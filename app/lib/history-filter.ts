/**
 * History filters (spec 000 §2 "Period selector (Week, Month, custom range, currency filter)",
 * §9 Week = 7 days, Month = 1 month) → API query (transferDateFrom/To ISO, currencyId).
 * "Last 7 days" (Week) and "last 30 days" are that many calendar days, today included (today and
 * the 6, or 29, days before it); Month starts on the same day a calendar month back.
 *
 * Days are calendar days in the display time zone (Europe/London, lib/dates.ts), the days the
 * pages group and print payments under, whatever the server's own zone: "Today" starts at
 * midnight London time (23:00 UTC the day before in summer time).
 */
import { TZDate } from "@date-fns/tz";
import { isValid, parseISO } from "date-fns";
import { DISPLAY_TIME_ZONE, zonedDayKey } from "./dates";
import { HISTORY_DAY_MAX, HISTORY_DAY_MIN, PERIODS, type Period } from "./history-periods";

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
  } else if (period !== "custom") {
    const today = zonedDayKey(now);
    const first =
      period === "today"
        ? today
        : period === "days30"
          ? shiftDay(today, { days: -29 })
          : period === "week"
            ? shiftDay(today, { days: -6 })
            : shiftDay(today, { months: -1 });
    query.transferDateFrom = zonedDayStart(first).toISOString();
  } else {
    const f = parseDay(from);
    const tDay = parseDay(to);
    if (!f) errors.from = dayError(from);
    if (!tDay) errors.to = dayError(to);
    if (f && tDay && f > tDay) errors.to = "errors:history.range-order";
    if (f && !errors.from) query.transferDateFrom = zonedDayStart(f).toISOString();
    // The last millisecond of the "to" day: just before the next day's midnight.
    if (tDay && !errors.to)
      query.transferDateTo = new Date(zonedDayStart(shiftDay(tDay, { days: 1 })).getTime() - 1).toISOString();
  }
  return { filter, query, errors };
}

/** A real calendar day written yyyy-MM-dd, whatever its year. */
function isRealDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(parseISO(value));
}

/** yyyy-MM-dd from 1 Jan 1920 to 1 Jan 2050 inclusive (spec 000 §5 date picker range), else null. */
function parseDay(value: string): string | null {
  if (!isRealDay(value) || value < HISTORY_DAY_MIN || value > HISTORY_DAY_MAX) return null;
  return value;
}

/**
 * Why a day was refused: not a date at all, or a real day outside 1920–2050, whose message names
 * the range (`errors:history.date-out-of-range`, interpolated with `historyDayRange()`).
 */
function dayError(value: string): string {
  return isRealDay(value) ? "errors:history.date-out-of-range" : "errors:history.date-invalid";
}

/**
 * A calendar day moved by whole days or months, on the calendar alone (no time zone): a month
 * back from 31 March is 28 (or 29) February, as date-fns subMonths.
 * @param day "yyyy-MM-dd"
 * @returns "yyyy-MM-dd"
 */
function shiftDay(day: string, by: { days?: number; months?: number }): string {
  const [y, m, d] = day.split("-").map(Number);
  const months = by.months ?? 0;
  const lastOfMonth = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastOfMonth) + (by.days ?? 0))).toISOString().slice(0, 10);
}

/**
 * The instant a calendar day begins in a time zone (midnight on its wall clock), whatever the
 * process's own zone (TZ): @date-fns/tz reads the zone's offset, summer time included. Here and
 * not in lib/dates.ts, which page scripts import and which stays free of date libraries.
 * @param day "yyyy-MM-dd" (not validated: pass a real date)
 * @param timeZone IANA zone (default the display zone, Europe/London)
 * @returns the Date of 00:00 that day in `timeZone`, e.g. "2026-07-15" → 2026-07-14T23:00:00Z
 */
export function zonedDayStart(day: string, timeZone = DISPLAY_TIME_ZONE): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(new TZDate(y, m - 1, d, timeZone).getTime());
}

/**
 * Where an item's own page (/history/:itemId) leads back to: the history list it was opened from,
 * with its filters and page (`?period=all&currency=GBP&cursor=…`), as the browser's Referer names
 * it (the bank sends `Referrer-Policy: same-origin`); else the list's first page. Without
 * JavaScript every item opens as its own page, and its "Back to history" link used to drop the
 * customer's filters. Only the Referer's path and query are used, and only when its path is the
 * list's: the link always stays on /history.
 * @param referer the request's Referer header (absent, malformed or another page → "/history")
 */
export function historyBackHref(referer: string | null): string {
  if (!referer) return "/history";
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return "/history";
  }
  return from.pathname === "/history" ? `/history${from.search}` : "/history";
}
