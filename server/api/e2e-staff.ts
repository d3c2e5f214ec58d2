/**
 * Staff decisions for the browser tests only (docs/decisions.md "Remittance orders", end-to-end
 * tests): the e2e server holds the embedded database, so `npm run bank` cannot run beside it.
 * Mounted by server/app.ts at /__e2e/staff — outside /api/v1, so not an API route — only when
 * E2E_STAFF_ROUTES is true, which server/config.ts refuses unless NODE_ENV is development or test.
 * Loopback callers only. The same domain function as the command, actor "staff:e2e".
 *   POST /__e2e/staff/remittance-advance { orderId, status, reason? } → RemittanceOrder | 4xx as the domain says
 */
import express, { Router } from "express";
import { advanceRemittanceOrder } from "../domain/remittance/index.js";
import { asyncHandler, DomainError, errorMiddleware, type ApiDeps } from "./v1/http.js";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/** The e2e staff router (see above). */
export function createE2eStaffRouter(deps: ApiDeps): Router {
  const r = Router();
  r.use(express.json({ limit: "10kb" }));
  r.use((req, _res, next) => {
    next(LOOPBACK.has(req.socket.remoteAddress ?? "") ? undefined : new DomainError("NOT_FOUND", "Not found"));
  });
  r.post(
    "/remittance-advance",
    asyncHandler(async (req, res) => {
      const b = (req.body ?? {}) as { orderId?: unknown; status?: unknown; reason?: unknown };
      res.json(
        await advanceRemittanceOrder(deps.db, {
          orderId: String(b.orderId ?? ""),
          status: String(b.status ?? ""),
          reason: typeof b.reason === "string" ? b.reason : null,
          actor: "staff:e2e",
        }),
      );
    }),
  );
  r.use(errorMiddleware(deps.logger));
  return r;
}
