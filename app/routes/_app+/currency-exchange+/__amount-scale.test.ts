import { describe, expect, it } from "vitest";
import { exchangeAmountScale } from "./__amount-scale";

describe("exchangeAmountScale (spec 000 §5 'at most 2 decimals unless a different decimal count is set')", () => {
  const scales = { GBP: 2, USDT: 6, SOL: 9 };
  it("takes the sold currency's scale when the sold side is fixed, the bought one's when the received side is", () => {
    expect(exchangeAmountScale({ source: "a:b:USDT", toCurrencyId: "SOL", side: "SELL" }, scales)).toBe(6);
    expect(exchangeAmountScale({ source: "a:USDT", toCurrencyId: "SOL", side: "BUY" }, scales)).toBe(9);
  });
  it("falls back to 2 for an unknown or missing currency", () => {
    expect(exchangeAmountScale({ source: "", toCurrencyId: "", side: "SELL" }, scales)).toBe(2);
    expect(exchangeAmountScale({ source: "a:XYZ", toCurrencyId: "GBP", side: "SELL" }, scales)).toBe(2);
    expect(exchangeAmountScale({ source: "a:GBP", toCurrencyId: "XYZ", side: "BUY" }, scales)).toBe(2);
  });
});
