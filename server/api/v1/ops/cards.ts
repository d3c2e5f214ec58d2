/**
 * /api/v1/ops — cards (role PAYMENTS; docs/ops.md "Cards"): the bank's moves on a customer's
 * card, each with its audit entry (server/domain/ops/cards.ts).
 *
 * GET  /ops/cards?status=                    → {status, data: StaffCardRow[]} (default ORDERED)
 * POST /ops/cards/:id/issue {lastFour, expiresOn} → StaffCardRow (NEW; a replaced card is voided)
 * POST /ops/cards/:id/activate               → StaffCardRow (ACTIVE)
 * POST /ops/cards/:id/cancel {reason}        → StaffCardRow (CANCELED, final)
 * POST /ops/cards/:id/void {reason}          → StaffCardRow (VOID, final)
 * Errors: 401/403 (guard), 404 NOT_FOUND, 409 CARD_STATUS_CONFLICT, 400 VALIDATION_FAILED.
 */
import { Router } from "express";
import { z } from "zod";
import type { ApiDeps } from "../http.js";
import type { CardStatus } from "../contract.js";
import { issueCardSchema } from "../../../domain/cards/index.js";
import { CARD_QUEUE_STATUSES, CARD_REASON_MAX, listCardQueue, moveCardAsStaff } from "../../../domain/ops/cards.js";
import { opsRoute } from "./guard.js";
import { parse } from "./auth.js";

export const opsCardsQuery = z.object({ status: z.enum(CARD_QUEUE_STATUSES as unknown as [string, ...string[]]).optional() });
export const opsCardIssueBody = issueCardSchema;
export const opsCardReasonBody = z.object({ reason: z.string().trim().min(1, "reason is required").max(CARD_REASON_MAX) });

/** The cards routes (paths relative to /api/v1/ops). */
export function createOpsCardsRouter(deps: ApiDeps): Router {
  const r = Router();
  r.get(
    "/cards",
    ...opsRoute(deps, "PAYMENTS", async (req, res) => {
      const status = (parse(opsCardsQuery, req.query).status ?? "ORDERED") as CardStatus;
      res.json({ status, data: await listCardQueue(deps.db, status) });
    }),
  );
  r.post(
    "/cards/:id/issue",
    ...opsRoute(deps, "PAYMENTS", async (req, res, staff) => {
      const body = parse(opsCardIssueBody, req.body);
      res.json(await moveCardAsStaff(deps.db, staff.id, req.params.id, "issue", body));
    }),
  );
  r.post(
    "/cards/:id/activate",
    ...opsRoute(deps, "PAYMENTS", async (req, res, staff) => {
      res.json(await moveCardAsStaff(deps.db, staff.id, req.params.id, "activate"));
    }),
  );
  for (const action of ["cancel", "void"] as const)
    r.post(
      `/cards/:id/${action}`,
      ...opsRoute(deps, "PAYMENTS", async (req, res, staff) => {
        const body = parse(opsCardReasonBody, req.body);
        res.json(await moveCardAsStaff(deps.db, staff.id, req.params.id, action, body));
      }),
    );
  return r;
}
