/**
 * Organizations API (spec 000 §7 Auth and user).
 * GET /clients-organizations?all=true → { data: OrganizationSummary[] } (the caller's)
 * GET /clients-organizations/check-invididual-recepient?phone= → RecipientCheck | 404 NOT_FOUND
 *   | 429 RATE_LIMITED (20 lookups per user per 15 min: no enumeration of customers by phone)
 *   (spelling as in the spec's call list)
 * GET /clients-organizations/check-corp-recepient?companyNumber= → RecipientCheck (company name) | 404
 *   | 429 RATE_LIMITED (the same lookup limit as by phone)
 * GET /clients-organizations/:organizationId/fees → OrganizationFees (tariff with its fees, custom
 *   fees) | 403 FORBIDDEN (not the caller's organization)
 */
import { Router } from "express";
import { z } from "zod";
import {
  checkCorporateRecipient,
  checkIndividualRecipient,
  listOrganizationSummaries,
} from "../../domain/organizations/index.js";
import { organizationFees } from "../../domain/fees/index.js";
import { consumeRateLimit, RATE_LIMITS } from "../../domain/rate-limit/index.js";
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
    "/clients-organizations/:organizationId/fees",
    asyncHandler(async (req, res) => {
      res.json(await organizationFees(deps.db, getAuth(res).userId, req.params.organizationId));
    }),
  );
  return r;
}
