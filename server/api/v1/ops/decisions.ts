/**
 * /api/v1/ops — beneficiaries and contracts (role COMPLIANCE) and remittance orders (PAYMENTS or
 * COMPLIANCE; the AML decision is COMPLIANCE's, the other moves PAYMENTS') (issue 13; docs/ops.md).
 * Decisions: server/domain/ops/decisions.ts (one transaction with the audit entry each).
 *
 * GET  /ops/beneficiaries?status=            → {status, data: StaffBeneficiaryRow[]}
 * GET  /ops/beneficiaries/:id                → StaffBeneficiaryView
 * POST /ops/beneficiaries/:id/approve        → Beneficiary (APPROVED)
 * POST /ops/beneficiaries/:id/reject {reason} → Beneficiary (REJECTED)
 * GET  /ops/contracts?status=, /ops/contracts/:id, POST …/:id/approve, …/:id/reject {reason}: likewise
 * GET  /ops/remittance?status=               → {status, data: (RemittanceOrder & {organizationName})[]}
 * GET  /ops/remittance/:id                   → StaffRemittanceView
 * POST /ops/remittance/:id/advance {status, reason?} → RemittanceOrder
 * Errors: 401/403 (guard; a move without its role: 403), 404, 409 *_STATUS_CONFLICT, 400 VALIDATION_FAILED.
 */
import { Router } from "express";
import { z } from "zod";
import type { ApiDeps } from "../http.js";
import type { BeneficiaryStatus, RemittanceOrderStatus } from "../contract.js";
import {
  advanceOrderAsStaff,
  decideBeneficiary,
  decideContract,
  listBeneficiaryQueue,
  listContractQueue,
  listRemittanceQueue,
  ORDER_QUEUE_STATUSES,
  REVIEW_STATUSES,
  staffBeneficiaryView,
  staffContractView,
  staffRemittanceView,
  staffBeneficiaryDocumentFile,
} from "../../../domain/ops/decisions.js";
import { attachmentDisposition } from "../uploads.js";
import { REMITTANCE_STATUSES } from "../../../domain/remittance/index.js";
import { opsRoute } from "./guard.js";
import { parse } from "./auth.js";

export const opsReviewQuery = z.object({ status: z.enum(REVIEW_STATUSES as unknown as [string, ...string[]]).optional() });
export const opsRemittanceQuery = z.object({
  status: z.enum(ORDER_QUEUE_STATUSES as unknown as [string, ...string[]]).optional(),
});
export const opsRejectBody = z.object({ reason: z.string().trim().min(1, "reason is required").max(500) });
export const opsAdvanceBody = z.object({
  status: z.enum(REMITTANCE_STATUSES as unknown as [string, ...string[]]),
  reason: z.string().trim().max(500).nullish(),
});

/** The decisions routes (paths relative to /api/v1/ops). */
export function createOpsDecisionsRouter(deps: ApiDeps): Router {
  const r = Router();
  for (const [area, list, view, decide] of [
    ["beneficiaries", listBeneficiaryQueue, staffBeneficiaryView, decideBeneficiary],
    ["contracts", listContractQueue, staffContractView, decideContract],
  ] as const) {
    r.get(
      `/${area}`,
      ...opsRoute(deps, "COMPLIANCE", async (req, res) => {
        const status = (parse(opsReviewQuery, req.query).status ?? "UNDER_REVIEW") as BeneficiaryStatus;
        res.json({ status, data: await list(deps.db, status) });
      }),
    );
    r.get(
      `/${area}/:id`,
      ...opsRoute(deps, "COMPLIANCE", async (req, res) => {
        res.json(await view(deps.db, req.params.id));
      }),
    );
    if (area === "beneficiaries")
      r.get(
        "/beneficiaries/:id/documents/:documentId/file",
        ...opsRoute(deps, "COMPLIANCE", async (req, res) => {
          const file = await staffBeneficiaryDocumentFile(deps.db, req.params.id, req.params.documentId);
          res.set({
            "Content-Type": file.mimeType,
            "Content-Disposition": attachmentDisposition(file.name),
            "Cache-Control": "private, no-store",
          });
          res.send(Buffer.from(file.bytes));
        }),
      );
    r.post(
      `/${area}/:id/approve`,
      ...opsRoute(deps, "COMPLIANCE", async (req, res, staff) => {
        res.json(await decide(deps.db, staff.id, req.params.id, { decision: "approve" }));
      }),
    );
    r.post(
      `/${area}/:id/reject`,
      ...opsRoute(deps, "COMPLIANCE", async (req, res, staff) => {
        const { reason } = parse(opsRejectBody, req.body);
        res.json(await decide(deps.db, staff.id, req.params.id, { decision: "reject", reason }));
      }),
    );
  }
  r.get(
    "/remittance",
    ...opsRoute(deps, ["PAYMENTS", "COMPLIANCE"], async (req, res) => {
      const status = parse(opsRemittanceQuery, req.query).status as RemittanceOrderStatus | undefined;
      res.json({ status: status ?? null, data: await listRemittanceQueue(deps.db, status) });
    }),
  );
  r.get(
    "/remittance/:id",
    ...opsRoute(deps, ["PAYMENTS", "COMPLIANCE"], async (req, res) => {
      res.json(await staffRemittanceView(deps.db, req.params.id));
    }),
  );
  r.post(
    "/remittance/:id/advance",
    ...opsRoute(deps, ["PAYMENTS", "COMPLIANCE"], async (req, res, staff) => {
      const body = parse(opsAdvanceBody, req.body);
      res.json(await advanceOrderAsStaff(deps.db, staff, req.params.id, { status: body.status, reason: body.reason ?? null }));
    }),
  );
  return r;
}
