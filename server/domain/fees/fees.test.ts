/**
 * computeFee (spec 001 §3 Fee): percent with min/max clamps, fixed in another currency, rounding per scale, zero → null;
 * isSuperseded: which tariff fees a custom fee replaces.
 */
import { describe, expect, it } from "vitest";
import { Decimal } from "../ledger/money.js";
import { computeFee, isSuperseded, type FeeRule, type FeeScope } from "./index.js";

const SCALES: Record<string, number> = { GBP: 2, EUR: 2, USD: 2, USDT: 6, EURC: 6, SOL: 9 };
const scales = (id: string) => {
  if (!(id in SCALES)) throw new Error(`no scale for ${id}`);
  return SCALES[id];
};
const none = {
  feePercentAmount: null,
  feePercentMinAmount: null,
  feePercentMaxAmount: null,
  feeFixedAmount: null,
  feeCurrencyId: null,
};
const percent = (p: string, min: string | null = null, max: string | null = null): FeeRule => ({
  ...none,
  feeAmountType: "PERCENT",
  feePercentAmount: p,
  feePercentMinAmount: min,
  feePercentMaxAmount: max,
});
const fixed = (amount: string, currencyId: string | null = null): FeeRule => ({
  ...none,
  feeAmountType: "FIXED",
  feeFixedAmount: amount,
  feeCurrencyId: currencyId,
});
/** computeFee as plain strings: "amount CUR" or null. */
const fee = (rule: FeeRule, amount: string, currencyId: string) => {
  const r = computeFee(rule, new Decimal(amount), currencyId, scales);
  return r ? `${r.amount.toFixed()} ${r.currencyId}` : null;
};

describe("computeFee: PERCENT", () => {
  it("is the percent of the amount, in the payment currency", () => {
    expect(fee(percent("0.20"), "20000.00", "USD")).toBe("40 USD");
    expect(fee(percent("1.00"), "300.00", "EUR")).toBe("3 EUR");
  });

  it("is at least the minimum and at most the maximum (payment currency)", () => {
    const swift = percent("0.20", "10", "100");
    expect(fee(swift, "100.00", "USD")).toBe("10 USD"); // 0.20 → min
    expect(fee(swift, "5000.00", "USD")).toBe("10 USD"); // exactly the min
    expect(fee(swift, "20000.00", "GBP")).toBe("40 GBP"); // between
    expect(fee(swift, "50000.00", "GBP")).toBe("100 GBP"); // exactly the max
    expect(fee(swift, "1000000.00", "EUR")).toBe("100 EUR"); // 2000 → max
    expect(fee(percent("1", "2.00"), "10.00", "GBP")).toBe("2 GBP"); // min only
    expect(fee(percent("1", null, "5"), "10000.00", "GBP")).toBe("5 GBP"); // max only
  });

  it("min above max: the max wins (misconfiguration, never above the ceiling)", () => {
    expect(fee(percent("1", "50", "20"), "10.00", "GBP")).toBe("20 GBP");
  });

  it("ignores feeCurrencyId: a percent fee is charged in the payment currency", () => {
    expect(fee({ ...percent("0.5"), feeCurrencyId: "EUR" }, "200.000000", "USDT")).toBe("1 USDT");
  });

  it("a percent fee with no percent but a minimum charges the minimum", () => {
    expect(fee({ ...percent("0", "2.00") }, "10.00", "GBP")).toBe("2 GBP");
    expect(fee({ ...percent("0", "2.00"), feePercentAmount: null }, "10.00", "GBP")).toBe("2 GBP");
  });
});

describe("computeFee: FIXED", () => {
  it("is the fixed amount in the payment currency when feeCurrencyId is null", () => {
    expect(fee(fixed("0.50"), "10.00", "EUR")).toBe("0.5 EUR");
  });

  it("is the fixed amount in its own currency, whatever the payment amount and currency", () => {
    expect(fee(fixed("15.00", "USD"), "1.000000", "USDT")).toBe("15 USD");
    expect(fee(fixed("0.20", "GBP"), "999999.99", "EUR")).toBe("0.2 GBP");
  });

  it("is rounded to the FEE currency's scale, not the payment currency's", () => {
    expect(fee(fixed("0.0000015", "USDT"), "1.00", "GBP")).toBe("0.000002 USDT");
    expect(fee(fixed("1.005", "EUR"), "1.000000000", "SOL")).toBe("1.01 EUR");
  });
});

