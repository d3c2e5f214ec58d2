// @vitest-environment jsdom
import "~/test-utils/i18n";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { demoData } from "~/lib/demo.server";
import { StatementItemDetails } from "./StatementItemDetails";

afterEach(cleanup);

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

  it("shows UK sort codes with dashes, 12-34-56 (stored as 6 digits)", () => {
    render(<StatementItemDetails item={{ ...item, counterpartySortCode: "123456", accountSortCode: "040004" }} />);
    expect(row("Counterparty sort code")).toBe("12-34-56");
    expect(row("Your sort code")).toBe("04-00-04");
  });
});
