/**
 * /api/v1/ops/dashboard — queue counts per area for the /ops start page (any staff user).
 * Other areas add their counts here.
 *
 * GET /ops/dashboard → {applications: Record<ApplicationStatus, number>, chat: {channels, unread},
 *   payments: {payments, fxRequests}, decisions: {beneficiaries, contracts, remittance}}
 * (decisions: beneficiaries and contracts UNDER_REVIEW, remittance orders waiting for the bank)
 */
import { Router } from "express";
import type { ApiDeps } from "../http.js";
import { countApplicationsByStatus } from "../../../domain/ops/applications.js";
import { listSupportQueue } from "../../../domain/ops/chat.js";
import { paymentsQueueCounts } from "../../../domain/ops/payments.js";
import { decisionCounts } from "../../../domain/ops/decisions.js";
import { opsRoute } from "./guard.js";

/** The dashboard route (path relative to /api/v1/ops). */
export function createOpsDashboardRouter(deps: ApiDeps): Router {
  const r = Router();
  r.get(
    "/dashboard",
    ...opsRoute(deps, "ANY", async (_req, res) => {
      const waiting = await listSupportQueue(deps.db);
      res.json({
        applications: await countApplicationsByStatus(deps.db),
        chat: { channels: waiting.length, unread: waiting.reduce((n, c) => n + c.waiting, 0) },
        payments: await paymentsQueueCounts(deps.db),
        decisions: await decisionCounts(deps.db),
      });
    }),
  );
  return r;
}
