/**
 * /api/v1/auth — login and session calls (spec 000 §7 "Auth and user"; contract "auth").
 *
 * POST /auth/phone      {phone, channel?}   → 200 CodeChallenge | 400 VALIDATION_FAILED | 429 RATE_LIMITED
 * POST /auth/verify-code{token, code}       → 200 {token, passwordRequired: true}
 *                                              | 401 INVALID_CODE | CODE_EXPIRED | CODE_ATTEMPTS_EXCEEDED
 * POST /auth/verify-password{token, password, deviceName?} → 200 AuthTokens | 401 INVALID_PASSWORD | INVALID_CODE
 *                                              | CODE_EXPIRED | CODE_ATTEMPTS_EXCEEDED | 403 FORBIDDEN (blocked)
 * POST /auth/refresh    {refreshToken}      → 200 AuthTokens (rotated) | 401 UNAUTHENTICATED
 * POST /auth/logout     (bearer, or body {refreshToken} when the access token expired) → 204 | 401 UNAUTHENTICATED
 * POST /auth/kept-forms {refreshToken, path, fields} → 201 {kept: true} | 400 | 401 UNAUTHENTICATED
 *                       | 429 RATE_LIMITED (per refresh token 5 / 15 min, per IP 100 / 15 min)
 *                       (answers typed past the web session's inactivity limit, kept for the next login)
 * POST /auth/kept-forms/take (bearer) {path} → 200 {fields: [name, value][] | null} (once; deleted as read)
 * POST /recover/send-code   {phone}        → 200 CodeChallenge (same shape for unknown phones) | 400 | 429
 * POST /recover/verify-code {token, code, password} → 204 (new password set, every session ended)
 *                                              | 400 VALIDATION_FAILED (password) | 401 INVALID_CODE
 *                                              | CODE_EXPIRED | CODE_ATTEMPTS_EXCEEDED
 *
 * Rate limits (strict: per phone 1/60 s and 5/15 min, per IP 20/15 min) are enforced by
 * server/domain/otp from database rows. Rules live in server/domain/auth; this file only
 * validates, calls the domain and shapes JSON.
 */
import { Router } from "express";
import { z } from "zod";
import type { AuthTokens } from "./contract.js";
import { asyncHandler, fieldErrors, getAuth, requireAuth, type ApiDeps } from "./http.js";
import { startLogin, verifyLoginCode, verifyLoginPassword } from "../../domain/auth/login.js";
import {
  hashToken,
  revokeByRefreshToken,
  revokeSession,
  rotateRefreshToken,
  type IssuedSession,
} from "../../domain/auth/sessions.js";
import { finishRecovery, startRecovery } from "../../domain/auth/recovery.js";
import { keepForm, takeKeptForm } from "../../domain/auth/kept-forms.js";
import { DomainError } from "../../domain/errors.js";
import { consumeRateLimit, RATE_LIMITS } from "../../domain/rate-limit/index.js";
import { preferredLanguage } from "../../domain/language.js";

/** E.164: "+", country code 1-9, 8 to 15 digits in all. */
export const E164 = /^\+[1-9]\d{7,14}$/;

export const phoneBody = z.object({
  phone: z.string().trim().regex(E164, "phone must be in international format, e.g. +447700900001"),
  channel: z.enum(["SMS", "WHATSAPP"]).optional(),
});
export const verifyCodeBody = z.object({
  token: z.string().min(1).max(200),
  code: z
    .string()
    .trim()
    .regex(/^\d{4,6}$/, "code must be 4 to 6 digits"),
});
export const verifyPasswordBody = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(1, "password is required").max(1024),
  /** The client's name for this device ("Chrome on Android"), shown in GET /devices. */
  deviceName: z.string().trim().max(100).optional(),
});
export const refreshBody = z.object({ refreshToken: z.string().min(1).max(512) });
/**
 * The web page a kept form belongs to: a path, and the application it names
 * ("/identity/corporate/company?applicationId=<uuid>").
 */
const keptFormPath = z.string().regex(/^\/[A-Za-z0-9._~/-]{1,300}(\?applicationId=[0-9a-f-]{36})?$/, "path must be a page path");
/** POST /auth/kept-forms: at most 2,000 text fields; the JSON body limit (100 kB) bounds the rest. */
export const keptFormBody = z.object({
  refreshToken: refreshBody.shape.refreshToken,
  path: keptFormPath,
  fields: z
    .array(z.tuple([z.string().min(1).max(200), z.string().max(60_000)]))
    .min(1)
    .max(2_000),
});
export const takeKeptFormBody = z.object({ path: keptFormPath });
export const recoverSendBody = phoneBody.pick({ phone: true });
export const recoverVerifyBody = z.object({
  token: z.string().min(1).max(200),
  code: verifyCodeBody.shape.code,
  password: z.string().min(1, "password is required").max(1024),
});

