/**
 * The language of the documents the bank draws (receipts, statements, top-up instructions:
 * PDF, CSV header block, XLSX labels): English, German or Arabic, the app's languages (issue 12),
 * chosen from the request's Accept-Language (the web app sends the page's language with every
 * API call). Codes stay codes (currency, IBAN, ids); labels, titles and the item statuses and
 * operation types (spec 000 §3) are translated, and so are the seeded payment categories by id
 * (`category.<id>`: the texts of public/locales/{lang}/common.json "payment-category", which the
 * catalog test keeps equal; another category prints its stored name), and the payment types
 * (`paymentType.<code>`: history.json "payment-type", kept equal the same way; another code
 * prints as sent). Arabic PDFs use DejaVu Sans (npm
 * `dejavu-fonts-ttf`, Latin and Arabic glyphs; pdfkit/fontkit shape the Arabic joining forms)
 * and are laid out right to left by `rtlLine` (Unicode bidi levels from `bidi-js`, UAX #9).
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import bidiFactory from "bidi-js";

import type { Language as DocumentLanguage } from "../language.js";

export type { DocumentLanguage };

const EN = {
  receipt: "Payment receipt",
  status: "Status",
  operationType: "Operation type",
  date: "Date",
  payer: "Payer",
  payee: "Payee",
  amount: "Amount",
  fee: "Fee",
  paymentType: "Payment type",
  purpose: "Purpose",
  returnReason: "Reason for the return",
  reference: "Reference",
  counterpartySortCode: "Counterparty sort code",
  counterpartyBic: "Counterparty BIC",
  itemId: "Item ID",
  transactionId: "Transaction ID",
  paymentId: "Payment ID",
  category: "Category",
  sender: "Sender",
  debitAccount: "Debited account",
  creditAccount: "Credited account",
  bankAccount: "The bank's own account",
  exchange: "Exchange",
  exchangeLine: "{from} to {to} at {rate}",
  statement: "Statement",
  accountHolder: "Account holder",
  period: "Period",
  from: "From (UTC)",
  to: "To (UTC)",
  start: "start",
  now: "now",
  opening: "Opening balance",
  closing: "Closing balance",
  items: "Items",
  topUp: "Top-up instructions",
  beneficiary: "Beneficiary",
  bank: "Bank",
  currency: "Currency",
  customer: "Customer",
  "field.sortCode": "Sort code",
  "field.accountNumber": "Account number",
  "field.iban": "IBAN",
  "field.bic": "BIC",
  "field.routingNumber": "ABA routing number",
  "rail.LOCAL_GB": "UK Faster Payments / Bacs",
  "rail.SEPA": "SEPA transfer",
  "rail.FEDWIRE": "US domestic wire (Fedwire)",
  "rail.SWIFT": "International (SWIFT)",
  "rail.INTERNAL": "From another customer of this bank",
  "itemStatus.SENT": "Sent",
  "itemStatus.ADDED": "Received",
  "itemStatus.REFUND": "Refund",
  "operation.COMMON": "Payment",
  "operation.TRANSACTION_FEE": "Transaction fee",
  "operation.SERVICE_FEE": "Regular fee",
  "operation.REFUND": "Refund",
  "bankItem.EXCHANGE": "Currency exchange",
  "bankItem.FX_REQUEST": "FX rate request",
  "bankItem.FX_REQUEST_REFUND": "FX rate request refund",
  "bankItem.FEE_REFUND": "Fee refund",
  "category.goods-and-services": "Goods and services",
  "category.salary-and-wages": "Salary and wages",
  "category.rent": "Rent",
  "category.invoice-payment": "Invoice payment",
  "category.family-support": "Family support",
  "category.investment": "Investment",
  "category.loan-repayment": "Loan repayment",
  "category.other": "Other",
  "paymentType.SEPA_SCT": "SEPA credit transfer",
  "paymentType.SEPA_SCT_INST": "SEPA Instant",
  "paymentType.TARGET_2": "TARGET2",
  "paymentType.FASTER_PAYMENT": "Faster Payments",
  "paymentType.BACS": "BACS",
  "paymentType.SWIFT": "SWIFT",
  "paymentType.FEDWIRE": "Fedwire",
  "paymentType.CRYPTO_ASSET_PAYMENT": "Crypto-asset transfer",
  "paymentType.CASH_OVER_COUNTER": "Cash over the counter",
} as const;

export type DocumentLabel = keyof typeof EN;

const DE: Record<DocumentLabel, string> = {
  receipt: "Zahlungsbeleg",
  status: "Status",
  operationType: "Vorgangsart",
  date: "Datum",
  payer: "Zahler",
  payee: "Empfänger",
  amount: "Betrag",
  fee: "Gebühr",
  paymentType: "Zahlungsart",
  purpose: "Verwendungszweck",
  returnReason: "Grund der Rückbuchung",
  reference: "Referenz",
  counterpartySortCode: "Sort Code der Gegenseite",
  counterpartyBic: "BIC der Gegenseite",
  itemId: "Posten-ID",
  transactionId: "Transaktions-ID",
  paymentId: "Zahlungs-ID",
  category: "Kategorie",
  sender: "Auftraggeber",
  debitAccount: "Belastetes Konto",
  creditAccount: "Gutgeschriebenes Konto",
  bankAccount: "Eigenes Konto der Bank",
  exchange: "Umtausch",
  exchangeLine: "{from} in {to} zu {rate}",
  statement: "Kontoauszug",
  accountHolder: "Kontoinhaber",
  period: "Zeitraum",
  from: "Von (UTC)",
  to: "Bis (UTC)",
  start: "Beginn",
  now: "jetzt",
  opening: "Anfangssaldo",
  closing: "Schlusssaldo",
  items: "Posten",
  topUp: "Anleitung zum Aufladen",
  beneficiary: "Begünstigter",
  bank: "Bank",
  currency: "Währung",
  customer: "Kunde",
  "field.sortCode": "Sort Code",
  "field.accountNumber": "Kontonummer",
  "field.iban": "IBAN",
  "field.bic": "BIC",
  "field.routingNumber": "ABA-Routingnummer",
  "rail.LOCAL_GB": "UK Faster Payments / Bacs",
  "rail.SEPA": "SEPA-Überweisung",
  "rail.FEDWIRE": "US-Inlandsüberweisung (Fedwire)",
  "rail.SWIFT": "International (SWIFT)",
  "rail.INTERNAL": "Von einem anderen Kunden dieser Bank",
  "itemStatus.SENT": "Gesendet",
  "itemStatus.ADDED": "Eingegangen",
  "itemStatus.REFUND": "Erstattung",
  "operation.COMMON": "Zahlung",
  "operation.TRANSACTION_FEE": "Transaktionsgebühr",
  "operation.SERVICE_FEE": "Regelmäßige Gebühr",
  "operation.REFUND": "Erstattung",
  "bankItem.EXCHANGE": "Devisenumtausch",
  "bankItem.FX_REQUEST": "Kursanfrage",
  "bankItem.FX_REQUEST_REFUND": "Erstattung der Kursanfrage",
  "bankItem.FEE_REFUND": "Erstattung der Gebühr",
  "category.goods-and-services": "Waren und Dienstleistungen",
  "category.salary-and-wages": "Gehälter und Löhne",
  "category.rent": "Miete",
  "category.invoice-payment": "Rechnungszahlung",
  "category.family-support": "Familienunterstützung",
  "category.investment": "Investition",
  "category.loan-repayment": "Kreditrückzahlung",
  "category.other": "Sonstiges",
  "paymentType.SEPA_SCT": "SEPA-Überweisung",
  "paymentType.SEPA_SCT_INST": "SEPA Instant",
  "paymentType.TARGET_2": "TARGET2",
  "paymentType.FASTER_PAYMENT": "Faster Payments",
  "paymentType.BACS": "BACS",
  "paymentType.SWIFT": "SWIFT",
  "paymentType.FEDWIRE": "Fedwire",
  "paymentType.CRYPTO_ASSET_PAYMENT": "Kryptowerte-Transfer",
  "paymentType.CASH_OVER_COUNTER": "Barauszahlung am Schalter",
};

const AR: Record<DocumentLabel, string> = {
  receipt: "إيصال الدفع",
  status: "الحالة",
  operationType: "نوع العملية",
  date: "التاريخ",
  payer: "الدافع",
  payee: "المستفيد",
  amount: "المبلغ",
  fee: "الرسوم",
  paymentType: "نوع الدفع",
  purpose: "الغرض",
  returnReason: "سبب الإرجاع",
  reference: "المرجع",
  counterpartySortCode: "رمز الفرز للطرف الآخر",
  counterpartyBic: "رمز BIC للطرف الآخر",
  itemId: "معرّف البند",
  transactionId: "معرّف المعاملة",
  paymentId: "معرّف الدفعة",
  category: "الفئة",
  sender: "المرسل",
  debitAccount: "الحساب المدين",
  creditAccount: "الحساب الدائن",
  bankAccount: "حساب البنك الخاص",
  exchange: "الصرف",
  exchangeLine: "{from} إلى {to} بسعر {rate}",
  statement: "كشف الحساب",
  accountHolder: "صاحب الحساب",
  period: "الفترة",
  from: "من (UTC)",
  to: "إلى (UTC)",
  start: "البداية",
  now: "الآن",
  opening: "الرصيد الافتتاحي",
  closing: "الرصيد الختامي",
  items: "البنود",
  topUp: "تعليمات تعبئة الرصيد",
  beneficiary: "المستفيد",
  bank: "البنك",
  currency: "العملة",
  customer: "العميل",
  "field.sortCode": "رمز الفرز",
  "field.accountNumber": "رقم الحساب",
  "field.iban": "IBAN",
  "field.bic": "BIC",
  "field.routingNumber": "رقم التوجيه ABA",
  "rail.LOCAL_GB": "المدفوعات السريعة / Bacs في المملكة المتحدة",
  "rail.SEPA": "تحويل SEPA",
  "rail.FEDWIRE": "حوالة محلية أمريكية (Fedwire)",
  "rail.SWIFT": "دولي (SWIFT)",
  "rail.INTERNAL": "من عميل آخر لهذا البنك",
  "itemStatus.SENT": "مُرسل",
  "itemStatus.ADDED": "مُستلم",
  "itemStatus.REFUND": "استرداد",
  "operation.COMMON": "دفعة",
  "operation.TRANSACTION_FEE": "رسوم المعاملة",
  "operation.SERVICE_FEE": "رسوم دورية",
  "operation.REFUND": "استرداد",
  "bankItem.EXCHANGE": "تحويل العملات",
  "bankItem.FX_REQUEST": "طلب السعر",
  "bankItem.FX_REQUEST_REFUND": "استرداد طلب السعر",
  "bankItem.FEE_REFUND": "استرداد الرسوم",
  "category.goods-and-services": "سلع وخدمات",
  "category.salary-and-wages": "رواتب وأجور",
  "category.rent": "إيجار",
  "category.invoice-payment": "دفع فاتورة",
  "category.family-support": "إعالة الأسرة",
  "category.investment": "استثمار",
  "category.loan-repayment": "سداد قرض",
  "category.other": "أخرى",
  "paymentType.SEPA_SCT": "تحويل SEPA الائتماني",
  "paymentType.SEPA_SCT_INST": "SEPA Instant",
  "paymentType.TARGET_2": "TARGET2",
  "paymentType.FASTER_PAYMENT": "Faster Payments",
  "paymentType.BACS": "BACS",
  "paymentType.SWIFT": "SWIFT",
  "paymentType.FEDWIRE": "Fedwire",
  "paymentType.CRYPTO_ASSET_PAYMENT": "تحويل أصول مشفرة",
  "paymentType.CASH_OVER_COUNTER": "صرف نقدي عند الشباك",
};

const CATALOG: Record<DocumentLanguage, Record<DocumentLabel, string>> = { en: EN, de: DE, ar: AR };

/**
 * The labels of a language: `label("amount")`; `code(prefix, value, fallback?)` translates a
 * known code, else returns `fallback` (a payment category's stored name), else the code itself.
 */
