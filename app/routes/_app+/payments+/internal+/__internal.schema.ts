/**
 * The rules of the internal payment form (./__internal.screen.tsx), shared by the browser and the
 * route's action (`form.tsx`): one recipient (a phone or a company number), the amount at the
 * chosen balance's currency scale. In the browser a chunk of its own, loaded when the form is
 * first used (lib/lazy-validator.ts).
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { perScales, type CurrencyScales } from "~/lib/currency-scales";
import { idempotencyKeyField, referenceField, requiredChoice, sourceScaledAmount } from "~/lib/payment-schemas";
import { COMPANY_NUMBER, E164, normaliseCompanyNumber, normalisePhone } from "./__recipient";

const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

/** The form's zod schema for balances of these currency scales (currency → decimals). */
export function internalSchema(scales: CurrencyScales) {
  const amount = sourceScaledAmount(scales);
  return z
    .object({
      recipientPhone: optionalText
        .transform((v) => (v ? normalisePhone(v) : undefined))
        .refine((v) => v === undefined || E164.test(v), "errors:Auth.phone-invalid"),
      recipientCompanyNumber: optionalText
        .transform((v) => (v ? normaliseCompanyNumber(v) : undefined))
        .refine((v) => v === undefined || COMPANY_NUMBER.test(v), "errors:internal.company-number-invalid"),
      source: requiredChoice("errors:account-required"),
      purpose: optionalText.refine((v) => v === undefined || v.length <= 140, "errors:purpose-too-long"),
      categoryId: optionalText,
      amount: amount.field,
      reference: referenceField,
      idempotencyKey: idempotencyKeyField,
    })
    .superRefine((d, ctx) => {
      // One recipient: a person by phone or a company by its number.
      if (!d.recipientPhone === !d.recipientCompanyNumber)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["recipientPhone"], message: "errors:internal.recipient-required" });
      amount.refine(d, ctx);
    });
}

/** The form's validator for these currency scales (one per set, shared by renders and the action). */
export const internalValidator = perScales((scales) => withZod(internalSchema(scales)));
