/** Dynamic linking (PSD2 RTS Art. 5): binding hash and the SMS text naming amount, currency, payee. */
import { describe, expect, it } from "vitest";
import { computeBinding, computeSetBinding, signatureMessage } from "./index.js";
import { requestHash } from "../payments/index.js";

const p = (
  id: string,
  amount: string,
  currencyId = "EUR",
  name = "Jane Doe",
  account: string | null = "DE89370400440532013000",
) => ({
  id,
  amount,
  currencyId,
  beneficiaryName: name,
  beneficiaryAccount: account,
});

describe("computeBinding", () => {
  it("is order-independent and ignores numeric formatting", () => {
    const a = computeBinding([p("b", "120.000000000000000000"), p("a", "5")]);
    const b = computeBinding([p("a", "5.00"), p("b", "120")]);
    expect(a.hash).toBe(b.hash);
    expect(a.items.map((i) => i.paymentId)).toEqual(["a", "b"]);
  });
  it("changes with amount, currency or payee", () => {
    const base = computeBinding([p("a", "120")]).hash;
    expect(computeBinding([p("a", "120.01")]).hash).not.toBe(base);
    expect(computeBinding([p("a", "120", "GBP")]).hash).not.toBe(base);
    expect(computeBinding([p("a", "120", "EUR", "John Doe")]).hash).not.toBe(base);
    expect(computeBinding([p("a", "120", "EUR", "Jane Doe", "FR1420041010050500013M02606")]).hash).not.toBe(base);
  });
});

describe("signatureMessage", () => {
  const scale = (c: string) => (c === "SOL" ? 9 : 2);
  it("names amount, currency and payee for one payment", () => {
    const { items } = computeBinding([p("a", "120")]);
    expect(signatureMessage("1234", items, scale)).toBe("Code 1234 to pay EUR 120.00 to Jane Doe. Never share this code.");
  });
  it("names the count and the total per currency for several", () => {
    const { items } = computeBinding([p("a", "120"), p("b", "0.5"), p("c", "3", "GBP")]);
    expect(signatureMessage("0042", items, scale)).toBe(
      "Code 0042 to sign 3 payments: EUR 120.50, GBP 3.00 in total. Never share this code.",
    );
  });
});

describe("FX rate requests in a binding (PSD2 RTS Art. 5)", () => {
  const fx = (id: string, over: Record<string, string> = {}) => ({
    id,
    sellAmount: "100.000000000000000000",
    fromCurrencyId: "GBP",
    buyAmount: "117.37",
    toCurrencyId: "EUR",
    proposedRate: "1.1737125",
    ...over,
  });
  it("covers both sums, both currencies and the proposed rate", () => {
    const base = computeSetBinding([], [], [fx("f")]).hash;
    expect(computeSetBinding([], [], [fx("f", { sellAmount: "100" })]).hash).toBe(base);
    for (const over of <Record<string, string>[]>[
      { sellAmount: "101" },
      { buyAmount: "117.38" },
      { toCurrencyId: "USD" },
      { fromCurrencyId: "USD" },
      { proposedRate: "1.1737126" },
    ])
      expect(computeSetBinding([], [], [fx("f", over)]).hash, JSON.stringify(over)).not.toBe(base);
    // Payments alone keep their binding.
    expect(computeSetBinding([p("a", "120")], [], []).hash).toBe(computeBinding([p("a", "120")]).hash);
  });
  it("SMS: one request names both sums; a set counts each kind", () => {
    const scale = () => 2;
    const one = computeSetBinding([], [], [fx("f")]).items;
    expect(signatureMessage("1234", one, scale)).toBe(
      "Code 1234 to exchange GBP 100.00 for EUR 117.37 at your proposed rate. Never share this code.",
    );
    const set = computeSetBinding([p("a", "5")], [], [fx("f"), fx("g")]).items;
    expect(signatureMessage("1234", set, scale)).toBe(
      "Code 1234 to sign 1 payment and 2 FX rate requests: EUR 5.00, GBP 200.00 in total. Never share this code.",
    );
  });
});

describe("requestHash (idempotency)", () => {
  const body = {
    organizationId: "o",
    kind: "EURO" as const,
    accountId: "a",
    currencyId: "EUR",
    amount: "10",
    iban: "DE89 3704 0044 0532 0130 00",
  };
  it("normalises amount and IBAN spelling, differs on any real change", () => {
    expect(requestHash(body)).toBe(requestHash({ ...body, amount: "10.00", iban: "DE89370400440532013000" }));
    expect(requestHash(body)).not.toBe(requestHash({ ...body, amount: "10.01" }));
    expect(requestHash(body)).not.toBe(requestHash({ ...body, reference: "x" }));
  });
});
