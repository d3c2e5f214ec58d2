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