export function documentLabels(lang: DocumentLanguage): {
  label: (key: DocumentLabel) => string;
  code: (
    prefix: "itemStatus" | "operation" | "bankItem" | "rail" | "field" | "category" | "paymentType",
    value: string | null | undefined,
    fallback?: string,
  ) => string;
} {
  const table: Partial<Record<string, string>> = CATALOG[lang];
  return {
    label: (key) => CATALOG[lang][key],
    code: (prefix, value, fallback) => (value ? (table[`${prefix}.${value}`] ?? fallback ?? value) : ""),
  };
}

/**
 * An item's exchange (StatementItem.exchange) in the document's words: "GBP to EUR at 1.17",
 * "GBP in EUR zu 1.17", "GBP إلى EUR بسعر 1.17" — what the ledger's English bookkeeping reference
 * said, which the API no longer hands out. Words, not the pages' arrow: Helvetica's WinAnsi
 * encoding has no "→". The rate as sent, with the dot, like the document's amounts (documents
 * never re-format the figures a customer checks).
 */
export function exchangeText(
  exchange: { fromCurrencyId: string; toCurrencyId: string; rate: string },
  lang: DocumentLanguage,
): string {
  const values: Record<string, string> = { from: exchange.fromCurrencyId, to: exchange.toCurrencyId, rate: exchange.rate };
  return CATALOG[lang].exchangeLine.replace(/\{(from|to|rate)\}/g, (_, k: string) => values[k]!);
}

