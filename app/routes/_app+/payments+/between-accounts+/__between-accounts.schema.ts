/**
 * The rules of the transfer form between own accounts (./__between-accounts.screen.tsx), shared
 * by the browser and the route's action (`_index.tsx`): two different accounts, the amount at the
 * chosen balance's currency scale. In the browser a chunk of its own, loaded when the form is
 * first used (lib/lazy-validator.ts).
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { perScales, type CurrencyScales } from "~/lib/currency-scales";
import { idempotencyKeyField, referenceField, requiredChoice, sourceScaledAmount } from "~/lib/payment-schemas";

/** The form's zod schema for balances of these currency scales (currency → decimals). */
export function betweenSchema(scales: CurrencyScales) {
  const amount = sourceScaledAmount(scales);
  return z
    .object({
      source: requiredChoice("errors:account-required"),
      toAccountId: requiredChoice("errors:to-account-required"),
      amount: amount.field,
      reference: referenceField,
      idempotencyKey: idempotencyKeyField,
    })
    .superRefine((d, ctx) => {
      if (d.source.startsWith(`${d.toAccountId}:`))
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["toAccountId"], message: "errors:same-account" });
      amount.refine(d, ctx);
    });
}

/** The form's validator for these currency scales (one per set, shared by renders and the action). */
export const betweenValidator = perScales((scales) => withZod(betweenSchema(scales)));
