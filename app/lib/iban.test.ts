import { describe, expect, it } from "vitest";
import { friendlyFormatIBAN } from "ibantools";
import { formatIban, normaliseBic, normaliseIban, validateBic, validateSepaIban } from "./iban";

describe("validateSepaIban", () => {
  it("accepts valid SEPA IBANs in any spacing and case", () => {
    expect(validateSepaIban("DE89 3704 0044 0532 0130 00")).toEqual({ ok: true, iban: "DE89370400440532013000" });
    expect(validateSepaIban("fr14 2004 1010 0505 0001 3m02 606")).toEqual({ ok: true, iban: "FR1420041010050500013M02606" });
    expect(validateSepaIban("GB29NWBK60161331926819")).toEqual({ ok: true, iban: "GB29NWBK60161331926819" });
  });
  it("refuses a wrong check digit, wrong length and garbage", () => {
    expect(validateSepaIban("DE89370400440532013001")).toEqual({ ok: false, error: "invalid" });
    expect(validateSepaIban("DE8937040044053201300")).toEqual({ ok: false, error: "invalid" });
    expect(validateSepaIban("hello")).toEqual({ ok: false, error: "invalid" });
  });
  it("refuses non-SEPA countries", () => {
    // Brazil: valid IBAN, not SEPA.
    expect(validateSepaIban("BR1800360305000010009795493C1")).toEqual({ ok: false, error: "not-sepa" });
  });
  it("requires a value", () => {
    expect(validateSepaIban("  ")).toEqual({ ok: false, error: "required" });
    expect(validateSepaIban(undefined)).toEqual({ ok: false, error: "required" });
  });
  it("normalises and formats", () => {
    expect(normaliseIban("de89-3704 0044 0532 0130 00")).toBe("DE89370400440532013000");
    expect(formatIban("DE89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
    expect(formatIban("gb29 nwbk-6016 1331 9268 19")).toBe("GB29 NWBK 6016 1331 9268 19");
    expect(formatIban("DE89370400440532013000")).toBe(friendlyFormatIBAN("DE89370400440532013000"));
    expect(formatIban("")).toBe("");
  });
});

describe("validateBic", () => {
  it("accepts 8 and 11 character BICs", () => {
    expect(validateBic("deut de ff")).toEqual({ ok: true, bic: "DEUTDEFF" });
    expect(validateBic("NWBKGB2LXXX")).toEqual({ ok: true, bic: "NWBKGB2LXXX" });
  });
  it("refuses bad BICs", () => {
    expect(validateBic("DEUTDEF")).toEqual({ ok: false, error: "invalid" });
    expect(validateBic("DEUTXXFF")).toEqual({ ok: false, error: "invalid" });
    expect(validateBic("")).toEqual({ ok: false, error: "required" });
    expect(normaliseBic(" ab cd ")).toBe("ABCD");
  });
});