/** Every language's catalog (the completeness test compares their keys). */
export const DOCUMENT_CATALOGS = CATALOG;

const fontDir = join(dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");

/** Font files (or pdfkit standard font names) of a language: regular and bold. */
export function documentFonts(lang: DocumentLanguage): { regular: string; bold: string } {
  return lang === "ar"
    ? { regular: join(fontDir, "DejaVuSans.ttf"), bold: join(fontDir, "DejaVuSans-Bold.ttf") }
    : { regular: "Helvetica", bold: "Helvetica-Bold" };
}

const bidi = bidiFactory();
const MIRROR: Record<string, string> = { "(": ")", ")": "(", "[": "]", "]": "[", "<": ">", ">": "<", "{": "}", "}": "{" };

/**
 * The pieces of one line of a right-to-left paragraph, in the order they are drawn from the
 * right margin leftwards: runs of left-to-right text (numbers, IBANs, Latin names) stay whole;
 * right-to-left text is cut into words and spaces (fontkit shapes and orders the letters of one
 * word; placing the words is ours), with mirrored brackets (UAX #9 L4).
 * @returns pieces in logical order; each is drawn to the left of the previous one
 */
export function rtlPieces(text: string): string[] {
  const { levels } = bidi.getEmbeddingLevels(text, "rtl");
  const pieces: string[] = [];
  let i = 0;
  while (i < text.length) {
    let j = i + 1;
    const ltr = levels[i] % 2 === 0;
    while (j < text.length && (levels[j] % 2 === 0) === ltr) j++;
    // Isolate marks (LRI … PDI, UAX #9 §2.4) steer the levels and are not drawn.
    const run = text.slice(i, j).replace(/[\u2066-\u2069]/g, "");
    if (!run) {
      i = j;
      continue;
    }
    if (ltr) pieces.push(run);
    else for (const token of run.split(/(\s+)/)) if (token) pieces.push([...token].map((c) => MIRROR[c] ?? c).join(""));
    i = j;
  }
  return pieces;
}

/**
 * A value inside a right-to-left line: kept left to right as one unit (amounts, IBANs, dates,
 * Latin names: "-12.50 EUR" stays so) by a left-to-right isolate, unless it holds Arabic letters.
 */
export function isolateValue(value: string): string {
  return /[\u0600-\u06ff\u0750-\u077f]/.test(value) ? value : `\u2066${value}\u2069`;
}

/**
 * Draw `text` as one right-aligned, right-to-left line at the document's current y, then move
 * below it. Long lines are not wrapped (document lines are short labelled values).
 */
export function rtlLine(doc: PDFKit.PDFDocument, text: string): void {
  const y = doc.y;
  let x = doc.page.width - doc.page.margins.right;
  for (const piece of rtlPieces(text)) {
    const w = doc.widthOfString(piece);
    x -= w;
    if (piece.trim()) doc.text(piece, x, y, { lineBreak: false });
  }
  doc.x = doc.page.margins.left;
  doc.y = y + doc.currentLineHeight(true);
}
