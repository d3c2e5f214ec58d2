/**
 * counterLeg: which leg of a ledger transaction stands opposite a statement item (its debited
 * or credited account, docs/decisions.md "Ledger accounts on a statement item").
 */
import { describe, expect, it } from "vitest";
import { counterLeg } from "./index.js";

const leg = (id: string, amount: string, operationType = "COMMON") => ({ id, amount, operationType });

describe("counterLeg", () => {
  it("a plain transfer: the other leg", () => {
    const legs = [leg("a", "-10.00"), leg("b", "10.00")];
    expect(counterLeg(legs[0]!, legs)?.id).toBe("b");
    expect(counterLeg(legs[1]!, legs)?.id).toBe("a");
  });

  it("an exchange with its fee (one currency's legs): the sum against the position, the fee against fee income", () => {
    const legs = [
      leg("sell", "-100.00"),
      leg("position", "100.00"),
      leg("fee", "-0.10", "TRANSACTION_FEE"),
      leg("income", "0.10", "TRANSACTION_FEE"),
    ];
    expect(counterLeg(legs[0]!, legs)?.id).toBe("position");
    expect(counterLeg(legs[2]!, legs)?.id).toBe("income");
  });

  it("a refund of sum and fee (all REFUND): each by its exact opposite amount", () => {
    const legs = [
      leg("clearing", "-20.00", "REFUND"),
      leg("sum", "20.00", "REFUND"),
      leg("income", "-0.50", "REFUND"),
      leg("fee", "0.50", "REFUND"),
    ];
    expect(counterLeg(legs[1]!, legs)?.id).toBe("clearing");
    expect(counterLeg(legs[3]!, legs)?.id).toBe("income");
  });

  it("a payment and its fee against one clearing leg: that leg for both; none when nothing stands opposite", () => {
    const legs = [leg("sum", "-20.00"), leg("fee", "-0.50", "TRANSACTION_FEE"), leg("clearing", "20.50")];
    expect(counterLeg(legs[0]!, legs)?.id).toBe("clearing");
    expect(counterLeg(legs[1]!, legs)?.id).toBe("clearing");
    expect(counterLeg(leg("x", "5.00"), [leg("x", "5.00")])).toBeNull();
  });
});
