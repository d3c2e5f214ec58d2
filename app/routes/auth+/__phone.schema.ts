/**
 * The rules of the login steps of /auth/phone (./__phone.screen.tsx: phone, code, password),
 * shared by the browser and the route's action (`phone.tsx`). In the browser a chunk of its own,
 * loaded when a form is first used (lib/lazy-validator.ts).
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

/** E.164 after removing spaces, dashes and brackets. */
const E164 = /^\+[1-9]\d{6,14}$/;

export const phoneValidator = withZod(
  z.object({
    intent: z.literal("phone"),
    phone: z
      .string({ required_error: "errors:Auth.phone-required" })
      .transform((v) => v.replace(/[\s\-()]/g, ""))
      .pipe(z.string().min(1, "errors:Auth.phone-required").regex(E164, "errors:Auth.phone-invalid")),
  }),
);
export const codeValidator = withZod(
  z.object({
    intent: z.literal("code"),
    code: z
      .string({ required_error: "errors:Payments.code-required" })
      .trim()
      .min(1, "errors:Payments.code-required")
      .regex(/^\d{4}$/, "errors:Auth.code-format"),
  }),
);
export const passwordValidator = withZod(
  z.object({
    intent: z.literal("password"),
    password: z.string({ required_error: "errors:Auth.password-required" }).min(1, "errors:Auth.password-required"),
  }),
);
