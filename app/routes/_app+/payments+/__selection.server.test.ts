import { describe, expect, it } from "vitest";
import type { FxRequest, Payment, RemittanceOrder } from "../../../../server/api/v1/contract";
import { fxItem, orderItem, paymentItem, selectionFromUrl, selectionOf, totalsPerCurrency } from "./__selection.server";

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
      orders: [],
      fx: [],
      back: "/home?tab=signing",
    });
    expect(selectionFromUrl(new Request(`http://x/payments/sign?ids=${a}&back=https://evil.example`)).back).toBe("/payments");
  });
});

describe("selectionFromUrl with remittance orders and FX rate requests", () => {
  it("reads orders= and fx= beside ids=", () => {
    const [a, b, c] = [1, 2, 3].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
    expect(selectionFromUrl(new Request(`http://x/payments/sign?ids=&orders=${a},${b}&fx=${c}&back=%2Fpayments`))).toEqual({
      ids: [],
      orders: [a, b],
      fx: [c],
      back: "/payments",
    });
  });
});

describe("batch items (one shape for payments, remittance orders, FX rate requests)", () => {
  const payment = {
    id: "p1",
    benificiaryFullName: "Acme",
    payeeDescription: "",
    beneficiaryAccount: "GB29NWBK60161331926819",
    amount: "10.00",
    currencyId: "GBP",
    fee: { amount: "0.50", currencyId: "GBP" },
    status: "AWAITING_SIGNATURE",
  } as unknown as Payment;
  const order = {
    id: "o1",
    payee: { name: "Jane Wanjiru" },
    accountNumber: "123",
    sum: "20.00",
    currencyId: "GBP",
    status: "PENDING",
    signedAt: null,
    rejectedBy: null,
  } as unknown as RemittanceOrder;
  const fx = {
    id: "f1",
    senderAccountNumber: "123",
    exchangeCurrencyFrom: { id: "GBP" },
    exchangeCurrencyTo: { id: "EUR" },
    exchangeCurrencyFixedSum: "5.55",
    exchangeCurrencyFlexibleSum: "6.50",
    fee: null,
    status: "AWAITING_SIGNATURE",
    signedAt: null,
  } as unknown as FxRequest;

  it("waiting, signed, declined per kind, with each item's own page", () => {
    expect(paymentItem(payment)).toMatchObject({ kind: "payment", state: "waiting", name: "Acme", href: "/payments/p1" });
    expect(paymentItem({ ...payment, status: "COMPLETED" }).state).toBe("signed");
    expect(paymentItem({ ...payment, status: "DECLINED" }).state).toBe("declined");
    expect(paymentItem({ ...payment, status: "FAILED" }).state).toBe("other");
    expect(orderItem(order)).toMatchObject({ kind: "order", state: "waiting", amount: "20.00", href: "/payments/remittance/o1" });
    expect(orderItem({ ...order, status: "QUEUED", signedAt: "2026-01-01T00:00:00Z" }).state).toBe("signed");
    expect(orderItem({ ...order, status: "REJECTED", rejectedBy: "CUSTOMER" }).state).toBe("declined");
    expect(fxItem(fx)).toMatchObject({
      kind: "fx",
      state: "waiting",
      amount: "5.55",
      currencyId: "GBP",
      fx: { to: "EUR", amount: "6.50" },
      href: "/currency-exchange/requests/f1",
    });
    expect(fxItem({ ...fx, status: "PENDING", signedAt: "2026-01-01T00:00:00Z" }).state).toBe("signed");
    expect(fxItem({ ...fx, status: "DECLINED" }).state).toBe("declined");
  });

  it("totals include orders' sums and requests' sold sums; selectionOf splits by kind", () => {
    const items = [paymentItem(payment), orderItem(order), fxItem(fx)];
    expect(totalsPerCurrency(items)).toEqual([{ currencyId: "GBP", amount: "35.55" }]);
    expect(selectionOf(items)).toEqual({ ids: ["p1"], orders: ["o1"], fx: ["f1"] });
  });
});
