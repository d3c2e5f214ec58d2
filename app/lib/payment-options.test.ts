import { describe, expect, it } from "vitest";
import type { CurrencyCode, PaymentsSettings, ProviderPaymentType } from "../../server/api/v1/contract";
import { openAccountHref, paymentOptions } from "./payment-options";

const account = (...currencies: CurrencyCode[]) => ({
  balances: currencies.map((currencyId) => ({ currencyId }) as never),
});
const settings = (types: ProviderPaymentType[], ordersEnabled = false): PaymentsSettings => ({
  "PAYMENTS-ORDERS-ENABLED": ordersEnabled,
  paymentTypes: types,
});
const ids = (...args: Parameters<typeof paymentOptions>) => paymentOptions(...args).map((o) => o.id);

describe("paymentOptions (spec 000 §2)", () => {
  it("always shows internal and currency exchange", () => {
    expect(ids([account("GBP")], settings([]))).toEqual(["internal", "currency-exchange"]);
  });

  it("sends every option to the no-accounts prompt without accounts (spec 000 §6)", () => {
    const opts = paymentOptions([], settings([{ type: "SWIFT", currencies: ["USD"] }], true));
    expect(opts.map((o) => o.id)).toEqual(["internal", "currency-exchange", "international", "remittance"]);
    for (const o of opts) expect(o.href).toBe("/payments?prompt=no-accounts");
  });

  it("links each option to its own page when there is an account", () => {
    const opts = paymentOptions([account("GBP")], settings([{ type: "SWIFT", currencies: ["USD"] }], true));
    expect(opts.map((o) => o.href)).toEqual([
      "/payments/internal",
      "/currency-exchange",
      "/payments/international",
      "/payments/remittance",
    ]);
  });

  it("between accounts needs more than one account", () => {
    expect(ids([account("GBP"), account("GBP")], settings([]))).toContain("between-accounts");
    expect(ids([account("GBP")], settings([]))).not.toContain("between-accounts");
  });

  it.each(["SEPA_SCT", "SEPA_SCT_INST", "TARGET_2"] as const)("euro with %s and a EUR balance", (type) => {
    expect(ids([account("EUR")], settings([{ type, currencies: ["EUR"] }]))).toContain("euro");
  });

  it("no euro without EUR balance, or SEPA type without EUR, or a non-SEPA type", () => {
    expect(ids([account("GBP")], settings([{ type: "SEPA_SCT", currencies: ["EUR"] }]))).not.toContain("euro");
    expect(ids([account("EUR")], settings([{ type: "SEPA_SCT", currencies: ["GBP"] }]))).not.toContain("euro");
    expect(ids([account("EUR")], settings([{ type: "SWIFT", currencies: ["EUR"] }]))).not.toContain("euro");
  });

  it("pound with Faster Payment or BACS in GBP and a GBP balance", () => {
    expect(ids([account("GBP")], settings([{ type: "BACS", currencies: ["GBP"] }]))).toContain("gbp");
    expect(ids([account("GBP")], settings([{ type: "FASTER_PAYMENT", currencies: ["GBP"] }]))).toContain("gbp");
    expect(ids([account("EUR")], settings([{ type: "FASTER_PAYMENT", currencies: ["GBP"] }]))).not.toContain("gbp");
    expect(ids([account("GBP")], settings([{ type: "SEPA_SCT", currencies: ["GBP"] }]))).not.toContain("gbp");
  });

  it("usd needs Fedwire with a currency the user holds", () => {
    expect(ids([account("USD")], settings([{ type: "FEDWIRE", currencies: ["USD"] }]))).toContain("usd");
    expect(ids([account("GBP")], settings([{ type: "FEDWIRE", currencies: ["USD"] }]))).not.toContain("usd");
  });

  it("international with SWIFT in any currency, not with SWIFT without currencies", () => {
    expect(ids([account("GBP")], settings([{ type: "SWIFT", currencies: ["CNY"] }]))).toContain("international");
    expect(ids([account("GBP")], settings([{ type: "SWIFT", currencies: [] }]))).not.toContain("international");
  });

  it("crypto needs a matching balance", () => {
    expect(ids([account("USDT")], settings([{ type: "CRYPTO_ASSET_PAYMENT", currencies: ["USDT"] }]))).toContain("casp");
    expect(ids([account("GBP")], settings([{ type: "CRYPTO_ASSET_PAYMENT", currencies: ["USDT"] }]))).not.toContain("casp");
    expect(ids([account("USDT")], settings([{ type: "CRYPTO_ASSET_PAYMENT", currencies: [] }]))).not.toContain("casp");
  });

  it("remittance follows PAYMENTS-ORDERS-ENABLED", () => {
    expect(ids([account("GBP")], settings([], true))).toContain("remittance");
    expect(ids([account("GBP")], settings([], false))).not.toContain("remittance");
  });

  it("cash over the counter needs a matching balance", () => {
    expect(ids([account("AED")], settings([{ type: "CASH_OVER_COUNTER", currencies: ["AED"] }]))).toContain("cash-over");
    expect(ids([account("GBP")], settings([{ type: "CASH_OVER_COUNTER", currencies: ["AED"] }]))).not.toContain("cash-over");
  });

  it("keeps display order for the full set", () => {
    const all = settings(
      [
        { type: "SEPA_SCT", currencies: ["EUR"] },
        { type: "FASTER_PAYMENT", currencies: ["GBP"] },
        { type: "FEDWIRE", currencies: ["USD"] },
        { type: "SWIFT", currencies: ["USD"] },
        { type: "CRYPTO_ASSET_PAYMENT", currencies: ["USDT"] },
        { type: "CASH_OVER_COUNTER", currencies: ["GBP"] },
      ],
      true,
    );
    expect(ids([account("GBP", "EUR", "USD"), account("USDT")], all)).toEqual([
      "internal",
      "between-accounts",
      "euro",
      "gbp",
      "usd",
      "currency-exchange",
      "international",
      "casp",
      "remittance",
      "cash-over",
    ]);
  });
});

describe("openAccountHref (spec 000 §2 route list)", () => {
  it("sends a company official to the personal account's first step", () => {
    expect(openAccountHref("COMPANY_OFFICIAL")).toBe("/identity/individual/personal-data");
  });
  it("sends individuals and companies to the applications list", () => {
    expect(openAccountHref("INDIVIDUAL")).toBe("/identity");
    expect(openAccountHref("CORPORATE")).toBe("/identity");
  });
});
