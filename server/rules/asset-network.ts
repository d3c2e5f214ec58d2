/**
 * The network each crypto asset travels on, apart from the address rules (./wallet.ts) and their
 * hashing libraries, so a form can name the network before it checks an address. Pure, for the
 * browser and the server.
 */

/** Networks the bank pays out on (same union as `WalletNetwork` in the API contract). */
export type WalletNetwork = "ETHEREUM" | "SOLANA";

/** Crypto assets the bank holds (the crypto `CurrencyCode`s of the API contract). */
export type CryptoAsset = "USDT" | "USDC" | "EURC" | "SOL";

/**
 * The network each asset is sent on: the stablecoins as ERC-20 tokens on Ethereum, SOL natively
 * on Solana. The server's CASP table and the web form read this one map.
 */
export const ASSET_NETWORK: Readonly<Record<CryptoAsset, WalletNetwork>> = Object.freeze({
  USDT: "ETHEREUM",
  USDC: "ETHEREUM",
  EURC: "ETHEREUM",
  SOL: "SOLANA",
});

/** Network an asset is paid out on, or undefined for anything else (a fiat currency, an unknown code). */
export function assetNetwork(asset: string | undefined): WalletNetwork | undefined {
  return asset && Object.prototype.hasOwnProperty.call(ASSET_NETWORK, asset) ? ASSET_NETWORK[asset as CryptoAsset] : undefined;
}
