import { describe, expect, it } from "vitest";
import { CALENDAR_MAX, CALENDAR_MIN, clampDay, dayForKey, formatDay, monthWeeks, parseDay } from "./calendar";

const day = (s: string) => parseDay(s) as Date;
const key = (from: string, k: string, shift = false) => formatDay(dayForKey(day(from), k, shift) as Date);

describe("calendar arithmetic (date pickers)", () => {
  it("parses and formats yyyy-MM-dd local days, refusing impossible ones", () => {
    expect(formatDay(day("2026-11-24"))).toBe("2026-11-24");
    expect(parseDay("2026-02-31")).toBeNull();
    expect(parseDay("24.11.2026")).toBeNull();
    expect(parseDay("")).toBeNull();
  });

  it("lays a month out in Monday-first weeks, other months' days empty", () => {
    const weeks = monthWeeks(day("2026-11-01")); // 1 Nov 2026 is a Sunday
    expect(weeks[0].map((d) => (d ? d.getDate() : null))).toEqual([null, null, null, null, null, null, 1]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(weeks.at(-1)!.map((d) => (d ? d.getDate() : null))).toEqual([30, null, null, null, null, null, null]);
  });

  it("moves by the APG keys: days, weeks, week ends, months and (Shift) years", () => {
    expect(key("2026-11-30", "ArrowRight")).toBe("2026-12-01");
    expect(key("2026-11-01", "ArrowLeft")).toBe("2026-10-31");
    expect(key("2026-11-24", "ArrowUp")).toBe("2026-11-17");
    expect(key("2026-11-24", "ArrowDown")).toBe("2026-12-01");
    expect(key("2026-11-26", "Home")).toBe("2026-11-23");
    expect(key("2026-11-24", "End")).toBe("2026-11-29");
    expect(key("2026-03-31", "PageUp")).toBe("2026-02-28");
    expect(key("2026-01-31", "PageDown")).toBe("2026-02-28");
    expect(key("2024-02-29", "PageDown", true)).toBe("2025-02-28");
    expect(key("2026-11-24", "PageUp", true)).toBe("2025-11-24");
    expect(dayForKey(day("2026-11-24"), "Enter", false)).toBeNull();
  });

  it("keeps days within 1 Jan 1920 – 1 Jan 2050", () => {
    const [min, max] = [day(CALENDAR_MIN), day(CALENDAR_MAX)];
    expect(formatDay(clampDay(day("1919-12-31"), min, max))).toBe("1920-01-01");
    expect(formatDay(clampDay(day("2050-01-02"), min, max))).toBe("2050-01-01");
    expect(formatDay(clampDay(day("2000-06-15"), min, max))).toBe("2000-06-15");
  });
});
