import { createRequire } from "node:module";
import { dirname } from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { DOCUMENT_CATALOGS, documentLabels, exchangeText, isolateValue, rtlPieces } from "./document-i18n.js";
import { renderReceiptPdf, renderStatementPdf, renderTopUpPdf } from "./documents.js";
import type { StatementItemDetail } from "../../api/v1/contract.js";
import en from "../../../public/locales/en/common.json";
import de from "../../../public/locales/de/common.json";
import ar from "../../../public/locales/ar/common.json";
import enHistory from "../../../public/locales/en/history.json";
import deHistory from "../../../public/locales/de/history.json";
import arHistory from "../../../public/locales/ar/history.json";

describe("catalogs", () => {
  it("every language has every label, and known codes are translated", () => {
    const keys = Object.keys(DOCUMENT_CATALOGS.en).sort();
    expect(Object.keys(DOCUMENT_CATALOGS.de).sort()).toEqual(keys);
    expect(Object.keys(DOCUMENT_CATALOGS.ar).sort()).toEqual(keys);
    expect(documentLabels("de").code("itemStatus", "REFUND")).toBe("Erstattung");
    expect(documentLabels("de").code("itemStatus", "UNKNOWN")).toBe("UNKNOWN");
  });
  it("payment categories: the web app's texts by id (common.json payment-category), else the stored name", () => {
    for (const [lang, common] of [
      ["en", en],
      ["de", de],
      ["ar", ar],
    ] as const) {
      const catalog = Object.fromEntries(
        Object.entries(DOCUMENT_CATALOGS[lang])
          .filter(([k]) => k.startsWith("category."))
          .map(([k, v]) => [k.slice("category.".length), v]),
      );
      expect(catalog).toEqual(common["payment-category"]);
    }
    expect(documentLabels("de").code("category", "rent", "Rent")).toBe("Miete");
    expect(documentLabels("ar").code("category", "rent", "Rent")).toBe("إيجار");
    expect(documentLabels("de").code("category", "office-snacks", "Office snacks")).toBe("Office snacks");
  });
  it("payment types: the web app's names by code (history.json payment-type), else the code", () => {
    for (const [lang, history] of [
      ["en", enHistory],
      ["de", deHistory],
      ["ar", arHistory],
    ] as const) {
      const catalog = Object.fromEntries(
        Object.entries(DOCUMENT_CATALOGS[lang])
          .filter(([k]) => k.startsWith("paymentType."))
          .map(([k, v]) => [k.slice("paymentType.".length), v]),
      );
      expect(catalog).toEqual(history["payment-type"]);
    }
    expect(documentLabels("de").code("paymentType", "CASH_OVER_COUNTER")).toBe("Barauszahlung am Schalter");
    expect(documentLabels("en").code("paymentType", "NEW_RAIL")).toBe("NEW_RAIL");
  });
});

describe("rtlPieces (UAX #9 levels, words placed right to left)", () => {
  it("keeps left-to-right runs whole and cuts Arabic into words, in logical order", () => {
    expect(rtlPieces("رقم الحساب: GB33 BUKB")).toEqual(["رقم", " ", "الحساب:", " ", "GB33 BUKB"]);
    // A space between a number and Latin text takes the paragraph's direction (UAX #9 N1: numbers count as R).
    expect(rtlPieces("المبلغ: 1,234.56 EUR")).toEqual(["المبلغ:", " ", "1,234.56", " ", "EUR"]);
    expect(rtlPieces("إيصال الدفع")).toEqual(["إيصال", " ", "الدفع"]);
  });
  it("keeps an isolated value left to right as one piece, without drawing the marks", () => {
    expect(rtlPieces(`المبلغ: ${isolateValue("-12.50 EUR")}`)).toEqual(["المبلغ:", " ", "-12.50 EUR"]);
    expect(isolateValue("أحمد")).toBe("أحمد");
  });
  it("mirrors brackets in right-to-left text", () => {
    expect(rtlPieces("من (UTC)")).toContain(")");
  });
});

const item: StatementItemDetail = {
  id: "4f1c2d9e-0000-4000-8000-000000000001",
  amount: "-12.50",
  currencyId: "EUR",
  status: "SENT",
  operationType: "COMMON",
  transferDate: "2026-11-20T10:00:00.000Z",
  accountNumber: "10000001",
  accountIban: "GB33BUKB20201555555555",
  counterpartyFullName: "Anna Schmidt",
  counterpartyAccountNumber: "DE89370400440532013000",
  generalLedgerTransaction: {
    id: "4f1c2d9e-0000-4000-8000-000000000002",
    debitAccountNumber: "10000001",
    creditAccountNumber: null,
  },
  senderAccount: { clientName: "Oliver Thompson" },
  category: { id: "rent", name: "Rent" },
} as unknown as StatementItemDetail;

