/** Currencies API (spec 000 §7 Exchange): GET /currencies?all=true → { data: Currency[] }. Authenticated. */
import { Router } from "express";
import { listCurrencies } from "../../domain/settings/index.js";
import { asyncHandler, requireAuth, type ApiDeps } from "./http.js";

export function createCurrenciesRouter(deps: ApiDeps): Router {
  const r = Router();
  r.use("/currencies", requireAuth(deps));
  r.get(
    "/currencies",
    asyncHandler(async (_req, res) => {
      res.json({ data: await listCurrencies(deps.db) });
    }),
  );
  return r;
}
