/**
 * Beneficiaries API (spec 000 §7 Beneficiaries; contract Beneficiary, BeneficiaryInput,
 * BeneficiaryUpdate, BeneficiaryStatusRequest, BeneficiaryPage, BeneficiariesSettings).
 * Authenticated; rules in server/domain/beneficiaries.
 *   GET    /beneficiaries?organizationId=&search=&paymentType=&status=&take=&cursor= → BeneficiaryPage | 400 | 403
 *   POST   /beneficiaries (BeneficiaryInput)           → 201 Beneficiary | 400 VALIDATION_FAILED | 403
 *   GET    /beneficiaries/:id                          → Beneficiary | 404
 *   PUT    /beneficiaries/:id (BeneficiaryUpdate)      → Beneficiary | 400 | 404 | 409 BENEFICIARY_STATUS_CONFLICT
 *   DELETE /beneficiaries/:id                          → 204 | 404
 *   PUT    /beneficiaries/:id/status { status: "UNDER_REVIEW" } → Beneficiary | 400 | 404 | 409
 *   GET    /settings/beneficiaries                     → BeneficiariesSettings
 * Mounted before the settings router: /settings/beneficiaries carries its own requireAuth.
 */
import { Router } from "express";
import { z } from "zod";
import {
  BENEFICIARY_PAYMENT_TYPES,
  BENEFICIARY_STATUSES,
  createBeneficiary,
  deleteBeneficiary,
  getBeneficiary,
  getBeneficiarySettings,
  listBeneficiaries,
  submitBeneficiary,
  updateBeneficiary,
} from "../../domain/beneficiaries/index.js";
import { asyncHandler, fieldErrors, getAuth, requireAuth, type ApiDeps } from "./http.js";
import { cursorParam, takeParam } from "./query.js";

/** Query of GET /beneficiaries (organizationId required: the list is one organization's). */
export const beneficiariesListQuery = z.object({
  organizationId: z.string().uuid(),
  search: z.string().max(100).optional(),
  paymentType: z.enum(BENEFICIARY_PAYMENT_TYPES).optional(),
  status: z.enum(BENEFICIARY_STATUSES).optional(),
  take: takeParam,
  cursor: cursorParam,
});

/** The beneficiaries router (routes above). */
export function createBeneficiariesRouter(deps: ApiDeps): Router {
  const r = Router();
  r.use("/beneficiaries", requireAuth(deps));
  r.get(
    "/beneficiaries",
    asyncHandler(async (req, res) => {
      const q = beneficiariesListQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json(await listBeneficiaries(deps.db, getAuth(res).userId, q.data));
    }),
  );
  r.post(
    "/beneficiaries",
    asyncHandler(async (req, res) => {
      res.status(201).json(await createBeneficiary(deps.db, getAuth(res).userId, req.body));
    }),
  );
  r.get(
    "/beneficiaries/:id",
    asyncHandler(async (req, res) => {
      res.json(await getBeneficiary(deps.db, getAuth(res).userId, req.params.id));
    }),
  );
  r.put(
    "/beneficiaries/:id",
    asyncHandler(async (req, res) => {
      res.json(await updateBeneficiary(deps.db, getAuth(res).userId, req.params.id, req.body));
    }),
  );
  r.delete(
    "/beneficiaries/:id",
    asyncHandler(async (req, res) => {
      await deleteBeneficiary(deps.db, getAuth(res).userId, req.params.id);
      res.status(204).end();
    }),
  );
  r.put(
    "/beneficiaries/:id/status",
    asyncHandler(async (req, res) => {
      res.json(await submitBeneficiary(deps.db, getAuth(res).userId, req.params.id, req.body));
    }),
  );
  r.get(
    "/settings/beneficiaries",
    requireAuth(deps),
    asyncHandler(async (_req, res) => {
      res.json(await getBeneficiarySettings(deps.db));
    }),
  );
  return r;
}
