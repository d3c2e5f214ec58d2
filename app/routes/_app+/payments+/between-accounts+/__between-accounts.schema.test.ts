import { describe, expect, it } from "vitest";
import { betweenValidator } from "./__between-accounts.schema";

/** The seeded individual's balances: GBP, EUR, USD at 2 decimals, USDT 6, SOL 9. */
const validator = betweenValidator({ GBP: 2, EUR: 2, USD: 2, USDT: 6, SOL: 9 });

const base = {
  source: "acc-1:GBP",
  toAccountId: "acc-2",
  amount: "12.5",
  reference: "",
  idempotencyKey: "0b7c3f3e-1111-4222-8333-444455556666",
};

describe("between-accounts schema (browser + action)", () => {
  it("takes the amount at the chosen balance's currency scale (spec 000 §5)", async () => {
    const usdt = await validator.validate({ ...base, source: "acc-3:USDT", amount: "12.345678" });
    expect(usdt.error).toBeUndefined();
    expect(usdt.data?.amount).toBe("12.345678");
    expect((await validator.validate({ ...base, source: "acc-3:SOL", amount: "0.000000001" })).error).toBeUndefined();
  });

  it("refuses more decimals than the chosen balance's currency allows", async () => {
    const gbp = await validator.validate({ ...base, amount: "12.345" });
    expect(gbp.error?.fieldErrors.amount).toBe("errors:amount.too-many-decimals");
    const usdt = await validator.validate({ ...base, source: "acc-3:USDT", amount: "1.1234567" });
    expect(usdt.error?.fieldErrors.amount).toBe("errors:amount.too-many-decimals");
  });

  it("still refuses the same account, beside an amount error", async () => {
    const r = await validator.validate({ ...base, toAccountId: "acc-1", amount: "1.001" });
    expect(r.error?.fieldErrors).toEqual({ toAccountId: "errors:same-account", amount: "errors:amount.too-many-decimals" });
  });
});
