import { describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api.server";
import { calcErrors, readExchangeForm } from "./__quote.server";

const refused = (message: unknown, code = "VALIDATION_FAILED") => new ApiError(400, { statusCode: 400, code, message } as never);

describe("calcErrors", () => {
  it("puts the API's field errors on the form's fields as translation keys where the rule is known", () => {
    expect(
      calcErrors(
        refused([
          { property: "sellAmount", constraints: { "too-many-decimals": "amount has more decimals than the currency allows" } },
          { property: "fromCurrencyId", constraints: { hasBalance: "The account has no CNY balance" } },
        ]),
      ),
    ).toEqual({ amount: "errors:amount.too-many-decimals", source: "errors:constraints.hasBalance" });
    expect(
      calcErrors(
        refused([{ property: "amount", constraints: { insufficientFunds: "Insufficient funds" } }], "INSUFFICIENT_FUNDS"),
      ),
    ).toEqual({ amount: "errors:constraints.insufficientFunds" });
  });

  it("keeps other properties and plain messages on the form; rethrows what is not a 400", () => {
    expect(calcErrors(refused([{ property: "quote", constraints: { x: "No exchange today" } }]))).toEqual({
      form: "No exchange today",
    });
    expect(calcErrors(refused(undefined))).toEqual({ form: "errors:Errors.internal" });
    const notFound = new ApiError(404, { statusCode: 404, code: "NOT_FOUND", message: "Not found" } as never);
    expect(() => calcErrors(notFound)).toThrow(notFound);
  });
});

describe("readExchangeForm (spec 000 §5 amount rules)", () => {
  const SCALES = { GBP: 2, EUR: 2, SOL: 9 };
  const read = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ source: "acc-1:GBP", toCurrencyId: "EUR", side: "SELL", ...fields })) form.set(k, v);
    return readExchangeForm(form, SCALES);
  };

  it("turns a comma into a dot and drops spaces; the amount goes on the fixed side", () => {
    const sell = read({ amount: " 1 012,5 " });
    expect(sell.ok && sell.request).toEqual({
      accountId: "acc-1",
      fromCurrencyId: "GBP",
      toCurrencyId: "EUR",
      sellAmount: "1012.5",
    });
    const buy = read({ amount: "12,5", side: "BUY" });
    expect(buy.ok && buy.request).toMatchObject({ buyAmount: "12.5" });
    expect(buy.values.amount).toBe("12.5");
  });

  it("puts each rule's own message on the amount field, at the scale of the fixed side's currency", () => {
    const error = (amount: string, more: Record<string, string> = {}) => {
      const r = read({ amount, ...more });
      return r.ok ? null : r.errors.amount;
    };
    expect(error("05")).toBe("errors:amount.leading-zero");
    expect(error("1.123")).toBe("errors:amount.too-many-decimals");
    expect(error(".5")).toBe("errors:amount.leading-dot");
    expect(error("12a")).toBe("errors:amount.invalid-characters");
    expect(error("1.2.3")).toBe("errors:amount.invalid-characters");
    expect(error("")).toBe("errors:amount.required");
    expect(error("0")).toBe("errors:amount.not-positive");
    expect(error("10000000000000001")).toBe("errors:amount.too-large");
    // Bought SOL fixed: its 9 decimals; sold SOL: the same; GBP sold with the BUY side on EUR: 2.
    expect(error("1.123456789", { side: "BUY", toCurrencyId: "SOL" })).toBeNull();
    expect(error("1.123", { side: "BUY" })).toBe("errors:amount.too-many-decimals");
    expect(error("1.123456789", { source: "acc-1:SOL" })).toBeNull();
    // The refused amount comes back normalised as far as it goes.
    expect(read({ amount: "1,1234" }).values.amount).toBe("1.1234");
  });

  it("refuses a comma before exactly three digits (a thousands separator?) on SOL too, shown again as typed", () => {
    // Before: selling "1,000" SOL was quoted as 1 SOL.
    const sol = read({ amount: "1,000", source: "acc-1:SOL" });
    expect(sol.ok ? null : sol.errors.amount).toBe("errors:amount.thousands-comma");
    expect(sol.values.amount).toBe("1,000");
    const gbp = read({ amount: "1,123" });
    expect(gbp.ok ? null : gbp.errors.amount).toBe("errors:amount.thousands-comma");
    expect(read({ amount: "0,125", source: "acc-1:SOL" }).ok).toBe(true);
  });
});
