import { describe, expect, it } from "vitest";
import { dayLabel, groupByDay } from "./date-groups";

const now = new Date("2026-11-22T10:00:00Z");

describe("groupByDay (spec 000 §2)", () => {
  const items = [
    { id: "a", transferDate: "2026-11-22T09:59:00Z" },
    { id: "b", transferDate: "2026-11-22T00:00:00Z" },
    { id: "c", transferDate: "2026-11-21T23:59:59Z" },
    { id: "d", transferDate: "2026-01-01T12:00:00Z" },
    { id: "e", transferDate: "2025-12-31T12:00:00Z" },
    { id: "f", transferDate: "not a date" },
  ];
  const groups = groupByDay(items, (i) => i.transferDate, "en", now, "UTC");

  it("makes one group per day, newest first, skipping invalid dates", () => {
    expect(groups.map((g) => g.key)).toEqual(["2026-11-22", "2026-11-21", "2026-01-01", "2025-12-31"]);
    expect(groups[0].items.map((i) => i.id)).toEqual(["a", "b"]);
  });

  it("labels today, this year and other years", () => {
    expect(groups[0].label).toEqual({ kind: "today" });
    expect(groups[1].label).toEqual({ kind: "date", text: "November 21" });
    expect(groups[2].label).toEqual({ kind: "date", text: "January 1" });
    expect(groups[3].label).toEqual({ kind: "date", text: "December 31, 2025" });
  });

  it("sorts days even if the input is not sorted", () => {
    const g = groupByDay([{ d: "2026-01-01T00:00:00Z" }, { d: "2026-11-22T00:00:00Z" }], (i) => i.d, "en", now, "UTC");
    expect(g.map((x) => x.key)).toEqual(["2026-11-22", "2026-01-01"]);
  });

  it("uses calendar days of the given zone (London summer time)", () => {
    const summerNow = new Date("2026-07-02T08:00:00Z");
    const g = groupByDay(
      [{ d: "2026-07-01T23:30:00Z" }, { d: "2026-07-01T22:30:00Z" }],
      (i) => i.d,
      "en",
      summerNow,
      "Europe/London",
    );
    expect(g.map((x) => [x.key, x.label])).toEqual([
      ["2026-07-02", { kind: "today" }],
      ["2026-07-01", { kind: "date", text: "July 1" }],
    ]);
  });

  it("headings in the page's language: German and Arabic month names, Latin digits", () => {
    const g = (lng: string) =>
      groupByDay(items, (i) => i.transferDate, lng, now, "UTC").map((x) => (x.label.kind === "date" ? x.label.text : "today"));
    expect(g("de")).toEqual(["today", "21. November", "1. Januar", "31. Dezember 2025"]);
    expect(g("ar")).toEqual(["today", "21 نوفمبر", "1 يناير", "31 ديسمبر 2025"]);
    expect(dayLabel("2026-03-05", "2026-11-22", "de")).toEqual({ kind: "date", text: "5. März" });
    expect(dayLabel("2026-03-05", "2026-11-22")).toEqual({ kind: "date", text: "March 5" });
  });

  it("returns nothing for no items", () => {
    expect(groupByDay([], () => "", "en", now)).toEqual([]);
  });

  it("a future day of the same year is not 'Today'", () => {
    expect(dayLabel("2026-11-23", "2026-11-22")).toEqual({ kind: "date", text: "November 23" });
    expect(dayLabel("2027-01-01", "2026-11-22")).toEqual({ kind: "date", text: "January 1, 2027" });
  });
});
