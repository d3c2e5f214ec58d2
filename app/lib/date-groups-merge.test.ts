import { describe, expect, it } from "vitest";
import { groupByDay } from "./date-groups";
import { mergeDayGroups } from "./date-groups-merge";

const now = new Date("2026-11-22T10:00:00Z");
const group = (items: { id: string; d: string }[]) => groupByDay(items, (i) => i.d, "en", now, "UTC");

describe("mergeDayGroups (history 'more' with JavaScript)", () => {
  // Two pages of 3, newest first; 21 November straddles the page boundary.
  const page1 = group([
    { id: "a", d: "2026-11-22T09:00:00Z" },
    { id: "b", d: "2026-11-21T18:00:00Z" },
    { id: "c", d: "2026-11-21T12:00:00Z" },
  ]);
  const page2 = group([
    { id: "d", d: "2026-11-21T08:00:00Z" },
    { id: "e", d: "2026-01-02T08:00:00Z" },
    { id: "f", d: "2025-12-31T08:00:00Z" },
  ]);
  const merged = mergeDayGroups([page1, page2]);

  it("makes one group, one heading, of a day split across pages, items in page order", () => {
    expect(merged.map((g) => g.key)).toEqual(["2026-11-22", "2026-11-21", "2026-01-02", "2025-12-31"]);
    expect(merged[1].items.map((i) => i.id)).toEqual(["b", "c", "d"]);
  });

  it("keeps the labels: Today, month and day, and the year for other years", () => {
    expect(merged.map((g) => g.label)).toEqual([
      { kind: "today" },
      { kind: "date", text: "November 21" },
      { kind: "date", text: "January 2" },
      { kind: "date", text: "December 31, 2025" },
    ]);
  });

  it("leaves the pages as they were (React state)", () => {
    expect(page1[1].items.map((i) => i.id)).toEqual(["b", "c"]);
    expect(mergeDayGroups([page1])).toEqual(page1);
    expect(mergeDayGroups([])).toEqual([]);
  });
});
