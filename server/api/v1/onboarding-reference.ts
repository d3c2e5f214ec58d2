/**
 * Reference data of the onboarding applications (spec 001 §7 "Reference data calls"; contract
 * Country, SicCode, ReferenceItem, ClientRange, ApplicationScheme, ApplicationsSettings,
 * ClientsSettings). Authenticated (each route carries `requireAuth`, so mounting this router
 * before the settings router checks the token once for /settings/applications and
 * /settings/clients-settings); bank-wide data: every caller gets the same answer. Rules in
 * server/domain/reference/onboarding.ts.
 *   GET /countries?lang=en|de|ar                      → { data: Country[] } (by name) | 400
 *   GET /sic-codes?take=40&search=&cursor=            → { data: SicCode[], nextCursor } | 400
 *   GET /clients-activities                           → { data: ReferenceItem[] }
 *   GET /sources-of-funds                             → { data: ReferenceItem[] }
 *   GET /products?clientType=                         → { data: ReferenceItem[] } | 400
 *   GET /delivery-channels?clientType=                → { data: ReferenceItem[] } | 400
 *   GET /settings-clients-ranges?clientType=          → { data: ClientRange[] } | 400
 *   GET /applications-schemes?all=true&clientType=    → { data: ApplicationScheme[] } | 400
 *   GET /settings/applications                        → ApplicationsSettings
 *   GET /settings/clients-settings                    → ClientsSettings
 * `clientType` is INDIVIDUAL, CORPORATE or COMPANY_OFFICIAL (required where listed; 400
 * VALIDATION_FAILED otherwise). Range bounds are plain decimal strings without trailing zeros.
 */
import { Router } from "express";
import { z } from "zod";
import {
  APPLICATION_TYPES,
  COUNTRY_LANGUAGES,
  getApplicationsSettings,
  getClientsSettings,
  listApplicationSchemes,
  listClientRanges,
  listCountries,
  listReferenceItems,
  listSicCodes,
  SIC_TAKE_DEFAULT,
  SIC_TAKE_MAX,
} from "../../domain/reference/onboarding.js";
import { asyncHandler, fieldErrors, requireAuth, type ApiDeps } from "./http.js";

/** Query of GET /countries: `lang` en (default), de or ar. */
export const countriesQuery = z.object({ lang: z.enum(COUNTRY_LANGUAGES).default("en") });

/** Query of GET /sic-codes: `take` 1–100 (default 40), `search` up to 100 characters, `cursor` the last five-digit code seen. */
export const sicCodesQuery = z.object({
  take: z.coerce.number().int().min(1).max(SIC_TAKE_MAX).default(SIC_TAKE_DEFAULT),
  search: z.string().max(100).optional(),
  cursor: z
    .string()
    .regex(/^\d{5}$/)
    .optional(),
});

/** Query of GET /products, /delivery-channels and /settings-clients-ranges: the applicant type (required). */
export const clientTypeQuery = z.object({ clientType: z.enum(APPLICATION_TYPES) });

/** Query of GET /applications-schemes: `all=true` (the spec's clients send it; changes nothing), optional `clientType` filter. */
export const applicationSchemesQuery = z.object({
  all: z.enum(["true", "false"]).optional(),
  clientType: z.enum(APPLICATION_TYPES).optional(),
});

/** The onboarding reference-data router (routes above). */
export function createOnboardingReferenceRouter(deps: ApiDeps): Router {
  const r = Router();
  const auth = requireAuth(deps);
  r.get(
    "/countries",
    auth,
    asyncHandler(async (req, res) => {
      const q = countriesQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json({ data: listCountries(q.data.lang) });
    }),
  );
  r.get(
    "/sic-codes",
    auth,
    asyncHandler(async (req, res) => {
      const q = sicCodesQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json(await listSicCodes(deps.db, q.data));
    }),
  );
  r.get(
    "/clients-activities",
    auth,
    asyncHandler(async (_req, res) => {
      res.json({ data: await listReferenceItems(deps.db, "CLIENT_ACTIVITY") });
    }),
  );
  r.get(
    "/sources-of-funds",
    auth,
    asyncHandler(async (_req, res) => {
      res.json({ data: await listReferenceItems(deps.db, "SOURCE_OF_FUNDS") });
    }),
  );
  r.get(
    "/products",
    auth,
    asyncHandler(async (req, res) => {
      const q = clientTypeQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json({ data: await listReferenceItems(deps.db, "PRODUCT", q.data.clientType) });
    }),
  );
  r.get(
    "/delivery-channels",
    auth,
    asyncHandler(async (req, res) => {
      const q = clientTypeQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json({ data: await listReferenceItems(deps.db, "DELIVERY_CHANNEL", q.data.clientType) });
    }),
  );
  r.get(
    "/settings-clients-ranges",
    auth,
    asyncHandler(async (req, res) => {
      const q = clientTypeQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json({ data: await listClientRanges(deps.db, q.data.clientType) });
    }),
  );
  r.get(
    "/applications-schemes",
    auth,
    asyncHandler(async (req, res) => {
      const q = applicationSchemesQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json({ data: await listApplicationSchemes(deps.db, q.data.clientType) });
    }),
  );
  r.get(
    "/settings/applications",
    auth,
    asyncHandler(async (_req, res) => {
      res.json(await getApplicationsSettings(deps.db));
    }),
  );
  r.get(
    "/settings/clients-settings",
    auth,
    asyncHandler(async (_req, res) => {
      res.json(await getClientsSettings(deps.db));
    }),
  );
  return r;
}
