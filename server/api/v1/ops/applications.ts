/**
 * /api/v1/ops/applications — onboarding applications for staff with role ONBOARDING
 * (issue 13; docs/ops.md). Decisions: server/domain/ops/applications.ts (one transaction with
 * the audit entry each).
 *
 * GET  /ops/applications?status=                         → {data: StaffApplicationRow[], counts}
 * GET  /ops/applications/:id                             → Application + applicant + organizationId
 * GET  /ops/applications/:id/documents/:documentId/file  → bytes (attachment)
 * POST /ops/applications/:id/review                      → ApplicationSummary (REVIEW_IN_PROGRESS)
 * POST /ops/applications/:id/request-changes {reason}    → ApplicationSummary (INCOMPLETE)
 * POST /ops/applications/:id/approve                     → ApplicationSummary (ACCEPTED)
 * POST /ops/applications/:id/decline {reason}            → ApplicationSummary (DECLINED)
 * Errors: 401/403 (guard), 404, 409 APPLICATION_STATUS_CONFLICT, 400 VALIDATION_FAILED (reason).
 */
import { Router, type Response } from "express";
import { z } from "zod";
import type { ApiDeps } from "../http.js";
import { attachmentDisposition } from "../uploads.js";
import { staffApplicationDocumentFile, staffApplicationView } from "../../../domain/applications/index.js";
import {
  APPLICATION_STATUSES,
  countApplicationsByStatus,
  decideApplication,
  listApplicationQueue,
} from "../../../domain/ops/applications.js";
import { opsRoute } from "./guard.js";
import { parse } from "./auth.js";

export const opsApplicationsQuery = z.object({
  status: z.enum(APPLICATION_STATUSES as [string, ...string[]]).optional(),
});
export const opsReasonBody = z.object({ reason: z.string().trim().min(1, "reason is required").max(500) });

function sendFile(res: Response, file: { name: string; mimeType: string; bytes: Uint8Array }) {
  res.set({
    "Content-Type": file.mimeType,
    "Content-Disposition": attachmentDisposition(file.name),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  });
  res.send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

/** The applications routes (paths relative to /api/v1/ops). */
export function createOpsApplicationsRouter(deps: ApiDeps): Router {
  const r = Router();
  r.get(
    "/applications",
    ...opsRoute(deps, "ONBOARDING", async (req, res) => {
      const q = parse(opsApplicationsQuery, req.query);
      const status = (q.status ?? "READY_TO_REVIEW") as (typeof APPLICATION_STATUSES)[number];
      res.json({ status, data: await listApplicationQueue(deps.db, status), counts: await countApplicationsByStatus(deps.db) });
    }),
  );
  r.get(
    "/applications/:id",
    ...opsRoute(deps, "ONBOARDING", async (req, res) => {
      res.json(await staffApplicationView(deps.db, req.params.id));
    }),
  );
  r.get(
    "/applications/:id/documents/:documentId/file",
    ...opsRoute(deps, "ONBOARDING", async (req, res) => {
      sendFile(res, await staffApplicationDocumentFile(deps.db, req.params.id, req.params.documentId));
    }),
  );
  r.post(
    "/applications/:id/review",
    ...opsRoute(deps, "ONBOARDING", async (req, res, staff) => {
      res.json(await decideApplication(deps.db, staff.id, req.params.id, { decision: "review" }));
    }),
  );
  r.post(
    "/applications/:id/approve",
    ...opsRoute(deps, "ONBOARDING", async (req, res, staff) => {
      res.json(await decideApplication(deps.db, staff.id, req.params.id, { decision: "approve" }));
    }),
  );
  r.post(
    "/applications/:id/decline",
    ...opsRoute(deps, "ONBOARDING", async (req, res, staff) => {
      const { reason } = parse(opsReasonBody, req.body);
      res.json(await decideApplication(deps.db, staff.id, req.params.id, { decision: "decline", reason }));
    }),
  );
  r.post(
    "/applications/:id/request-changes",
    ...opsRoute(deps, "ONBOARDING", async (req, res, staff) => {
      const { reason } = parse(opsReasonBody, req.body);
      res.json(await decideApplication(deps.db, staff.id, req.params.id, { decision: "request-changes", reason }));
    }),
  );
  return r;
}
