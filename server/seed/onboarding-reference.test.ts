import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderAgreementPdf } from "./agreement-pdf.js";
import { parseSicTsv, rangeRows } from "./onboarding-reference.js";

describe("parseSicTsv", () => {
  it("reads the shipped UK SIC 2007 list: 731 five-digit codes and 21 section letters", () => {
    const rows = parseSicTsv(readFileSync(new URL("./data/uk-sic-2007-condensed.tsv", import.meta.url), "utf8"));
    expect(rows).toHaveLength(752);
    expect(rows.filter((r) => /^\d{5}$/.test(r.code))).toHaveLength(731);
    expect(
      rows
        .filter((r) => /^[A-U]$/.test(r.code))
        .map((r) => r.code)
        .join(""),
    ).toBe("ABCDEFGHIJKLMNOPQRSTU");
    expect(rows[0]).toEqual({
      code: "01110",
      name: "Growing of cereals (except rice), leguminous crops and oil seeds",
      nameCy: "Tyfu grawn (ac eithrio reis), cnydau o godlysiau ac olew had",
    });
    expect(new Set(rows.map((r) => r.code)).size).toBe(752);
  });

  it("accepts CRLF, a BOM and a missing Welsh name; refuses a bad header or code", () => {
    const text = "\uFEFFindustrial-classification\tname\tname-cy\r\n62012\tBusiness and domestic software development\t\r\n\r\n";
    expect(parseSicTsv(text)).toEqual([{ code: "62012", name: "Business and domestic software development", nameCy: null }]);
    expect(() => parseSicTsv("code\tname\n62012\tx\n")).toThrow(/header/);
    expect(() => parseSicTsv("industrial-classification\tname\n6201\tx\n")).toThrow(/line 2/);
    expect(() => parseSicTsv("industrial-classification\tname\n62012\t\n")).toThrow(/line 2/);
  });
});

describe("rangeRows", () => {
  it("makes contiguous tiers with stable ids, the last one open", () => {
    const rows = rangeRows({ INDIVIDUAL: { MONTHLY_TURNOVER: [0, 1000, 5000] }, CORPORATE: {} });
    expect(rows).toEqual([
      {
        id: "INDIVIDUAL-MONTHLY_TURNOVER-1",
        clientType: "INDIVIDUAL",
        type: "MONTHLY_TURNOVER",
        fromValue: "0",
        toValue: "1000",
        position: 10,
      },
      {
        id: "INDIVIDUAL-MONTHLY_TURNOVER-2",
        clientType: "INDIVIDUAL",
        type: "MONTHLY_TURNOVER",
        fromValue: "1000",
        toValue: "5000",
        position: 20,
      },
      {
        id: "INDIVIDUAL-MONTHLY_TURNOVER-3",
        clientType: "INDIVIDUAL",
        type: "MONTHLY_TURNOVER",
        fromValue: "5000",
        toValue: null,
        position: 30,
      },
    ]);
  });

  it("covers the seven range types for INDIVIDUAL and CORPORATE with 4–5 rising tiers", () => {
    const rows = rangeRows();
    expect(rows).toHaveLength(new Set(rows.map((r) => r.id)).size);
    for (const clientType of ["INDIVIDUAL", "CORPORATE"]) {
      const own = rows.filter((r) => r.clientType === clientType);
      expect(new Set(own.map((r) => r.type)).size).toBe(7);
      for (const type of new Set(own.map((r) => r.type))) {
        const tiers = own.filter((r) => r.type === type);
        expect(tiers.length).toBeGreaterThanOrEqual(4);
        expect(tiers.length).toBeLessThanOrEqual(5);
        for (const t of tiers.slice(0, -1)) expect(Number(t.toValue)).toBeGreaterThan(Number(t.fromValue));
      }
    }
  });
});

describe("renderAgreementPdf", () => {
  it("renders a small, valid, reproducible PDF", async () => {
    const text = {
      title: "Privacy notice",
      version: "2026.1",
      effectiveFrom: "2026-01-01",
      sections: [{ heading: "Who we are", paragraphs: ["The Bank is the controller of your data."] }],
    };
    const a = Buffer.from(await renderAgreementPdf(text));
    const b = Buffer.from(await renderAgreementPdf(text));
    expect(a.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(a.subarray(-6).toString("latin1").trim()).toBe("%%EOF");
    expect(a.length).toBeGreaterThan(500);
    expect(a.length).toBeLessThan(20_000);
    expect(a.equals(b)).toBe(true);
  });
});
