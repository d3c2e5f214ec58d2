/**
 * Made-up history documents' data for the documents bench (./documents.ts) and the drawing
 * pool's tests: a statement of any length with realistic text lengths, and one receipt's item.
 */
import type { StatementExport, StatementItem, StatementItemDetail } from "../../server/api/v1/contract.js";

/** A statement of `n` operations with realistic text lengths (names, references, amounts). */
export function syntheticStatement(n: number): StatementExport {
  const start = Date.parse("2026-01-01T00:00:00Z");
  const items: StatementItem[] = Array.from({ length: n }, (_, k) => {
    const out = k % 3 !== 0;
    return {
      id: `4f1c2d9e-0000-4000-8000-${String(k).padStart(12, "0")}`,
      transactionId: `5a1c2d9e-0000-4000-8000-${String(k).padStart(12, "0")}`,
      paymentId: null,
      title: k % 7 === 0 ? null : `Müller Logistik GmbH ${k % 40}`,
      status: out ? "SENT" : "ADDED",
      operationType: "COMMON",
      transactionKind: "EURO",
      accountId: "6b1c2d9e-0000-4000-8000-000000000001",
      accountNumber: "10000001",
      currencyId: "EUR",
      amount: out ? `-${(k % 997) + 1}.${String(k % 100).padStart(2, "0")}` : `${(k % 4999) + 1}.50`,
      debitSum: "0.00",
      creditSum: "0.00",
      balanceAfter: `${100000 + k}.00`,
      counterpartyFullName: `Anna Schmidt ${k % 50}`,
      counterpartyAccountNumber: "DE89370400440532013000",
      reference: `INV-2026-${k}`,
      transferDate: new Date(start + k * 3_600_000).toISOString(),
    } as StatementItem;
  });
  return {
    organizationId: "7c1c2d9e-0000-4000-8000-000000000001",
    currencyId: "EUR",
    from: "2026-01-01T00:00:00.000Z",
    to: null,
    opening: "1000.00",
    closing: "250000.00",
    items,
  } as StatementExport;
}

/** One operation's detail (the receipt's data), an outgoing SEPA payment with a category. */
export function syntheticReceipt(): StatementItemDetail {
  const statement = syntheticStatement(2);
  return {
    ...statement.items[1],
    accountIban: "GB33BUKB20201555555555",
    purpose: "Invoice 2026-11",
    paymentType: "SEPA_SCT",
    category: { id: "rent", name: "Rent" },
    counterpartySortCode: null,
    counterpartyBic: "COBADEFFXXX",
    fee: null,
    feeCurrencyId: null,
    glTransactionId: "gl-1",
    generalLedgerTransaction: { debitAccountNumber: "10000001", creditAccountNumber: null },
    senderAccount: { clientName: "Oliver Thompson" },
  } as unknown as StatementItemDetail;
}
