/**
 * Remittance orders API (spec 001 §3, §4, §7; contract CreateRemittanceOrderRequest,
 * RemittanceOrder, RemittanceOrderDetail, RemittanceOrderPage). Authenticated; rules in
 * server/domain/remittance.
 *   POST /payments-orders (Idempotency-Key header, or body.idempotencyKey) → 201 RemittanceOrder |
 *     200 replay | 400 VALIDATION_FAILED / INSUFFICIENT_FUNDS | 403 (not a member, orders not
 *     enabled) | 404 (account) | 409 IDEMPOTENCY_KEY_REUSED
 *   GET  /payments-orders?organizationId=&all=true&status=&take=&cursor= → RemittanceOrderPage | 400 | 403
 *   GET  /payments-orders/:id → RemittanceOrderDetail | 404
 *   GET  /payments-orders/:id/file/:uploadId → the file (Content-Type as stored, attachment, nosniff, no-store) | 404
 *   POST /payments-orders/:id/sign { mfaToken, signedAt } → RemittanceOrder (QUEUED) | 400 | 401
 *     MFA_TOKEN_INVALID | 403 | 404 | 409 ORDER_STATUS_CONFLICT
 *   POST /payments-orders/:id/decline {} → RemittanceOrder (REJECTED, rejectedBy CUSTOMER; a repeat
 *     answers it unchanged) | 400 (a non-empty body) | 404 | 409 ORDER_STATUS_CONFLICT (signed already)
 */
import { Router } from "express";
import { z } from "zod";
import {
  createRemittanceOrder,
  declineRemittanceOrder,
  getRemittanceOrder,
  getRemittanceOrderFile,
  listRemittanceOrders,
  REMITTANCE_STATUSES,
} from "../../domain/remittance/index.js";
import { signRemittanceOrder } from "../../domain/remittance/sign.js";
import { asyncHandler, fieldErrors, getAuth, idempotentRequest, requireAuth, type ApiDeps } from "./http.js";
import { cursorParam, takeParam } from "./query.js";
import { attachmentDisposition } from "./uploads.js";

/** `status`: one status or several separated by commas (QUEUED,PROC). */
const statusFilter = z
  .string()
  .max(200)
  .transform((v, ctx) => {
    const list = [...new Set(v.split(",").map((s) => s.trim()))];
    const known = REMITTANCE_STATUSES as readonly string[];
    if (!list.every((s) => known.includes(s))) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `status must be among ${REMITTANCE_STATUSES.join(", ")}` });
      return z.NEVER;
    }
    return list as (typeof REMITTANCE_STATUSES)[number][];
  });

/** Query of GET /payments-orders (organizationId required: the list is one organization's). */
export const remittanceListQuery = z.object({
  organizationId: z.string().uuid(),
  all: z.string().max(10).optional(),
  status: statusFilter.optional(),
  take: takeParam,
  cursor: cursorParam,
});

/** Body of POST /payments-orders/:id/decline: nothing (an empty object). */
export const remittanceDeclineBody = z.object({}).strict();

export { createRemittanceOrderSchema } from "../../domain/remittance/index.js";

/** The remittance orders router (routes above). */
export function createPaymentsOrdersRouter(deps: ApiDeps): Router {
  const r = Router();
  r.use("/payments-orders", requireAuth(deps));
  r.post(
    "/payments-orders",
    asyncHandler(async (req, res) => {
      const { key, body: rest } = idempotentRequest(req);
      const { order, created } = await createRemittanceOrder(deps.db, {
        userId: getAuth(res).userId,
        body: rest,
        idempotencyKey: key,
      });
      res.status(created ? 201 : 200).json(order);
    }),
  );
  r.get(
    "/payments-orders",
    asyncHandler(async (req, res) => {
      const q = remittanceListQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json(await listRemittanceOrders(deps.db, getAuth(res).userId, q.data));
    }),
  );
  r.get(
    "/payments-orders/:id",
    asyncHandler(async (req, res) => {
      res.json(await getRemittanceOrder(deps.db, getAuth(res).userId, req.params.id));
    }),
  );
  r.get(
    "/payments-orders/:id/file/:uploadId",
    asyncHandler(async (req, res) => {
      const file = await getRemittanceOrderFile(deps.db, getAuth(res).userId, req.params.id, req.params.uploadId);
      res.set({
        "Content-Type": file.mimeType,
        "Content-Disposition": attachmentDisposition(file.name),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      });
      res.send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    }),
  );
  r.post(
    "/payments-orders/:id/sign",
    asyncHandler(async (req, res) => {
      res.json(await signRemittanceOrder(deps.db, { userId: getAuth(res).userId, orderId: req.params.id, body: req.body }));
    }),
  );
  r.post(
    "/payments-orders/:id/decline",
    asyncHandler(async (req, res) => {
      const body = remittanceDeclineBody.safeParse(req.body ?? {});
      if (!body.success) throw fieldErrors(body.error);
      res.json(await declineRemittanceOrder(deps.db, getAuth(res).userId, req.params.id));
    }),
  );
  return r;
}