describe("computeFee: rounding (ROUND_HALF_UP at the fee currency's scale)", () => {
  it("scale 2: half up, not banker's", () => {
    expect(fee(percent("1"), "12.50", "GBP")).toBe("0.13 GBP"); // 0.125
    expect(fee(percent("1"), "11.50", "GBP")).toBe("0.12 GBP"); // 0.115 (banker's would give 0.12 too)
    expect(fee(percent("1"), "10.50", "GBP")).toBe("0.11 GBP"); // 0.105 (banker's: 0.10)
    expect(fee(percent("1"), "10.49", "GBP")).toBe("0.1 GBP"); // 0.1049
  });

  it("scale 6 (stablecoins)", () => {
    expect(fee(percent("0.5"), "1.234567", "USDT")).toBe("0.006173 USDT"); // 0.006172835
    expect(fee(percent("0.5"), "0.000101", "USDT")).toBe("0.000001 USDT"); // 0.000000505
  });

  it("scale 9 (SOL)", () => {
    expect(fee(percent("0.5"), "1.234567891", "SOL")).toBe("0.006172839 SOL"); // 0.006172839455
    expect(fee(percent("0.5", "0.01"), "1.234567891", "SOL")).toBe("0.01 SOL"); // min
    expect(fee(percent("0.5"), "0.000000101", "SOL")).toBe("0.000000001 SOL"); // 0.000000000505
  });

  it("rounds after the clamps (a min with more decimals than the currency is rounded too)", () => {
    expect(fee(percent("0.1", "0.005"), "1.00", "GBP")).toBe("0.01 GBP");
  });

  it("keeps exactness on large amounts (no float)", () => {
    expect(fee(percent("0.2"), "9999999999999999.99", "USD")).toBe("20000000000000 USD"); // 19999999999999.99998 → 20000000000000.00
    expect(fee(percent("0.01"), "1234567890123.45", "EUR")).toBe("123456789.01 EUR"); // 123456789.012345
  });
});

describe("computeFee: nothing to charge", () => {
  it("a zero fee answers null", () => {
    expect(fee(fixed("0"), "10.00", "GBP")).toBeNull();
    expect(fee(fixed("0.00", "EUR"), "10.00", "GBP")).toBeNull();
    expect(fee({ ...fixed("0"), feeFixedAmount: null }, "10.00", "GBP")).toBeNull();
    expect(fee(percent("0"), "10.00", "GBP")).toBeNull();
    expect(fee(percent("0", null, "5"), "10.00", "GBP")).toBeNull();
  });

  it("a fee that rounds to zero at the currency's scale answers null", () => {
    expect(fee(percent("0.01"), "0.01", "GBP")).toBeNull(); // 0.000001
    expect(fee(percent("0.1"), "0.000001", "USDT")).toBeNull(); // 0.000000001
  });

  it("a negative fee never pays the customer: null", () => {
    expect(fee(fixed("-1.00"), "10.00", "GBP")).toBeNull();
  });
});

describe("computeFee: misconfiguration", () => {
  it("an unknown feeAmountType throws (never silently free)", () => {
    expect(() => computeFee({ ...fixed("1"), feeAmountType: "TIERED" }, new Decimal(1), "GBP", scales)).toThrow(/feeAmountType/);
  });

  it("an unknown fee currency throws (from the scales lookup)", () => {
    expect(() => computeFee(fixed("1", "XXX"), new Decimal(1), "GBP", scales)).toThrow(/no scale/);
  });

  it("accepts Decimal fields as well as the database's decimal strings", () => {
    const r = computeFee({ ...percent("0"), feePercentAmount: new Decimal("0.25") }, new Decimal("400"), "EUR", scales);
    expect(r?.amount.toFixed(2)).toBe("1.00");
    expect(r?.amount).toBeInstanceOf(Decimal);
  });
});

describe("isSuperseded: a custom fee replaces a tariff fee on every payment the tariff fee covers", () => {
  const scope = (paymentKind: string, paymentType: string | null = null, currencyId: string | null = null): FeeScope => ({
    paymentKind,
    paymentType,
    currencyId,
  });
  const swiftAny = scope("INTERNATIONAL", "SWIFT");
  const swiftCny = scope("INTERNATIONAL", "SWIFT", "CNY");

  it("by a custom fee of the same kind whose type and currency are each any or the same", () => {
    expect(isSuperseded(swiftAny, [scope("INTERNATIONAL", "SWIFT")])).toBe(true);
    expect(isSuperseded(swiftCny, [scope("INTERNATIONAL", "SWIFT")])).toBe(true);
    expect(isSuperseded(swiftCny, [scope("INTERNATIONAL")])).toBe(true);
    expect(isSuperseded(swiftCny, [scope("INTERNATIONAL", null, "CNY")])).toBe(true);
    expect(isSuperseded(scope("SERVICE"), [scope("SERVICE")])).toBe(true);
  });

  it("not by a narrower custom fee (the tariff fee still applies to the other payments), nor another kind or type", () => {
    expect(isSuperseded(swiftAny, [scope("INTERNATIONAL", "SWIFT", "EUR")])).toBe(false);
    expect(isSuperseded(swiftCny, [scope("INTERNATIONAL", "SWIFT", "EUR")])).toBe(false);
    expect(isSuperseded(scope("CASH_OVER_COUNTER"), [scope("CASH_OVER_COUNTER", "CASH_OVER_COUNTER")])).toBe(false);
    expect(isSuperseded(swiftAny, [scope("EURO", "SWIFT")])).toBe(false);
    expect(isSuperseded(swiftAny, [])).toBe(false);
  });
});
