import { describe, expect, it } from "vitest";
import errors from "../../public/locales/en/errors.json";
import { ABA_ERRORS, US_ACCOUNT_NUMBER_ERRORS, validateAbaRoutingNumber, validateUsAccountNumber } from "./aba";

/** Real routing numbers: Bank of America, JPMorgan Chase, Federal Reserve Bank of Boston. */
const REAL = ["026009593", "021000021", "011000015"];

describe("validateAbaRoutingNumber", () => {
  it.each(REAL)("accepts %s", (routingNumber) => {
    expect(validateAbaRoutingNumber(routingNumber)).toEqual({ ok: true, routingNumber });
  });

  it.each(REAL)("refuses %s with any one digit after the prefix changed (checksum)", (routingNumber) => {
    for (let i = 2; i < 9; i++) {
      for (let d = 1; d < 10; d++) {
        const digit = (Number(routingNumber[i]) + d) % 10;
        const typo = routingNumber.slice(0, i) + digit + routingNumber.slice(i + 1);
        expect(validateAbaRoutingNumber(typo), typo).toEqual({ ok: false, error: "checksum" });
      }
    }
  });

  it("ignores spaces and dashes", () => {
    expect(validateAbaRoutingNumber(" 0260-09593 ")).toEqual({ ok: true, routingNumber: "026009593" });
  });

  it("refuses prefixes outside the Federal Reserve ranges, even with a good checksum", () => {
    // 13, 20, 33, 60, 73, 79, 81, 99: no Federal Reserve range (checksum made valid with the last digit).
    for (const prefix of ["13", "20", "33", "60", "73", "79", "81", "99"]) {
      const body = `${prefix}000000`;
      const w = [3, 7, 1, 3, 7, 1, 3, 7];
      const sum = [...body].reduce((acc, d, i) => acc + w[i] * Number(d), 0);
      const number = body + ((10 - (sum % 10)) % 10);
      expect(validateAbaRoutingNumber(number), number).toEqual({ ok: false, error: "prefix" });
    }
    // Edges of the ranges are accepted (same construction).
    for (const prefix of ["00", "12", "21", "32", "61", "72", "80"]) {
      const body = `${prefix}100000`;
      const w = [3, 7, 1, 3, 7, 1, 3, 7];
      const sum = [...body].reduce((acc, d, i) => acc + w[i] * Number(d), 0);
      expect(validateAbaRoutingNumber(body + ((10 - (sum % 10)) % 10))).toMatchObject({ ok: true });
    }
  });

  it("refuses wrong lengths, letters and all zeros", () => {
    for (const raw of ["02600959", "0260095930", "02600959a", "000000000", "０２６００９５９３"]) {
      expect(validateAbaRoutingNumber(raw), raw).toEqual({ ok: false, error: "format" });
    }
    expect(validateAbaRoutingNumber("")).toEqual({ ok: false, error: "required" });
  });
});

describe("validateUsAccountNumber", () => {
  it("accepts 4 to 17 digits, keeping leading zeros", () => {
    expect(validateUsAccountNumber("1234")).toEqual({ ok: true, accountNumber: "1234" });
    expect(validateUsAccountNumber("0001 2345-6789")).toEqual({ ok: true, accountNumber: "000123456789" });
    expect(validateUsAccountNumber("1".repeat(17))).toMatchObject({ ok: true });
  });
  it("refuses fewer than 4, more than 17 and non-digits", () => {
    for (const raw of ["123", "1".repeat(18), "12345A", "1234.5"]) {
      expect(validateUsAccountNumber(raw), raw).toEqual({ ok: false, error: "format" });
    }
    expect(validateUsAccountNumber(null)).toEqual({ ok: false, error: "required" });
  });
});

describe("error codes", () => {
  it("each has an English message", () => {
    for (const code of ABA_ERRORS) expect(errors.aba[code], code).toEqual(expect.any(String));
    for (const code of US_ACCOUNT_NUMBER_ERRORS) expect(errors["us-account-number"][code], code).toEqual(expect.any(String));
  });
});
