/**
 * CRYPTO_ASSET_PAYMENT: a crypto asset (USDT, USDC, EURC, SOL) to a wallet held at a crypto-asset
 * service provider chosen from GET /v1/casps (spec 000 §2 Crypto-asset option). The CASP table
 * says on which network it takes each asset; the wallet address is validated for that network
 * (server/rules/wallet.ts: Solana base58 32-byte keys, Ethereum EIP-55 checksummed). Amounts are
 * at the asset's own scale (6 or 9 decimals), decimal end to end. Purpose required (the EU
 * Transfer of Funds Regulation 2023/1113 travel rule carries originator and beneficiary; the bank
 * asks the reason too). Settles through CASP_CLEARING.
 */
import { z } from "zod";
import { fieldError } from "../../errors.js";
import { validateWalletAddress, type WalletNetwork } from "../../../rules/wallet.js";
import { getCasp } from "../../reference/index.js";
import { fromBody, optionalText, providerType, required, valid } from "./shared.js";
import type { Rail } from "./types.js";

const TYPES = ["CRYPTO_ASSET_PAYMENT"] as const;

export const cryptoAssetRail: Rail<"CRYPTO_ASSET_PAYMENT"> = {
  kind: "CRYPTO_ASSET_PAYMENT",
  paymentTypes: TYPES,
  beneficiaryPaymentTypes: ["CRYPTO_ASSET_PAYMENT"],
  purposeRequired: true,
  clearing: "CASP_CLEARING",
  fields: {
    paymentType: z.enum(TYPES).optional(),
    beneficiaryName: optionalText(140),
    caspId: optionalText(64),
    walletAddress: optionalText(128),
  },
  async resolve(ctx, body) {
    const b = ctx.beneficiary;
    const beneficiaryName = required("beneficiaryName", fromBody(body, b, "beneficiaryName", "name"));
    const caspId = required("caspId", fromBody(body, b, "caspId"));
    const casp = await getCasp(ctx.tx, caspId);
    if (!casp) throw fieldError("caspId", "isCasp", "caspId is not a crypto-asset service provider of the bank");
    const network = casp.assets[ctx.currencyId] as WalletNetwork | undefined;
    if (!network) throw fieldError("currencyId", "isCaspAsset", `${casp.name} does not take ${ctx.currencyId}`);
    const { address } = valid("walletAddress", validateWalletAddress(network, fromBody(body, b, "walletAddress")), {
      required: "walletAddress should not be empty",
    });
    const paymentType = await providerType(ctx.tx, TYPES, undefined, ctx.currencyId);
    return {
      paymentType,
      creditBalanceId: await ctx.clearingBalance("CASP_CLEARING"),
      beneficiaryName,
      beneficiaryAccount: address,
      beneficiaryBic: null,
      details: { caspId: casp.id, caspName: casp.name, network },
    };
  },
  describe: (p) => ({
    form: "WALLET",
    values: {
      wallet: p.beneficiaryAccount ?? "",
      network: String(p.details.network ?? ""),
      provider: String(p.details.caspName ?? ""),
    },
  }),
};
