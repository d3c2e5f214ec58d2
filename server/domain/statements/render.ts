/**
 * The drawing of the history documents (issue 9 "Documents"), pure: data and the language in,
 * bytes out, no database and no I/O beyond reading the fonts — so that it can run in a worker
 * thread (./render-pool.ts) and never hold up the process's event loop: a 5,000-item statement
 * took 160–650 ms of the loop (docs/performance.md "Documents off the event loop"). The receipt of
 * one statement item, the statement of a period and currency (PDF, CSV and XLSX) and the top-up
 * instructions of a balance (PDF). PDFs are drawn with pdfkit: Helvetica (WinAnsi) in English and
 * German, DejaVu Sans right to left in Arabic; labels in the caller's language
 * (./document-i18n.ts). What each shows: docs/decisions.md "History documents".
 */
import PDFDocument from "pdfkit";
import writeXlsxFile, { type Cell, type SheetData } from "write-excel-file/node";
import { Decimal } from "../ledger/money.js";
import { formatSortCode } from "../../rules/sort-code.js";
import { bankItemKind } from "../../rules/bank-item-kind.js";
import type { StatementExport, StatementItemDetail, TopUpInstructions } from "../../api/v1/contract.js";
import { documentFonts, documentLabels, exchangeText, isolateValue, rtlLine, type DocumentLanguage } from "./document-i18n.js";

/**
 * Time zone of the times printed in the PDFs (receipt, statement): Europe/London, the zone the web
 * pages show (app/lib/dates.ts DISPLAY_TIME_ZONE), so a receipt says the time the history page
 * says. The CSV (ISO 8601 with Z) and XLSX ("date (UTC)") exports stay in UTC.
 */
export const DOCUMENT_TIME_ZONE = "Europe/London";

const documentDateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: DOCUMENT_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * dd.mm.yyyy HH:MM (the app's date and time formats, spec 000 §2) in Europe/London
 * (DOCUMENT_TIME_ZONE): GMT in winter, BST (UTC+1) in summer.
 * @param iso an ISO 8601 instant, e.g. "2026-07-01T23:30:00Z" → "02.07.2026 00:30"
 */
export function formatDateTime(iso: string): string {
  const p: Record<string, string> = {};
  for (const part of documentDateTime.formatToParts(new Date(iso))) p[part.type] = part.value;
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

/** What a document's `draw` gets: the labels of its language and a "label: value" line writer. */
interface PdfWriter {
  doc: PDFKit.PDFDocument;
  label: ReturnType<typeof documentLabels>["label"];
  code: ReturnType<typeof documentLabels>["code"];
  /** "Label: value" lines, skipping empty values. */
  fields: (rows: [string, string | null | undefined][]) => void;
  /** One plain line (right to left in Arabic). */
  line: (text: string) => void;
  /** A bold heading line. */
  heading: (text: string) => void;
}

/** Collect a pdfkit document's bytes once `draw` has written it, under the bank's (white-label) name, in `lang`. */
function renderPdf(bankName: string, title: string, lang: DocumentLanguage, draw: (w: PdfWriter) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 56, lang, info: { Title: title, Author: bankName } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const fonts = documentFonts(lang);
  const line = (text: string) => (lang === "ar" ? rtlLine(doc, text) : doc.text(text));
  const { label, code } = documentLabels(lang);
  const writer: PdfWriter = {
    doc,
    label,
    code,
    line,
    fields: (rows) => {
      for (const [l, value] of rows) if (value) line(`${l}: ${lang === "ar" ? isolateValue(value) : value}`);
    },
    heading: (text) => {
      doc.font(fonts.bold);
      line(text);
      doc.font(fonts.regular);
    },
  };
  doc.font(fonts.bold).fontSize(16);
  line(bankName);
  doc.fontSize(13);
  line(title);
  doc.moveDown(0.6);
  doc.font(fonts.regular).fontSize(10);
  draw(writer);
  doc.end();
  return done;
}

/**
 * Receipt of one statement item (GET /v1/statements-items/:id/pdf): bank name, payer and payee
 * (the customer and the counterparty, swapped for money in), the sender (the holder of the
 * debited account, when a client), amount, fee, date and time, the payment category (translated
 * by id, else its stored name; only on the payer's items), references (item id, general-ledger
 * transaction with its debited and credited account numbers — the bank's own accounts as "The
 * bank's own account" — payment id, reference), the exchange (currencies and rate, in `lang`):
 * the item detail's info block (spec 000 §3; docs/decisions.md "Ledger accounts on a statement
 * item", "The bank's own items speak the reader's language"), as getStatementItem returns it.
 * @returns PDF bytes.
 */
export function renderReceiptPdf(
  item: StatementItemDetail,
  customerName: string,
  bankName: string,
  lang: DocumentLanguage = "en",
): Promise<Buffer> {
  const incoming = Number(item.amount) > 0;
  const customer = `${customerName} (${item.accountIban ?? item.accountNumber})`;
  const counterparty = [counterpartyName(item, bankName), item.counterpartyAccountNumber].filter(Boolean).join(", ") || "-";
  const { label } = documentLabels(lang);
  const { category, generalLedgerTransaction: gl } = item;
  return renderPdf(bankName, label("receipt"), lang, ({ fields, label, code }) => {
    const ledgerAccount = (n: string | null) => n ?? label("bankAccount");
    fields([
      [label("status"), code("itemStatus", item.status)],
      [label("operationType"), code("operation", item.operationType)],
      [label("date"), formatDateTime(item.transferDate)],
      [label("payer"), incoming ? counterparty : customer],
      [label("payee"), incoming ? customer : counterparty],
      [label("sender"), item.senderAccount.clientName],
      [label("amount"), `${item.amount} ${item.currencyId}`],
      [label("fee"), item.fee ? `${item.fee} ${item.feeCurrencyId}` : `0 ${item.currencyId}`],
      [label("paymentType"), item.paymentType ? code("paymentType", item.paymentType) : null],
      [label("purpose"), item.purpose],
      [label("returnReason"), item.returnReason],
      [label("category"), category ? code("category", category.id, category.name) : null],
      [label("reference"), item.reference],
      [label("exchange"), item.exchange ? exchangeText(item.exchange, lang) : null],
      [label("counterpartySortCode"), item.counterpartySortCode && formatSortCode(item.counterpartySortCode)],
      [label("counterpartyBic"), item.counterpartyBic],
      [label("itemId"), item.id],
      [label("transactionId"), item.glTransactionId],
      [label("debitAccount"), ledgerAccount(gl.debitAccountNumber)],
      [label("creditAccount"), ledgerAccount(gl.creditAccountNumber)],
      [label("paymentId"), item.paymentId],
    ]);
  });
}
/**
 * Quote a CSV cell (RFC 4180) and neutralise spreadsheet formulas (=, +, -, @ at the start of
 * text; OWASP "CSV Injection"). A cell holding a ";" or a tab is quoted too: a spreadsheet whose
 * list separator is ";" (German or French Excel) or a tab import would otherwise split it there,
 * and text after the separator ("Acme;=HYPERLINK(…)") would start a cell of its own, a formula.
 */
function csvCell(v: string | null): string {
  let s = v ?? "";
  if (/^[=+@\t\r]/.test(s) || (/^-/.test(s) && !/^-\d+(\.\d+)?$/.test(s))) s = `'${s}`;
  return /[",;\t\r\n']/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The counterparty's name as a document in the reader's language prints it: the item's title (a
 * name: data), else the bank's own name when the ledger's counterparty is one of the bank's English
 * labels ("Transaction fee", "Exchange to EUR": the items `title` leaves null, server/domain/statements
 * `bankNamedItem`), else null. The CSV and XLSX keep the ledger's label (machine formats, English).
 */
function counterpartyName(i: Pick<StatementItemDetail, "title" | "counterpartyFullName">, bankName: string): string | null {
  return i.title ?? (i.counterpartyFullName ? bankName : null);
}

/**
 * CSV columns of a statement (docs/decisions.md): one row per item, then no summary rows. The
 * exchange an item belongs to in three columns of data (sold and bought currency, rate), empty on
 * other items: the machine format's version of what the pages say in the reader's words.
 */
export const STATEMENT_CSV_COLUMNS = [
  "date",
  "id",
  "operationType",
  "status",
  "counterparty",
  "counterpartyAccount",
  "reference",
  "amount",
  "currency",
  "balanceAfter",
  "exchangeFromCurrency",
  "exchangeToCurrency",
  "exchangeRate",
] as const;

/**
 * Statement as CSV: a header block (`# opening,<amount>` and `# closing,<amount>` lines) then
 * the column header and one row per item ascending; amounts at the currency's scale.
 */
export function renderStatementCsv(s: StatementExport): string {
  const lines = [
    `# statement,${s.currencyId},${s.from ?? ""},${s.to ?? ""}`,
    `# opening,${s.opening}`,
    `# closing,${s.closing}`,
    STATEMENT_CSV_COLUMNS.join(","),
    ...s.items.map((i) =>
      [
        i.transferDate,
        i.id,
        i.operationType,
        i.status,
        i.title ?? i.counterpartyFullName,
        i.counterpartyAccountNumber,
        i.reference,
        i.amount,
        i.currencyId,
        i.balanceAfter,
        i.exchange?.fromCurrencyId ?? null,
        i.exchange?.toCurrencyId ?? null,
        i.exchange?.rate ?? null,
      ]
        .map(csvCell)
        .join(","),
    ),
  ];
  return lines.join("\r\n") + "\r\n";
}

/**
 * An amount as an XLSX cell: a Number cell when the decimal survives the trip through an IEEE
 * double exactly (at most 15 significant digits: every fiat amount below 10^13), so sums and
 * formulas work in the spreadsheet; otherwise a text cell holding the exact decimal, never a
 * rounded number (money is not a float: a long crypto amount stays exact).
 */
function xlsxAmount(value: string | null, format: string): Cell {
  if (value === null) return null;
  const n = Number(value);
  const exact = Number.isFinite(n) && new Decimal(String(n)).eq(new Decimal(value));
  return exact ? { type: Number, value: n, format } : { type: String, value };
}

/**
 * Statement as an XLSX workbook (one sheet): a header block (currency, period, opening and
 * closing balance), then the CSV's columns, one row per item ascending. Dates are Date cells in
 * UTC shown dd.mm.yyyy hh:mm; amounts are numbers formatted at the currency's scale (text when
 * a double cannot hold them exactly); texts are String cells, which a spreadsheet never runs as
 * formulas. Written by write-excel-file (Office Open XML, ECMA-376).
 */
export async function renderStatementXlsx(
  s: StatementExport,
  customerName: string,
  bankName: string,
  lang: DocumentLanguage = "en",
): Promise<Buffer> {
  const { label } = documentLabels(lang);
  const scale = Math.max(decimalsOf(s.opening), decimalsOf(s.closing), ...s.items.map((i) => decimalsOf(i.amount)));
  const amountFormat = scale > 0 ? `#,##0.${"0".repeat(scale)}` : "#,##0";
  const bold = (value: string): Cell => ({ type: String, value, fontWeight: "bold" });
  const dateCell = (iso: string | null): Cell =>
    iso ? { type: Date, value: new Date(iso), format: "dd.mm.yyyy hh:mm" } : { type: String, value: "" };
  const text = (value: string | null): Cell => (value ? { type: String, value } : null);
  const rows: SheetData = [
    [bold(bankName)],
    [bold(label("statement")), text(s.currencyId)],
    [text(label("accountHolder")), text(customerName)],
    [text(label("from")), s.from ? dateCell(s.from) : text(label("start"))],
    [text(label("to")), s.to ? dateCell(s.to) : text(label("now"))],
    [text(label("opening")), xlsxAmount(s.opening, amountFormat)],
    [text(label("closing")), xlsxAmount(s.closing, amountFormat)],
    [],
    STATEMENT_CSV_COLUMNS.map((c) => bold(c === "date" ? "date (UTC)" : c)),
    ...s.items.map((i): Cell[] => [
      dateCell(i.transferDate),
      text(i.id),
      text(i.operationType),
      text(i.status),
      text(i.title ?? i.counterpartyFullName),
      text(i.counterpartyAccountNumber),
      text(i.reference),
      xlsxAmount(i.amount, amountFormat),
      text(i.currencyId),
      xlsxAmount(i.balanceAfter, amountFormat),
      text(i.exchange?.fromCurrencyId ?? null),
      text(i.exchange?.toCurrencyId ?? null),
      // The rate as its exact decimal (a rate is read, not summed).
      text(i.exchange?.rate ?? null),
    ]),
  ];
  return writeXlsxFile(rows, { sheet: `${label("statement")} ${s.currencyId}`, rightToLeft: lang === "ar" }).toBuffer();
}

/** Digits after the decimal point of a decimal string. */
function decimalsOf(value: string | null): number {
  return value?.includes(".") ? value.length - value.indexOf(".") - 1 : 0;
}

/**
 * The type word of a statement PDF line: what the bank's own item is when its codes say
 * (server/rules/bank-item-kind.ts: "Currency exchange", "FX rate request" … as the history pages
 * title them), else its operation type ("Payment", "Transaction fee" …).
 */
function itemType(
  i: Pick<StatementItemDetail, "title" | "transactionKind" | "operationType">,
  code: ReturnType<typeof documentLabels>["code"],
): string {
  const kind = i.title ? null : bankItemKind(i);
  return kind ? code("bankItem", kind) : code("operation", i.operationType);
}

/**
 * Statement as PDF: holder, period, opening balance, one line per item, closing balance; in
 * `lang`. An item's line types it (`itemType`: an exchange's main legs "Currency exchange", not
 * "Payment") and names its counterparty, or for an exchange's items (no title: the ledger's
 * counterparty is the bank's English label) the exchange in `lang` ("GBP in EUR zu 1.17").
 */
export function renderStatementPdf(
  s: StatementExport,
  customerName: string,
  bankName: string,
  lang: DocumentLanguage = "en",
): Promise<Buffer> {
  const { label } = documentLabels(lang);
  return renderPdf(bankName, `${label("statement")} ${s.currencyId}`, lang, ({ doc, fields, line, label, code }) => {
    fields([
      [label("accountHolder"), customerName],
      [label("period"), `${s.from ? formatDateTime(s.from) : label("start")} - ${s.to ? formatDateTime(s.to) : label("now")}`],
      [label("opening"), `${s.opening} ${s.currencyId}`],
    ]);
    doc.moveDown(0.5);
    for (const i of s.items)
      line(
        `${formatDateTime(i.transferDate)}  ${itemType(i, code)}  ${i.title ?? (i.exchange ? exchangeText(i.exchange, lang) : counterpartyName(i, bankName)) ?? "-"}  ${i.amount} ${i.currencyId}`,
      );
    doc.moveDown(0.5);
    fields([
      [label("items"), String(s.items.length)],
      [label("closing"), `${s.closing} ${s.currencyId}`],
    ]);
  });
}

/** Top-up instructions as a PDF: beneficiary, bank, one block per rail, the reference; in `lang`. */
export function renderTopUpPdf(t: TopUpInstructions, lang: DocumentLanguage = "en"): Promise<Buffer> {
  const { label } = documentLabels(lang);
  return renderPdf(t.bankName, `${label("topUp")} ${t.currencyId}`, lang, ({ doc, fields, heading, label, code }) => {
    fields([
      [label("beneficiary"), t.beneficiaryName],
      [label("bank"), t.bankName],
      [label("currency"), t.currencyId],
      [label("reference"), t.reference],
    ]);
    for (const m of t.methods) {
      doc.moveDown(0.5);
      heading(code("rail", m.rail));
      fields(m.fields.map((f) => [code("field", f.name), f.value]));
    }
  });
}

/**
 * The drawings a worker of ./render-pool.ts can run, by name: each takes plain data (what
 * structured clone carries: the contract's JSON shapes, strings) and returns the document's bytes.
 */
export const RENDERERS = {
  receiptPdf: renderReceiptPdf,
  statementPdf: renderStatementPdf,
  statementXlsx: renderStatementXlsx,
  topUpPdf: renderTopUpPdf,
} as const;

/** A drawing's name (`RENDERERS`). */
export type DocumentKind = keyof typeof RENDERERS;
