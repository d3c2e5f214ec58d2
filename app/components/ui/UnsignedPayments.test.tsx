// @vitest-environment jsdom
/**
 * A row of the payments waiting for a signature (UnsignedPayments): two payments to the same
 * payee for the same amount are told apart by when they were made and their reference; Decline
 * leads to the confirmation page with that one payment (it does not decline on the spot).
 */
import "~/test-utils/i18n";
import { cleanup, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, expect, it } from "vitest";
import type { Payment } from "../../../server/api/v1/contract";
import { UnsignedPayments } from "./UnsignedPayments";

afterEach(cleanup);

function payment(id: string, createdAt: string, reference: string | null): Payment {
  return {
    id,
    organizationId: "org",
    kind: "EURO",
    paymentType: "SEPA_SCT",
    status: "AWAITING_SIGNATURE",
    accountId: "acc",
    accountNumber: "10000001",
    currencyId: "EUR",
    amount: "860.00",
    sum: "860.00",
    benificiaryFullName: "Müller Logistik GmbH",
    beneficiaryAccount: "DE89370400440532013000",
    payeeDescription: "IBAN DE89370400440532013000",
    payeeAccount: { form: "IBAN", values: { iban: "DE89370400440532013000", bic: "" } },
    payeeDetails: {},
    reference,
    purpose: null,
    categoryId: null,
    fee: null,
    documentIds: [],
    createdAt,
    transferDate: null,
    signedAt: null,
    requiresSignature: true,
    paymentOrderId: null,
  };
}

it("tells two alike payments apart by time and reference, and Decline asks first", async () => {
  const payments = [payment("p1", "2026-11-28T09:05:00.000Z", "INV-1001"), payment("p2", "2026-11-28T14:30:00.000Z", null)];
  const router = createMemoryRouter(
    [{ path: "/home", element: <UnsignedPayments payments={payments} returnTo="/home?tab=signing" /> }],
    { initialEntries: ["/home"] },
  );
  render(<RouterProvider router={router} />);
  const rows = await screen.findAllByTestId("unsigned-payment");
  expect(rows.map((r) => within(r).getByTestId("unsigned-payment-meta").textContent)).toEqual([
    "28.11.2026 09:05 · INV-1001",
    "28.11.2026 14:30",
  ]);
  const decline = within(rows[0]).getByRole("link", { name: /Decline/ });
  expect(decline.getAttribute("href")).toBe("/payments/decline?ids=p1&back=%2Fhome%3Ftab%3Dsigning");
});
