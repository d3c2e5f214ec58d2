/**
 * Group statement items by day (spec 000 §2 Layout: "Transaction list grouped by day: heading
 * 'Today', or month and day, or month, day and year for other years").
 *
 * Deterministic: `now` and the time zone are injectable; days are calendar days in the
 * display time zone (lib/dates.ts), so server and browser agree. Run it in loaders and send
 * the groups to the page (keeps date-fns out of the browser bundle).
 */
import { format } from "date-fns";
import { DISPLAY_TIME_ZONE, zonedDayKey } from "./dates";

/** One day of items, newest day first. */
export interface DayGroup<T> {
  /** `yyyy-MM-dd` of the day, stable React key. */
  key: string;
  /** What the heading shows; `today` is rendered with the translated word 'Today'. */
  label: { kind: "today" } | { kind: "date"; text: string };
  items: T[];
}

/**
 * Group items by calendar day, keeping their input order within a day and ordering days
 * newest first. Items with an invalid date are left out.
 * @param items any items carrying an ISO date
 * @param getDate returns the ISO 8601 string (or Date) of an item, e.g. `i => i.transferDate`
 * @param now reference time for 'Today' and 'this year' (default: current time)
 * @param timeZone IANA zone of the calendar days (default Europe/London)
 * @returns groups; label text is "November 22" this year, "November 22, 2025" other years
 */
export function groupByDay<T>(
  items: readonly T[],
  getDate: (item: T) => string | Date,
  now: Date = new Date(),
  timeZone: string = DISPLAY_TIME_ZONE,
): DayGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = zonedDayKey(getDate(item), timeZone);
    if (!key) continue;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  const todayKey = zonedDayKey(now, timeZone);
  return [...groups.entries()]
    .sort((a, b) => (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0))
    .map(([key, dayItems]) => ({ key, label: dayLabel(key, todayKey), items: dayItems }));
}

/**
 * Heading of a day (spec 000 §2).
 * @param dayKey "yyyy-MM-dd" of the day; @param todayKey "yyyy-MM-dd" of today
 * @returns `{kind:'today'}` or `{kind:'date', text}` with "MMMM d" or "MMMM d, yyyy"
 */
export function dayLabel(dayKey: string, todayKey: string): DayGroup<unknown>["label"] {
  if (dayKey === todayKey) return { kind: "today" };
  const [y, m, d] = dayKey.split("-").map(Number);
  const local = new Date(y, m - 1, d); // only used for its calendar fields
  return { kind: "date", text: format(local, dayKey.slice(0, 4) === todayKey.slice(0, 4) ? "MMMM d" : "MMMM d, yyyy") };
}
