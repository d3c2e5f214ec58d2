/**
 * Demo data invariants (docs/decisions.md "Demo mode (issue 12)"): GBP, EUR and USD sample
 * balances as decimal strings, demo cards masked (no full card number anywhere in the data),
 * history amounts as decimal strings that add up to the shown balances, and the demo payment
 * rules.
 */
import { describe, expect, it } from "vitest";
import { DEMO_BALANCES, demoData, maskCardNumber, validateDemoPayment } from "./demo.server";

const DECIMAL = /^-?\d+\.\d{2}$/;
const NOW = new Date("2026-11-25T12:00:00Z");

/** A card number's shapes: a run of exactly 13–19 digits, or four groups of four digits. */
const PAN_LIKE = /(?<!\d)\d{13,19}(?!\d)|\d{4}[ -]\d{4}[ -]\d{4}[ -]\d{4}/;

describe("demo data", () => {
  const data = demoData(NOW);

  it("has one account with GBP, EUR and USD balances as decimal strings", () => {
    expect(data.accounts).toHaveLength(1);
    const balances = data.accounts[0].balances;
    expect(balances.map((b) => b.currencyId)).toEqual(["GBP", "EUR", "USD"]);
    for (const b of balances) {
      expect(typeof b.amount).toBe("string");
      expect(b.amount).toMatch(DECIMAL);
      expect(b.amount).toBe(DEMO_BALANCES[b.currencyId as keyof typeof DEMO_BALANCES]);
    }
  });

  it("shows demo cards with masked numbers only, and no full card number anywhere", () => {
    expect(data.cards.length).toBeGreaterThan(0);
    for (const c of data.cards) {
      expect(c.cardNumber).toMatch(/^•••• \d{4}$/);
      expect(c.path).toBe(`/demo/cards/${c.id}`);
      expect(c.balance).toMatch(DECIMAL);
      expect(c.limits.daily).toMatch(DECIMAL);
      expect(c.limits.monthly).toMatch(DECIMAL);
    }
    for (const c of data.cards) expect(JSON.stringify(c)).not.toMatch(/\d{5}/); // at most the last four digits
    expect(JSON.stringify(data)).not.toMatch(PAN_LIKE);
    expect("4111 1111 1111 1111").toMatch(PAN_LIKE);
    expect(() => maskCardNumber("4111111111111111")).toThrow();
  });

  it("keeps history amounts as decimal strings whose latest balance per currency is the sample balance", () => {
    for (const item of data.history) {
      expect(item.amount).toMatch(DECIMAL);
      expect(item.balanceAfter).toMatch(DECIMAL);
    }
    for (const currency of ["GBP", "EUR", "USD"] as const) {
      const newest = data.history
        .filter((i) => i.currencyId === currency)
        .sort((a, b) => b.transferDate.localeCompare(a.transferDate))[0];
      expect(newest.balanceAfter).toBe(DEMO_BALANCES[currency]);
    }
    expect(data.history[0].transferDate.slice(0, 10)).toBe("2026-11-25");
  });

  it("hands out fresh objects (a page cannot change another's data)", () => {
    const a = demoData(NOW);
    a.accounts[0].balances[0].amount = "0.00";
    a.cards[0].limits.daily = "0.00";
    expect(demoData(NOW).accounts[0].balances[0].amount).toBe(DEMO_BALANCES.GBP);
    expect(demoData(NOW).cards[0].limits.daily).not.toBe("0.00");
  });
});

describe("validateDemoPayment", () => {
  it("accepts a payee, a demo currency and an amount up to the sample balance, normalised (spec 000 §5)", () => {
    expect(validateDemoPayment({ payee: "Maria Rossi", currencyId: "EUR", amount: "25.50" })).toEqual({
      errors: {},
      amount: "25.50",
    });
    expect(validateDemoPayment({ payee: "A", currencyId: "GBP", amount: DEMO_BALANCES.GBP }).errors).toEqual({});
    // A comma is turned into a dot, spaces dropped.
    expect(validateDemoPayment({ payee: "A", currencyId: "GBP", amount: "12,50" })).toEqual({ errors: {}, amount: "12.50" });
    expect(validateDemoPayment({ payee: "A", currencyId: "GBP", amount: " 1 000,5 " })).toEqual({ errors: {}, amount: "1000.5" });
  });

  it("refuses missing fields, each amount rule with its own message, other currencies and more than the balance", () => {
    expect(validateDemoPayment({ payee: " ", currencyId: "GBP", amount: "" }).errors).toEqual({
      payee: "demo:errors.payee-required",
      amount: "errors:amount.required",
    });
    const amountError = (amount: string) => validateDemoPayment({ payee: "X", currencyId: "GBP", amount }).errors.amount;
    expect(amountError("05")).toBe("errors:amount.leading-zero");
    expect(amountError("1.123")).toBe("errors:amount.too-many-decimals");
    expect(amountError(".5")).toBe("errors:amount.leading-dot");
    for (const amount of ["-1", "1e3", "abc", "1.2.3"]) expect(amountError(amount)).toBe("errors:amount.invalid-characters");
    for (const amount of ["0", "0.00"]) expect(amountError(amount)).toBe("errors:amount.not-positive");
    expect(amountError("10000000000000000.01")).toBe("errors:amount.too-large");
    expect(validateDemoPayment({ payee: "X", currencyId: "GBP", amount: "1,2345" }).amount).toBe("1.2345");
    // A comma before exactly three digits (a thousands separator?) is refused and shown as typed.
    expect(validateDemoPayment({ payee: "X", currencyId: "GBP", amount: "1,234" })).toMatchObject({
      amount: "1,234",
      errors: { amount: "errors:amount.thousands-comma" },
    });
    expect(validateDemoPayment({ payee: "X", currencyId: "USD", amount: "980.01" }).errors.amount).toBe(
      "demo:errors.amount-balance",
    );
    expect(validateDemoPayment({ payee: "X", currencyId: "USDT", amount: "1" }).errors.currencyId).toBe("demo:errors.currency");
    expect(validateDemoPayment({ payee: "x".repeat(101), currencyId: "GBP", amount: "1" }).errors.payee).toBe(
      "demo:errors.payee-too-long",
    );
  });
});
