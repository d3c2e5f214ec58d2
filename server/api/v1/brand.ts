/**
 * White-label API (spec 000 §7 "GET /v1/settings/whitelabel, /v1/settings/company-phone"). All
 * PUBLIC: the login page shows the brand before anyone signs in.
 *
 * GET /settings/whitelabel → WhiteLabel { name, logoUrl, colors { primary, primaryDark },
 *   support { email, phone }, version } (Cache-Control: no-cache: a brand change shows at once)
 * GET /settings/whitelabel/logo → the logo's bytes (Content-Type as stored, nosniff; cached for
 *   a year when `?v=` is the current version, else no-cache) | 404 when there is no logo
 * GET /settings/company-phone → { phone: string | null } (E.164)
 *
 * Mounted before the settings router, whose `/settings` routes need a bearer token.
 */
import { Router } from "express";
import { getBrand, brandVersion, toWhiteLabel } from "../../domain/brand/index.js";
import { API_PREFIX } from "./routes.js";
import { asyncHandler, type ApiDeps } from "./http.js";

/** The public brand router. */
export function createBrandRouter(deps: ApiDeps): Router {
  const r = Router();
  r.get(
    "/settings/whitelabel",
    asyncHandler(async (_req, res) => {
      res.set("Cache-Control", "no-cache");
      res.json(toWhiteLabel(await getBrand(deps.db), API_PREFIX));
    }),
  );
  r.get(
    "/settings/whitelabel/logo",
    asyncHandler(async (req, res) => {
      const brand = await getBrand(deps.db);
      if (!brand.logo) {
        res.status(404).json({ code: "NOT_FOUND", message: "No logo" });
        return;
      }
      const current = req.query.v === brandVersion(brand);
      res.set({
        "Content-Type": brand.logo.mimeType,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
        "Cross-Origin-Resource-Policy": "same-origin",
      });
      res.send(Buffer.from(brand.logo.base64, "base64"));
    }),
  );
  r.get(
    "/settings/company-phone",
    asyncHandler(async (_req, res) => {
      res.set("Cache-Control", "no-cache");
      res.json({ phone: (await getBrand(deps.db)).companyPhone });
    }),
  );
  return r;
}
