/**
 * /api/v1/ops/payments and /api/v1/ops/fx-requests — the PAYMENTS role's routes (issue 13;
 * docs/ops.md "Payments"). Decisions: server/domain/ops/payments.ts (one transaction with the
 * audit entry each).
 *
 * GET  /ops/payments?rail=&status=&cursor=&take=   → OpsExternalPaymentList (status default PENDING)
 * GET  /ops/payments/incoming?cursor=&take=        → {data: IncomingPayment[], nextCursor}
 * POST /ops/payments/incoming IncomingPaymentRequest → 201 IncomingPayment (200 on a replay of the key)
 * GET  /ops/payments/:id                           → OpsExternalPayment
 * POST /ops/payments/:id/settle                    → OpsExternalPayment (SETTLED)
 * POST /ops/payments/:id/reject {reason}           → OpsExternalPayment (REJECTED, payment FAILED)
 * POST /ops/payments/:id/refund {reason}           → OpsExternalPayment (REFUNDED)
 * GET  /ops/fx-requests?status=&cursor=&take=      → {edges: {node: FxRequest & {organizationName}}[], pageInfo}
 * POST /ops/fx-requests/:id/accept                 → FxRequest (ACCEPTED: executed at the proposed rate)
 * POST /ops/fx-requests/:id/reject {reason}        → FxRequest (REJECTED: hold refunded)
 * Errors: 401/403 (guard), 404, 409 PAYMENT_SETTLEMENT_CONFLICT / FX_REQUEST_STATUS_CONFLICT /
 * IDEMPOTENCY_KEY_REUSED, 400 VALIDATION_FAILED.
 */
import { Router } from "express";
import { z } from "zod";
import type { ApiDeps } from "../http.js";
import {
  EXTERNAL_KINDS,
  getExternalPayment,
  incomingPaymentSchema,
  listExternalPayments,
  listIncomingPayments,
  SETTLEMENT_STATUSES,
} from "../../../domain/payments/settlement.js";
import { FX_REQUEST_STATUSES, listFxRequestsForStaff } from "../../../domain/exchange/fx-requests.js";
import { decideExternalPayment, decideFxRequestAsStaff, staffPostIncomingPayment } from "../../../domain/ops/payments.js";
import { opsRoute } from "./guard.js";
import { parse } from "./auth.js";

const page = {
  cursor: z.string().max(200).optional(),
  take: z.coerce.number().int().min(1).max(100).optional(),
};
export const opsPaymentsQuery = z.object({
  rail: z.enum(EXTERNAL_KINDS as [string, ...string[]]).optional(),
  status: z.enum(SETTLEMENT_STATUSES as [string, ...string[]]).optional(),
  ...page,
});
export const opsIncomingQuery = z.object(page);
export const opsFxRequestsQuery = z.object({ status: z.enum(FX_REQUEST_STATUSES).optional(), ...page });
export const opsPaymentReasonBody = z.object({ reason: z.string().trim().min(1, "reason is required").max(500) });
export { incomingPaymentSchema as opsIncomingBody };

/** The payments and FX requests routes (paths relative to /api/v1/ops). */
export function createOpsPaymentsRouter(deps: ApiDeps): Router {
  const r = Router();
  r.get(
    "/payments",
    ...opsRoute(deps, "PAYMENTS", async (req, res) => {
      res.json(await listExternalPayments(deps.db, parse(opsPaymentsQuery, req.query)));
    }),
  );
  r.get(
    "/payments/incoming",
    ...opsRoute(deps, "PAYMENTS", async (req, res) => {
      res.json(await listIncomingPayments(deps.db, parse(opsIncomingQuery, req.query)));
    }),
  );
  r.post(
    "/payments/incoming",
    ...opsRoute(deps, "PAYMENTS", async (req, res, staff) => {
      const posted = await staffPostIncomingPayment(deps.db, staff.id, req.body);
      res.status(posted.replayed ? 200 : 201).json(posted);
    }),
  );
  r.get(
    "/payments/:id",
    ...opsRoute(deps, "PAYMENTS", async (req, res) => {
      res.json(await getExternalPayment(deps.db, req.params.id));
    }),
  );
  r.post(
    "/payments/:id/settle",
    ...opsRoute(deps, "PAYMENTS", async (req, res, staff) => {
      res.json(await decideExternalPayment(deps.db, staff.id, req.params.id, { move: "settle" }));
    }),
  );
  for (const move of ["reject", "refund"] as const)
    r.post(
      `/payments/:id/${move}`,
      ...opsRoute(deps, "PAYMENTS", async (req, res, staff) => {
        const { reason } = parse(opsPaymentReasonBody, req.body);
        res.json(await decideExternalPayment(deps.db, staff.id, req.params.id, { move, reason }));
      }),
    );
  r.get(
    "/fx-requests",
    ...opsRoute(deps, "PAYMENTS", async (req, res) => {
      res.json(await listFxRequestsForStaff(deps.db, parse(opsFxRequestsQuery, req.query)));
    }),
  );
  r.post(
    "/fx-requests/:id/accept",
    ...opsRoute(deps, "PAYMENTS", async (req, res, staff) => {
      res.json(await decideFxRequestAsStaff(deps.db, staff.id, req.params.id, { decision: "accept" }));
    }),
  );
  r.post(
    "/fx-requests/:id/reject",
    ...opsRoute(deps, "PAYMENTS", async (req, res, staff) => {
      const { reason } = parse(opsPaymentReasonBody, req.body);
      res.json(await decideFxRequestAsStaff(deps.db, staff.id, req.params.id, { decision: "reject", reason }));
    }),
  );
  return r;
}
