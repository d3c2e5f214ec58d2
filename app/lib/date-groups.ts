/**
 * Group statement items by day (spec 000 §2 Layout: "Transaction list grouped by day: heading
 * 'Today', or month and day, or month, day and year for other years").
 *
 * Deterministic: `now` and the time zone are injectable; days are calendar days in the
 * display time zone (lib/dates.ts), so server and browser agree. Headings are in the page's
 * language (Intl, Latin digits as every number of the app: i18n.ts numberLocaleOf). Run it in
 * loaders and send the groups to the page.
 */
import { numberLocaleOf } from "~/i18n";
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
 * @param lng the page's language (en, de, ar) for the headings
 * @param now reference time for 'Today' and 'this year' (default: current time)
 * @param timeZone IANA zone of the calendar days (default Europe/London)
 * @returns groups; label text is "November 22" this year, "November 22, 2025" other years (in
 *   English; "22. November", "22 نوفمبر" in German and Arabic)
 */
export function groupByDay<T>(
  items: readonly T[],
  getDate: (item: T) => string | Date,
  lng: string,
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
    .map(([key, dayItems]) => ({ key, label: dayLabel(key, todayKey, lng), items: dayItems }));
}

/**
 * Heading of a day (spec 000 §2): month and day, with the year for another year, in `lng`.
 * @param dayKey "yyyy-MM-dd" of the day; @param todayKey "yyyy-MM-dd" of today
 * @param lng the page's language (default English)
 * @returns `{kind:'today'}` or `{kind:'date', text}`: "November 21" / "November 21, 2025" in
 *   English, "21. November" / "21. November 2025" in German, "21 نوفمبر" in Arabic (Latin digits)
 */
export function dayLabel(dayKey: string, todayKey: string, lng = "en"): DayGroup<unknown>["label"] {
  if (dayKey === todayKey) return { kind: "today" };
  const [y, m, d] = dayKey.split("-").map(Number);
  const text = headingFormat(numberLocaleOf(lng), dayKey.slice(0, 4) !== todayKey.slice(0, 4)).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
  return { kind: "date", text };
}

/** Day-heading formatters by locale and with/without the year, made once each (building one is the costly part). */
const headingFormats = new Map<string, Intl.DateTimeFormat>();
function headingFormat(locale: string, withYear: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withYear}`;
  let format = headingFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone: "UTC", // the day's calendar fields, read back unchanged
      month: "long",
      day: "numeric",
      ...(withYear ? { year: "numeric" } : {}),
    });
    headingFormats.set(key, format);
  }
  return format;
}