describe("documents in each language", () => {
  it("draws a receipt, a statement and top-up instructions as PDFs in en, de and ar", async () => {
    for (const lang of ["en", "de", "ar"] as const) {
      const receipt = await renderReceiptPdf(item, "Oliver Thompson", "Bank", lang);
      expect(receipt.subarray(0, 5).toString()).toBe("%PDF-");
      const statement = await renderStatementPdf(
        { currencyId: "EUR", from: null, to: null, opening: "100.00", closing: "87.50", items: [] } as never,
        "Oliver Thompson",
        "Bank",
        lang,
      );
      expect(statement.subarray(0, 5).toString()).toBe("%PDF-");
      const topUp = await renderTopUpPdf(
        {
          accountId: "a",
          currencyId: "EUR",
          beneficiaryName: "Oliver",
          bankName: "Bank",
          reference: "1",
          methods: [{ rail: "SEPA", fields: [{ name: "iban", value: "GB33BUKB20201555555555" }] }],
        },
        lang,
      );
      expect(topUp.subarray(0, 5).toString()).toBe("%PDF-");
    }
  });
  it("embeds an Arabic-capable font only in Arabic documents", async () => {
    const ar = (await renderReceiptPdf(item, "Oliver Thompson", "Bank", "ar")).toString("latin1");
    const de = (await renderReceiptPdf(item, "Oliver Thompson", "Bank", "de")).toString("latin1");
    expect(ar).toMatch(/DejaVuSans/);
    expect(de).not.toMatch(/DejaVuSans/);
    expect(de).toMatch(/Helvetica/);
  });
});

/** pdfjs-dist's standard font data (the en and de PDFs use the 14 standard fonts). */
const FONTS = `${dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;

/** All text of a PDF, one string per drawn run, pages joined. */
async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: FONTS, isEvalSupported: false }).promise;
  const runs: string[] = [];
  for (let i = 1; i <= doc.numPages; i++)
    for (const it of (await (await doc.getPage(i)).getTextContent()).items) if ("str" in it) runs.push(it.str);
  await doc.destroy();
  return runs.join("\n");
}

describe("the exchange of the bank's own items, in the document's language (no English bookkeeping)", () => {
  const exchange = { fromCurrencyId: "GBP", toCurrencyId: "EUR", rate: "1.17" } as const;
  const leg = {
    ...item,
    title: null,
    transactionKind: "EXCHANGE",
    counterpartyFullName: "Exchange to EUR",
    counterpartyAccountNumber: null,
    reference: null,
    exchange,
  } as StatementItemDetail;

  it("words the currencies and the rate per language", () => {
    expect(exchangeText(exchange, "en")).toBe("GBP to EUR at 1.17");
    expect(exchangeText(exchange, "de")).toBe("GBP in EUR zu 1.17");
    expect(exchangeText(exchange, "ar")).toBe("GBP إلى EUR بسعر 1.17");
  });

  it("a German receipt of an exchange's leg says 'Umtausch: GBP in EUR zu 1.17' and no English reference", async () => {
    const text = await pdfText(await renderReceiptPdf(leg, "Oliver Thompson", "Bank", "de"));
    expect(text).toContain("Umtausch: GBP in EUR zu 1.17");
    expect(text).not.toMatch(/Referenz|Exchange GBP|Exchange fee| at 1\.17/);
    // The other side of the leg is the bank itself, by its name: not the ledger's English label.
    expect(text).toContain("Empfänger: Bank");
    expect(text).not.toContain("Exchange to EUR");
  });

  it("a German statement types an exchange's main leg as the exchange, names its items by it, not the ledger's English label", async () => {
    const text = await pdfText(
      await renderStatementPdf(
        {
          currencyId: "GBP",
          from: null,
          to: null,
          opening: "200.00",
          closing: "99.50",
          items: [
            { ...leg, currencyId: "GBP", amount: "-100.00" },
            { ...leg, currencyId: "GBP", amount: "-0.50", operationType: "TRANSACTION_FEE" },
          ],
        } as never,
        "Oliver Thompson",
        "Bank",
        "de",
      ),
    );
    // Typed as the history pages title it ("Devisenumtausch"), not "Zahlung" (COMMON).
    expect(text).toMatch(/Devisenumtausch\s+GBP in EUR zu 1\.17\s+-100\.00 GBP/);
    expect(text).not.toContain("Zahlung");
    expect(text).toMatch(/Transaktionsgebühr\s+GBP in EUR zu 1\.17\s+-0\.50 GBP/);
    expect(text).not.toContain("Exchange");
  });
});
