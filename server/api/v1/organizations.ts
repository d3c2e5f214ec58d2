/**
 * Organizations API (spec 000 §7 Auth and user).
 * GET /clients-organizations?all=true → { data: OrganizationSummary[] } (the caller's)
 * GET /clients-organizations/check-invididual-recepient?phone= → RecipientCheck | 404 NOT_FOUND
 *   | 429 RATE_LIMITED (20 lookups per user per 15 min: no enumeration of customers by phone)
 *   (spelling as in the spec's call list)
 * GET /clients-organizations/check-corp-recepient?companyNumber= → RecipientCheck (company name) | 404
 *   | 429 RATE_LIMITED (the same lookup limit as by phone)
 * GET /clients-organizations/:organizationId → OrganizationDetail | 403 FORBIDDEN (not a member)
 * GET /clients-organizations/:organizationId/fees → OrganizationFees (tariff with its fees, custom
 *   fees) | 403 FORBIDDEN (not the caller's organization)
 * Company users (spec 001 §7 "Organizations and officials"; rules in domain/organizations/officials.ts):
 * GET  /clients-organizations/:organizationId/clients-officials → { data: CompanyOfficial[] } (any member)
 * POST /clients-organizations/:organizationId/clients-officials CreateCompanyOfficialRequest → 201 CompanyOfficial
 * PUT  /clients-organizations/:organizationId/clients-officials/:officialId UpdateCompanyOfficialRequest → CompanyOfficial
 * PUT  /clients-organizations/:organizationId/clients-officials/:officialId/status { status } → CompanyOfficial
 *   Managing: a MAIN_REPRESENTATIVE of the CORPORATE organization only (else 403); another
 *   organization → 403; an official id outside it → 404; 409 OFFICIAL_CONFLICT (last main
 *   representative, approving an invitation); 400 field errors.
 */
import { Router } from "express";
import { z } from "zod";
import {
  checkCorporateRecipient,
  checkIndividualRecipient,
  listOrganizationSummaries,
} from "../../domain/organizations/index.js";
import { organizationFees } from "../../domain/fees/index.js";
import { preferredLanguage } from "../../domain/language.js";
import { getOrganizationDetail } from "../../domain/organizations/detail.js";
import { consumeRateLimit, RATE_LIMITS } from "../../domain/rate-limit/index.js";
import {
  addCompanyOfficial,
  listOfficials,
  NATURE_OF_CONTROL,
  setCompanyOfficialStatus,
  updateCompanyOfficial,
} from "../../domain/organizations/officials.js";
import { asyncHandler, fieldErrors, getAuth, requireAuth, type ApiDeps } from "./http.js";

export const phoneQuery = z.object({
  phone: z.string().regex(/^\+[1-9]\d{7,14}$/, "phone must be in E.164 format, e.g. +447700900001"),
});

/** Companies House numbers: 8 characters, digits or a two-letter prefix (SC, NI, OC …) and 6 digits; spaces ignored. */
export const companyNumberQuery = z.object({
  companyNumber: z
    .string()
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .pipe(z.string().regex(/^([0-9]{2}|[A-Z]{2})[0-9]{6}$/, "companyNumber must be a UK company number, e.g. 09446231")),
});

/** Empty string or null → null (plain-form clients send empty optional fields). */
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === "" ? null : v), schema.nullable().optional());

/** Body of PUT …/clients-officials/:officialId (contract UpdateCompanyOfficialRequest). */
export const updateOfficialBody = z.object({
  position: optional(z.string().trim().min(1).max(100)),
  percentage: optional(
    z
      .string()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, "percentage must be a number from 0 to 100 with at most 2 decimals")
      .refine((v) => Number(v) <= 100, "percentage must be a number from 0 to 100 with at most 2 decimals"),
  ),
  natureOfControl: optional(z.enum(NATURE_OF_CONTROL)),
  signatureType: z.enum(["NONE", "SINGLE"]),
  companyOfficialType: z.enum(["MAIN_REPRESENTATIVE", "DIRECTOR", "SHAREHOLDER", "UBO"]),
});
/** Body of POST …/clients-officials (contract CreateCompanyOfficialRequest). */
export const createOfficialBody = updateOfficialBody.extend({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  phone: z
    .string()
    .transform((v) => v.replace(/[\s()-]/g, ""))
    .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, "phone must be in E.164 format, e.g. +447700900001")),
  email: optional(z.string().trim().max(254).email()),
});
/** Body of PUT …/clients-officials/:officialId/status. */
export const officialStatusBody = z.object({ status: z.enum(["APPROVED", "SUSPENDED"]) });

