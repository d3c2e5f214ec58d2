/**
 * History documents (issue 9 "Documents"): the receipt of one statement item, the statement of a
 * period and currency (PDF, CSV and XLSX) and the top-up instructions of a balance (JSON and PDF).
 * PDFs are drawn with pdfkit in the standard Helvetica fonts (WinAnsi text, no font files), as
 * server/seed/agreement-pdf.ts. What each shows: docs/decisions.md "History documents".
 */
import PDFDocument from "pdfkit";
import writeXlsxFile, { type Cell, type SheetData } from "write-excel-file/node";
import { Decimal } from "../ledger/money.js";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { accounts, balances, organizations } from "../../db/schema/index.js";
import { getStatementItem } from "./index.js";
import type { CurrencyCode, StatementExport, StatementItemDetail, TopUpInstructions } from "../../api/v1/contract.js";
import { isUuid } from "../accounts/index.js";
import { fieldError } from "../errors.js";
import { memberOrganizationIds, notFound } from "../organizations/access.js";
import { BANK_ABA_ROUTING_NUMBER, BANK_BIC, BANK_SORT_CODE } from "../bank-details.js";
import { getBrand } from "../brand/index.js";

/** dd.mm.yyyy HH:MM in UTC (the app's date and time formats, spec 000 §2). */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getUTCDate())}.${p(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

/** Collect a pdfkit document's bytes once `draw` has written it, under the bank's (white-label) name. */
function renderPdf(bankName: string, title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 56, info: { Title: title, Author: bankName } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.font("Helvetica-Bold").fontSize(16).text(bankName);
  doc.font("Helvetica-Bold").fontSize(13).text(title).moveDown(0.6);
  doc.font("Helvetica").fontSize(10);
  draw(doc);
  doc.end();
  return done;
}

/** "Label: value" lines, skipping empty values. */
function fields(doc: PDFKit.PDFDocument, rows: [string, string | null | undefined][]): void {
  for (const [label, value] of rows) if (value) doc.text(`${label}: ${value}`);
}

/** Organization display name: company name, else first + last name. */
export async function organizationName(db: Database, organizationId: string): Promise<string> {
  const [o] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  return o?.companyName ?? ([o?.firstName, o?.lastName].filter(Boolean).join(" ") || "Customer");
}

/**
 * Receipt of one statement item (GET /v1/statements-items/:id/pdf): bank name, payer and payee
 * (the customer and the counterparty, swapped for money in), amount, fee, date and time,
 * references (item id, general-ledger transaction, payment id, reference).
 * @returns PDF bytes.
 */
export function renderReceiptPdf(item: StatementItemDetail, customerName: string, bankName: string): Promise<Buffer> {
  const incoming = Number(item.amount) > 0;
  const customer = `${customerName} (${item.accountIban ?? item.accountNumber})`;
  const counterparty = [item.counterpartyFullName, item.counterpartyAccountNumber].filter(Boolean).join(", ") || "-";
  return renderPdf(bankName, "Payment receipt", (doc) =>
    fields(doc, [
      ["Status", item.status],
      ["Operation type", item.operationType],
      ["Date", formatDateTime(item.transferDate)],
      ["Payer", incoming ? counterparty : customer],
      ["Payee", incoming ? customer : counterparty],
      ["Amount", `${item.amount} ${item.currencyId}`],
      ["Fee", item.fee ? `${item.fee} ${item.feeCurrencyId}` : `0 ${item.currencyId}`],
      ["Payment type", item.paymentType],
      ["Purpose", item.purpose],
      ["Reference", item.reference],
      ["Counterparty sort code", item.counterpartySortCode],
      ["Counterparty BIC", item.counterpartyBic],
      ["Item ID", item.id],
      ["Transaction ID", item.glTransactionId],
      ["Payment ID", item.paymentId],
    ]),
  );
}

/**
 * GET /v1/statements-items/:id/pdf: the receipt of an item of the caller's organizations; with
 * `accountId` / `organizationId` the item must be on that account / of that organization.
 * @throws 404 NOT_FOUND otherwise.
 */
export async function receiptPdf(
  db: Database,
  userId: string,
  id: string,
  scope: { accountId?: string; organizationId?: string },
): Promise<{ id: string; pdf: Buffer }> {
  const item = await getStatementItem(db, userId, id);
  if (scope.accountId && scope.accountId !== item.accountId) throw notFound("Statement item");
  const [acc] = await db.select({ org: accounts.organizationId }).from(accounts).where(eq(accounts.id, item.accountId));
  if (!acc?.org || (scope.organizationId && scope.organizationId !== acc.org)) throw notFound("Statement item");
  const { name: bankName } = await getBrand(db);
  return { id: item.id, pdf: await renderReceiptPdf(item, await organizationName(db, acc.org), bankName) };
}

/** Quote a CSV cell (RFC 4180) and neutralise spreadsheet formulas (=, +, -, @ at the start of text). */
function csvCell(v: string | null): string {
  let s = v ?? "";
  if (/^[=+@\t\r]/.test(s) || (/^-/.test(s) && !/^-\d+(\.\d+)?$/.test(s))) s = `'${s}`;
  return /[",\r\n']/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV columns of a statement (docs/decisions.md): one row per item, then no summary rows. */
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
export async function renderStatementXlsx(s: StatementExport, customerName: string, bankName: string): Promise<Buffer> {
  const scale = Math.max(decimalsOf(s.opening), decimalsOf(s.closing), ...s.items.map((i) => decimalsOf(i.amount)));
  const amountFormat = scale > 0 ? `#,##0.${"0".repeat(scale)}` : "#,##0";
  const bold = (value: string): Cell => ({ type: String, value, fontWeight: "bold" });
  const dateCell = (iso: string | null): Cell =>
    iso ? { type: Date, value: new Date(iso), format: "dd.mm.yyyy hh:mm" } : { type: String, value: "" };
  const text = (value: string | null): Cell => (value ? { type: String, value } : null);
  const rows: SheetData = [
    [bold(bankName)],
    [bold("Statement"), text(s.currencyId)],
    [text("Account holder"), text(customerName)],
    [text("From (UTC)"), s.from ? dateCell(s.from) : text("start")],
    [text("To (UTC)"), s.to ? dateCell(s.to) : text("now")],
    [text("Opening balance"), xlsxAmount(s.opening, amountFormat)],
    [text("Closing balance"), xlsxAmount(s.closing, amountFormat)],
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
    ]),
  ];
  return writeXlsxFile(rows, { sheet: `Statement ${s.currencyId}` }).toBuffer();
}

/** Digits after the decimal point of a decimal string. */
function decimalsOf(value: string | null): number {
  return value?.includes(".") ? value.length - value.indexOf(".") - 1 : 0;
}

/** Statement as PDF: holder, period, opening balance, one line per item, closing balance. */
export function renderStatementPdf(s: StatementExport, customerName: string, bankName: string): Promise<Buffer> {
  return renderPdf(bankName, `Statement ${s.currencyId}`, (doc) => {
    fields(doc, [
      ["Account holder", customerName],
      ["Period", `${s.from ? formatDateTime(s.from) : "start"} - ${s.to ? formatDateTime(s.to) : "now"}`],
      ["Opening balance", `${s.opening} ${s.currencyId}`],
    ]);
    doc.moveDown(0.5);
    for (const i of s.items)
      doc.text(
        `${formatDateTime(i.transferDate)}  ${i.operationType}  ${i.title ?? i.counterpartyFullName ?? "-"}  ${i.amount} ${i.currencyId}`,
      );
    doc.moveDown(0.5);
    fields(doc, [
      ["Items", String(s.items.length)],
      ["Closing balance", `${s.closing} ${s.currencyId}`],
    ]);
  });
}

/** Currencies the SEPA rail carries. */
const SEPA = new Set(["EUR"]);

/**
 * Top-up instructions of one balance (GET /v1/accounts/:id/top-up?currencyId=): per rail the
 * fields a payer needs, from the account row — GBP: sort code + account number (Faster
 * Payments / Bacs) and IBAN + BIC (SWIFT); EUR: IBAN + BIC (SEPA) and SWIFT; USD: the bank's ABA
 * routing number + account number (Fedwire) and SWIFT; other currencies:
 * IBAN + BIC (SWIFT); always: the account number for a transfer from another customer of the
 * bank (INTERNAL). The reference to quote is the account number.
 * @throws 404 NOT_FOUND (account outside the caller's organizations, or no balance in
 *   currencyId), 400 `currencyId` when missing.
 */
export async function topUpInstructions(
  db: Database,
  userId: string,
  accountId: string,
  currencyId: string | undefined,
): Promise<TopUpInstructions> {
  if (!currencyId) throw fieldError("currencyId", "isNotEmpty", "currencyId is required");
  const orgIds = await memberOrganizationIds(db, userId);
  if (!isUuid(accountId) || !orgIds.length) throw notFound("Account");
  const [a] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.system, false)));
  if (!a?.organizationId || !orgIds.includes(a.organizationId)) throw notFound("Account");
  const [b] = await db
    .select({ id: balances.id })
    .from(balances)
    .where(and(eq(balances.accountId, accountId), eq(balances.currencyId, currencyId)));
  if (!b) throw notFound("Balance");
  const bic = a.bic ?? BANK_BIC;
  const methods: TopUpInstructions["methods"] = [];
  if (currencyId === "GBP")
    methods.push({
      rail: "LOCAL_GB",
      fields: [
        { name: "sortCode", value: a.sortCode ?? BANK_SORT_CODE },
        { name: "accountNumber", value: a.number },
      ],
    });
  if (a.iban && SEPA.has(currencyId))
    methods.push({
      rail: "SEPA",
      fields: [
        { name: "iban", value: a.iban },
        { name: "bic", value: bic },
      ],
    });
  if (currencyId === "USD")
    methods.push({
      rail: "FEDWIRE",
      fields: [
        { name: "routingNumber", value: BANK_ABA_ROUTING_NUMBER },
        { name: "accountNumber", value: a.number },
      ],
    });
  if (a.iban)
    methods.push({
      rail: "SWIFT",
      fields: [
        { name: "iban", value: a.iban },
        { name: "bic", value: bic },
      ],
    });
  methods.push({ rail: "INTERNAL", fields: [{ name: "accountNumber", value: a.number }] });
  return {
    accountId,
    currencyId: currencyId as CurrencyCode,
    beneficiaryName: await organizationName(db, a.organizationId),
    bankName: (await getBrand(db)).name,
    methods,
    reference: a.number,
  };
}

