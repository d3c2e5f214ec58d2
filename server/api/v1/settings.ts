/**
 * Settings API (spec 000 §7). GET /settings/payments?organizationId= → PaymentsSettings
 * (PAYMENTS-ORDERS-ENABLED of that organization: its override, else bank-wide; 404 when the
 * caller is not a member; without organizationId the bank-wide value);
 * GET /settings/overdraft → { enabled: boolean };
 * GET /settings/exchange-custom-rate?organizationId= → { enabled: boolean } (EXCHANGE-CUSTOM-RATE-ENABLED
 * of that organization, its override first; 404 when not a member; without organizationId the
 * bank-wide value); GET /settings/demo → { enabled: boolean } (DEMO-MODE-ENABLED, bank-wide;
 * false when missing). Authenticated, but GET /settings/turnstile → TurnstileSettings ({ enabled:
 * false, siteKey: null }: the bank does not use Cloudflare Turnstile), which is PUBLIC (a login
 * page reads it before anyone signs in); no query (400 VALIDATION_FAILED on any).
 */
import { Router } from "express";
import { z } from "zod";
import { listMemberships, notFound } from "../../domain/organizations/access.js";
import {
  customRateEnabled,
  getBooleanSetting,
  getPaymentsSettings,
  SETTING_DEMO_MODE_ENABLED,
  SETTING_EXCHANGE_CUSTOM_RATE_ENABLED,
  SETTING_OVERDRAFT_ENABLED,
  turnstileSettings,
} from "../../domain/settings/index.js";
import { asyncHandler, fieldErrors, getAuth, requireAuth, type ApiDeps } from "./http.js";

/** Query of GET /settings/turnstile: none. */
export const turnstileSettingsQuery = z.object({}).strict();

/** Query of GET /settings/payments: the organization whose settings apply (optional). */
export const paymentsSettingsQuery = z.object({ organizationId: z.string().uuid().optional() });

/** Query of GET /settings/exchange-custom-rate: the organization whose setting applies (optional). */
export const customRateSettingsQuery = paymentsSettingsQuery;

/** 404 unless the caller is a member of `organizationId` (the settings of an organization are its members' business). */
async function requireMember(deps: ApiDeps, userId: string, organizationId: string): Promise<void> {
  const memberships = await listMemberships(deps.db, userId);
  if (!memberships.some((m) => m.organizationId === organizationId)) throw notFound("Organization");
}

/** The settings router (every route needs a bearer token but /settings/turnstile, registered before the guard). */
export function createSettingsRouter(deps: ApiDeps): Router {
  const r = Router();
  // PUBLIC, like /settings/whitelabel: a login page would need it before anyone signs in. No data of anyone.
  r.get(
    "/settings/turnstile",
    asyncHandler(async (req, res) => {
      const q = turnstileSettingsQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json(turnstileSettings());
    }),
  );
  r.use("/settings", requireAuth(deps));
  r.get(
    "/settings/payments",
    asyncHandler(async (req, res) => {
      const q = paymentsSettingsQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      const { organizationId } = q.data;
      if (organizationId) await requireMember(deps, getAuth(res).userId, organizationId);
      res.json(await getPaymentsSettings(deps.db, organizationId));
    }),
  );
  r.get(
    "/settings/overdraft",
    asyncHandler(async (_req, res) => {
      res.json({ enabled: await getBooleanSetting(deps.db, SETTING_OVERDRAFT_ENABLED, false) });
    }),
  );
  r.get(
    "/settings/demo",
    asyncHandler(async (_req, res) => {
      res.json({ enabled: await getBooleanSetting(deps.db, SETTING_DEMO_MODE_ENABLED, false) });
    }),
  );
  r.get(
    "/settings/exchange-custom-rate",
    asyncHandler(async (req, res) => {
      const q = customRateSettingsQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      const { organizationId } = q.data;
      if (organizationId) await requireMember(deps, getAuth(res).userId, organizationId);
      res.json({
        enabled: organizationId
          ? await customRateEnabled(deps.db, organizationId)
          : await getBooleanSetting(deps.db, SETTING_EXCHANGE_CUSTOM_RATE_ENABLED, false),
      });
    }),
  );
  return r;
}
