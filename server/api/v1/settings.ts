/**
 * Settings API (spec 000 §7). GET /settings/payments → PaymentsSettings;
 * GET /settings/overdraft → { enabled: boolean }. Authenticated.
 */
import { Router } from "express";
import { getBooleanSetting, getPaymentsSettings, SETTING_OVERDRAFT_ENABLED } from "../../domain/settings/index.js";
import { asyncHandler, requireAuth, type ApiDeps } from "./http.js";

export function createSettingsRouter(deps: ApiDeps): Router {
  const r = Router();
  r.use("/settings", requireAuth(deps));
  r.get(
    "/settings/payments",
    asyncHandler(async (_req, res) => {
      res.json(await getPaymentsSettings(deps.db));
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
