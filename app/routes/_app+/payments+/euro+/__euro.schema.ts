/**
 * The rules of the euro payment form (./__euro.screen.tsx), shared by the browser and the route's
 * action (`_index.tsx`): the kind travels as `paymentType`, IBAN and BIC are checked by the API's
 * own rules (server/rules/iban). In the browser a chunk of its own, loaded when the form is first
 * used (lib/lazy-validator.ts).
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { validateBic, validateSepaIban } from "../../../../../server/rules/iban";
import { amountField, idempotencyKeyField, referenceField, requiredChoice } from "~/lib/payment-schemas";

/** The euro kinds (provider payment types of the EURO rail), as on /payments/euro/payment-kinds. */
export const EURO_KINDS = ["SEPA_SCT", "SEPA_SCT_INST", "TARGET_2"] as const;
export type EuroKind = (typeof EURO_KINDS)[number];

export const euroSchema = z.object({
  accountId: requiredChoice("errors:account-required"),
  currencyId: z.literal("EUR", { errorMap: () => ({ message: "errors:eur-only" }) }),
  paymentType: z.enum(EURO_KINDS, { errorMap: () => ({ message: "errors:euro-kinds.invalid" }) }),
  beneficiaryName: z
    .string({ required_error: "errors:beneficiary-required" })
    .trim()
    .min(1, "errors:beneficiary-required")
    .max(140, "errors:name-too-long"),
  iban: z.string({ required_error: "errors:iban.required" }).transform((v, ctx) => {
    const r = validateSepaIban(v);
    if (!r.ok) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `errors:iban.${r.error}` });
      return z.NEVER;
    }
    return r.iban;
  }),
  bic: z.string({ required_error: "errors:bic.required" }).transform((v, ctx) => {
    const r = validateBic(v);
    if (!r.ok) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `errors:bic.${r.error}` });
      return z.NEVER;
    }
    return r.bic;
  }),
  purpose: z
    .string()
    .trim()
    .max(140, "errors:purpose-too-long")
    .optional()
    .transform((v) => v || undefined),
  categoryId: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  amount: amountField(2),
  reference: referenceField,
  idempotencyKey: idempotencyKeyField,
});

export const validator = withZod(euroSchema);
