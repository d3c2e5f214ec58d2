/**
 * Zod field rules shared by the payment forms (browser and action use the same schema,
 * spec 000 §5). Messages are i18n keys (`errors:*`).
 */
import { z } from "zod";
import { validateAmount } from "../../server/rules/amount";

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
