import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Decimal } from "../ledger/money.js";
import { customerRate, exchangeAmounts, midRate, parseEcbCsv, unitsPerEur } from "./rates.js";

const CSV =
  "Date,USD,JPY,GBP,RUB,CNY,CAD,\n2025-05-08,1.1297,163.45,0.8476,N/A,8.1764,1.5694,\n2025-05-09,1.1252,163.36,0.8477,N/A,8.147,1.5658,\n";

describe("parseEcbCsv", () => {
  it("reads days newest first and leaves out N/A", () => {
    const days = parseEcbCsv(CSV);
    expect(days.map((d) => d.date)).toEqual(["2025-05-09", "2025-05-08"]);
    expect(days[0].rates).toEqual({ USD: "1.1252", JPY: "163.36", GBP: "0.8477", CNY: "8.147", CAD: "1.5658" });
  });
  it("refuses a bad value or a file without the Date column", () => {
    expect(() => parseEcbCsv("Date,USD\n2025-05-09,-1\n")).toThrow(/Bad rate/);
    expect(() => parseEcbCsv("USD\n1\n")).toThrow(/Date/);
  });
  it("parses the shipped file: latest day 2025-05-09 has GBP, USD, CNY, CAD and no RUB", () => {
    const text = readFileSync(new URL("../../seed/data/ecb-eurofxref-hist-2024-2025.csv", import.meta.url), "utf8");
    const [latest] = parseEcbCsv(text);
    expect(latest.date).toBe("2025-05-09");
    expect(latest.rates.GBP).toBe("0.8477");
    expect(latest.rates.RUB).toBeUndefined();
  });
});

describe("cross rates through EUR", () => {
  const perEur = unitsPerEur(parseEcbCsv(CSV)[0].rates);
  it("GBP→EUR is 1 / 0.8477 and GBP→USD is 1.1252 / 0.8477", () => {
    expect(midRate(perEur, "GBP", "EUR")!.toDecimalPlaces(12).toString()).toBe("1.179662616492");
    expect(midRate(perEur, "GBP", "USD")!.toDecimalPlaces(12).toString()).toBe("1.327356376076");
  });
  it("AED through the USD peg, stablecoins at par, SOL at the reference price", () => {
    expect(midRate(perEur, "USD", "AED")!.toString()).toBe("3.6725");
    expect(midRate(perEur, "USDT", "USD")!.toString()).toBe("1");
    expect(midRate(perEur, "EURC", "EUR")!.toString()).toBe("1");
    expect(midRate(perEur, "SOL", "USD")!.toString()).toBe("150");
  });
  it("no rate for RUB (not published by the ECB since 2022)", () => {
    expect(midRate(perEur, "GBP", "RUB")).toBeNull();
  });
  it("the spread lowers the customer rate, rounded half-even to 12 decimals", () => {
    expect(customerRate(new Decimal("2"), "0.5").toString()).toBe("1.99");
    expect(customerRate(new Decimal("0.0000000000005"), "0").toString()).toBe("0");
    expect(customerRate(new Decimal("0.0000000000015"), "0").toString()).toBe("0.000000000002");
  });
});

describe("exchangeAmounts rounds half-even to the currency scale", () => {
  it("SELL fixed: buy = sell × rate", () => {
    expect(exchangeAmounts("SELL", new Decimal("100.00"), new Decimal("1.0125"), 2, 2).buy.toFixed(2)).toBe("101.25");
    // 1.005 → 1.00 and 1.015 → 1.02 (ties to even)
    expect(exchangeAmounts("SELL", new Decimal("1"), new Decimal("1.005"), 2, 2).buy.toFixed(2)).toBe("1.00");
    expect(exchangeAmounts("SELL", new Decimal("1"), new Decimal("1.015"), 2, 2).buy.toFixed(2)).toBe("1.02");
  });
  it("BUY fixed: sell = buy ÷ rate, at the from-currency's scale (SOL 9)", () => {
    const r = exchangeAmounts("BUY", new Decimal("100.00"), new Decimal("150"), 9, 2);
    expect(r.sell.toFixed(9)).toBe("0.666666667");
    expect(r.buy.toFixed(2)).toBe("100.00");
  });
});
