/**
 * Operation history API (spec 000 §7 History; contract StatementItem).
 * GET /statements-items?organizationId=&account=&currencyId=&transferDateFrom=&transferDateTo=&take=&cursor=
 *   → { data: StatementItem[], nextCursor } | 403 (organization) | 404 (account)
 * GET /statements-items/:id → StatementItem | 404 (addition to the contract's call list)
 */
import { Router } from "express";
import { z } from "zod";
import { getStatementItem, listStatementItems } from "../../domain/statements/index.js";
import { asyncHandler, fieldErrors, getAuth, requireAuth, type ApiDeps } from "./http.js";
import { cursorParam, takeParam } from "./query.js";

export const listQuery = z.object({
  organizationId: z.string().uuid(),
  account: z.string().optional(),
  currencyId: z.string().max(8).optional(),
  transferDateFrom: z.string().max(40).optional(),
  transferDateTo: z.string().max(40).optional(),
  paymentOrderId: z.string().optional(), // accepted, ignored for now (remittance orders not built)
  parentId: z.string().optional(),
  take: takeParam,
  cursor: cursorParam,
});

export function createStatementsRouter(deps: ApiDeps): Router {
  const r = Router();
  r.use("/statements-items", requireAuth(deps));
  r.get(
    "/statements-items",
    asyncHandler(async (req, res) => {
      const q = listQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json(await listStatementItems(deps.db, getAuth(res).userId, q.data));
    }),
  );
  r.get(
    "/statements-items/:id",
    asyncHandler(async (req, res) => {
      res.json(await getStatementItem(deps.db, getAuth(res).userId, req.params.id));
    }),
  );
  return r;
}
