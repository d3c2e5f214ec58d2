/**
 * The staff API, mounted at /api/v1/ops before the customer routers (docs/ops.md): one router
 * per area. Every route but the two login steps is declared with `opsRoute(role, handler)`
 * (./guard.ts): staff token, then role, then the domain. Each decision runs in one database
 * transaction with its audit entry (server/domain/ops/audit.ts `recordStaffAction`).
 *
 * Other areas (payments, decisions, chat, admin) add their router here.
 */
import { Router } from "express";
import type { ApiDeps } from "../http.js";
import { createOpsAuthRouter } from "./auth.js";
import { createOpsAuditRouter } from "./audit.js";
import { createOpsApplicationsRouter } from "./applications.js";
import { createOpsDashboardRouter } from "./dashboard.js";
import { createOpsChatRouter } from "./chat.js";
import { createOpsPaymentsRouter } from "./payments.js";
import { createOpsDecisionsRouter } from "./decisions.js";
import { createOpsAdminRouter } from "./admin.js";
import { createOpsCardsRouter } from "./cards.js";
import { createOpsCustomersRouter } from "./customers.js";

/** Build the /api/v1/ops router. */
export function createOpsRouter(deps: ApiDeps): Router {
  const r = Router();
  r.use(createOpsAuthRouter(deps));
  r.use(createOpsDashboardRouter(deps));
  r.use(createOpsAuditRouter(deps));
  r.use(createOpsApplicationsRouter(deps));
  r.use(createOpsChatRouter(deps));
  r.use(createOpsPaymentsRouter(deps));
  r.use(createOpsDecisionsRouter(deps));
  r.use(createOpsAdminRouter(deps));
  r.use(createOpsCardsRouter(deps));
  r.use(createOpsCustomersRouter(deps));
  return r;
}
