/**
 * The rules of the documents form of /payments/:paymentId/sign (./__sign.screen.tsx), shared by the
 * browser and the route's action (`sign.tsx`). In the browser a chunk of its own, loaded when a
 * form is first used (lib/lazy-validator.ts).
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { isChosenFile } from "~/lib/chosen-file";

/** The upload form (intent=upload, files in `files`): at least one file chosen. Types and sizes are the API's to check. */
export const uploadValidator = withZod(
  z.object({
    intent: z.literal("upload"),
    files: z.unknown().refine((v) => (Array.isArray(v) ? v : [v]).some(isChosenFile), "errors:Payments.documents-choose"),
  }),
);
