import { describe, expect, it } from "vitest";
import { newFxRequestValidator } from "./__new.schema";

const valid = {
  source: "acc-1:GBP",
  toCurrencyId: "EUR",
  sellAmount: "100",
  rate: "1.18",
  idempotencyKey: "0b7c3f3e-1111-4222-8333-444455556666",
};

async function fieldErrors(input: Record<string, string>) {
  const result = await newFxRequestValidator.validate(input);
  return result.error?.fieldErrors ?? {};
}

describe("FX rate request form rules (browser + action)", () => {
  it("accepts a rate with a dot, and a comma before other than three digits as decimals", async () => {
    expect(await fieldErrors(valid)).toEqual({});
    expect((await newFxRequestValidator.validate({ ...valid, rate: "1,18" })).data?.rate).toBe("1.18");
  });

  it('refuses "1,234" on the rate field as a possible thousands separator, not with the general message', async () => {
    expect(await fieldErrors({ ...valid, rate: "1,234" })).toEqual({ rate: "exchange:requests.errors.rate-thousands-comma" });
    expect(await fieldErrors({ ...valid, rate: "12 345,678" })).toEqual({
      rate: "exchange:requests.errors.rate-thousands-comma",
    });
  });

  it("keeps the general message for other refusals and its own for an empty rate", async () => {
    expect(await fieldErrors({ ...valid, rate: "0" })).toEqual({ rate: "exchange:requests.errors.rate" });
    expect(await fieldErrors({ ...valid, rate: "abc" })).toEqual({ rate: "exchange:requests.errors.rate" });
    expect(await fieldErrors({ ...valid, rate: "" })).toEqual({ rate: "exchange:requests.errors.rate-required" });
  });

  it("says the same for a thousands comma in the amount to sell", async () => {
    expect(await fieldErrors({ ...valid, sellAmount: "1,000" })).toEqual({ sellAmount: "errors:amount.thousands-comma" });
  });
});
