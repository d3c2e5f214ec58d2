import { describe, expect, it } from "vitest";
import { FX_RATE_DETAIL_DECIMALS, FX_RATE_LIST_DECIMALS, fxActualRate, fxBoughtAmount } from "./fx-rate.js";

describe("FX rate request arithmetic", () => {
  it("bought amount: sell × rate, half-even at the bought currency's scale", () => {
    expect(fxBoughtAmount("100.00", "1.17", 2)).toBe("117.00");
    expect(fxBoughtAmount("100", "1.1737125", 2)).toBe("117.37"); // 117.37125 → 117.37
    expect(fxBoughtAmount("0.10", "1.125", 2)).toBe("0.11"); // 0.1125 → 0.11 (not half)
    expect(fxBoughtAmount("1", "0.125", 2)).toBe("0.12"); // exact half → even
    expect(fxBoughtAmount("1", "0.135", 2)).toBe("0.14"); // exact half → even
    expect(fxBoughtAmount("250.00", "1.0875", 6)).toBe("271.875000"); // USDT scale
    expect(fxBoughtAmount("0.1", "0.2", 9)).toBe("0.020000000"); // no float error (0.1 × 0.2)
  });

  it("displayed rate: flexible ÷ fixed, 12 decimals in the list, 14 in details", () => {
    expect(fxActualRate("100.00", "117.37", FX_RATE_LIST_DECIMALS)).toBe("1.173700000000");
    expect(fxActualRate("3.00", "1.00", FX_RATE_LIST_DECIMALS)).toBe("0.333333333333");
    expect(fxActualRate("3.00", "1.00", FX_RATE_DETAIL_DECIMALS)).toBe("0.33333333333333");
    expect(fxActualRate("3.00", "2.00", FX_RATE_LIST_DECIMALS)).toBe("0.666666666667");
    expect(fxActualRate("7", "10", FX_RATE_DETAIL_DECIMALS)).toBe("1.42857142857143");
    expect(fxActualRate("0", "10", FX_RATE_DETAIL_DECIMALS)).toBe("");
  });

  it("the displayed rate comes from the sums, so rounding the bought amount shows in it", () => {
    const bought = fxBoughtAmount("3.00", "0.333", 2); // 0.999 → 1.00
    expect(bought).toBe("1.00");
    expect(fxActualRate("3.00", bought, FX_RATE_LIST_DECIMALS)).toBe("0.333333333333");
  });
});
