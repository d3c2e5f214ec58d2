import { describe, expect, it } from "vitest";
import errors from "../../public/locales/en/errors.json";
import {
  acceptAmountKeystroke,
  AMOUNT_ERRORS,
  compareDecimalStrings,
  settleAmountInput,
  validateAmount,
  validateWireAmount,
} from "./amount";

describe("validateAmount (spec 000 §5)", () => {
  it.each([
    ["10", "10"],
    ["10.5", "10.5"],
    ["10,55", "10.55"],
    [" 1 000,00 ", "1000.00"],
    ["0.01", "0.01"],
    ["10.", "10"],
    ["10000000000000000", "10000000000000000"],
    ["10000000000000000.00", "10000000000000000.00"],
  ])("accepts %j as %j", (raw, value) => {
    expect(validateAmount(raw)).toEqual({ ok: true, value });
  });

  it.each([
    ["", "required"],
    [undefined, "required"],
    ["   ", "required"],
    ["abc", "invalid-characters"],
    ["-5", "invalid-characters"],
    ["1e5", "invalid-characters"],
    ["1.2.3", "invalid-characters"],
    ["1,2.3", "invalid-characters"],
    [".5", "leading-dot"],
    [",5", "leading-dot"],
    ["05", "leading-zero"],
    ["00.5", "leading-zero"],
    ["1.234", "too-many-decimals"],
    ["10000000000000000.01", "too-large"],
    ["10000000000000001", "too-large"],
    ["99999999999999999", "too-large"],
    ["0", "not-positive"],
    ["0.00", "not-positive"],
  ])("refuses %j with %s", (raw, error) => {
    expect(validateAmount(raw as string)).toEqual({ ok: false, error });
  });

  it("uses a custom scale (crypto)", () => {
    expect(validateAmount("1.123456", { scale: 6 })).toEqual({ ok: true, value: "1.123456" });
    expect(validateAmount("1.1234567", { scale: 6 })).toEqual({ ok: false, error: "too-many-decimals" });
    expect(validateAmount("1.5", { scale: 0 })).toEqual({ ok: false, error: "too-many-decimals" });
  });

  it("refuses a comma before exactly three digits, a thousands separator to an English reader (crypto and fiat)", () => {
    // Before: "1,000" SOL/USDT was read as 1.000 and accepted (6 or 9 decimals); fiat refused it
    // only as "too many decimals".
    for (const scale of [9, 6, 2, 0]) {
      for (const raw of ["1,000", " 1,000 ", "25,500", "999,999", "1000,000", "12 345,678"])
        expect(validateAmount(raw, { scale }), `${raw} at ${scale}`).toEqual({ ok: false, error: "thousands-comma" });
    }
  });

  it("still reads a comma as the decimal separator where it cannot be a thousands separator", () => {
    expect(validateAmount("1,5", { scale: 9 })).toEqual({ ok: true, value: "1.5" });
    expect(validateAmount("1,25", { scale: 9 })).toEqual({ ok: true, value: "1.25" });
    expect(validateAmount("1,0005", { scale: 9 })).toEqual({ ok: true, value: "1.0005" });
    expect(validateAmount("0,125", { scale: 9 })).toEqual({ ok: true, value: "0.125" });
    expect(validateAmount("1.000", { scale: 9 })).toEqual({ ok: true, value: "1.000" });
    expect(validateAmount("1000", { scale: 9 })).toEqual({ ok: true, value: "1000" });
  });

  it("accepts zero when asked", () => {
    expect(validateAmount("0", { allowZero: true })).toEqual({ ok: true, value: "0" });
  });

  it("is not fooled by float rounding", () => {
    // 0.1 + 0.2 style issues cannot happen: strings are compared digit by digit.
    expect(validateAmount("9999999999999999.99")).toEqual({ ok: true, value: "9999999999999999.99" });
  });
});

