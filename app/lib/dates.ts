/**
 * Date display without a date library (keeps the home page bundle small), in ONE display time
 * zone so server rendering and hydration print the same text (spec 000 §5 Display: dates
 * dd.mm.yyyy, times HH:MM).
 */

/** The bank's display time zone (UK bank; see design note). */
export const DISPLAY_TIME_ZONE = "Europe/London";

function parts(value: string | Date, timeZone: string): Record<string, string> {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return {};
  const out: Record<string, string> = {};
  for (const p of new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date))
    out[p.type] = p.value;
  return out;
}

/**
 * Calendar day of an instant in a time zone.
 * @param value ISO 8601 string or Date
 * @returns "yyyy-MM-dd", or "" for an invalid date
 */
export function zonedDayKey(value: string | Date, timeZone = DISPLAY_TIME_ZONE): string {
  const p = parts(value, timeZone);
  return p.year ? `${p.year}-${p.month}-${p.day}` : "";
}

/** "dd.mm.yyyy" in the display zone ("" for an invalid date). */
export function formatDate(value: string | Date, timeZone = DISPLAY_TIME_ZONE): string {
  const p = parts(value, timeZone);
  return p.year ? `${p.day}.${p.month}.${p.year}` : "";
}

/** "HH:MM" (24 h) in the display zone ("" for an invalid date). */
export function formatTime(value: string | Date, timeZone = DISPLAY_TIME_ZONE): string {
  const p = parts(value, timeZone);
  return p.hour ? `${p.hour}:${p.minute}` : "";
}

/**
 * How far a time zone's wall clock is ahead of UTC at an instant (Intl-based: the zone's
 * calendar fields read back as if they were UTC, minus the instant).
 * @returns milliseconds (Europe/London: 0 in winter, 3 600 000 in summer time)
 */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const p = parts(new Date(instant), timeZone);
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The instant a calendar day begins in a time zone (midnight on its wall clock), whatever the
 * process's own zone (TZ). Without a time-zone library: the zone's UTC offset is read with Intl at
 * the day's UTC midnight and checked again at the result (a change of offset in between, e.g.
 * the clocks going forward, is then taken into account). Meant for zones whose midnight always
 * exists: Europe/London changes its clocks at 01:00 UTC.
 * @param day "yyyy-MM-dd" (not validated: pass a real date)
 * @param timeZone IANA zone (default the display zone, Europe/London)
 * @returns the Date of 00:00 that day in `timeZone`, e.g. "2026-07-15" → 2026-07-14T23:00:00Z
 */
export function zonedDayStart(day: string, timeZone = DISPLAY_TIME_ZONE): Date {
  const [y, m, d] = day.split("-").map(Number);
  const midnightUtc = Date.UTC(y, m - 1, d);
  const guess = midnightUtc - zoneOffsetMs(midnightUtc, timeZone);
  return new Date(midnightUtc - zoneOffsetMs(guess, timeZone));
}
