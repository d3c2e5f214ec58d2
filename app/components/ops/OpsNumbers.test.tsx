// @vitest-environment jsdom
/**
 * The back office is translated (public/locales/{en,de,ar}/ops.json) and prints amounts in the
 * page's number format (OpsMoney): its rates and a fee's percentage follow the same format.
 */
import i18next from "~/test-utils/i18n";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Fee } from "../../../server/api/v1/contract";
import { feeAmountText, OpsRate } from "./OpsNumbers";

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage("en");
});

const fee = (over: Partial<Fee>): Fee => ({
  feeId: "f-1",
  name: "SWIFT payment",
  nameCode: null,
  paymentKind: "INTERNATIONAL",
  paymentType: null,
  currencyId: null,
  feeAmountType: "PERCENT",
  feePercentAmount: null,
  feePercentMinAmount: null,
  feePercentMaxAmount: null,
  feeFixedAmount: null,
  feeCurrencyId: null,
  ...over,
});

/** The ops texts the fee's words use ({{amount}} in place). */
const t = ((key: string, values?: { amount?: string }) =>
  ({
    "admin.tariffs.min": `at least ${values?.amount}`,
    "admin.tariffs.max": `at most ${values?.amount}`,
    "admin.tariffs.payment-currency": "in the payment's currency",
  })[key] ?? key) as unknown as Parameters<typeof feeAmountText>[1];

describe("back office rates and percentages in the page's number format", () => {
  it("prints a rate with every decimal as sent: 1.1704 in English, 1,1704 in German, grouped", async () => {
    const { rerender } = render(<OpsRate rate="1.1704" />);
    expect(screen.getByText("1.1704").getAttribute("dir")).toBe("ltr");
    await act(() => i18next.changeLanguage("de"));
    rerender(<OpsRate rate="1.1704" />);
    expect(screen.getByText("1,1704")).toBeTruthy();
    rerender(<OpsRate rate="1800.5" />);
    expect(screen.getByText("1.800,5")).toBeTruthy();
  });

  it("prints a fee's percentage and its bounds in the page's format", () => {
    const percent = fee({ feePercentAmount: "0.2", feePercentMinAmount: "1.50", feePercentMaxAmount: "1000" });
    expect(feeAmountText(percent, t, "en")).toBe("0.2 %, at least 1.50, at most 1,000");
    expect(feeAmountText(percent, t, "de")).toBe("0,2 %, at least 1,50, at most 1.000");
    const fixed = fee({ feeAmountType: "FIXED", feeFixedAmount: "12.5", feeCurrencyId: "EUR" });
    expect(feeAmountText(fixed, t, "de")).toBe("12,5 EUR");
    expect(feeAmountText({ ...fixed, feeCurrencyId: null }, t, "en")).toBe("12.5 in the payment's currency");
  });
});
