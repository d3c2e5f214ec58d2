// @vitest-environment jsdom
import i18n from "~/test-utils/i18n";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import arPayments from "../../../public/locales/ar/payments.json";
import dePayments from "../../../public/locales/de/payments.json";
import type { Payment } from "../../../server/api/v1/contract";
import { PaymentDetails } from "./PaymentDetails";

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage("en");
});

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
  payeeAccount: { form: "IBAN", values: { iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX" } },
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

  it("words the payee account in the reader's language from the API's parts, not its English text", async () => {
    render(<PaymentDetails payment={payment} />);
    expect(row("Payee account")).toBe("IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX");
    cleanup();

    i18n.addResourceBundle("de", "payments", dePayments);
    await i18n.changeLanguage("de");
    const sortCode: Payment = {
      ...payment,
      kind: "GBP",
      payeeDescription: "Sort code 04-00-04, account 12345678",
      payeeAccount: { form: "SORT_CODE", values: { sortCode: "04-00-04", account: "12345678" } },
    };
    render(<PaymentDetails payment={sortCode} />);
    expect(row("Empfängerkonto")).toBe("Sort Code 04-00-04, Konto 12345678");
    cleanup();

    i18n.addResourceBundle("ar", "payments", arPayments);
    await i18n.changeLanguage("ar");
    render(<PaymentDetails payment={sortCode} />);
    // Each value isolated left to right inside the right-to-left text (U+2066 … U+2069).
    expect(screen.getByText(/رمز الفرز/).textContent).toBe("رمز الفرز \u206604-00-04\u2069، الحساب \u206612345678\u2069");
  });

  it("falls back to the API's text when an answer has no parts", () => {
    const { payeeAccount: _parts, ...old } = payment;
    render(<PaymentDetails payment={old as Payment} />);
    expect(row("Payee account")).toBe("IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX");
  });
});
