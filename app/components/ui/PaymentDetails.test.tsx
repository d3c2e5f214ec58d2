// @vitest-environment jsdom
import "~/test-utils/i18n";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Payment } from "../../../server/api/v1/contract";
import { PaymentDetails } from "./PaymentDetails";

afterEach(cleanup);

/** The text of the row labelled `label`. */
function row(label: string): string | null {
  const dt = screen.getAllByRole("term").find((el) => el.textContent === label);
  return dt?.nextElementSibling?.textContent ?? null;
}

const payment: Payment = {
  id: "p1",
  organizationId: "o1",
  kind: "EURO",
  paymentType: "SEPA_SCT",
  status: "AWAITING_SIGNATURE",
  accountId: "a1",
  accountNumber: "10000001",
  currencyId: "EUR",
  amount: "860.00",
  sum: "860.00",
  benificiaryFullName: "Müller Logistik GmbH",
  beneficiaryAccount: "DE89370400440532013000",
  payeeDescription: "IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX",
  payeeDetails: {},
  reference: null,
  purpose: null,
  categoryId: null,
  fee: null,
  documentIds: [],
  createdAt: "2026-11-22T10:00:00Z",
  transferDate: null,
  signedAt: null,
  requiresSignature: true,
  paymentOrderId: null,
};

describe("PaymentDetails", () => {
  it("names the debited account with its number, as the rest of the app names accounts", () => {
    render(<PaymentDetails payment={payment} accountName="Main account" />);
    expect(row("From account")).toBe("Main account — 10000001");
  });

  it("shows the number alone when the account's name is unknown", () => {
    render(<PaymentDetails payment={payment} accountName={null} />);
    expect(row("From account")).toBe("10000001");
  });
});
