/**
 * Payments API (spec 000 §7 Payments; contract CreatePaymentRequest, Payment, SignPaymentRequest).
 * POST /payments (Idempotency-Key header, or body.idempotencyKey) → 201 Payment | 200 replay |
 *   400 VALIDATION_FAILED / INSUFFICIENT_FUNDS | 403 | 404 | 409 IDEMPOTENCY_KEY_REUSED
 * GET /payments?organizationId=&status=&take=&cursor= → PaymentList { data, nextCursor, totalCount }
 * GET /payments/:id → Payment | 404
 * DELETE /payments/:id/decline → Payment (DECLINED) | 409 PAYMENT_NOT_PENDING | 404
 * POST /payments/:id/sign → Payment (COMPLETED) | 401 MFA_TOKEN_INVALID | 409 | 400
 * GET /payments/:id/signatures → SignaturePage { edges: [{ node: SignatureRecord }] }
 * POST /payments/check (same body as create, no key) → PaymentCheck (fee) | the same 4xx as create
 * GET /payment-drafts/:form → PaymentDraft | 404;  PUT /payment-drafts/:form { organizationId, data } → PaymentDraft
 * DELETE /payment-drafts/:form → 204;  DELETE /payment-drafts → 204 (all of the caller's drafts)
 */
import { Router } from "express";
import { z } from "zod";
import {
  checkPayment,
  clearPaymentDrafts,
  createPayment,
  declinePayment,
  draftFormParam,
  getPayment,
  getPaymentDraft,
  listPaymentSignatures,
  listPayments,
  savePaymentDraft,
} from "../../domain/payments/index.js";
import { signPayment } from "../../domain/signing/index.js";
import { asyncHandler, DomainError, fieldErrors, getAuth, idempotentRequest, requireAuth, type ApiDeps } from "./http.js";
import { cursorParam, takeParam } from "./query.js";

export const listQuery = z.object({
  organizationId: z.string().uuid().optional(),
  status: z.enum(["AWAITING_SIGNATURE", "COMPLETED", "DECLINED", "FAILED"]).optional(),
  take: takeParam,
  cursor: cursorParam,
});

export function createPaymentsRouter(deps: ApiDeps): Router {
  const r = Router();
  r.use("/payments", requireAuth(deps));
  r.use("/payment-drafts", requireAuth(deps));
  r.post(
    "/payments/check",
    asyncHandler(async (req, res) => {
      const body = (req.body && typeof req.body === "object" ? req.body : {}) as Record<string, unknown>;
      const { idempotencyKey: _ignored, ...rest } = body;
      res.json(
        await checkPayment(deps.db, {
          userId: getAuth(res).userId,
          body: rest,
          relaxedLimits: deps.config.RATE_LIMITS === "relaxed",
        }),
      );
    }),
  );
  const formOf = (value: string) => {
    const form = draftFormParam.safeParse(value);
    if (!form.success) throw new DomainError("NOT_FOUND", "Draft not found");
    return form.data;
  };
  r.get(
    "/payment-drafts/:form",
    asyncHandler(async (req, res) => {
      const organizationId = typeof req.query.organizationId === "string" ? req.query.organizationId : undefined;
      const draft = await getPaymentDraft(deps.db, getAuth(res).userId, formOf(req.params.form), organizationId);
      if (!draft) throw new DomainError("NOT_FOUND", "Draft not found");
      res.json(draft);
    }),
  );
  r.put(
    "/payment-drafts/:form",
    asyncHandler(async (req, res) => {
      res.json(await savePaymentDraft(deps.db, getAuth(res).userId, formOf(req.params.form), req.body));
    }),
  );
  r.delete(
    "/payment-drafts/:form",
    asyncHandler(async (req, res) => {
      await clearPaymentDrafts(deps.db, getAuth(res).userId, formOf(req.params.form));
      res.status(204).end();
    }),
  );
  r.delete(
    "/payment-drafts",
    asyncHandler(async (_req, res) => {
      await clearPaymentDrafts(deps.db, getAuth(res).userId);
      res.status(204).end();
    }),
  );
  r.post(
    "/payments",
    asyncHandler(async (req, res) => {
      const { key, body: rest } = idempotentRequest(req);
      const { payment, created } = await createPayment(deps.db, {
        userId: getAuth(res).userId,
        body: rest,
        idempotencyKey: key,
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
      res.json(await listPaymentSignatures(deps.db, getAuth(res).userId, req.params.id));
    }),
  );
  return r;
}
