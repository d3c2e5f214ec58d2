import { describe, expect, it } from "vitest";
import i18next from "i18next";
import errorsAr from "../../public/locales/ar/errors.json";
import errorsDe from "../../public/locales/de/errors.json";
import errorsEn from "../../public/locales/en/errors.json";
import { historyBackHref, parseHistoryFilter, zonedDayStart } from "./history-filter";
import { historyDayRange } from "./history-periods";

// A process zone far from London (and with its summer time in London's winter): the bounds must
// not depend on it (days are London calendar days, as the pages show them).
process.env.TZ = "Pacific/Auckland";
const now = new Date("2026-11-22T10:00:00Z");
const p = (q: string) => parseHistoryFilter(new URLSearchParams(q), now);

describe("parseHistoryFilter", () => {
  it("defaults to the last week: 7 calendar days, today included (16–22 November)", () => {
    const r = p("");
    expect(r.filter.period).toBe("week");
    expect(r.query).toEqual({ transferDateFrom: "2026-11-16T00:00:00.000Z" });
  });
  it("month goes back one calendar month", () => {
    // 22 October is still British Summer Time (until the 25th): its midnight is 23:00 UTC.
    expect(p("period=month&currency=EUR").query).toEqual({ transferDateFrom: "2026-10-21T23:00:00.000Z", currencyId: "EUR" });
  });
  it("custom range covers whole days", () => {
    const r = p("period=custom&from=2026-01-01&to=2026-01-31");
    expect(r.errors).toEqual({});
    expect(r.query).toEqual({ transferDateFrom: "2026-01-01T00:00:00.000Z", transferDateTo: "2026-01-31T23:59:59.999Z" });
  });
  it("reports invalid and reversed dates", () => {
    expect(p("period=custom&from=nope&to=2026-01-01").errors).toEqual({ from: "errors:history.date-invalid" });
    expect(p("period=custom&from=2026-02-01&to=2026-01-01").errors).toEqual({ to: "errors:history.range-order" });
    expect(p("period=custom&from=1900-01-01&to=2026-01-01").errors.from).toBe("errors:history.date-out-of-range");
  });
  it("presets: all time has no bounds; today starts at midnight; last 30 days (24 October–22 November)", () => {
    expect(p("period=all").query).toEqual({});
    expect(p("period=today").query).toEqual({ transferDateFrom: "2026-11-22T00:00:00.000Z" });
    // 24 October is still British Summer Time (until the 25th): its midnight is 23:00 UTC.
    expect(p("period=days30&currency=GBP").query).toEqual({ transferDateFrom: "2026-10-23T23:00:00.000Z", currencyId: "GBP" });
    expect(p("period=nonsense").filter.period).toBe("week");
  });
  it("summer (BST): days start at midnight London time, 23:00 UTC the day before", () => {
    // 00:30 on 15 July in London: "today" is 15 July, which began at 2026-07-14T23:00Z.
    const justAfterMidnight = new Date("2026-07-14T23:30:00Z");
    const at = (q: string) => parseHistoryFilter(new URLSearchParams(q), justAfterMidnight).query;
    expect(at("period=today")).toEqual({ transferDateFrom: "2026-07-14T23:00:00.000Z" });
    expect(at("period=week")).toEqual({ transferDateFrom: "2026-07-08T23:00:00.000Z" });
    expect(at("period=days30")).toEqual({ transferDateFrom: "2026-06-15T23:00:00.000Z" });
    expect(at("period=month")).toEqual({ transferDateFrom: "2026-06-14T23:00:00.000Z" });
    expect(at("period=custom&from=2026-07-01&to=2026-07-31")).toEqual({
      transferDateFrom: "2026-06-30T23:00:00.000Z",
      transferDateTo: "2026-07-31T22:59:59.999Z",
    });
  });
  it("a custom range across the clock change: winter start, summer end", () => {
    expect(p("period=custom&from=2026-03-01&to=2026-03-31").query).toEqual({
      transferDateFrom: "2026-03-01T00:00:00.000Z",
      transferDateTo: "2026-03-31T22:59:59.999Z",
    });
    // The day the clocks go forward (29 March 2026) has 23 hours.
    expect(p("period=custom&from=2026-03-29&to=2026-03-29").query).toEqual({
      transferDateFrom: "2026-03-29T00:00:00.000Z",
      transferDateTo: "2026-03-29T22:59:59.999Z",
    });
  });
  it("a month back from 31 March is 28 February (winter)", () => {
    const r = parseHistoryFilter(new URLSearchParams("period=month"), new Date("2026-03-31T12:00:00Z"));
    expect(r.query).toEqual({ transferDateFrom: "2026-02-28T00:00:00.000Z" });
  });
  it("custom bounds are 1920..2050", () => {
    expect(p("period=custom&from=1920-01-01&to=2050-01-01").errors).toEqual({});
    expect(p("period=custom&from=2026-01-01&to=2050-01-02").errors.to).toBe("errors:history.date-out-of-range");
  });
  it("a real day outside 1920–2050 is refused with the message naming the range (dd.mm.yyyy, every language)", () => {
    expect(p("period=custom&from=1919-12-31&to=2026-01-01").errors).toEqual({ from: "errors:history.date-out-of-range" });
    expect(p("period=custom&from=2026-02-30&to=2026-01-01").errors).toEqual({ from: "errors:history.date-invalid" });
    expect(historyDayRange()).toEqual({ min: "01.01.1920", max: "01.01.2050" });
    for (const [lng, resources, text] of [
      ["en", errorsEn, "Enter a date from 01.01.1920 to 01.01.2050"],
      ["de", errorsDe, "Geben Sie ein Datum vom 01.01.1920 bis zum 01.01.2050 ein"],
      ["ar", errorsAr, "أدخل تاريخًا من \u206601.01.1920\u2069 إلى \u206601.01.2050\u2069"],
    ] as const) {
      const t = i18next.createInstance();
      void t.init({
        lng,
        resources: { [lng]: { errors: resources } },
        initImmediate: false,
        interpolation: { escapeValue: false },
      });
      expect(t.t("errors:history.date-out-of-range", historyDayRange()), lng).toBe(text);
    }
  });
  it("keeps a well-formed cursor only", () => {
    expect(p("cursor=abc_-1").filter.cursor).toBe("abc_-1");
    expect(p("cursor=a%20b").filter.cursor).toBe("");
  });
  it("ignores a malformed currency", () => {
    expect(p("currency=<script>").filter.currency).toBe("");
  });
});

