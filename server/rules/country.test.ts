import { describe, expect, it } from "vitest";
import errors from "../../public/locales/en/errors.json";
import { COUNTRY_CODES, COUNTRY_ERRORS, isCountryCode, validateCountry } from "./country";
import { countryName, countryOptions } from "./country-names";

describe("isCountryCode (ISO 3166-1 alpha-2, exact)", () => {
  it("accepts upper-case alpha-2 codes, Kosovo's XK included", () => {
    for (const code of ["GB", "US", "DE", "SA", "BR", "XK"]) expect(isCountryCode(code), code).toBe(true);
  });
  it("refuses other spellings, alpha-3, numeric, unassigned and non-strings", () => {
    for (const value of ["gb", "UK", "GBR", "826", "ZZ", "EU", "", " GB", "__proto__", 826, null]) {
      expect(isCountryCode(value), String(value)).toBe(false);
    }
  });
  it("lists each code once", () => {
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(249);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(COUNTRY_CODES.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
  });
});

describe("validateCountry (typed or chosen by a person)", () => {
  it("trims and upper-cases", () => {
    expect(validateCountry(" gb ")).toEqual({ ok: true, country: "GB" });
  });
  it("refuses empty and unknown", () => {
    expect(validateCountry("")).toEqual({ ok: false, error: "required" });
    expect(validateCountry(undefined)).toEqual({ ok: false, error: "required" });
    expect(validateCountry("UK")).toEqual({ ok: false, error: "invalid" });
    expect(validateCountry("GBR")).toEqual({ ok: false, error: "invalid" });
  });
});

describe("country names (English)", () => {
  it("names a country", () => {
    expect(countryName("GB")).toBe("United Kingdom");
    expect(countryName("de")).toBe("Germany");
    expect(countryName("US")).toBe("United States of America");
    expect(countryName("ZZ")).toBeUndefined();
  });
  it("offers every code, sorted by name", () => {
    const options = countryOptions();
    expect(options.map((o) => o.code).sort()).toEqual([...COUNTRY_CODES].sort());
    const names = options.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(options.find((o) => o.code === "FR")).toEqual({ code: "FR", name: "France" });
  });
});

describe("country names in the page's language", () => {
  it("names a country in German and Arabic; another language gets English", () => {
    expect(countryName("DE", "de")).toBe("Deutschland");
    expect(countryName("GB", "ar")).toMatch(/[\u0600-\u06FF]/);
    expect(countryName("FR", "fr")).toBe("France");
    expect(countryName("ZZ", "de")).toBeUndefined();
  });
  it("offers every code in each language, sorted by that language's names; callers cannot change the cache", () => {
    for (const lng of ["de", "ar"]) {
      const options = countryOptions(lng);
      expect(options.map((o) => o.code).sort(), lng).toEqual([...COUNTRY_CODES].sort());
      const names = options.map((o) => o.name);
      expect(names, lng).toEqual([...names].sort((a, b) => a.localeCompare(b, lng)));
    }
    expect(countryOptions("de").find((o) => o.code === "AT")).toEqual({ code: "AT", name: "Österreich" });
    countryOptions("de")[0].name = "changed";
    expect(countryOptions("de")[0].name).not.toBe("changed");
  });
});

describe("error codes", () => {
  it("each has an English message", () => {
    for (const code of COUNTRY_ERRORS) expect(errors.country[code], code).toEqual(expect.any(String));
  });
});
