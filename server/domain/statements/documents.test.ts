/**
 * Statement CSV and document formatting (server/domain/statements/documents.ts): the header
 * block and columns, RFC 4180 quoting, spreadsheet-formula neutralising, dd.mm.yyyy HH:MM.
 */
import { describe, expect, it } from "vitest";
import type { StatementExport, StatementItem } from "../../api/v1/contract.js";
import { formatDateTime, renderStatementCsv, STATEMENT_CSV_COLUMNS } from "./documents.js";

const item = (over: Partial<StatementItem>): StatementItem => ({
  id: "00000000-0000-4000-8000-000000000001",
  transactionId: "00000000-0000-4000-8000-000000000002",
  paymentId: null,
  title: "Acme",
  status: "ADDED",
  operationType: "COMMON",
  transactionKind: "INCOMING",
  accountId: "00000000-0000-4000-8000-000000000003",
  accountNumber: "12345678",
  currencyId: "GBP",
  amount: "10.00",
  debitSum: "0.00",
  creditSum: "10.00",
  balanceAfter: "110.00",
  counterpartyFullName: "Acme",
  counterpartyAccountNumber: null,
  reference: null,
  exchange: null,
  transferDate: "2026-11-02T09:05:00.000Z",
  operationStatus: "COMPLETED",
  categoryId: null,
  paymentOrderId: null,
  feeAmount: null,
  feeCurrencyId: null,
  ...over,
});

describe("renderStatementCsv", () => {
  const st: StatementExport = {
    organizationId: "o",
    currencyId: "GBP",
    from: "2026-11-01T00:00:00.000Z",
    to: null,
    opening: "100.00",
    closing: "104.50",
    items: [
      item({}),
      item({ amount: "-5.50", title: '=HYPERLINK("x")', reference: "a,b", status: "SENT", balanceAfter: "104.50" }),
    ],
  };
  const lines = renderStatementCsv(st).split("\r\n");

  it("starts with the period, opening and closing lines, then the columns", () => {
    expect(lines.slice(0, 4)).toEqual([
      "# statement,GBP,2026-11-01T00:00:00.000Z,",
      "# opening,100.00",
      "# closing,104.50",
      STATEMENT_CSV_COLUMNS.join(","),
    ]);
  });
  it("one row per item; quotes commas and quotes; neutralises formulas; keeps negative amounts", () => {
    expect(lines[4]).toBe(
      "2026-11-02T09:05:00.000Z,00000000-0000-4000-8000-000000000001,COMMON,ADDED,Acme,,,10.00,GBP,110.00,,,",
    );
    expect(lines[5]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[5]).toContain(`"a,b"`);
    expect(lines[5]).toContain(",-5.50,GBP,104.50,,,");
    expect(lines[6]).toBe("");
  });
  it("an exchange's items: no reference, the currencies and the rate as data in their own columns", () => {
    const csv = renderStatementCsv({
      ...st,
      items: [
        item({
          title: null,
          counterpartyFullName: "Exchange to EUR",
          transactionKind: "EXCHANGE",
          amount: "-100.00",
          exchange: { fromCurrencyId: "GBP", toCurrencyId: "EUR", rate: "1.17" },
        }),
      ],
    });
    const row = csv.split("\r\n")[4]!.split(",");
    const col = (c: (typeof STATEMENT_CSV_COLUMNS)[number]) => row[STATEMENT_CSV_COLUMNS.indexOf(c)];
    expect(col("reference")).toBe("");
    expect([col("exchangeFromCurrency"), col("exchangeToCurrency"), col("exchangeRate")]).toEqual(["GBP", "EUR", "1.17"]);
  });

  /**
   * A spreadsheet in a locale whose list separator is ";" (German, French Excel) or a tab import
   * splits an unquoted field there: text after the separator becomes a cell of its own, and
   * "=…" there is a formula (CSV injection past the leading-character check).
   */
  function cellsSplitOn(line: string, separator: string): string[] {
    const cells: string[] = [];
    let cell = "";
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quoted && c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = !quoted;
      else if (!quoted && c === separator) {
        cells.push(cell);
        cell = "";
      } else cell += c;
    }
    return [...cells, cell];
  }
  it.each([";", "\t"])("no cell starts a formula when a spreadsheet splits fields on %j", (separator) => {
    const csv = renderStatementCsv({
      ...st,
      items: [item({ title: `Acme${separator}=1+2`, reference: `inv 7${separator}@SUM(A1:A9)${separator}+3${separator}-4+cmd` })],
    });
    const row = csv.split("\r\n")[4];
    const cells = cellsSplitOn(row, separator).flatMap((c) => cellsSplitOn(c, ","));
    expect(cells.filter((c) => /^[=+@]/.test(c) || /^-[^\d]/.test(c) || /^-\d+[^\d.]/.test(c))).toEqual([]);
    expect(cellsSplitOn(row, ",")[4]).toBe(`Acme${separator}=1+2`);
  });
});

describe("formatDateTime", () => {
  it("is dd.mm.yyyy HH:MM in London time: GMT in winter", () => {
    expect(formatDateTime("2026-01-05T07:03:59.000Z")).toBe("05.01.2026 07:03");
    expect(formatDateTime("2026-12-31T23:59:00.000Z")).toBe("31.12.2026 23:59");
  });
  it("is BST (UTC+1) in summer, whatever the process's zone: 23:30 UTC is 00:30 the next day", () => {
    const tz = process.env.TZ;
    process.env.TZ = "America/Los_Angeles";
    try {
      expect(formatDateTime("2026-07-01T23:30:00.000Z")).toBe("02.07.2026 00:30");
      expect(formatDateTime("2026-10-11T12:00:00.000Z")).toBe("11.10.2026 13:00");
    } finally {
      process.env.TZ = tz;
    }
  });
});
