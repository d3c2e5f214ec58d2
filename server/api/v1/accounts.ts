/**
 * Accounts API (spec 000 §7 Accounts; contract Account, Balance).
 * GET /accounts?organizationId=&all=true → { data: Account[] } (403 if not a member)
 * GET /accounts/:id → Account (404 outside the caller's organizations)
 * GET /accounts/:id/balances → { data: Balance[] }
 */
import { Router } from "express";
import { z } from "zod";
import { getAccount, listAccounts } from "../../domain/accounts/index.js";
import { asyncHandler, fieldErrors, getAuth, requireAuth, type ApiDeps } from "./http.js";

export const listQuery = z.object({ organizationId: z.string().uuid().optional(), all: z.string().optional() });

export function createAccountsRouter(deps: ApiDeps): Router {
  const r = Router();
  r.use("/accounts", requireAuth(deps));
  r.get(
    "/accounts",
    asyncHandler(async (req, res) => {
      const q = listQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json({ data: await listAccounts(deps.db, getAuth(res).userId, q.data.organizationId) });
    }),
  );
  r.get(
    "/accounts/:id",
    asyncHandler(async (req, res) => {
      res.json(await getAccount(deps.db, getAuth(res).userId, req.params.id));
    }),
  );
  r.get(
    "/accounts/:id/balances",
    asyncHandler(async (req, res) => {
      res.json({ data: (await getAccount(deps.db, getAuth(res).userId, req.params.id)).balances });
    }),
  );
  return r;
}
