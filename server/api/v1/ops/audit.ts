/**
 * /api/v1/ops/audit — the audit log, readable by every staff user (docs/ops.md "Audit log").
 *
 * GET /ops/audit?staffUserId=&action=&subjectType=&subjectId=&cursor=&take= → {data: AuditEntry[], nextCursor}
 */
import { Router } from "express";
import { z } from "zod";
import type { ApiDeps } from "../http.js";
import { listAuditEntries } from "../../../domain/ops/audit.js";
import { opsRoute } from "./guard.js";
import { parse } from "./auth.js";

export const auditQuery = z.object({
  staffUserId: z.string().uuid().optional(),
  action: z.string().trim().min(1).max(100).optional(),
  subjectType: z.string().trim().min(1).max(100).optional(),
  subjectId: z.string().trim().min(1).max(200).optional(),
  cursor: z.string().max(20).optional(),
  take: z.coerce.number().int().min(1).max(100).optional(),
});

/** The audit route (path relative to /api/v1/ops). */
export function createOpsAuditRouter(deps: ApiDeps): Router {
  const r = Router();
  r.get(
    "/audit",
    ...opsRoute(deps, "ANY", async (req, res) => {
      const { cursor, take, ...filter } = parse(auditQuery, req.query);
      res.json(await listAuditEntries(deps.db, filter, { cursor, take }));
    }),
  );
  return r;
}
