import { describe, expect, it } from "vitest";
import { currencyName, currencyNames, formatAmount, formatRate, formatMoney, isNegativeAmount, toScale } from "./money";

describe("toScale", () => {
  it.each([
    ["7", 2, "7.00"],
    ["7.1", 2, "7.10"],
    ["12.345", 2, "12.35"],
    ["12.344", 2, "12.34"],
    ["-12.345", 2, "-12.35"],
    ["9.995", 2, "10.00"],
    ["999.999", 2, "1000.00"],
    ["0.004", 2, "0.00"],
    ["-0.004", 2, "0.00"],
    [".5", 2, "0.50"],
    ["1.5", 0, "2"],
    ["1.123456789", 6, "1.123457"],
    ["12345678901234567.89", 2, "12345678901234567.89"],
    ["0.1", 2, "0.10"],
    ["007.5", 2, "7.50"],
  ])("%s at scale %i → %s", (input, scale, out) => {
    expect(toScale(input, scale)).toBe(out);
  });

  it("throws on garbage", () => {
    expect(() => toScale("abc")).toThrow();
    expect(() => toScale("")).toThrow();
    expect(() => toScale("1e5")).toThrow();
  });
});

describe("formatAmount / formatMoney", () => {
  it("groups thousands and keeps exactly 2 decimals", () => {
    expect(formatAmount("1250")).toBe("1,250.00");
    expect(formatAmount("-1234567.5")).toBe("-1,234,567.50");
    expect(formatAmount("100")).toBe("100.00");
    expect(formatAmount("0")).toBe("0.00");
    expect(formatAmount("10000000000000000")).toBe("10,000,000,000,000,000.00");
  });
  it("uses the currency scale", () => {
    expect(formatAmount("1.5", 6)).toBe("1.500000");
    expect(formatMoney("1250.5", "GBP")).toBe("1,250.50 GBP");
  });
  it("detects negatives", () => {
    expect(isNegativeAmount("-1.00")).toBe(true);
    expect(isNegativeAmount("-0.00")).toBe(false);
    expect(isNegativeAmount("1.00")).toBe(false);
  });
});

describe("formatAmount per language", () => {
  it("uses the language's separators and never a float", () => {
    expect(formatAmount("-1234567.5", 2, "de")).toBe("-1.234.567,50");
    expect(formatAmount("1234.5", 2, "ar")).toBe("1,234.50");
    expect(formatAmount("12345678901234567.123456789", 9, "de")).toBe("12.345.678.901.234.567,123456789");
    expect(formatMoney("1250", "GBP", 2, "de")).toBe("1.250,00 GBP");
  });
});

describe("formatRate (exchange rates and fee percentages: display only)", () => {
  it("keeps every decimal as sent and uses the page language's separators, as amounts do", () => {
    expect(formatRate("1.0845", "en")).toBe("1.0845");
    expect(formatRate("1.0845", "de")).toBe("1,0845");
    expect(formatRate("1.084512345678", "de")).toBe("1,084512345678");
    expect(formatRate("1800.5", "de")).toBe("1.800,5");
    expect(formatRate("0.2", "de")).toBe("0,2");
    expect(formatRate("12", "de")).toBe("12");
    // Arabic pages use Latin digits and the separators of their amounts (CLDR ar, Latin digits).
    expect(formatRate("1.0845", "ar")).toBe(formatAmount("1.0845", 4, "ar"));
  });
});

describe('the minus sign (docs/decisions.md "Negative amounts keep the hyphen-minus")', () => {
  it("is U+002D in every language, never U+2212 nor a bidi mark: a copied amount stays a number", () => {
    for (const lng of ["en", "de", "ar"]) {
      const text = formatAmount("-1234.5", 2, lng);
      expect(text.startsWith("-"), lng).toBe(true);
      expect(text, lng).not.toMatch(/[\u2212\u200e\u200f\u061c]/);
      // What a spreadsheet or a calculator reads back (after removing the digit groups).
      const { group, decimal } = {
        en: { group: ",", decimal: "." },
        de: { group: ".", decimal: "," },
        ar: { group: ",", decimal: "." },
      }[lng]!;
      expect(Number(text.split(group).join("").replace(decimal, ".")), lng).toBe(-1234.5);
    }
  });
});

describe("currencyName", () => {
  it("keeps the bank's name in English and for assets without an ISO code", () => {
    expect(currencyName("GBP", "en", "Pound sterling")).toBe("Pound sterling");
    expect(currencyName("USDT", "de", "Tether USD")).toBe("Tether USD");
  });
  it("names ISO currencies in the page's language", () => {
    expect(currencyName("EUR", "de", "Euro")).toBe("Euro");
    expect(currencyName("GBP", "de", "Pound sterling")).toMatch(/Pfund/);
    expect(currencyName("EUR", "ar", "Euro")).toBe("يورو");
  });
});

describe("currencyNames", () => {
  const list = [
    { id: "EUR", name: "Euro" },
    { id: "GBP", name: "Pound sterling" },
    { id: "USDT", name: "Tether USD" },
  ];
  it("names each offered currency in the page's language, none for a code the list lacks", () => {
    expect(currencyNames(["EUR", "USDT", "XYZ"], list, "en")).toEqual({ EUR: "Euro", USDT: "Tether USD" });
    expect(currencyNames(["GBP"], list, "de").GBP).toMatch(/Pfund/);
  });
});
