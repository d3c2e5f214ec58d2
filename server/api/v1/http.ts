/**
 * HTTP plumbing shared by every /api/v1 router: the error type and its JSON shape
 * (contract `ApiErrorBody`), zod → field errors (spec 000 §5), async handlers, bearer
 * authentication, and the dependencies a router receives.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { z } from "zod";
import type { Logger } from "pino";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import type { SmsProvider } from "../../providers/sms.js";
import { authenticateAccessToken } from "../../domain/auth/sessions.js";
import { withCallerMemberships } from "../../domain/organizations/access.js";
import { DomainError, fieldError, type DomainErrorCode } from "../../domain/errors.js";
import { DocumentAbortedError } from "../../domain/statements/render-pool.js";
import type { ApiErrorBody } from "./contract.js";
import { clientErrorOf } from "./input-guard.js";

export { DomainError, fieldError, fieldErrors } from "../../domain/errors.js";

/**
 * The HTTP status of each domain error code: the one place the API decides statuses (spec 000
 * §5; pinned by tests/api). Typed as a full Record so a new domain code cannot go unmapped.
 */
export const HTTP_STATUS: Readonly<Record<DomainErrorCode, number>> = {
  VALIDATION_FAILED: 400,
  INSUFFICIENT_FUNDS: 400,
  DOCUMENTS_REQUIRED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CODE: 401,
  INVALID_PASSWORD: 401,
  CODE_EXPIRED: 401,
  CODE_ATTEMPTS_EXCEEDED: 401,
  MFA_TOKEN_INVALID: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  IDEMPOTENCY_KEY_REUSED: 409,
  PAYMENT_NOT_PENDING: 409,
  PAYMENT_SETTLEMENT_CONFLICT: 409,
  BENEFICIARY_STATUS_CONFLICT: 409,
  ORDER_STATUS_CONFLICT: 409,
  CONTRACT_STATUS_CONFLICT: 409,
  OFFICIAL_CONFLICT: 409,
  APPLICATION_NOT_EDITABLE: 409,
  APPLICATION_EXISTS: 409,
  APPLICATION_STATUS_CONFLICT: 409,
  EXCHANGE_QUOTE_EXPIRED: 409,
  EXCHANGE_QUOTE_USED: 409,
  FX_REQUEST_STATUS_CONFLICT: 409,
  CARD_STATUS_CONFLICT: 409,
  CARD_LIMIT_REACHED: 409,
  RATE_LIMITED: 429,
  SMS_DELIVERY_FAILED: 502,
  SERVICE_BUSY: 503,
};

/** What every router factory receives. */
export interface ApiDeps {
  db: Database;
  config: Config;
  sms: SmsProvider;
  logger: Logger;
}

/** Authenticated caller, set on `res.locals.auth` by `requireAuth`. */
export interface AuthContext {
  userId: string;
  sessionId: string;
}

/** Wrap an async route handler so rejections reach the error middleware. */
export function asyncHandler(fn: (req: Request, res: Response, next: NextFunction) => Promise<unknown>): RequestHandler {
  return (req, res, next) => {
    fn(req, res, next).catch(next);
  };
}

/**
 * A signal that aborts when the client closes the connection before the answer was sent: work
 * done only for this answer (a document waiting for its drawing) can be given up.
 */
export function clientGone(res: Response): AbortSignal {
  const gone = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) gone.abort();
  });
  return gone.signal;
}

/** The caller set by `requireAuth`. Throws if the route forgot the middleware. */
export function getAuth(res: Response): AuthContext {
  const auth = res.locals.auth as AuthContext | undefined;
  if (!auth) throw new DomainError("UNAUTHENTICATED", "Authentication required");
  return auth;
}

/** Every handler `requireAuth` made: lets `listApiRoutes` (routes.ts) tell authenticated routes from the router stack. */
export const authHandlers = new WeakSet<RequestHandler>();

/**
 * Bearer-token authentication: sets `res.locals.auth` and runs the rest of the request with the
 * caller's memberships read in the same statement (`withCallerMemberships`), or answers 401
 * UNAUTHENTICATED.
 */
export function requireAuth(deps: Pick<ApiDeps, "db">): RequestHandler {
  const handler = asyncHandler(async (req, res, next) => {
    const header = req.get("authorization") ?? "";
    const match = /^Bearer ([A-Za-z0-9_\-.~+/=]{16,512})$/.exec(header);
    const auth = match ? await authenticateAccessToken(deps.db, match[1]) : null;
    if (!auth) throw new DomainError("UNAUTHENTICATED", "Authentication required");
    res.locals.auth = { userId: auth.userId, sessionId: auth.sessionId } satisfies AuthContext;
    // The memberships read with the token serve this request's authorization checks.
    withCallerMemberships(auth.userId, auth.memberships, next);
  });
  authHandlers.add(handler);
  return handler;
}

/** Error middleware: DomainError → `HTTP_STATUS[code]` and its body; Express/body-parser client errors → their 4xx (`clientErrorOf`); anything else → 500 (logged). */
export function errorMiddleware(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    let body: ApiErrorBody;
    if (err instanceof DocumentAbortedError) {
      // The client left before its document was drawn: nobody to answer, nothing went wrong.
      logger.debug({ path: req.path }, "document given up: the client went away");
      res.destroy();
      return;
    }
    if (err instanceof DomainError) {
      body = { statusCode: HTTP_STATUS[err.code], code: err.code, message: err.body, ...err.extra };
      if (err.extra.retryAfter) res.set("Retry-After", String(err.extra.retryAfter));
    } else if (clientErrorOf(err)) {
      const c = clientErrorOf(err)!;
      body = { statusCode: c.status, code: c.code, message: c.message };
    } else {
      logger.error({ err, path: req.path }, "unhandled API error");
      body = { statusCode: 500, code: "INTERNAL", message: "Internal Server Error. Try Again" };
    }
    res.status(body.statusCode).json(body);
  };
}

/** An idempotency key: 1..128 characters after trimming (Stripe's rules; design note "Money"). */
export const idempotencyKey = z.string().trim().min(1).max(128);

/**
 * An optional `Idempotency-Key` header (chat posts, a new application's first step).
 * @returns the key, or null when the header is absent
 * @throws DomainError VALIDATION_FAILED on `idempotencyKey` when the header is malformed
 */
export function optionalIdempotencyKey(req: Request): string | null {
  const header = req.get("idempotency-key");
  if (header === undefined) return null;
  const key = idempotencyKey.safeParse(header);
  if (!key.success)
    throw fieldError("idempotencyKey", "isIdempotencyKey", "Idempotency-Key header (1..128 characters) is invalid");
  return key.data;
}

/**
 * The idempotency key of a money-moving POST and the body without it: the `Idempotency-Key`
 * header, else `idempotencyKey` in the JSON body (plain-form clients).
 * @returns `{ key, body }` (body: the request body without `idempotencyKey`, {} when not an object)
 * @throws DomainError VALIDATION_FAILED on `idempotencyKey` when neither carries a valid key
 */
export function idempotentRequest(req: Request): { key: string; body: Record<string, unknown> } {
  const raw = (req.body && typeof req.body === "object" ? req.body : {}) as Record<string, unknown>;
  const { idempotencyKey: bodyKey, ...body } = raw;
  const key = idempotencyKey.safeParse(req.get("idempotency-key") ?? bodyKey);
  if (!key.success)
    throw fieldError("idempotencyKey", "isIdempotencyKey", "Idempotency-Key header (1..128 characters) is required");
  return { key: key.data, body };
}
