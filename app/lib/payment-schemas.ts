/**
 * Zod field rules shared by the payment forms (browser and action use the same schema,
 * spec 000 §5). Messages are i18n keys (`errors:*`). Imported by the forms' schema modules
 * (`__<form>.schema.ts`) only, which the browser loads when a form is first used
 * (lib/lazy-validator.ts); what a screen needs at render is in ./currency-scales.ts.
 */
import { z } from "zod";
import { DEFAULT_SCALE, validateAmount } from "../../server/rules/amount";
import { scaleOfSource, type CurrencyScales } from "./currency-scales";

/** Amount per spec 000 §5 (string in, normalised decimal string out). */
export const amountField = (scale = 2) =>
  z.string({ required_error: "errors:amount.required" }).transform((value, ctx) => {
    const result = validateAmount(value, { scale });
    if (!result.ok) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `errors:amount.${result.error}` });
      return z.NEVER;
    }
    return result.value;
  });

/**
 * Amount rules of a form whose "Pay from" select offers balances of several currencies (spec 000
 * §5 "at most 2 decimals unless a different decimal count is set": the chosen balance's currency
 * scale, e.g. USDT 6, SOL 9, GBP 2).
 * - `field`: the `amount` field of the object schema, checked at the largest scale among
 *   `scales` (so its other errors show beside the other fields' errors);
 * - `refine`: the object's superRefine, refusing more decimals than the chosen `source`'s
 *   currency allows (`errors:amount.too-many-decimals` on `amount`); it runs even when other
 *   fields failed (zod refines a "dirty" object), so it skips a failed amount and an empty source.
 */
export function sourceScaledAmount(scales: CurrencyScales) {
  const largest = Math.max(DEFAULT_SCALE, ...Object.values(scales));
  return {
    field: amountField(largest),
    refine(d: { source: string; amount: string }, ctx: z.RefinementCtx) {
      // Nothing to add when the amount failed already or no balance is chosen (its own error).
      if (typeof d.amount !== "string" || !d.source) return;
      const result = validateAmount(d.amount, { scale: scaleOfSource(d.source, scales) });
      if (!result.ok) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["amount"], message: `errors:amount.${result.error}` });
    },
  };
}

/** Optional payment reference (max 140 chars, SEPA remittance information length). */
export const referenceField = z
  .string()
  .trim()
  .max(140, "errors:reference-too-long")
  .optional()
  .transform((v) => (v ? v : undefined));

/** Idempotency key from the form (1..128 chars, contract). */
export const idempotencyKeyField = z.string().min(1).max(128);

/** A required select value. */
export const requiredChoice = (message: string) => z.string({ required_error: message }).min(1, message);
