/**
 * The rules of the FX rate request form (./__new.screen.tsx), shared by the browser and the
 * route's action (`new.tsx`): the amount to sell and the proposed rate (server/rules/fx-rate.ts:
 * up to 12 decimals). In the browser a chunk of its own, loaded when the form is first used
 * (lib/lazy-validator.ts).
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { amountField, idempotencyKeyField, requiredChoice } from "~/lib/payment-schemas";
import { validateAmount, type AmountError } from "../../../../../server/rules/amount";
import { FX_PROPOSED_RATE_SCALE } from "../../../../../server/rules/fx-rate";

/** The rate field's message for each reason the amount rules refuse it; the rest share `rate`. */
const RATE_MESSAGES: Partial<Record<AmountError, string>> = {
  required: "exchange:requests.errors.rate-required",
  // "1,234": 1234 or 1.234? Said as the amount fields say it (docs/decisions.md "A comma before three digits").
  "thousands-comma": "exchange:requests.errors.rate-thousands-comma",
};

/** The proposed rate: a positive decimal with at most 12 decimals (server/rules/fx-rate.ts). */
const rateField = z.string({ required_error: "exchange:requests.errors.rate-required" }).transform((value, ctx) => {
  const result = validateAmount(value, { scale: FX_PROPOSED_RATE_SCALE });
  if (!result.ok) {
    const message = RATE_MESSAGES[result.error] ?? "exchange:requests.errors.rate";
    ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    return z.NEVER;
  }
  return result.value;
});

export const newFxRequestValidator = withZod(
  z.object({
    source: requiredChoice("errors:account-required"),
    toCurrencyId: requiredChoice("exchange:errors.to"),
    // The largest scale the bank has (SOL, 9): the API checks the sold currency's own scale.
    sellAmount: amountField(9),
    rate: rateField,
    idempotencyKey: idempotencyKeyField,
  }),
);
