/**
 * The rules of the contract forms of /beneficiaries/:beneficiaryId/contracts
 * (./__contracts.screen.tsx: create, edit, submit, upload), shared by the browser and the route's
 * action (`contracts.tsx`). In the browser a chunk of its own, loaded when a form is first used
 * (lib/lazy-validator.ts).
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { isChosenFile } from "~/lib/chosen-file";

const E = "beneficiaries:contracts.errors";

/** Name and number of a contract, as the API takes them (name 1..140, number ≤ 70). */
const contractFields = {
  name: z
    .string({ required_error: `${E}.name-required` })
    .trim()
    .min(1, `${E}.name-required`)
    .max(140, `${E}.name-too-long`),
  number: z
    .string()
    .trim()
    .max(70, `${E}.number-too-long`)
    .optional()
    .transform((v) => v || undefined),
};
const contractIdField = z.string().trim().min(1).max(100);

export const createValidator = withZod(z.object({ intent: z.literal("create"), ...contractFields }));
export const updateValidator = withZod(z.object({ intent: z.literal("update"), contractId: contractIdField, ...contractFields }));
export const submitValidator = withZod(z.object({ intent: z.literal("submit"), contractId: contractIdField }));

/** The upload form: a category and at least one file. Types, sizes and the category list are the API's to check. */
export const uploadValidator = withZod(
  z.object({
    intent: z.literal("upload"),
    contractId: contractIdField,
    category: z
      .string({ required_error: `${E}.category-required` })
      .trim()
      .min(1, `${E}.category-required`)
      .max(40),
    files: z.unknown().refine((v) => (Array.isArray(v) ? v : [v]).some(isChosenFile), "errors:Payments.documents-choose"),
  }),
);
