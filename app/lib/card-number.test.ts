import { describe, expect, it } from "vitest";
import { cardNumberShown } from "./card-number";

describe("cardNumberShown (spec 000 §4: 'card ordered' in place of the masked number)", () => {
  it("shows 'card ordered' for an ORDERED card", () => {
    expect(cardNumberShown({ status: "ORDERED", cardNumber: null })).toEqual({ kind: "ordered" });
  });

  it("shows the masked number of a card that has one, whatever its status", () => {
    for (const status of ["ACTIVE", "NEW", "FROZEN", "CANCELED", "VOID"] as const)
      expect(cardNumberShown({ status, cardNumber: "•••• 4821" })).toEqual({ kind: "number", number: "•••• 4821" });
  });

  it("shows the neutral placeholder, not 'card ordered', for a card without a number that is no longer ordered", () => {
    for (const status of ["CANCELED", "VOID", "NEW", "ACTIVE", "FROZEN"] as const)
      expect(cardNumberShown({ status, cardNumber: null })).toEqual({ kind: "none" });
  });
});
