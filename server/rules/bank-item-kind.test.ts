import { describe, expect, it } from "vitest";
import { bankItemKind } from "./bank-item-kind";

describe("what the bank's own statement item is, from its codes", () => {
  it("names an exchange's main legs, an FX request's hold and refund, a fee given back", () => {
    expect(bankItemKind({ transactionKind: "EXCHANGE", operationType: "COMMON" })).toBe("EXCHANGE");
    expect(bankItemKind({ transactionKind: "FX_REQUEST_HOLD", operationType: "COMMON" })).toBe("FX_REQUEST");
    expect(bankItemKind({ transactionKind: "FX_REQUEST_REFUND", operationType: "COMMON" })).toBe("FX_REQUEST_REFUND");
    expect(bankItemKind({ transactionKind: "FX_REQUEST_REFUND", operationType: "TRANSACTION_FEE" })).toBe("FX_REQUEST_REFUND");
    expect(bankItemKind({ transactionKind: "PAYMENT_REFUND", operationType: "REFUND" })).toBe("FEE_REFUND");
  });

  it("leaves fee legs and ordinary items to their operation type", () => {
    expect(bankItemKind({ transactionKind: "EXCHANGE", operationType: "TRANSACTION_FEE" })).toBeNull();
    expect(bankItemKind({ transactionKind: "FX_REQUEST_HOLD", operationType: "TRANSACTION_FEE" })).toBeNull();
    expect(bankItemKind({ transactionKind: "PAYMENT", operationType: "COMMON" })).toBeNull();
    expect(bankItemKind({ transactionKind: "SERVICE_FEE", operationType: "SERVICE_FEE" })).toBeNull();
  });
});
