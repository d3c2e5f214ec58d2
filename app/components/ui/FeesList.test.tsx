// @vitest-environment jsdom
/**
 * Fee names in the reader's language (docs/decisions.md "Fee names in the reader's language"):
 * the bank's own names by their code, the stored name for a name staff typed.
 */
import i18n from "~/test-utils/i18n";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import paymentsDe from "../../../public/locales/de/payments.json";
import type { Fee, OrganizationFees } from "../../../server/api/v1/contract";
import paymentsEn from "../../../public/locales/en/payments.json";
import { FEE_NAMES, FEE_NAMES_WITH_CURRENCY, feeName, feeNameCode } from "../../../server/domain/fees/names";
import { FeesList } from "./FeesList";

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage("en");
});

const fee = (name: string, more: Partial<Fee> = {}): Fee => ({
  feeId: name,
  name,
  nameCode: feeNameCode(name, more.currencyId ?? null),
  paymentKind: "INTERNATIONAL",
  paymentType: "SWIFT",
  currencyId: null,
  feeAmountType: "PERCENT",
  feePercentAmount: "0.2",
  feePercentMinAmount: null,
  feePercentMaxAmount: null,
  feeFixedAmount: null,
  feeCurrencyId: null,
  ...more,
});

const fees: OrganizationFees = {
  tariff: {
    id: "t-1",
    name: "Standard",
    fees: [
      {
        ...fee(feeName("monthly-account"), {
          paymentKind: "SERVICE",
          paymentType: null,
          feeAmountType: "FIXED",
          feeFixedAmount: "2.00",
          feeCurrencyId: "GBP",
        }),
        superseded: false,
      },
      { ...fee(feeName("swift-currency", "CNY"), { currencyId: "CNY" }), superseded: false },
      { ...fee("Staff-typed special fee"), superseded: false },
    ],
  },
  customFees: [fee(feeName("swift-negotiated"))],
  owed: [],
};

const names = () => Array.from(document.querySelectorAll("[data-testid=fee] > span:first-child")).map((e) => e.textContent);

describe("FeesList fee names", () => {
  it("shows the bank's fee names in the page's language by code, a staff-typed name as stored", async () => {
    i18n.addResourceBundle("de", "payments", paymentsDe, true, true);
    render(<FeesList fees={fees} />);
    expect(names()).toEqual([
      "SWIFT payment (negotiated)",
      "Monthly account fee",
      "SWIFT payment (CNY)",
      "Staff-typed special fee",
    ]);
    cleanup();
    await i18n.changeLanguage("de");
    render(<FeesList fees={fees} />);
    expect(names()).toEqual([
      "SWIFT-Zahlung (vereinbart)",
      "Monatliche Kontogebühr",
      "SWIFT-Zahlung (CNY)",
      "Staff-typed special fee",
    ]);
    expect(screen.getAllByTestId("fee-percent")[0].textContent).toBe("0,2 % des Betrags");
  });

  it("gives a code only to the bank's own names word for word, and a currency suffix only for the fee's own currency", () => {
    expect(feeNameCode("SWIFT payment", null)).toBe("swift");
    expect(feeNameCode("SWIFT payment (AED)", "AED")).toBe("swift-currency");
    expect(feeNameCode("SWIFT payment (AED)", "CNY")).toBeNull();
    expect(feeNameCode("Crypto-asset payment (SOL)", "SOL")).toBe("crypto-asset-currency");
    expect(feeNameCode("SWIFT payment ", null)).toBeNull();
    expect(feeNameCode("Monthly account fee", null)).toBe("monthly-account");
  });

  it("words every code in English exactly as the bank stores it", () => {
    for (const [code, text] of Object.entries(FEE_NAMES))
      expect(paymentsEn.fees.names[code as keyof typeof FEE_NAMES], code).toBe(text);
    for (const [code, text] of Object.entries(FEE_NAMES_WITH_CURRENCY))
      expect(paymentsEn.fees.names[code as keyof typeof FEE_NAMES_WITH_CURRENCY], code).toBe(`${text} ({{currency}})`);
  });
});
