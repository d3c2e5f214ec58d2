/**
 * The history period presets, apart from lib/history-filter.ts (which computes dates with
 * date-fns on the server) so that the page can list them without a date library in its first load.
 */

/**
 * Presets (issue 9): all time, today, last 7 days (`week`, spec "Week"), last 30 days
 * (`days30`), one calendar month back (`month`, spec "Month"), or a custom from–to range.
 */
export type Period = "all" | "today" | "week" | "days30" | "month" | "custom";

/** The presets in the order the selector shows them. */
export const PERIODS: readonly Period[] = ["all", "today", "week", "days30", "month", "custom"];

/** The days a custom period may start and end on, inclusive (spec 000 §5/§9 date picker range, as lib/calendar.ts). */
export const HISTORY_DAY_MIN = "1920-01-01";
export const HISTORY_DAY_MAX = "2050-01-01";

/**
 * The values of `errors:history.date-out-of-range` ("Enter a date from {{min}} to {{max}}"): the
 * range's first and last day as the pages print dates (dd.mm.yyyy, spec 000 §5 Display).
 */
export function historyDayRange(): { min: string; max: string } {
  const print = (day: string) => day.split("-").reverse().join(".");
  return { min: print(HISTORY_DAY_MIN), max: print(HISTORY_DAY_MAX) };
}
