/**
 * The rules of the pound payment form (./__gbp.screen.tsx), shared by the browser and the route's
 * action (`form.tsx`): sort code and account number by the API's own rules
 * (server/rules/sort-code.ts). In the browser a chunk of its own, loaded when the form is first
 * used (lib/lazy-validator.ts).
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { parseSource } from "~/lib/balance-sources";
import { amountField, idempotencyKeyField, referenceField, requiredChoice } from "~/lib/payment-schemas";
import { validateSortCode, validateUkAccountNumber } from "../../../../../server/rules/sort-code";

/** The pound schemes, in display order (lib/payment-options.ts GBP_KIND_TYPES). */
export const GBP_SCHEMES = ["FASTER_PAYMENT", "BACS"] as const;

export const validator = withZod(
  z.object({
    source: requiredChoice("errors:account-required").refine((v) => parseSource(v)?.currencyId === "GBP", {
      message: "errors:gbp.source-currency",
    }),
    paymentType: z.enum(GBP_SCHEMES, { errorMap: () => ({ message: "errors:gbp.scheme-required" }) }),
    beneficiaryName: z
      .string({ required_error: "errors:beneficiary-required" })
      .trim()
      .min(1, "errors:beneficiary-required")
      .max(140, "errors:name-too-long"),
    sortCode: z.string({ required_error: "errors:sort-code.required" }).transform((v, ctx) => {
      const r = validateSortCode(v);
      if (!r.ok) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `errors:sort-code.${r.error}` });
        return z.NEVER;
      }
      return r.sortCode;
    }),
    accountNumber: z.string({ required_error: "errors:uk-account-number.required" }).transform((v, ctx) => {
      const r = validateUkAccountNumber(v);
      if (!r.ok) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `errors:uk-account-number.${r.error}` });
        return z.NEVER;
      }
      return r.accountNumber;
    }),
    purpose: z
      .string()
      .trim()
      .max(140, "errors:purpose-too-long")
      .optional()
      .transform((v) => v || undefined),
    categoryId: z
      .string()
      .max(100)
      .optional()
      .transform((v) => v || undefined),
    amount: amountField(2),
    reference: referenceField,
    idempotencyKey: idempotencyKeyField,
  }),
);
