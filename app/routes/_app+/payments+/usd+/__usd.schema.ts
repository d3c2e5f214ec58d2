/**
 * The rules of the USD (Fedwire) payment form (./__usd.screen.tsx), shared by the browser and the
 * route's action (`form.tsx`): ABA routing number and US account number by the API's own rules
 * (server/rules/aba.ts), the country by server/rules/country.ts. In the browser a chunk of its
 * own, loaded when the form is first used (lib/lazy-validator.ts).
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { parseSource } from "~/lib/balance-sources";
import { amountField, idempotencyKeyField, referenceField, requiredChoice } from "~/lib/payment-schemas";
import { validateAbaRoutingNumber, validateUsAccountNumber } from "../../../../../server/rules/aba";
import { validateCountry } from "../../../../../server/rules/country";

/** The USD schemes (spec 000 §2 USD option: Fedwire). */
export const USD_SCHEMES = ["FEDWIRE"] as const;

/** Required trimmed text with a maximum length. */
const text = (max: number, required: string, tooLong: string) =>
  z.string({ required_error: required }).trim().min(1, required).max(max, tooLong);

export const validator = withZod(
  z.object({
    source: requiredChoice("errors:account-required").refine((v) => parseSource(v)?.currencyId === "USD", {
      message: "errors:usd.source-currency",
    }),
    paymentType: z.enum(USD_SCHEMES, { errorMap: () => ({ message: "errors:usd.scheme-required" }) }),
    beneficiaryName: text(140, "errors:beneficiary-required", "errors:name-too-long"),
    aba: z.string({ required_error: "errors:aba.required" }).transform((v, ctx) => {
      const r = validateAbaRoutingNumber(v);
      if (!r.ok) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `errors:aba.${r.error}` });
        return z.NEVER;
      }
      return r.routingNumber;
    }),
    accountNumber: z.string({ required_error: "errors:us-account-number.required" }).transform((v, ctx) => {
      const r = validateUsAccountNumber(v);
      if (!r.ok) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `errors:us-account-number.${r.error}` });
        return z.NEVER;
      }
      return r.accountNumber;
    }),
    address: text(140, "errors:usd.address-required", "errors:usd.address-too-long"),
    city: text(70, "errors:usd.city-required", "errors:usd.city-too-long"),
    postCode: z
      .string()
      .trim()
      .max(16, "errors:usd.post-code-too-long")
      .optional()
      .transform((v) => v || undefined),
    countryId: z.string({ required_error: "errors:country.required" }).transform((v, ctx) => {
      const r = validateCountry(v);
      if (!r.ok) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `errors:country.${r.error}` });
        return z.NEVER;
      }
      return r.country;
    }),
    purpose: text(140, "errors:usd.purpose-required", "errors:purpose-too-long"),
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
