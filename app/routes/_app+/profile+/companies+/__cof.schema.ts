/**
 * The rules of the company officials' forms of /profile/companies/:organizationId/cof
 * (./__cof.screen.tsx: add, update), shared by the browser and the route's action. In the browser
 * a chunk of its own, loaded when a form is first used (lib/lazy-validator.ts).
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { NATURES, OFFICIAL_TYPES } from "./__cof.options";

const E = "profile:cof.errors";
const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** The role, as the API takes it (contract UpdateCompanyOfficialRequest). */
const role = {
  companyOfficialType: z.enum(OFFICIAL_TYPES, { errorMap: () => ({ message: `${E}.type-required` }) }),
  signatureType: z.enum(["NONE", "SINGLE"], { errorMap: () => ({ message: `${E}.signature-required` }) }),
  position: z.preprocess(emptyToUndefined, z.string().trim().max(100, `${E}.position-too-long`).optional()),
  percentage: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{1,3}([.,]\d{1,2})?$/, `${E}.percentage`)
      .transform((v) => v.replace(",", "."))
      .refine((v) => Number(v) <= 100, `${E}.percentage`)
      .optional(),
  ),
  natureOfControl: z.preprocess(emptyToUndefined, z.enum(NATURES).optional()),
};

export const addValidator = withZod(
  z.object({
    intent: z.literal("add"),
    firstName: z
      .string({ required_error: `${E}.first-name-required` })
      .trim()
      .min(1, `${E}.first-name-required`)
      .max(100),
    lastName: z
      .string({ required_error: `${E}.last-name-required` })
      .trim()
      .min(1, `${E}.last-name-required`)
      .max(100),
    phone: z
      .string({ required_error: `${E}.phone` })
      .transform((v) => v.replace(/[\s()-]/g, ""))
      .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, `${E}.phone`)),
    email: z.preprocess(emptyToUndefined, z.string().trim().email(`${E}.email`).max(254, `${E}.email`).optional()),
    ...role,
  }),
);
export const updateValidator = withZod(
  z.object({ intent: z.literal("update"), officialId: z.string().min(1).max(100), ...role }),
);
