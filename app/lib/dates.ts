/**
 * Date display without a date library (keeps the home page bundle small), in ONE display time
 * zone so server rendering and hydration print the same text (spec 000 §5 Display: dates
 * dd.mm.yyyy, times HH:MM).
 */

/** The bank's display time zone (UK bank; see design note). */
export const DISPLAY_TIME_ZONE = "Europe/London";

/**
 * One formatter per time zone, made once: building an `Intl.DateTimeFormat` costs far more than
 * formatting with it, and a history page formats every row (docs/performance.md).
 */
const fieldFormats = new Map<string, Intl.DateTimeFormat>();
function fieldFormat(timeZone: string, seconds = false): Intl.DateTimeFormat {
  const id = seconds ? `${timeZone}|s` : timeZone;
  let format = fieldFormats.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      ...(seconds ? { second: "2-digit" } : {}),
      hourCycle: "h23",
    });
    fieldFormats.set(id, format);
  }
  return format;
}

function parts(value: string | Date, timeZone: string, seconds = false): Record<string, string> {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return {};
  const out: Record<string, string> = {};
  for (const p of fieldFormat(timeZone, seconds).formatToParts(date)) out[p.type] = p.value;
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
 * "HH:MM:SS" (24 h) in the display zone ("" for an invalid date): a time that matters to the
 * second (an exchange quote is valid for 30 seconds).
 */
export function formatTimeWithSeconds(value: string | Date, timeZone = DISPLAY_TIME_ZONE): string {
  const p = parts(value, timeZone, true);
  return p.hour ? `${p.hour}:${p.minute}:${p.second}` : "";
}
