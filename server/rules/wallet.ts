/**
 * Crypto wallet address rules per network, for crypto-asset (CASP) payments (the network each
 * asset travels on is ./asset-network.ts, re-exported). Pure (@noble/hashes, @scure/base), for the
 * browser and the server.
 * Error codes map to `errors:wallet.<code>`.
 */
import { keccak_256 } from "@noble/hashes/sha3.js";
import { base58 } from "@scure/base";
import type { WalletNetwork } from "./asset-network";

export { ASSET_NETWORK, type CryptoAsset, type WalletNetwork } from "./asset-network";

/** Why an address is refused; maps to `errors:wallet.<code>`. */
export const WALLET_ERRORS = ["required", "format", "checksum", "checksum-missing"] as const;
export type WalletError = (typeof WALLET_ERRORS)[number];

export type WalletResult = { ok: true; address: string } | { ok: false; error: WalletError };

/**
 * Validate a wallet address for a network (surrounding spaces ignored; nothing else rewritten).
 * - SOLANA: base58 (Bitcoin alphabet) of a 32-byte public key; base58 has no checksum, so only
 *   the alphabet and the length are checked (`format`).
 * - ETHEREUM: "0x" + 40 hex digits with the EIP-55 mixed-case checksum. A wrong case pattern is
 *   `checksum`; an all-lower- or all-upper-case address is valid hex but carries no checksum,
 *   so a typo in it cannot be detected: it is refused as `checksum-missing` (docs/decisions.md).
 * @param network the asset's network (see {@link ASSET_NETWORK})
 * @param raw the address as pasted
 * @returns `{ ok: true, address }` (trimmed), or `{ ok: false, error }`
 */
export function validateWalletAddress(network: WalletNetwork, raw: string | null | undefined): WalletResult {
  const address = (raw ?? "").trim();
  if (address === "") return { ok: false, error: "required" };
  return network === "SOLANA" ? checkSolana(address) : checkEthereum(address);
}

/** Solana: base58 decoding to exactly 32 bytes (an ed25519 public key or program address). */
function checkSolana(address: string): WalletResult {
  // 32 bytes are 32 to 44 base58 characters; the bound also keeps the decoder's work small.
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return { ok: false, error: "format" };
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(address);
  } catch {
    return { ok: false, error: "format" };
  }
  return bytes.length === 32 ? { ok: true, address } : { ok: false, error: "format" };
}

/** Ethereum: 0x + 40 hex digits, EIP-55 checksum required. */
function checkEthereum(address: string): WalletResult {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return { ok: false, error: "format" };
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) {
    // No letters at all (digits only) is the one case where the checksum is fully expressed.
    return /[a-fA-F]/.test(hex) ? { ok: false, error: "checksum-missing" } : { ok: true, address };
  }
  return toChecksumAddress(hex) === address ? { ok: true, address } : { ok: false, error: "checksum" };
}

/**
 * EIP-55 checksum form of an Ethereum address: each hex letter is upper case when the matching
 * nibble of keccak-256(lower-case hex, as ASCII) is 8 or more.
 * @param address "0x" + 40 hex digits in any case (or the 40 digits alone)
 * @returns "0x" + the 40 digits in checksum case
 * @throws Error when the input is not 40 hex digits
 */
export function toChecksumAddress(address: string): string {
  const hex = address.replace(/^0x/, "").toLowerCase();
  if (!/^[0-9a-f]{40}$/.test(hex)) throw new Error("not an Ethereum address");
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = "0x";
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1] >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? hex[i].toUpperCase() : hex[i];
  }
  return out;
}
