import { describe, expect, it } from "vitest";
import errors from "../../public/locales/en/errors.json";
import {
  ACCOUNT_NUMBER_ERRORS,
  BIC_ERRORS,
  IBAN_ERRORS,
  isIbanCountry,
  isSepaCountry,
  normaliseBic,
  normaliseIban,
  validateBic,
  validateForeignAccountNumber,
  validateIban,
  validateSepaIban,
} from "./iban";

/** One digit changed (the last digit, + 1 mod 10) so the mod-97 check fails. */
const mutateLastDigit = (iban: string) => {
  const i = iban.search(/[0-9](?=[^0-9]*$)/);
  return iban.slice(0, i) + ((Number(iban[i]) + 1) % 10) + iban.slice(i + 1);
};

describe("validateIban (any IBAN country)", () => {
  it.each([
    "DE89370400440532013000",
    "GB82WEST12345698765432",
    "GB29NWBK60161331926819",
    "FR1420041010050500013M02606",
    "SA0380000000608010167519",
    "BR1800360305000010009795493C1",
  ])("accepts %s, and refuses it with one digit changed", (iban) => {
    expect(validateIban(iban)).toEqual({ ok: true, iban });
    expect(validateIban(mutateLastDigit(iban))).toEqual({ ok: false, error: "invalid" });
  });
  it("normalises spacing, dashes and case", () => {
    expect(validateIban("sa03 8000 0000-6080 1016 7519")).toEqual({ ok: true, iban: "SA0380000000608010167519" });
  });
  it("refuses wrong lengths, unknown countries and garbage", () => {
    expect(validateIban("DE8937040044053201300")).toEqual({ ok: false, error: "invalid" });
    expect(validateIban("XX89370400440532013000")).toEqual({ ok: false, error: "invalid" });
    expect(validateIban("US12345678901234567890")).toEqual({ ok: false, error: "invalid" });
    expect(validateIban("hello")).toEqual({ ok: false, error: "invalid" });
  });
  it("requires a value", () => {
    expect(validateIban(" ")).toEqual({ ok: false, error: "required" });
    expect(validateIban(null)).toEqual({ ok: false, error: "required" });
  });
});

describe("validateSepaIban", () => {
  it("accepts valid SEPA IBANs in any spacing and case", () => {
    expect(validateSepaIban("DE89 3704 0044 0532 0130 00")).toEqual({ ok: true, iban: "DE89370400440532013000" });
    expect(validateSepaIban("fr14 2004 1010 0505 0001 3m02 606")).toEqual({ ok: true, iban: "FR1420041010050500013M02606" });
    expect(validateSepaIban("GB82WEST12345698765432")).toEqual({ ok: true, iban: "GB82WEST12345698765432" });
  });
  it("refuses a wrong check digit, wrong length and garbage", () => {
    expect(validateSepaIban("DE89370400440532013001")).toEqual({ ok: false, error: "invalid" });
    expect(validateSepaIban("DE8937040044053201300")).toEqual({ ok: false, error: "invalid" });
    expect(validateSepaIban("hello")).toEqual({ ok: false, error: "invalid" });
  });
  it("refuses valid IBANs of non-SEPA countries", () => {
    expect(validateSepaIban("BR1800360305000010009795493C1")).toEqual({ ok: false, error: "not-sepa" });
    expect(validateSepaIban("SA0380000000608010167519")).toEqual({ ok: false, error: "not-sepa" });
  });
  it("requires a value", () => {
    expect(validateSepaIban("  ")).toEqual({ ok: false, error: "required" });
    expect(validateSepaIban(undefined)).toEqual({ ok: false, error: "required" });
  });
  it("normalises", () => {
    expect(normaliseIban("de89-3704 0044 0532 0130 00")).toBe("DE89370400440532013000");
    expect(normaliseIban(undefined)).toBe("");
  });
});

describe("isIbanCountry / isSepaCountry", () => {
  it("answers the IBAN registry", () => {
    for (const cc of ["DE", "GB", "FR", "SA", "BR", "ch", " ae "]) expect(isIbanCountry(cc), cc).toBe(true);
    for (const cc of ["US", "CA", "AU", "CN", "JP", "XX", "", "DEU", "__proto__"]) expect(isIbanCountry(cc), cc).toBe(false);
  });
  it("answers the SEPA scope", () => {
    for (const cc of ["DE", "FR", "GB", "CH", "no"]) expect(isSepaCountry(cc), cc).toBe(true);
    for (const cc of ["SA", "BR", "US", "", "XX"]) expect(isSepaCountry(cc), cc).toBe(false);
  });
});

describe("validateBic", () => {
  it.each([
    ["DEUTDEFF", "DEUTDEFF"],
    ["DEUTDEFF500", "DEUTDEFF500"],
    ["NWBKGB2L", "NWBKGB2L"],
    ["NWBKGB2LXXX", "NWBKGB2LXXX"],
    ["deut de ff", "DEUTDEFF"],
  ])("accepts %j", (raw, bic) => {
    expect(validateBic(raw)).toEqual({ ok: true, bic });
  });
  it.each(["DEUTDEF", "1EUTDEFF", "DEUTXXFF", "DEUTDEFF5", "DEUTDEFF5000"])("refuses %j", (raw) => {
    expect(validateBic(raw)).toEqual({ ok: false, error: "invalid" });
  });
  it("requires a value and normalises", () => {
    expect(validateBic("")).toEqual({ ok: false, error: "required" });
    expect(normaliseBic(" ab cd ")).toBe("ABCD");
  });
});

describe("validateForeignAccountNumber (SWIFT, non-IBAN countries)", () => {
  it("accepts 1 to 34 letters or digits, separators removed", () => {
    expect(validateForeignAccountNumber("0123 4567-89")).toEqual({ ok: true, accountNumber: "0123456789" });
    expect(validateForeignAccountNumber("ab12")).toEqual({ ok: true, accountNumber: "AB12" });
    expect(validateForeignAccountNumber("9".repeat(34))).toMatchObject({ ok: true });
  });
  it("refuses other characters and more than 34", () => {
    expect(validateForeignAccountNumber("9".repeat(35))).toEqual({ ok: false, error: "format" });
    expect(validateForeignAccountNumber("12/34")).toEqual({ ok: false, error: "format" });
    expect(validateForeignAccountNumber("１２３")).toEqual({ ok: false, error: "format" });
    expect(validateForeignAccountNumber(" - ")).toEqual({ ok: false, error: "required" });
  });
});

describe("error codes", () => {
  it("each has an English message", () => {
    for (const code of IBAN_ERRORS) expect(errors.iban[code], code).toEqual(expect.any(String));
    for (const code of BIC_ERRORS) expect(errors.bic[code], code).toEqual(expect.any(String));
    for (const code of ACCOUNT_NUMBER_ERRORS) expect(errors["account-number"][code], code).toEqual(expect.any(String));
  });
});
