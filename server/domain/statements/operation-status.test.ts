/**
 * operationStatus: where a statement item's operation stands (spec 000 §3 "operationStatus", the
 * Process status values; docs/decisions.md "Statement list item fields").
 */
import { describe, expect, it } from "vitest";
import { operationStatus, type OperationStatusInput } from "./operation-status.js";

const TX = "tx-item";
const base: OperationStatusInput = { transactionId: TX, payment: null, order: null, fxRequest: null };
const payment = (
  settlementStatus: string | null,
  ledgerTransactionId = TX,
  feeLedgerTransactionId: string | null = "tx-fee",
) => ({
  ...base,
  payment: { ledgerTransactionId, feeLedgerTransactionId, settlementStatus },
});

describe("operationStatus", () => {
  it("an item of no operation (money in, a service fee, an exchange) is COMPLETED", () => {
    expect(operationStatus(base)).toBe("COMPLETED");
  });

  it("a payment on an external rail is IN_PROCCESS until settled, for its sum and its fee", () => {
    expect(operationStatus(payment("PENDING"))).toBe("IN_PROCCESS");
    expect(operationStatus({ ...payment("PENDING", "tx-sum", TX) })).toBe("IN_PROCCESS");
    for (const s of ["SETTLED", "REJECTED", "REFUNDED", null]) expect(operationStatus(payment(s))).toBe("COMPLETED");
  });

  it("a payment's other transactions (its refund) are COMPLETED even while the payment is pending", () => {
    expect(operationStatus(payment("PENDING", "tx-sum", "tx-fee"))).toBe("COMPLETED");
  });

  it("a remittance order's sum: PENDING while QUEUED, IN_PROCCESS in PROC, AML, AML_DONE, then COMPLETED", () => {
    const order = (status: string, ledgerTransactionId = TX) =>
      operationStatus({ ...base, order: { ledgerTransactionId, status } });
    expect(order("QUEUED")).toBe("PENDING");
    for (const s of ["PROC", "AML", "AML_DONE"]) expect(order(s)).toBe("IN_PROCCESS");
    for (const s of ["ACCEPTED", "REJECTED"]) expect(order(s)).toBe("COMPLETED");
    // Its refund (another transaction of the same order) is complete.
    expect(order("REJECTED", "tx-sum")).toBe("COMPLETED");
    expect(order("PROC", "tx-sum")).toBe("COMPLETED");
  });

  it("an FX rate request's hold is PENDING until the bank decides", () => {
    expect(operationStatus({ ...base, fxRequest: { status: "PENDING" } })).toBe("PENDING");
    for (const s of ["ACCEPTED", "REJECTED"]) expect(operationStatus({ ...base, fxRequest: { status: s } })).toBe("COMPLETED");
  });
});
