import { describe, expect, it } from "vitest";
import { z } from "zod";
import { perScales, scaleOfSource } from "./currency-scales";
import { amountField, referenceField, sourceScaledAmount } from "./payment-schemas";

describe("payment schemas", () => {
  it("amount: normalises and reports i18n keys", () => {
    expect(amountField().parse("12,50")).toBe("12.50");
    const r = amountField().safeParse("1.234");
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe("errors:amount.too-many-decimals");
    expect(amountField().safeParse("").error?.issues[0].message).toBe("errors:amount.required");
    expect(amountField(6).parse("0.000001")).toBe("0.000001");
  });
  it("scaleOfSource: the chosen balance's currency scale, 2 when unknown", () => {
    const scales = { GBP: 2, USDT: 6, SOL: 9 };
    expect(scaleOfSource("acc-1:USDT", scales)).toBe(6);
    expect(scaleOfSource("acc-1:SOL", scales)).toBe(9);
    expect(scaleOfSource("acc-1:GBP", scales)).toBe(2);
    expect(scaleOfSource("acc-1:XYZ", scales)).toBe(2);
    expect(scaleOfSource(undefined, scales)).toBe(2);
    expect(scaleOfSource("constructor", scales)).toBe(2);
  });
  it("sourceScaledAmount: the amount at the scale of the chosen balance", () => {
    const amount = sourceScaledAmount({ GBP: 2, USDT: 6 });
    const schema = z.object({ source: z.string(), amount: amount.field }).superRefine(amount.refine);
    expect(schema.parse({ source: "a:USDT", amount: "12,345678" }).amount).toBe("12.345678");
    const gbp = schema.safeParse({ source: "a:GBP", amount: "12.345" });
    expect(gbp.error?.issues).toMatchObject([{ path: ["amount"], message: "errors:amount.too-many-decimals" }]);
    const usdt = schema.safeParse({ source: "a:USDT", amount: "1.1234567" });
    expect(usdt.error?.issues).toMatchObject([{ path: ["amount"], message: "errors:amount.too-many-decimals" }]);
  });
  it("perScales: one value per set of scales, whatever the key order", () => {
    const make = perScales((scales) => ({ scales }));
    expect(make({ GBP: 2, USDT: 6 })).toBe(make({ USDT: 6, GBP: 2 }));
    expect(make({ GBP: 2 })).not.toBe(make({ GBP: 2, USDT: 6 }));
  });
  it("reference: optional, trimmed, max 140", () => {
    expect(referenceField.parse("  ")).toBeUndefined();
    expect(referenceField.parse(" Rent ")).toBe("Rent");
    expect(referenceField.safeParse("x".repeat(141)).success).toBe(false);
  });
});