describe("validateWireAmount (API amount: same rules, nothing rewritten)", () => {
  it.each(["10", "10.5", "120.50", "0.01", "10000000000000000", "10000000000000000.00"])("accepts %j as sent", (value) => {
    expect(validateWireAmount(value)).toEqual({ ok: true, value });
  });

  it.each([
    ["", "required"],
    ["12,5", "invalid-characters"],
    ["1,000", "invalid-characters"],
    [" 1", "invalid-characters"],
    ["1 000", "invalid-characters"],
    ["10.", "invalid-characters"],
    ["-5", "invalid-characters"],
    ["+1", "invalid-characters"],
    ["1e3", "invalid-characters"],
    ["NaN", "invalid-characters"],
    ["１２", "invalid-characters"],
    [".5", "leading-dot"],
    ["05", "leading-zero"],
    ["00001", "leading-zero"],
    ["120.500", "too-many-decimals"],
    ["10000000000000000.01", "too-large"],
    ["0", "not-positive"],
    ["0.00", "not-positive"],
  ])("refuses %j with %s", (value, error) => {
    expect(validateWireAmount(value)).toEqual({ ok: false, error });
  });

  it("refuses a value that is not a string", () => {
    expect(validateWireAmount(12.5)).toEqual({ ok: false, error: "invalid-characters" });
    expect(validateWireAmount(null)).toEqual({ ok: false, error: "invalid-characters" });
  });

  it("uses the currency scale (SOL 9)", () => {
    expect(validateWireAmount("0.000000001", { scale: 9 })).toEqual({ ok: true, value: "0.000000001" });
    expect(validateWireAmount("0.0000000001", { scale: 9 })).toEqual({ ok: false, error: "too-many-decimals" });
  });
});

describe("error codes", () => {
  it("each has an English message errors:amount.<code>", () => {
    for (const code of AMOUNT_ERRORS) expect(errors.amount[code], code).toEqual(expect.any(String));
  });
});

/** What the field shows after `text` is typed key by key at its end (one change per key). */
function typeKeys(text: string, scale?: number, start = ""): string {
  let shown = start;
  for (const key of text) shown = acceptAmountKeystroke(shown, shown + key, scale);
  return shown;
}

