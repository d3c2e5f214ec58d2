/**
 * The rules of the crypto-asset payment form (./__casp.screen.tsx), shared by the browser and the
 * route's action (`form.tsx`): the wallet address for the asset's network (server/rules/wallet.ts:
 * Solana base58, Ethereum EIP-55 checksum), the amount at the asset's own scale. In the browser a
 * chunk of its own (with the hashing libraries of the address rules), loaded when the form is
 * first used (lib/lazy-validator.ts).
 */
import { withZod } from "@remix-validated-form/with-zod";
import type { Validator } from "remix-validated-form";
import { z } from "zod";
import { parseSource } from "~/lib/balance-sources";
import { scaleOfCurrency } from "~/lib/currency-scales";
import { idempotencyKeyField, referenceField, requiredChoice } from "~/lib/payment-schemas";
import { validateAmount } from "../../../../../server/rules/amount";
import { assetNetwork } from "../../../../../server/rules/asset-network";
import { validateWalletAddress } from "../../../../../server/rules/wallet";

const requiredText = (max: number, requiredKey: string) =>
  z.string({ required_error: requiredKey }).trim().min(1, requiredKey).max(max, "errors:casp.too-long");

const rawText = z
  .string()
  .optional()
  .transform((v) => v ?? "");

/**
 * The zod schema for balances whose scales are `scales` (currency → decimals, from the accounts'
 * balances): the amount is checked at the scale of the chosen balance's asset.
 */
export function caspSchema(scales: Readonly<Record<string, number>>) {
  const scaleOf = (asset: string | undefined) => scaleOfCurrency(asset, scales);
  return (
    z
      .object({
        source: requiredChoice("errors:account-required"),
        caspId: requiredChoice("errors:casp.casp-required"),
        beneficiaryName: requiredText(140, "errors:beneficiary-required"),
        walletAddress: rawText,
        purpose: requiredText(140, "errors:casp.purpose-required"),
        categoryId: z
          .string()
          .optional()
          .transform((v) => (v ? v : undefined)),
        amount: rawText,
        reference: referenceField,
        idempotencyKey: idempotencyKeyField,
      })
      // Rules that depend on the chosen asset; they run even when other fields failed, so every
      // error shows at once.
      .superRefine((d, ctx) => {
        const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
        const asset = parseSource(d.source ?? "")?.currencyId;
        const network = assetNetwork(asset);
        if (!network) {
          if (d.source) issue("source", "errors:casp.asset-required");
        } else {
          const wallet = validateWalletAddress(network, d.walletAddress);
          if (!wallet.ok) issue("walletAddress", `errors:wallet.${wallet.error}`);
        }
        const amount = validateAmount(d.amount, { scale: scaleOf(asset) });
        if (!amount.ok) issue("amount", `errors:amount.${amount.error}`);
      })
      // Only reached when everything is valid: the address trimmed, the amount normalised.
      .transform((d) => {
        const asset = parseSource(d.source)?.currencyId;
        const wallet = validateWalletAddress(assetNetwork(asset)!, d.walletAddress);
        const amount = validateAmount(d.amount, { scale: scaleOf(asset) });
        return { ...d, walletAddress: wallet.ok ? wallet.address : "", amount: amount.ok ? amount.value : "" };
      })
  );
}

export type CaspFormData = z.output<ReturnType<typeof caspSchema>>;

const validators = new Map<string, Validator<CaspFormData>>();

/** The form's validator for these scales (one per set of scales, shared by renders and the action). */
export function caspValidator(scales: Readonly<Record<string, number>>): Validator<CaspFormData> {
  const key = JSON.stringify(Object.entries(scales).sort(([a], [b]) => a.localeCompare(b)));
  let validator = validators.get(key);
  if (!validator) {
    validator = withZod(caspSchema(scales));
    validators.set(key, validator);
  }
  return validator;
}
