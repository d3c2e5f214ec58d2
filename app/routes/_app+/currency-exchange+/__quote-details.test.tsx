// @vitest-environment jsdom
/**
 * The quote's rate in the page's language (docs/decisions.md "Number formats the customer reads
 * and types"): German pages print 1,17 like their amounts, English 1.17.
 */
import i18n from "~/test-utils/i18n";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ExchangeQuote } from "../../../../server/api/v1/contract";
import { QuoteDetails } from "./__quote-details";

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage("en");
});

const quote = {
  id: "q-1",
  fromCurrencyId: "GBP",
  toCurrencyId: "EUR",
  fixedSide: "SELL",
  sellAmount: "1000.00",
  buyAmount: "1170.45",
  rate: "1.170450000000",
  fee: null,
  fromBalanceAfter: "1500.00",
  toBalanceAfter: "32970.45",
  rateDate: "2026-11-27",
  rateSource: "ECB",
  expiresAt: "2026-11-29T10:00:30Z",
  status: "QUOTED",
} as unknown as ExchangeQuote;

describe("QuoteDetails", () => {
  it("prints the rate with the separators of the page's language, every decimal kept", async () => {
    render(<QuoteDetails quote={quote} />);
    expect(screen.getByTestId("quote-rate").textContent).toBe("1 GBP = 1.170450000000 EUR");
    cleanup();
    await i18n.changeLanguage("de");
    render(<QuoteDetails quote={quote} />);
    expect(screen.getByTestId("quote-rate").textContent).toBe("1 GBP = 1,170450000000 EUR");
    expect(screen.getByTestId("quote-sell").textContent).toBe("1.000,00 GBP");
  });
});
