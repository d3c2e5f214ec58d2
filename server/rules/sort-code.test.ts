import { describe, expect, it } from "vitest";
import errors from "../../public/locales/en/errors.json";
import {
  formatSortCode,
  SORT_CODE_ERRORS,
  UK_ACCOUNT_NUMBER_ERRORS,
  validateSortCode,
  validateUkAccountNumber,
} from "./sort-code";

describe("validateSortCode", () => {
  it.each([
    ["12-34-56", "123456"],
    ["12 34 56", "123456"],
    ["123456", "123456"],
    [" 60-16-13 ", "601613"],
  ])("accepts %j as %j", (raw, sortCode) => {
    expect(validateSortCode(raw)).toEqual({ ok: true, sortCode });
  });
  it.each(["12345", "1234567", "12-34-5a", "12.34.56", "１２３４５６"])("refuses %j", (raw) => {
    expect(validateSortCode(raw)).toEqual({ ok: false, error: "format" });
  });
  it("requires a value", () => {
    expect(validateSortCode(" - ")).toEqual({ ok: false, error: "required" });
    expect(validateSortCode(undefined)).toEqual({ ok: false, error: "required" });
  });
  it("displays pairs joined by dashes", () => {
    expect(formatSortCode("123456")).toBe("12-34-56");
    expect(formatSortCode("12345")).toBe("12345");
  });
});

describe("validateUkAccountNumber (8 digits only)", () => {
  it("accepts 8 digits, separators removed", () => {
    expect(validateUkAccountNumber("31926819")).toEqual({ ok: true, accountNumber: "31926819" });
    expect(validateUkAccountNumber("3192 6819")).toEqual({ ok: true, accountNumber: "31926819" });
    expect(validateUkAccountNumber("00012345")).toEqual({ ok: true, accountNumber: "00012345" });
  });
  it("refuses 6 and 7 digits instead of padding them, and anything else", () => {
    for (const raw of ["123456", "1234567", "123456789", "1234567a", "1234.678"]) {
      expect(validateUkAccountNumber(raw), raw).toEqual({ ok: false, error: "format" });
    }
    expect(validateUkAccountNumber("")).toEqual({ ok: false, error: "required" });
  });
});

describe("error codes", () => {
  it("each has an English message", () => {
    for (const code of SORT_CODE_ERRORS) expect(errors["sort-code"][code], code).toEqual(expect.any(String));
    for (const code of UK_ACCOUNT_NUMBER_ERRORS) expect(errors["uk-account-number"][code], code).toEqual(expect.any(String));
  });
});
