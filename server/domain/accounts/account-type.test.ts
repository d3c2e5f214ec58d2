/** balanceAccountType: Balance.accountType (spec 000 §3; docs/decisions.md "Balance fields"). */
import { describe, expect, it } from "vitest";
import { balanceAccountType } from "./index.js";

describe("balanceAccountType", () => {
  it("is CRYPTO for a crypto-asset currency and CURRENT for a fiat one", () => {
    expect(balanceAccountType({ crypto: true })).toBe("CRYPTO");
    expect(balanceAccountType({ crypto: false })).toBe("CURRENT");
  });
});
