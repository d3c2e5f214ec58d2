import { describe, expect, it } from "vitest";
import { COUNTRY_CODES } from "../../rules/country.js";
import { formatRangeValue, listCountries } from "./onboarding.js";

describe("formatRangeValue", () => {
  it("writes a numeric as a plain decimal without trailing zeros or exponent", () => {
    expect(formatRangeValue("1000.000000000000000000")).toBe("1000");
    expect(formatRangeValue("0.000000000000000000")).toBe("0");
    expect(formatRangeValue("2500.500000000000000000")).toBe("2500.5");
    expect(formatRangeValue("100000000000000000000000")).toBe("100000000000000000000000");
  });
});

describe("listCountries", () => {
  it("names every ISO code, sorted by name in the language's collation", () => {
    for (const lang of ["en", "de", "ar"] as const) {
      const list = listCountries(lang);
      expect(list.map((c) => c.id).sort()).toEqual([...COUNTRY_CODES].sort());
      expect(list.every((c) => c.name.length > 0)).toBe(true);
      const collator = new Intl.Collator(lang);
      for (let i = 1; i < list.length; i++) expect(collator.compare(list[i - 1].name, list[i].name)).toBeLessThanOrEqual(0);
    }
    expect(listCountries().find((c) => c.id === "US")?.name).toBe("United States of America");
    expect(listCountries("de").find((c) => c.id === "GB")?.name).toBe("Vereinigtes Königreich");
  });
});
