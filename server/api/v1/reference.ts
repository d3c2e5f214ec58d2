/**
 * Reference data for the payment forms (spec 000 §7; contract PaymentCategory, Casp, PspPartner,
 * PspPartnersSettings). Authenticated (each route carries `requireAuth`, so mounting this router
 * before the settings router checks the token once for /settings/psp-partners); bank-wide data:
 * every caller gets the same answer.
 *   GET /payment-categories             → { data: PaymentCategory[] } (by position)
 *   GET /casps                          → { data: Casp[] }
 *   GET /psp-partners?currencyId=       → { data: PspPartner[] } | 400 (currencyId not 3–8 characters)
 *   GET /settings/psp-partners          → PspPartnersSettings
 */
import { Router } from "express";
import { z } from "zod";
import { getPspPartnersSettings, listCasps, listPaymentCategories, listPspPartners } from "../../domain/reference/index.js";
import { asyncHandler, fieldErrors, requireAuth, type ApiDeps } from "./http.js";

/** Query of GET /psp-partners: `currencyId` optional, 3–8 characters (ISO 4217 code or asset ticker). */
export const pspPartnersQuery = z.object({
  currencyId: z.string().min(3).max(8).optional(),
});

/** The reference-data router (routes above). */
export function createReferenceRouter(deps: ApiDeps): Router {
  const r = Router();
  const auth = requireAuth(deps);
  r.get(
    "/payment-categories",
    auth,
    asyncHandler(async (_req, res) => {
      res.json({ data: await listPaymentCategories(deps.db) });
    }),
  );
  r.get(
    "/casps",
    auth,
    asyncHandler(async (_req, res) => {
      res.json({ data: await listCasps(deps.db) });
    }),
  );
  r.get(
    "/psp-partners",
    auth,
    asyncHandler(async (req, res) => {
      const q = pspPartnersQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json({ data: await listPspPartners(deps.db, q.data.currencyId) });
    }),
  );
  r.get(
    "/settings/psp-partners",
    auth,
    asyncHandler(async (_req, res) => {
      res.json(await getPspPartnersSettings(deps.db));
    }),
  );
  return r;
}
