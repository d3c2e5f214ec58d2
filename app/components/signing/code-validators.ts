/**
 * The schemas of the signing forms (spec 000 §4, §5 "SMS code required"), one for every signing
 * page (a payment, a batch, a remittance order, an FX rate request) and their actions: the code
 * form (`intent` sign, a 4-digit code) and the send/resend form (`intent`, optional channel).
 * The browser's forms take them through ./code-forms.ts, which loads this module (and zod) when a
 * form is first used.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

/** The code form: intent "sign" and the 4-digit code (messages are i18n keys). */
export const codeValidator = withZod(
  z.object({
    intent: z.literal("sign"),
    code: z
      .string({ required_error: "errors:Payments.code-required" })
      .trim()
      .min(1, "errors:Payments.code-required")
      .regex(/^\d{4}$/, "errors:Auth.code-format"),
  }),
);

/** The send/resend form: intent and an optional channel (SMS or WhatsApp). */
export const resendValidator = withZod(
  z.object({ intent: z.enum(["send", "resend"]), channel: z.enum(["SMS", "WHATSAPP"]).optional() }),
);