/** English labels of the top-up fields on the PDF (the web page translates the same names). */
const TOP_UP_FIELD_LABELS: Record<string, string> = {
  sortCode: "Sort code",
  accountNumber: "Account number",
  iban: "IBAN",
  bic: "BIC",
  routingNumber: "ABA routing number",
};
/** English names of the rails on the PDF. */
const TOP_UP_RAIL_LABELS: Record<string, string> = {
  LOCAL_GB: "UK Faster Payments / Bacs",
  SEPA: "SEPA transfer",
  FEDWIRE: "US domestic wire (Fedwire)",
  SWIFT: "International (SWIFT)",
  INTERNAL: "From another customer of this bank",
};

/** Top-up instructions as a PDF: beneficiary, bank, one block per rail, the reference. */
export function renderTopUpPdf(t: TopUpInstructions): Promise<Buffer> {
  return renderPdf(t.bankName, `Top-up instructions ${t.currencyId}`, (doc) => {
    fields(doc, [
      ["Beneficiary", t.beneficiaryName],
      ["Bank", t.bankName],
      ["Currency", t.currencyId],
      ["Reference", t.reference],
    ]);
    for (const m of t.methods) {
      doc
        .moveDown(0.5)
        .font("Helvetica-Bold")
        .text(TOP_UP_RAIL_LABELS[m.rail] ?? m.rail)
        .font("Helvetica");
      fields(
        doc,
        m.fields.map((f) => [TOP_UP_FIELD_LABELS[f.name] ?? f.name, f.value]),
      );
    }
  });
}
