import { describe, expect, it } from "vitest";
import { amountField, referenceField } from "./payment-schemas";

describe("payment schemas", () => {
  it("amount: normalises and reports i18n keys", () => {
    expect(amountField().parse("12,50")).toBe("12.50");
    const r = amountField().safeParse("1.234");
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe("errors:amount.too-many-decimals");
    expect(amountField().safeParse("").error?.issues[0].message).toBe("errors:amount.required");
    expect(amountField(6).parse("0.000001")).toBe("0.000001");
  });
  it("reference: optional, trimmed, max 140", () => {
    expect(referenceField.parse("  ")).toBeUndefined();
    expect(referenceField.parse(" Rent ")).toBe("Rent");
    expect(referenceField.safeParse("x".repeat(141)).success).toBe(false);
  });
});
