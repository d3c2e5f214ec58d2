/**
 * The rules of the cash-over-the-counter form (./__cash-over.screen.tsx), shared by the browser and
 * the route's action (`form.tsx`): the partner when the customer chooses it, the collector's phone
 * in E.164. In the browser a chunk of its own, loaded when the form is first used
 * (lib/lazy-validator.ts).
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { amountField, idempotencyKeyField, referenceField, requiredChoice } from "~/lib/payment-schemas";

/** The collector's phone as the API takes it (server rail cash-over-counter): E.164, 8 to 15 digits. */
const E164 = /^\+[1-9]\d{7,14}$/;

const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

/**
 * @param partnersEnabled GET /v1/settings/psp-partners `enabled`: the customer must choose the partner
 */
export function cashOverSchema(partnersEnabled: boolean) {
  return z.object({
    source: requiredChoice("errors:account-required"),
    pspPartnerId: optionalText.refine((v) => !partnersEnabled || v !== undefined, "errors:cash-over.partner-required"),
    beneficiaryName: z
      .string({ required_error: "errors:cash-over.collector-name-required" })
      .trim()
      .min(1, "errors:cash-over.collector-name-required")
      .max(140, "errors:name-too-long"),
    collectorContact: z.string({ required_error: "errors:cash-over.collector-phone-required" }).transform((v, ctx) => {
      const phone = v.replace(/[\s\-()]/g, "");
      if (!phone || !E164.test(phone)) {
        const code = phone ? "collector-phone-invalid" : "collector-phone-required";
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `errors:cash-over.${code}` });
        return z.NEVER;
      }
      return phone;
    }),
    purpose: optionalText.refine((v) => v === undefined || v.length <= 140, "errors:purpose-too-long"),
    categoryId: optionalText,
    amount: amountField(2),
    reference: referenceField,
    idempotencyKey: idempotencyKeyField,
  });
}

/** The form's validator (browser and action). */
export const cashOverValidator = (partnersEnabled: boolean) => withZod(cashOverSchema(partnersEnabled));
