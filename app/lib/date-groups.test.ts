import { describe, expect, it } from "vitest";
import { dayLabel, formatDate, formatTime, groupByDay } from "./date-groups";

// Days are local-time days; pin the zone so the expectations hold on any machine.
process.env.TZ = "UTC";
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
  const groups = groupByDay(items, (i) => i.transferDate, now);

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
    const g = groupByDay([{ d: "2026-01-01T00:00:00Z" }, { d: "2026-11-22T00:00:00Z" }], (i) => i.d, now);
    expect(g.map((x) => x.key)).toEqual(["2026-11-22", "2026-01-01"]);
  });

  it("returns nothing for no items", () => {
    expect(groupByDay([], () => "", now)).toEqual([]);
  });

  it("a future day of the same year is not 'Today'", () => {
    expect(dayLabel(new Date("2026-11-23T00:00:00Z"), now)).toEqual({ kind: "date", text: "November 23" });
  });
});

describe("formatDate / formatTime (spec 000 §5)", () => {
  it("formats dd.mm.yyyy and HH:MM", () => {
    expect(formatDate("2026-03-04T05:06:07Z")).toBe("04.03.2026");
    expect(formatTime("2026-03-04T05:06:07Z")).toBe("05:06");
  });
});
