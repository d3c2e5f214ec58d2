/**
 * Currencies API (spec 000 §7 Exchange): GET /currencies?all=true → { data: Currency[] };
 * GET /currencies/base → Currency (the bank's base currency, GBP: server/domain/settings
 * BASE_CURRENCY_ID), no query (400 VALIDATION_FAILED on any). Authenticated.
 */
import { Router } from "express";
import { z } from "zod";
import { getBaseCurrency, listCurrencies } from "../../domain/settings/index.js";
import { asyncHandler, fieldErrors, requireAuth, type ApiDeps } from "./http.js";

/** Query of GET /currencies/base: none. */
export const baseCurrencyQuery = z.object({}).strict();

export function createCurrenciesRouter(deps: ApiDeps): Router {
  const r = Router();
  r.use("/currencies", requireAuth(deps));
  r.get(
    "/currencies",
    asyncHandler(async (_req, res) => {
      res.json({ data: await listCurrencies(deps.db) });
    }),
  );
  r.get(
    "/currencies/base",
    asyncHandler(async (req, res) => {
      const q = baseCurrencyQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json(await getBaseCurrency(deps.db));
    }),
  );
  return r;
}