describe("zonedDayStart", () => {
  it("midnight of a London day as an instant (summer and winter)", () => {
    expect(zonedDayStart("2026-07-15").toISOString()).toBe("2026-07-14T23:00:00.000Z");
    expect(zonedDayStart("2026-12-15").toISOString()).toBe("2026-12-15T00:00:00.000Z");
    expect(zonedDayStart("2026-03-29").toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(zonedDayStart("2026-03-30").toISOString()).toBe("2026-03-29T23:00:00.000Z");
    expect(zonedDayStart("2026-10-25").toISOString()).toBe("2026-10-24T23:00:00.000Z");
    expect(zonedDayStart("2026-10-26").toISOString()).toBe("2026-10-26T00:00:00.000Z");
    expect(zonedDayStart("2026-07-15", "America/New_York").toISOString()).toBe("2026-07-15T04:00:00.000Z");
  });
});

describe("historyBackHref (an item's own page leads back to the list it came from)", () => {
  it("keeps the list's filters and page from the Referer", () => {
    expect(historyBackHref("http://bank.example/history?period=all&currency=GBP")).toBe("/history?period=all&currency=GBP");
    expect(historyBackHref("https://bank.example/history?period=custom&from=2026-03-01&to=2026-03-31&cursor=abc")).toBe(
      "/history?period=custom&from=2026-03-01&to=2026-03-31&cursor=abc",
    );
    expect(historyBackHref("http://bank.example/history")).toBe("/history");
  });
  it("is the list's first page without a Referer, for another page, or for a malformed one", () => {
    expect(historyBackHref(null)).toBe("/history");
    expect(historyBackHref("http://bank.example/home?tab=history")).toBe("/history");
    expect(historyBackHref("http://bank.example/history/2f0c/receipt")).toBe("/history");
    expect(historyBackHref("not a url")).toBe("/history");
    // Only the path and query are kept: the link stays on this site's /history.
    expect(historyBackHref("https://evil.example/history?period=all")).toBe("/history?period=all");
  });
});
