/**
 * The rules of the remittance order form (./__new.screen.tsx), shared by the browser and the
 * route's action (`new.tsx`): the payee as on their identity document (country by
 * server/rules/country.ts, phone in E.164). In the browser a chunk of its own, loaded when the
 * form is first used (lib/lazy-validator.ts).
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { amountField, idempotencyKeyField, requiredChoice } from "~/lib/payment-schemas";
import { validateCountry } from "../../../../../server/rules/country";

/** The payee's phone as the API takes it: E.164, 8 to 15 digits. */
const E164 = /^\+[1-9]\d{7,14}$/;

const required = (key: string, max: number) =>
  z.string({ required_error: key }).trim().min(1, key).max(max, "errors:Remittance.too-long");

export const newOrderSchema = z.object({
  source: requiredChoice("errors:account-required"),
  sum: amountField(2),
  payeeName: required("errors:Remittance.name-required", 140),
  payeeAddress: required("errors:Remittance.address-required", 200),
  payeeCity: required("errors:Remittance.city-required", 100),
  payeeCountry: z.string({ required_error: "errors:Remittance.country-required" }).transform((v, ctx) => {
    const r = validateCountry(v);
    if (!r.ok) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: r.error === "required" ? "errors:Remittance.country-required" : "errors:country.invalid",
      });
      return z.NEVER;
    }
    return r.country;
  }),
  payeePhone: z.string({ required_error: "errors:Remittance.phone-required" }).transform((v, ctx) => {
    const phone = v.replace(/[\s\-()]/g, "");
    if (!E164.test(phone)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: phone ? "errors:Remittance.phone-invalid" : "errors:Remittance.phone-required",
      });
      return z.NEVER;
    }
    return phone;
  }),
  payeeDocumentNumber: z
    .string()
    .trim()
    .max(50, "errors:Remittance.too-long")
    .optional()
    .transform((v) => v || undefined),
  description: required("errors:Remittance.description-required", 140),
  idempotencyKey: idempotencyKeyField,
});

export const newOrderValidator = withZod(newOrderSchema);
