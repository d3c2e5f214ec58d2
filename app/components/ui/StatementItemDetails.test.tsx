// @vitest-environment jsdom
import i18n from "~/test-utils/i18n";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import historyDe from "../../../public/locales/de/history.json";
import { demoData } from "~/lib/demo.server";
import { StatementItemDetails } from "./StatementItemDetails";

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage("en");
});

/** The text of the info row labelled `label`. */
function row(label: string): string | null {
  const dt = screen.getAllByRole("term").find((el) => el.textContent === label);
  return dt?.nextElementSibling?.textContent ?? null;
}

describe("StatementItemDetails (spec 000 §3 info block)", () => {
  const item = { ...demoData(new Date("2026-11-22T10:00:00Z")).history[0], contract: null };

  it("names the payment type and formats the balance after as every amount", () => {
    render(
      <StatementItemDetails item={{ ...item, paymentType: "FASTER_PAYMENT", balanceAfter: "31800.00", currencyId: "GBP" }} />,
    );
    expect(row("Payment type")).toBe("Faster Payments");
    expect(row("Balance after")).toBe("31,800.00 GBP");
  });

  it("shows an unknown payment type as sent, and no row without one", () => {
    render(<StatementItemDetails item={{ ...item, paymentType: "NEW_RAIL" }} />);
    expect(row("Payment type")).toBe("NEW_RAIL");
    cleanup();
    render(<StatementItemDetails item={{ ...item, paymentType: null }} />);
    expect(row("Payment type")).toBeNull();
  });

  it("shows the bank's reason on a returned payment's item, and no row on any other", () => {
    render(<StatementItemDetails item={{ ...item, returnReason: "Beneficiary bank unreachable" }} />);
    expect(row("Reason for the return")).toBe("Beneficiary bank unreachable");
    cleanup();
    render(<StatementItemDetails item={{ ...item, returnReason: null }} />);
    expect(row("Reason for the return")).toBeNull();
  });

  it("shows no counterparty for the bank's own items (no title): their counterparty is the bank's label", () => {
    render(<StatementItemDetails item={{ ...item, title: "Acme Supplies Ltd", counterpartyFullName: "Acme Supplies Ltd" }} />);
    expect(row("Counterparty")).toBe("Acme Supplies Ltd");
    cleanup();
    render(<StatementItemDetails item={{ ...item, title: null, counterpartyFullName: "Regular fee" }} />);
    expect(row("Counterparty")).toBeNull();
  });

  it("shows an exchange's currencies and rate in the reader's words, and no reference row (German)", async () => {
    const leg = {
      ...item,
      title: null,
      transactionKind: "EXCHANGE",
      operationType: "TRANSACTION_FEE" as const,
      counterpartyFullName: "Exchange to EUR",
      reference: null,
      exchange: { fromCurrencyId: "GBP" as const, toCurrencyId: "EUR" as const, rate: "1.17" },
    };
    render(<StatementItemDetails item={leg} />);
    expect(row("Exchange")).toBe("GBP → EUR at 1.17");
    cleanup();
    i18n.addResourceBundle("de", "history", historyDe, true, true);
    await i18n.changeLanguage("de");
    render(<StatementItemDetails item={leg} />);
    expect(row("Umtausch")).toBe("GBP → EUR zu 1,17");
    expect(row("Referenz")).toBeNull();
    expect(document.body.textContent).not.toMatch(/Exchange/);
  });

  it("shows UK sort codes with dashes, 12-34-56 (stored as 6 digits)", () => {
    render(<StatementItemDetails item={{ ...item, counterpartySortCode: "123456", accountSortCode: "040004" }} />);
    expect(row("Counterparty sort code")).toBe("12-34-56");
    expect(row("Your sort code")).toBe("04-00-04");
  });
});
