// @vitest-environment jsdom
/**
 * StatementRow's title (`useItemTitle`: the counterparty, else 'Currency exchange' for an
 * exchange's legs, else the operation type translated from its code — the API sends no English
 * titles) and its meta line: the payment category (translated by id; left out when the web app has
 * no translation of it) and the operation's progress while the bank still works on it
 * (operationStatus PENDING / IN_PROCCESS; nothing once COMPLETED).
 */
import i18n from "~/test-utils/i18n";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import historyDe from "../../../public/locales/de/history.json";
import historyAr from "../../../public/locales/ar/history.json";
import type { StatementItem } from "../../../server/api/v1/contract";
import { demoData } from "~/lib/demo.server";
import { StatementRow, useItemTitle } from "./StatementRow";

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage("en");
});

const base: StatementItem = {
  ...demoData(new Date("2026-11-22T10:00:00Z")).history[0]!,
  reference: "INV-7",
  categoryId: null,
  operationStatus: "COMPLETED",
};

/** The row's meta line, split at its separators. */
function meta(item: StatementItem): string[] {
  render(
    <ul>
      <StatementRow item={item} />
    </ul>,
  );
  const text = screen.getByTestId("statement-item").querySelector("span + span")?.textContent ?? "";
  cleanup();
  return text.split(" · ");
}

/** The title `useItemTitle` gives an item. */
function titleOf(item: Pick<StatementItem, "title" | "operationType" | "transactionKind">): string {
  let title = "";
  function Probe() {
    title = useItemTitle()(item);
    return null;
  }
  render(<Probe />);
  cleanup();
  return title;
}

describe("useItemTitle", () => {
  it("titles an exchange's legs without a title 'Currency exchange'", () => {
    expect(titleOf({ title: null, operationType: "COMMON", transactionKind: "EXCHANGE" })).toBe("Currency exchange");
    // The list row shows it too.
    render(
      <ul>
        <StatementRow item={{ ...base, title: null, operationType: "COMMON", transactionKind: "EXCHANGE" }} />
      </ul>,
    );
    expect(screen.getByTestId("statement-item").querySelector("span")?.textContent).toBe("Currency exchange");
  });

  it("keeps the operation type for an exchange's fee, and a counterparty's name over any code", () => {
    expect(titleOf({ title: null, operationType: "TRANSACTION_FEE", transactionKind: "EXCHANGE" })).toBe("Transaction fee");
    expect(titleOf({ title: "Acme Supplies Ltd", operationType: "COMMON", transactionKind: "EXCHANGE" })).toBe(
      "Acme Supplies Ltd",
    );
    expect(titleOf({ title: null, operationType: "COMMON", transactionKind: "PAYMENT" })).toBe("Transfer");
    expect(titleOf({ title: null, operationType: "SERVICE_FEE", transactionKind: "SERVICE_FEE" })).toBe("Regular fee");
  });

  it("names the bank's own items of an FX rate request and a returned fee from their codes, never the ledger's labels", () => {
    expect(titleOf({ title: null, operationType: "COMMON", transactionKind: "FX_REQUEST_HOLD" })).toBe("FX rate request");
    expect(titleOf({ title: null, operationType: "TRANSACTION_FEE", transactionKind: "FX_REQUEST_HOLD" })).toBe(
      "Transaction fee",
    );
    expect(titleOf({ title: null, operationType: "REFUND", transactionKind: "FX_REQUEST_REFUND" })).toBe(
      "FX rate request refund",
    );
    expect(titleOf({ title: null, operationType: "REFUND", transactionKind: "PAYMENT_REFUND" })).toBe("Fee refund");
    // The returned sum itself keeps its payee's name.
    expect(titleOf({ title: "Hans Müller", operationType: "REFUND", transactionKind: "PAYMENT_REFUND" })).toBe("Hans Müller");
  });
});

describe("StatementRow", () => {
  it("names the payer's category by its translation", () => {
    expect(meta({ ...base, categoryId: "rent" }).slice(0, 2)).toEqual(["INV-7", "Rent"]);
  });

  it("leaves out a category it has no translation of, and none when there is none", () => {
    expect(meta({ ...base, categoryId: "made-up-category" })).toHaveLength(2);
    expect(meta(base)).toHaveLength(2);
  });

  it("says 'In progress' or 'Pending' until the operation is completed", () => {
    expect(meta({ ...base, operationStatus: "IN_PROCCESS" })[1]).toBe("In progress");
    expect(meta({ ...base, operationStatus: "PENDING", categoryId: "rent" }).slice(1, 3)).toEqual(["Rent", "Pending"]);
    expect(meta(base).join(" ")).not.toMatch(/Completed|progress|Pending/);
  });
});

describe("StatementRow of the bank's own items: the exchange in the reader's words, never the ledger's English", () => {
  const exchange = { fromCurrencyId: "GBP", toCurrencyId: "EUR", rate: "1.17" } as const;
  const leg: StatementItem = {
    ...base,
    title: null,
    transactionKind: "EXCHANGE",
    operationType: "COMMON",
    counterpartyFullName: "Exchange to EUR",
    counterpartyAccountNumber: null,
    reference: null,
    exchange,
  };
  const fee: StatementItem = { ...leg, operationType: "TRANSACTION_FEE", amount: "-0.50" };

  it("says the currencies and the rate in English", () => {
    expect(meta(leg)[0]).toBe("GBP → EUR at 1.17");
  });

  it("says them in German, the rate in German number format, on the exchange's legs and its fee", async () => {
    i18n.addResourceBundle("de", "history", historyDe, true, true);
    await i18n.changeLanguage("de");
    expect(meta(leg)[0]).toBe("GBP → EUR zu 1,17");
    render(
      <ul>
        <StatementRow item={fee} />
      </ul>,
    );
    const row = screen.getByTestId("statement-item").textContent ?? "";
    expect(row).toContain("Transaktionsgebühr");
    expect(row).toContain("GBP → EUR zu 1,17");
    expect(row).not.toMatch(/Exchange|\bat\b/);
  });

  it("says them in Arabic, and an FX rate request's hold and refund likewise", async () => {
    i18n.addResourceBundle("ar", "history", historyAr, true, true);
    await i18n.changeLanguage("ar");
    expect(meta({ ...leg, transactionKind: "FX_REQUEST_HOLD", exchange: { ...exchange, rate: "1.2" } })[0]).toBe(
      "GBP إلى EUR بسعر 1.2",
    );
    expect(meta({ ...leg, transactionKind: "FX_REQUEST_REFUND", operationType: "REFUND" })[0]).toBe("GBP إلى EUR بسعر 1.17");
  });

  it("keeps a customer's own reference on every other item", () => {
    expect(meta({ ...base, reference: "INV-7", exchange: null })[0]).toBe("INV-7");
  });
});
