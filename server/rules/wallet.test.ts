import { describe, expect, expectTypeOf, it } from "vitest";
import errors from "../../public/locales/en/errors.json";
import type { CurrencyCode, WalletNetwork as ContractWalletNetwork } from "../api/v1/contract";
import {
  ASSET_NETWORK,
  toChecksumAddress,
  validateWalletAddress,
  WALLET_ERRORS,
  type CryptoAsset,
  type WalletNetwork,
} from "./wallet";

/** EIP-55 test vectors (the EIP's own examples). */
const EIP55 = [
  "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
  "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
  "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
];

/** Real Solana addresses: system program (32 zero bytes), SPL Token program, USDC mint. */
const SOLANA = [
  "11111111111111111111111111111111",
  "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
  "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
];

/** Flip the case of the first letter whose case the checksum fixes. */
const flipOneCase = (address: string) => {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const c = address[i];
  return address.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + address.slice(i + 1);
};

/** Change one decimal digit (the last one, + 1 mod 10), keeping every letter's case. */
const changeOneDigit = (address: string) => {
  const i = 2 + address.slice(2).search(/[0-9](?=[^0-9]*$)/);
  return address.slice(0, i) + ((Number(address[i]) + 1) % 10) + address.slice(i + 1);
};

describe("ETHEREUM addresses (EIP-55)", () => {
  it.each(EIP55)("accepts %s and computes the same checksum", (address) => {
    expect(validateWalletAddress("ETHEREUM", address)).toEqual({ ok: true, address });
    expect(validateWalletAddress("ETHEREUM", ` ${address}\n`)).toEqual({ ok: true, address });
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
  });
  it.each(EIP55)("refuses %s with one letter's case flipped or one digit changed (checksum)", (address) => {
    expect(validateWalletAddress("ETHEREUM", flipOneCase(address))).toEqual({ ok: false, error: "checksum" });
    expect(validateWalletAddress("ETHEREUM", changeOneDigit(address))).toEqual({ ok: false, error: "checksum" });
  });
  it.each(EIP55)("refuses %s in all lower or all upper case (checksum-missing)", (address) => {
    expect(validateWalletAddress("ETHEREUM", address.toLowerCase())).toEqual({ ok: false, error: "checksum-missing" });
    expect(validateWalletAddress("ETHEREUM", `0x${address.slice(2).toUpperCase()}`)).toEqual({
      ok: false,
      error: "checksum-missing",
    });
  });
  it("accepts an address of digits only (no letter to carry the checksum)", () => {
    const digits = `0x${"1234567890".repeat(4)}`;
    expect(validateWalletAddress("ETHEREUM", digits)).toEqual({ ok: true, address: digits });
  });
  it("refuses what is not 0x + 40 hex digits", () => {
    const a = EIP55[0];
    for (const raw of [a.slice(2), `0X${a.slice(2)}`, a.slice(0, -1), `${a}0`, `${a.slice(0, -1)}g`, SOLANA[1]]) {
      expect(validateWalletAddress("ETHEREUM", raw), raw).toEqual({ ok: false, error: "format" });
    }
    expect(validateWalletAddress("ETHEREUM", "  ")).toEqual({ ok: false, error: "required" });
    expect(() => toChecksumAddress("0x1234")).toThrow();
  });
});

describe("SOLANA addresses (base58, 32 bytes)", () => {
  it.each(SOLANA)("accepts %s", (address) => {
    expect(validateWalletAddress("SOLANA", address)).toEqual({ ok: true, address });
  });
  it("refuses characters outside base58 (0, O, I, l) and wrong lengths", () => {
    const a = SOLANA[1];
    for (const raw of [`${a.slice(0, -1)}0`, `${a.slice(0, -1)}O`, `${a.slice(0, -1)}I`, `${a.slice(0, -1)}l`, a.slice(0, 31)]) {
      expect(validateWalletAddress("SOLANA", raw), raw).toEqual({ ok: false, error: "format" });
    }
    // 44 characters that decode to more than 32 bytes; 32 ones are 32 zero bytes but 33 are 33.
    expect(validateWalletAddress("SOLANA", "z".repeat(44))).toEqual({ ok: false, error: "format" });
    expect(validateWalletAddress("SOLANA", "1".repeat(33))).toEqual({ ok: false, error: "format" });
    expect(validateWalletAddress("SOLANA", EIP55[0])).toEqual({ ok: false, error: "format" });
    expect(validateWalletAddress("SOLANA", undefined)).toEqual({ ok: false, error: "required" });
  });
});

describe("ASSET_NETWORK", () => {
  it("puts the stablecoins on Ethereum and SOL on Solana", () => {
    expect(ASSET_NETWORK).toEqual({ USDT: "ETHEREUM", USDC: "ETHEREUM", EURC: "ETHEREUM", SOL: "SOLANA" });
    expect(Object.isFrozen(ASSET_NETWORK)).toBe(true);
  });
  it("speaks the API contract's types", () => {
    expectTypeOf<WalletNetwork>().toEqualTypeOf<ContractWalletNetwork>();
    expectTypeOf<CryptoAsset>().toExtend<CurrencyCode>();
  });
});

describe("error codes", () => {
  it("each has an English message", () => {
    for (const code of WALLET_ERRORS) expect(errors.wallet[code], code).toEqual(expect.any(String));
  });
});
