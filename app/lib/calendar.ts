/**
 * Calendar arithmetic of the date pickers (spec 000 §5/§9, 001 §2: selectable range 1 Jan 1920
 * to 1 Jan 2050): days are local calendar days (a `Date` at local midnight), exchanged as
 * `yyyy-MM-dd` strings — the value of an `<input type="date">`. Browser-only code imports this
 * from the lazily loaded pickers, so date-fns stays out of the pages' first load.
 */
import { addDays, addMonths, addYears, endOfMonth, endOfWeek, format, isValid, parse, startOfMonth, startOfWeek } from "date-fns";

/** First and last selectable day of the date pickers (spec 000 §5). */
export const CALENDAR_MIN = "1920-01-01";
export const CALENDAR_MAX = "2050-01-01";

/** Weeks start on Monday (the bank's calendar, en-GB). */
export const WEEK_STARTS_ON = 1;

/** `yyyy-MM-dd` → the local day, or null when not a real day. */
export function parseDay(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const day = parse(value, "yyyy-MM-dd", new Date());
  return isValid(day) ? day : null;
}

/** The local day as `yyyy-MM-dd`. */
export function formatDay(day: Date): string {
  return format(day, "yyyy-MM-dd");
}

/** `day` moved into [min, max]. */
export function clampDay(day: Date, min: Date, max: Date): Date {
  return day < min ? min : day > max ? max : day;
}

/**
 * The weeks of a month for a grid: 7 entries per week, `null` for the days of the neighbouring
 * months (left empty, so two months side by side never show a day twice).
 */
export function monthWeeks(month: Date): (Date | null)[][] {
  const first = startOfMonth(month);
  const last = endOfMonth(month);
  const weeks: (Date | null)[][] = [];
  let day = startOfWeek(first, { weekStartsOn: WEEK_STARTS_ON });
  const end = endOfWeek(last, { weekStartsOn: WEEK_STARTS_ON });
  while (day <= end) {
    const week: (Date | null)[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(day < first || day > last ? null : day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/**
 * The day a key moves the focus to (WAI-ARIA APG date picker dialog grid): arrows ±1 day and ±1
 * week, Home/End the first/last day of the week, PageUp/PageDown ±1 month, with Shift ±1 year.
 * @returns the new day (not yet clamped to the selectable range), or null for other keys
 */
export function dayForKey(day: Date, key: string, shiftKey: boolean): Date | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(day, -1);
    case "ArrowRight":
      return addDays(day, 1);
    case "ArrowUp":
      return addDays(day, -7);
    case "ArrowDown":
      return addDays(day, 7);
    case "Home":
      return startOfWeek(day, { weekStartsOn: WEEK_STARTS_ON });
    case "End":
      return addDays(startOfWeek(day, { weekStartsOn: WEEK_STARTS_ON }), 6);
    case "PageUp":
      return shiftKey ? addYears(day, -1) : addMonths(day, -1);
    case "PageDown":
      return shiftKey ? addYears(day, 1) : addMonths(day, 1);
    default:
      return null;
  }
}
