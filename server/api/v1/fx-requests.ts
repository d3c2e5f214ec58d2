/**
 * FX rate requests API (spec 001 §3 "FX rate request", §4, §7; contract CreateFxRequestRequest,
 * FxRequest, FxRequestPage). Authenticated; rules in server/domain/exchange/fx-requests.ts.
 * Mounted before the exchange router, whose /exchange/:id would otherwise answer these paths.
 *   POST /exchange/fx-requests (Idempotency-Key header, or body.idempotencyKey) → 201 FxRequest |
 *     200 replay | 400 VALIDATION_FAILED / INSUFFICIENT_FUNDS | 403 (not a member, requests not
 *     enabled) | 404 (account) | 409 IDEMPOTENCY_KEY_REUSED
 *   GET  /exchange/fx-requests?organizationId=&status=&cursor=&take= → FxRequestPage (newest first; by
 *     default every status; `status` one or several, comma-separated; totalCount) | 400 | 403
 *   GET  /exchange/fx-requests/:id → FxRequest | 404
 *   POST /exchange/fx-requests/:id/sign { mfaToken, signedAt } → FxRequest (PENDING) | 400 | 401
 *     MFA_TOKEN_INVALID | 403 | 404 | 409 FX_REQUEST_STATUS_CONFLICT
 *   POST /exchange/fx-requests/:id/decline {} → FxRequest (DECLINED; a repeat answers it unchanged) |
 *     404 | 409 FX_REQUEST_STATUS_CONFLICT (signed already)
 */
import { Router } from "express";
import { z } from "zod";
import {
  createFxRequest,
  declineFxRequest,
  FX_REQUEST_STATUSES,
  getFxRequest,
  listFxRequests,
  signFxRequest,
} from "../../domain/exchange/fx-requests.js";
import { asyncHandler, fieldErrors, getAuth, idempotentRequest, requireAuth, type ApiDeps } from "./http.js";
import { cursorParam, takeParam } from "./query.js";

/** `status`: one status or several separated by commas (PENDING,ACCEPTED). */
const statusFilter = z
  .string()
  .max(200)
  .transform((v, ctx) => {
    const list = [...new Set(v.split(",").map((s) => s.trim()))];
    const known = FX_REQUEST_STATUSES as readonly string[];
    if (!list.every((s) => known.includes(s))) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `status must be among ${FX_REQUEST_STATUSES.join(", ")}` });
      return z.NEVER;
    }
    return list as (typeof FX_REQUEST_STATUSES)[number][];
  });

/** Query of GET /exchange/fx-requests (organizationId required: the list is one organization's). */
export const fxRequestListQuery = z.object({
  organizationId: z.string().uuid(),
  status: statusFilter.optional(),
  take: takeParam,
  cursor: cursorParam,
});

/** Body of POST /exchange/fx-requests/:id/decline: nothing (an empty object). */
export const fxRequestDeclineBody = z.object({}).strict();

export { createFxRequestSchema } from "../../domain/exchange/fx-requests.js";

/** The FX rate requests router (routes above). */
export function createFxRequestsRouter(deps: ApiDeps): Router {
  const r = Router();
  r.use("/exchange/fx-requests", requireAuth(deps));
  r.post(
    "/exchange/fx-requests",
    asyncHandler(async (req, res) => {
      const { key, body: rest } = idempotentRequest(req);
      const { request, created } = await createFxRequest(deps.db, {
        userId: getAuth(res).userId,
        body: rest,
        idempotencyKey: key,
      });
      res.status(created ? 201 : 200).json(request);
    }),
  );
  r.get(
    "/exchange/fx-requests",
    asyncHandler(async (req, res) => {
      const q = fxRequestListQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json(await listFxRequests(deps.db, getAuth(res).userId, q.data));
    }),
  );
  r.get(
    "/exchange/fx-requests/:id",
    asyncHandler(async (req, res) => {
      res.json(await getFxRequest(deps.db, getAuth(res).userId, req.params.id));
    }),
  );
  r.post(
    "/exchange/fx-requests/:id/sign",
    asyncHandler(async (req, res) => {
      res.json(await signFxRequest(deps.db, { userId: getAuth(res).userId, requestId: req.params.id, body: req.body ?? {} }));
    }),
  );
  r.post(
    "/exchange/fx-requests/:id/decline",
    asyncHandler(async (req, res) => {
      const body = fxRequestDeclineBody.safeParse(req.body ?? {});
      if (!body.success) throw fieldErrors(body.error);
      res.json(await declineFxRequest(deps.db, getAuth(res).userId, req.params.id));
    }),
  );
  return r;
}
