/**
 * Group statement items by day (spec 000 §2 Layout: "Transaction list grouped by day: heading
 * 'Today', or month and day, or month, day and year for other years").
 *
 * Deterministic: `now` is injectable; days are computed in the process's local time zone
 * (the server runs in UTC) unless a fixed offset is not needed.
 */
import { format, isSameDay, isSameYear, parseISO, startOfDay } from "date-fns";

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
 * newest first.
 * @param items any items carrying an ISO date
 * @param getDate returns the ISO 8601 string (or Date) of an item, e.g. `i => i.transferDate`
 * @param now reference time for 'Today' and 'this year' (default: current time)
 * @returns groups; label text is "November 22" this year, "November 22, 2025" other years
 */
export function groupByDay<T>(
  items: readonly T[],
  getDate: (item: T) => string | Date,
  now: Date = new Date(),
): DayGroup<T>[] {
  const groups = new Map<string, { day: Date; items: T[] }>();
  for (const item of items) {
    const raw = getDate(item);
    const date = typeof raw === "string" ? parseISO(raw) : raw;
    if (Number.isNaN(date.getTime())) continue;
    const key = format(date, "yyyy-MM-dd");
    const group = groups.get(key);
    if (group) group.items.push(item);
    else groups.set(key, { day: startOfDay(date), items: [item] });
  }
  return [...groups.entries()]
    .sort((a, b) => b[1].day.getTime() - a[1].day.getTime())
    .map(([key, { day, items: dayItems }]) => ({
      key,
      label: dayLabel(day, now),
      items: dayItems,
    }));
}

/**
 * Heading of a day (spec 000 §2).
 * @returns `{kind:'today'}` or `{kind:'date', text}` with "MMMM d" or "MMMM d, yyyy"
 */
export function dayLabel(day: Date, now: Date = new Date()): DayGroup<unknown>["label"] {
  if (isSameDay(day, now)) return { kind: "today" };
  if (isSameYear(day, now)) return { kind: "date", text: format(day, "MMMM d") };
  return { kind: "date", text: format(day, "MMMM d, yyyy") };
}

/** Date as dd.mm.yyyy (spec 000 §5 Display). */
export function formatDate(value: string | Date): string {
  return format(typeof value === "string" ? parseISO(value) : value, "dd.MM.yyyy");
}

/** Time as HH:MM, 24 h (spec 000 §5 Display). */
export function formatTime(value: string | Date): string {
  return format(typeof value === "string" ? parseISO(value) : value, "HH:mm");
}
