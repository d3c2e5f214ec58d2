/**
 * Settings API (spec 000 §7). GET /settings/payments?organizationId= → PaymentsSettings
 * (PAYMENTS-ORDERS-ENABLED of that organization: its override, else bank-wide; 404 when the
 * caller is not a member; without organizationId the bank-wide value);
 * GET /settings/overdraft → { enabled: boolean }. Authenticated.
 */
import { Router } from "express";
import { z } from "zod";
import { listMemberships, notFound } from "../../domain/organizations/access.js";
import { getBooleanSetting, getPaymentsSettings, SETTING_OVERDRAFT_ENABLED } from "../../domain/settings/index.js";
import { asyncHandler, fieldErrors, getAuth, requireAuth, type ApiDeps } from "./http.js";

/** Query of GET /settings/payments: the organization whose settings apply (optional). */
export const paymentsSettingsQuery = z.object({ organizationId: z.string().uuid().optional() });

export function createSettingsRouter(deps: ApiDeps): Router {
  const r = Router();
  r.use("/settings", requireAuth(deps));
  r.get(
    "/settings/payments",
    asyncHandler(async (req, res) => {
      const q = paymentsSettingsQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      const { organizationId } = q.data;
      if (organizationId) {
        const memberships = await listMemberships(deps.db, getAuth(res).userId);
        if (!memberships.some((m) => m.organizationId === organizationId)) throw notFound("Organization");
      }
      res.json(await getPaymentsSettings(deps.db, organizationId));
    }),
  );
  r.get(
    "/settings/overdraft",
    asyncHandler(async (_req, res) => {
      res.json({ enabled: await getBooleanSetting(deps.db, SETTING_OVERDRAFT_ENABLED, false) });
    }),
  );
  return r;
}
