import { describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api.server";
import { calcErrors } from "./__quote.server";

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
