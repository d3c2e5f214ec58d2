import { describe, expect, it } from "vitest";
import { CARD_MASK_PREFIX, containsCardNumber, luhnValid, maskCardNumber } from "./card-mask.js";

describe("maskCardNumber", () => {
  it("shows four bullets and the last four digits", () => {
    expect(maskCardNumber("1234")).toBe("•••• 1234");
    expect(maskCardNumber("0007")).toBe(`${CARD_MASK_PREFIX}0007`);
  });
  it("answers null for a card without a number yet (ORDERED)", () => {
    expect(maskCardNumber(null)).toBeNull();
    expect(maskCardNumber(undefined)).toBeNull();
    expect(maskCardNumber("")).toBeNull();
  });
  it("refuses anything but exactly four digits (a full PAN must never be masked or shown)", () => {
    for (const bad of ["4111111111111111", "123", "12345", "12a4", " 1234"]) expect(() => maskCardNumber(bad)).toThrow();
  });
});

describe("containsCardNumber", () => {
  it("checks Luhn", () => {
    expect(luhnValid("4111111111111111")).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
    expect(luhnValid("")).toBe(false);
  });
  it("finds 16-digit Visa/Mastercard numbers, plain or grouped by fours", () => {
    expect(containsCardNumber("pan 4111111111111111 here")).toBe(true);
    expect(containsCardNumber("4111 1111 1111 1111")).toBe(true);
    expect(containsCardNumber("5500-0000-0000-0004")).toBe(true);
  });
  it("does not flag masked numbers, account numbers or amounts", () => {
    expect(containsCardNumber("•••• 1234")).toBe(false);
    expect(containsCardNumber("account 10000001, 48,250.00 GBP")).toBe(false);
    expect(containsCardNumber('{"when":1795564171442,"at":"2026-11-24T23:51:05.123Z"}')).toBe(false);
    expect(containsCardNumber("id 4111-1111-1111-1111a9")).toBe(false);
    expect(containsCardNumber("4111 1111-1111 1111")).toBe(false);
  });
});
