import { describe, expect, it } from "vitest";
import { caspSchema, caspValidator } from "./__casp.schema";

const SCALES = { USDT: 6, SOL: 9 };
const schema = caspSchema(SCALES);

const EIP55 = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const SOLANA = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

const valid = {
  source: "acc-9:USDT",
  caspId: "kraken-eu",
  beneficiaryName: " Ada Lovelace ",
  walletAddress: ` ${EIP55} `,
  purpose: "Family support",
  categoryId: "",
  amount: "12.345678",
  reference: "",
  idempotencyKey: "0b7c3f3e-1111-4222-8333-444455556666",
};

function errors(input: Record<string, unknown>): Record<string, string> {
  const r = schema.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("crypto-asset payment schema (browser + action)", () => {
  it("accepts the EIP-55 test vector for an Ethereum asset (USDT) and trims it", () => {
    expect(schema.parse(valid)).toMatchObject({ beneficiaryName: "Ada Lovelace", walletAddress: EIP55, amount: "12.345678" });
  });

  it("refuses the address with one letter's case changed (checksum), on the wallet field", () => {
    const oneCaseChanged = EIP55.replace("aAeb", "aaeb");
    expect(errors({ ...valid, walletAddress: oneCaseChanged })).toEqual({ walletAddress: "errors:wallet.checksum" });
    expect(errors({ ...valid, walletAddress: EIP55.toLowerCase() })).toEqual({ walletAddress: "errors:wallet.checksum-missing" });
  });

  it("checks the address for the chosen asset's network: Solana base58 for SOL", () => {
    const sol = { ...valid, source: "acc-9:SOL", walletAddress: SOLANA, amount: "0.5" };
    expect(schema.parse(sol).walletAddress).toBe(SOLANA);
    expect(errors({ ...sol, walletAddress: EIP55 })).toEqual({ walletAddress: "errors:wallet.format" });
    expect(errors({ ...valid, walletAddress: SOLANA })).toEqual({ walletAddress: "errors:wallet.format" });
    expect(errors({ ...valid, walletAddress: "" })).toEqual({ walletAddress: "errors:wallet.required" });
  });

  it("takes the amount at the asset's own scale: 6 decimals for USDT, 9 for SOL", () => {
    expect(errors({ ...valid, amount: "1.1234567" })).toEqual({ amount: "errors:amount.too-many-decimals" });
    const sol = { ...valid, source: "acc-9:SOL", walletAddress: SOLANA };
    expect(schema.parse({ ...sol, amount: "1.123456789" }).amount).toBe("1.123456789");
    expect(errors({ ...sol, amount: "1.1234567891" })).toEqual({ amount: "errors:amount.too-many-decimals" });
  });

  it("refuses '1,000' SOL or USDT (a thousands separator?) instead of paying 1; '1,5' is still 1.5", () => {
    const sol = { ...valid, source: "acc-9:SOL", walletAddress: SOLANA };
    expect(errors({ ...sol, amount: "1,000" })).toEqual({ amount: "errors:amount.thousands-comma" });
    expect(errors({ ...valid, amount: "1,000" })).toEqual({ amount: "errors:amount.thousands-comma" });
    expect(schema.parse({ ...sol, amount: "1,5" }).amount).toBe("1.5");
  });

  it("refuses a balance that is not a crypto asset, and reports every missing field at once", () => {
    expect(errors({ ...valid, source: "acc-1:GBP", amount: "12.34" })).toEqual({ source: "errors:casp.asset-required" });
    expect(errors({ ...valid, caspId: "", beneficiaryName: "", purpose: " ", amount: "", walletAddress: "0x12" })).toEqual({
      caspId: "errors:casp.casp-required",
      beneficiaryName: "errors:beneficiary-required",
      purpose: "errors:casp.purpose-required",
      walletAddress: "errors:wallet.format",
      amount: "errors:amount.required",
    });
  });

  it("gives one validator per set of scales", () => {
    expect(caspValidator({ SOL: 9, USDT: 6 })).toBe(caspValidator({ USDT: 6, SOL: 9 }));
    expect(caspValidator({ USDT: 6 })).not.toBe(caspValidator({ USDT: 6, SOL: 9 }));
  });
});
