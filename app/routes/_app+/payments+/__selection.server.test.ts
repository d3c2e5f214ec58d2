import { describe, expect, it } from "vitest";
import { selectionFromUrl, totalsPerCurrency } from "./__selection.server";

describe("totalsPerCurrency", () => {
  it("adds decimal strings per currency exactly, currencies sorted, at the amounts' scale", () => {
    expect(
      totalsPerCurrency([
        { amount: "0.10", currencyId: "GBP" },
        { amount: "1240.00", currencyId: "GBP" },
        { amount: "0.20", currencyId: "GBP" },
        { amount: "860.00", currencyId: "EUR" },
        { amount: "0.100000001", currencyId: "SOL" },
        { amount: "0.200000002", currencyId: "SOL" },
      ]),
    ).toEqual([
      { currencyId: "EUR", amount: "860.00" },
      { currencyId: "GBP", amount: "1240.30" },
      { currencyId: "SOL", amount: "0.300000003" },
    ]);
  });
});

describe("selectionFromUrl", () => {
  it("reads ids=a,b and a same-site way back only", () => {
    const a = "00000000-0000-4000-8000-000000000001";
    const b = "00000000-0000-4000-8000-000000000002";
    expect(selectionFromUrl(new Request(`http://x/payments/sign?ids=${a},${b},nope&back=%2Fhome%3Ftab%3Dsigning`))).toEqual({
      ids: [a, b],
      back: "/home?tab=signing",
    });
    expect(selectionFromUrl(new Request(`http://x/payments/sign?ids=${a}&back=https://evil.example`)).back).toBe("/payments");
  });
});