function parse<T extends z.ZodTypeAny>(schema: T, body: unknown): z.infer<T> {
  const r = schema.safeParse(body);
  if (!r.success) throw fieldErrors(r.error);
  return r.data;
}

export function createOrganizationsRouter(deps: ApiDeps): Router {
  const r = Router();
  r.use("/clients-organizations", requireAuth(deps));
  r.get(
    "/clients-organizations/check-invididual-recepient",
    asyncHandler(async (req, res) => {
      const q = phoneQuery.safeParse({
        phone: typeof req.query.phone === "string" ? req.query.phone.replace(/\s+/g, "") : req.query.phone,
      });
      if (!q.success) throw fieldErrors(q.error);
      await consumeRateLimit(deps.db, RATE_LIMITS.recipientLookup(getAuth(res).userId), {
        relaxed: deps.config.RATE_LIMITS === "relaxed",
      });
      res.json(await checkIndividualRecipient(deps.db, q.data.phone));
    }),
  );
  r.get(
    "/clients-organizations/check-corp-recepient",
    asyncHandler(async (req, res) => {
      const q = companyNumberQuery.safeParse({ companyNumber: req.query.companyNumber });
      if (!q.success) throw fieldErrors(q.error);
      await consumeRateLimit(deps.db, RATE_LIMITS.recipientLookup(getAuth(res).userId), {
        relaxed: deps.config.RATE_LIMITS === "relaxed",
      });
      res.json(await checkCorporateRecipient(deps.db, q.data.companyNumber));
    }),
  );
  r.get(
    "/clients-organizations",
    asyncHandler(async (_req, res) => {
      res.json({ data: await listOrganizationSummaries(deps.db, getAuth(res).userId) });
    }),
  );
  r.get(
    "/clients-organizations/:organizationId",
    asyncHandler(async (req, res) => {
      res.json(await getOrganizationDetail(deps.db, getAuth(res).userId, req.params.organizationId));
    }),
  );
  r.get(
    "/clients-organizations/:organizationId/fees",
    asyncHandler(async (req, res) => {
      res.json(await organizationFees(deps.db, getAuth(res).userId, req.params.organizationId));
    }),
  );
  const officials = "/clients-organizations/:organizationId/clients-officials";
  r.get(
    officials,
    asyncHandler(async (req, res) => {
      res.json({ data: await listOfficials(deps.db, getAuth(res).userId, req.params.organizationId) });
    }),
  );
  r.post(
    officials,
    asyncHandler(async (req, res) => {
      const body = parse(createOfficialBody, req.body);
      const official = await addCompanyOfficial(deps.db, getAuth(res).userId, req.params.organizationId, body, {
        sms: deps.sms,
        language: preferredLanguage(req.get("accept-language")),
        onError: (error) =>
          deps.logger.warn({ err: error, organizationId: req.params.organizationId }, "invitation SMS not delivered"),
      });
      res.status(201).json(official);
    }),
  );
  r.put(
    `${officials}/:officialId`,
    asyncHandler(async (req, res) => {
      const body = parse(updateOfficialBody, req.body);
      res.json(await updateCompanyOfficial(deps.db, getAuth(res).userId, req.params.organizationId, req.params.officialId, body));
    }),
  );
  r.put(
    `${officials}/:officialId/status`,
    asyncHandler(async (req, res) => {
      const body = parse(officialStatusBody, req.body);
      res.json(
        await setCompanyOfficialStatus(deps.db, getAuth(res).userId, req.params.organizationId, req.params.officialId, body),
      );
    }),
  );
  return r;
}
