import { describe, expect, it } from "vitest";
import { parseHistoryFilter } from "./history-filter";

process.env.TZ = "UTC";
const now = new Date("2026-11-22T10:00:00Z");
const p = (q: string) => parseHistoryFilter(new URLSearchParams(q), now);

describe("parseHistoryFilter", () => {
  it("defaults to the last week", () => {
    const r = p("");
    expect(r.filter.period).toBe("week");
    expect(r.query).toEqual({ transferDateFrom: "2026-11-15T00:00:00.000Z" });
  });
  it("month goes back one calendar month", () => {
    expect(p("period=month&currency=EUR").query).toEqual({ transferDateFrom: "2026-10-22T00:00:00.000Z", currencyId: "EUR" });
  });
  it("custom range covers whole days", () => {
    const r = p("period=custom&from=2026-01-01&to=2026-01-31");
    expect(r.errors).toEqual({});
    expect(r.query).toEqual({ transferDateFrom: "2026-01-01T00:00:00.000Z", transferDateTo: "2026-01-31T23:59:59.999Z" });
  });
  it("reports invalid and reversed dates", () => {
    expect(p("period=custom&from=nope&to=2026-01-01").errors).toEqual({ from: "errors:history.date-invalid" });
    expect(p("period=custom&from=2026-02-01&to=2026-01-01").errors).toEqual({ to: "errors:history.range-order" });
    expect(p("period=custom&from=1900-01-01&to=2026-01-01").errors.from).toBe("errors:history.date-invalid");
  });
  it("presets: all time has no bounds; today starts at midnight; last 30 days", () => {
    expect(p("period=all").query).toEqual({});
    expect(p("period=today").query).toEqual({ transferDateFrom: "2026-11-22T00:00:00.000Z" });
    expect(p("period=days30&currency=GBP").query).toEqual({ transferDateFrom: "2026-10-23T00:00:00.000Z", currencyId: "GBP" });
    expect(p("period=nonsense").filter.period).toBe("week");
  });
  it("custom bounds are 1920..2050", () => {
    expect(p("period=custom&from=1920-01-01&to=2050-01-01").errors).toEqual({});
    expect(p("period=custom&from=2026-01-01&to=2050-01-02").errors.to).toBe("errors:history.date-invalid");
  });
  it("keeps a well-formed cursor only", () => {
    expect(p("cursor=abc_-1").filter.cursor).toBe("abc_-1");
    expect(p("cursor=a%20b").filter.cursor).toBe("");
  });
  it("ignores a malformed currency", () => {
    expect(p("currency=<script>").filter.currency).toBe("");
  });
});
