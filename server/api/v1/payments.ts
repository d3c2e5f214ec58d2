/**
 * Payments API (spec 000 §7 Payments; contract CreatePaymentRequest, Payment, SignPaymentRequest).
 * POST /payments (Idempotency-Key header, or body.idempotencyKey) → 201 Payment | 200 replay |
 *   400 VALIDATION_FAILED / INSUFFICIENT_FUNDS | 403 | 404 | 409 IDEMPOTENCY_KEY_REUSED
 * GET /payments?organizationId=&status=&take=&cursor= → { data, nextCursor }
 * GET /payments/:id → Payment | 404
 * DELETE /payments/:id/decline → Payment (DECLINED) | 409 PAYMENT_NOT_PENDING | 404
 * POST /payments/:id/sign → Payment (COMPLETED) | 401 MFA_TOKEN_INVALID | 409 | 400
 * GET /payments/:id/signatures → { data: SignatureRecord[] }
 */
import { Router } from "express";
import { z } from "zod";
import { createPayment, declinePayment, getPayment, listPaymentSignatures, listPayments } from "../../domain/payments/index.js";
import { signPayment } from "../../domain/signing/index.js";
import { asyncHandler, fieldError, fieldErrors, getAuth, requireAuth, type ApiDeps } from "./http.js";
import { cursorParam, takeParam } from "./query.js";

export const listQuery = z.object({
  organizationId: z.string().uuid().optional(),
  status: z.enum(["AWAITING_SIGNATURE", "COMPLETED", "DECLINED", "FAILED"]).optional(),
  take: takeParam,
  cursor: cursorParam,
});

export const idempotencyKey = z.string().trim().min(1).max(128);

export function createPaymentsRouter(deps: ApiDeps): Router {
  const r = Router();
  r.use("/payments", requireAuth(deps));
  r.post(
    "/payments",
    asyncHandler(async (req, res) => {
      const body = (req.body && typeof req.body === "object" ? req.body : {}) as Record<string, unknown>;
      const { idempotencyKey: bodyKey, ...rest } = body;
      const key = idempotencyKey.safeParse(req.get("idempotency-key") ?? bodyKey);
      if (!key.success)
        throw fieldError("idempotencyKey", "isIdempotencyKey", "Idempotency-Key header (1..128 characters) is required");
      const { payment, created } = await createPayment(deps.db, {
        userId: getAuth(res).userId,
        body: rest,
        idempotencyKey: key.data,
        relaxedLimits: deps.config.RATE_LIMITS === "relaxed",
      });
      res.status(created ? 201 : 200).json(payment);
    }),
  );
  r.get(
    "/payments",
    asyncHandler(async (req, res) => {
      const q = listQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json(await listPayments(deps.db, getAuth(res).userId, q.data));
    }),
  );
  r.get(
    "/payments/:id",
    asyncHandler(async (req, res) => {
      res.json(await getPayment(deps.db, getAuth(res).userId, req.params.id));
    }),
  );
  r.delete(
    "/payments/:id/decline",
    asyncHandler(async (req, res) => {
      res.json(await declinePayment(deps.db, getAuth(res).userId, req.params.id));
    }),
  );
  r.post(
    "/payments/:id/sign",
    asyncHandler(async (req, res) => {
      res.json(await signPayment(deps.db, { userId: getAuth(res).userId, paymentId: req.params.id, body: req.body }));
    }),
  );
  r.get(
    "/payments/:id/signatures",
    asyncHandler(async (req, res) => {
      res.json({ data: await listPaymentSignatures(deps.db, getAuth(res).userId, req.params.id) });
    }),
  );
  return r;
}