describe("acceptAmountKeystroke (spec 000 §5 input mask)", () => {
  it("keeps valid typing, a trailing separator included; drops spaces", () => {
    expect(acceptAmountKeystroke("", "1")).toBe("1");
    expect(acceptAmountKeystroke("1", "12.")).toBe("12.");
    expect(acceptAmountKeystroke("12.5", "12.55")).toBe("12.55");
    expect(acceptAmountKeystroke("1", "")).toBe("");
    expect(acceptAmountKeystroke("", "0.")).toBe("0.");
    expect(acceptAmountKeystroke("1", "1 0")).toBe("10");
    expect(acceptAmountKeystroke("", " 1 000,50 ")).toBe("1000,50");
  });

  it("keeps the customer's comma while typing (it becomes a dot when the field is left)", () => {
    expect(acceptAmountKeystroke("12", "12,")).toBe("12,");
    expect(acceptAmountKeystroke("12,", "12,5")).toBe("12,5");
    expect(typeKeys("12,55")).toBe("12,55");
    expect(settleAmountInput(typeKeys("12,5"))).toBe("12.5");
  });

  it('keeps "1,000" typed key by key as "1,000" for the thousands-comma error (never 1.00)', () => {
    const shown = typeKeys("1,000");
    expect(shown).toBe("1,000");
    expect(settleAmountInput(shown)).toBe("1,000");
    expect(validateAmount(shown, { scale: 2 })).toEqual({ ok: false, error: "thousands-comma" });
    expect(typeKeys("12,555")).toBe("12,555");
    expect(typeKeys("12 345,678")).toBe("12345,678");
    // Pasted or filled at once, at any scale.
    expect(acceptAmountKeystroke("", "1,000", 9)).toBe("1,000");
    expect(acceptAmountKeystroke("", "1,000", 0)).toBe("1,000");
  });

  it("refuses keystrokes that break the mask by returning the previous value", () => {
    // a letter or a sign
    expect(acceptAmountKeystroke("1", "1a")).toBe("1");
    expect(acceptAmountKeystroke("", "-")).toBe("");
    expect(acceptAmountKeystroke("1", "1e5")).toBe("1");
    expect(typeKeys("1a2,5")).toBe("12,5");
    // a second separator, dot or comma
    expect(acceptAmountKeystroke("1.2", "1.2.")).toBe("1.2");
    expect(acceptAmountKeystroke("1,2", "1,2,")).toBe("1,2");
    expect(acceptAmountKeystroke("1,2", "1,2.")).toBe("1,2");
    // a leading dot (or comma)
    expect(acceptAmountKeystroke("", ".")).toBe("");
    expect(acceptAmountKeystroke("", ",")).toBe("");
    expect(acceptAmountKeystroke("", ".5")).toBe("");
    expect(typeKeys(".5")).toBe("5");
    // a leading zero followed by a digit
    expect(acceptAmountKeystroke("0", "01")).toBe("0");
    expect(typeKeys("05")).toBe("0");
    // more than two decimals (a dot is a decimal point: "12.555" and "1.000" lose the third)
    expect(acceptAmountKeystroke("12.55", "12.555")).toBe("12.55");
    expect(typeKeys("12.555")).toBe("12.55");
    expect(typeKeys("1.000")).toBe("1.00");
    expect(acceptAmountKeystroke("12,55", "12,555")).toBe("12,555"); // thousands comma: kept for its error
    expect(acceptAmountKeystroke("1,00", "1,0005")).toBe("1,00");
    // above 1e16
    expect(acceptAmountKeystroke("1000000000000000", "10000000000000001")).toBe("1000000000000000");
    expect(acceptAmountKeystroke("1000000000000000", "10000000000000000")).toBe("10000000000000000");
    expect(acceptAmountKeystroke("10000000000000000", "10000000000000000.01")).toBe("10000000000000000");
  });

  it("takes a currency's scale: 0 has no separator, 8 takes eight decimals", () => {
    expect(acceptAmountKeystroke("", "5", 0)).toBe("5");
    expect(acceptAmountKeystroke("5", "50", 0)).toBe("50");
    expect(acceptAmountKeystroke("5", "5.", 0)).toBe("5");
    expect(acceptAmountKeystroke("5", "5,", 0)).toBe("5");
    expect(typeKeys("0,12345678", 8)).toBe("0,12345678");
    expect(typeKeys("0.123456789", 8)).toBe("0.12345678");
    expect(typeKeys("0,123456789", 8)).toBe("0,12345678");
    expect(settleAmountInput(typeKeys("0,12345678", 8))).toBe("0.12345678");
  });
});

describe("settleAmountInput (the amount field, once left)", () => {
  it("turns a comma into a dot (spec 000 §5)", () => {
    expect(settleAmountInput("12,5")).toBe("12.5");
    expect(settleAmountInput("0,125")).toBe("0.125");
    expect(settleAmountInput("1,0005")).toBe("1.0005");
    expect(settleAmountInput("12.5")).toBe("12.5");
  });
  it("keeps a comma before exactly three digits as typed, for the form's check to explain", () => {
    expect(settleAmountInput("1,000")).toBe("1,000");
    expect(settleAmountInput("25,500")).toBe("25,500");
  });
});

describe("compareDecimalStrings", () => {
  it("compares without floats", () => {
    expect(compareDecimalStrings("0.3", "0.30")).toBe(0);
    expect(compareDecimalStrings("10", "9.99")).toBe(1);
    expect(compareDecimalStrings("9.99", "10")).toBe(-1);
    expect(compareDecimalStrings("1.05", "1.5")).toBe(-1);
    expect(compareDecimalStrings("007", "7")).toBe(0);
  });
});