function parse<T extends z.ZodTypeAny>(schema: T, body: unknown): z.infer<T> {
  const r = schema.safeParse(body ?? {});
  if (!r.success) throw fieldErrors(r.error);
  return r.data;
}

/** Strip the internal session id: the wire shape is contract AuthTokens. */
function toTokens(s: IssuedSession): AuthTokens {
  return {
    accessToken: s.accessToken,
    accessTokenExpiresAt: s.accessTokenExpiresAt,
    refreshToken: s.refreshToken,
    refreshTokenExpiresAt: s.refreshTokenExpiresAt,
  };
}

/** Router with the /auth/* calls; mount at /api/v1 (paths carry their prefix). Tokens and codes are never logged. */
export function createAuthRouter(deps: ApiDeps): Router {
  const router = Router();
  const otpDeps = { sms: deps.sms, config: deps.config };

  router.post(
    "/auth/phone",
    asyncHandler(async (req, res) => {
      const body = parse(phoneBody, req.body);
      res.status(200).json(
        await startLogin(
          deps.db,
          {
            phone: body.phone,
            channel: body.channel,
            ip: req.ip ?? null,
            language: preferredLanguage(req.get("accept-language")),
          },
          otpDeps,
        ),
      );
    }),
  );

  router.post(
    "/auth/verify-code",
    asyncHandler(async (req, res) => {
      const body = parse(verifyCodeBody, req.body);
      res.status(200).json(await verifyLoginCode(deps.db, body, { config: deps.config }));
    }),
  );

  router.post(
    "/auth/verify-password",
    asyncHandler(async (req, res) => {
      const body = parse(verifyPasswordBody, req.body);
      const session = await verifyLoginPassword(deps.db, body);
      deps.logger.info({ event: "login", sessionId: session.sessionId }, "login succeeded");
      res.status(200).json(toTokens(session));
    }),
  );

  router.post(
    "/auth/refresh",
    asyncHandler(async (req, res) => {
      const body = parse(refreshBody, req.body);
      const onReuse = (userId: string) =>
        deps.logger.warn(
          { event: "refresh_token_reuse", userId, ip: req.ip },
          "refresh token reused: the session family (device) revoked",
        );
      res.status(200).json(toTokens(await rotateRefreshToken(deps.db, body.refreshToken, new Date(), onReuse)));
    }),
  );

  router.post(
    "/auth/logout",
    asyncHandler(async (req, res, next) => {
      const refreshToken = typeof req.body?.refreshToken === "string" ? req.body.refreshToken : "";
      if (req.get("authorization") || !refreshToken) return next();
      await revokeByRefreshToken(deps.db, refreshToken);
      res.status(204).end();
    }),
    requireAuth(deps),
    asyncHandler(async (_req, res) => {
      await revokeSession(deps.db, getAuth(res).sessionId);
      res.status(204).end();
    }),
  );

  // The refresh token is the credential: the web session passed its inactivity limit and is
  // about to be revoked; its access token may have expired while the customer typed.
  router.post(
    "/auth/kept-forms",
    asyncHandler(async (req, res) => {
      const body = parse(keptFormBody, req.body);
      const relaxed = deps.config.RATE_LIMITS === "relaxed";
      if (req.ip) await consumeRateLimit(deps.db, RATE_LIMITS.keptFormsPerIp(req.ip), { relaxed });
      await consumeRateLimit(deps.db, RATE_LIMITS.keptFormsPerToken(hashToken(body.refreshToken)), { relaxed });
      if (!(await keepForm(deps.db, body.refreshToken, { path: body.path, fields: body.fields })))
        throw new DomainError("UNAUTHENTICATED", "Session expired. Log in again.");
      res.status(201).json({ kept: true });
    }),
  );

  router.post(
    "/auth/kept-forms/take",
    requireAuth(deps),
    asyncHandler(async (req, res) => {
      const body = parse(takeKeptFormBody, req.body);
      res.status(200).json({ fields: await takeKeptForm(deps.db, getAuth(res).userId, body.path) });
    }),
  );

  router.post(
    "/recover/send-code",
    asyncHandler(async (req, res) => {
      const body = parse(recoverSendBody, req.body);
      res
        .status(200)
        .json(
          await startRecovery(
            deps.db,
            { phone: body.phone, ip: req.ip ?? null, language: preferredLanguage(req.get("accept-language")) },
            otpDeps,
          ),
        );
    }),
  );

  router.post(
    "/recover/verify-code",
    asyncHandler(async (req, res) => {
      const body = parse(recoverVerifyBody, req.body);
      await finishRecovery(deps.db, body, { config: deps.config });
      deps.logger.info({ event: "password_recovered" }, "password set by recovery; sessions revoked");
      res.status(204).end();
    }),
  );

  return router;
}
