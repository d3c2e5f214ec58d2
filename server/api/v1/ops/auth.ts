/**
 * /api/v1/ops/auth — staff login (docs/ops.md "Login"; rules in server/domain/ops/auth.ts).
 *
 * POST /ops/auth/login  {email, password}     → 200 {challengeId, expiresAt, debugCode?}
 *                                               | 400 VALIDATION_FAILED | 401 INVALID_PASSWORD | 429 RATE_LIMITED
 * POST /ops/auth/code   {challengeId, code}   → 200 {token, expiresAt, absoluteExpiresAt, staff}
 *                                               | 401 INVALID_CODE | CODE_EXPIRED | CODE_ATTEMPTS_EXCEEDED
 * POST /ops/auth/logout (staff bearer)        → 204
 * GET  /ops/me          (staff bearer)        → StaffUser
 */
import { Router } from "express";
import { z } from "zod";
import { asyncHandler, fieldErrors, type ApiDeps } from "../http.js";
import { logoutStaff, startStaffLogin, verifyStaffCode } from "../../../domain/ops/auth.js";
import { preferredLanguage } from "../../../domain/language.js";
import { opsRoute } from "./guard.js";

export const staffLoginBody = z.object({
  email: z.string().trim().min(3).max(254).email("email must be an email address"),
  password: z.string().min(1, "password is required").max(1024),
});
export const staffCodeBody = z.object({
  challengeId: z.string().min(1).max(200),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "code must be 6 digits"),
});

/** Parse `body` with `schema`. @throws DomainError VALIDATION_FAILED (field errors) */
export function parse<T extends z.ZodTypeAny>(schema: T, body: unknown): z.infer<T> {
  const r = schema.safeParse(body ?? {});
  if (!r.success) throw fieldErrors(r.error);
  return r.data;
}

/** The staff auth routes (paths relative to /api/v1/ops). */
export function createOpsAuthRouter(deps: ApiDeps): Router {
  const r = Router();
  r.post(
    "/auth/login",
    asyncHandler(async (req, res) => {
      const body = parse(staffLoginBody, req.body);
      res.json(
        await startStaffLogin(
          deps.db,
          { ...body, ip: req.ip ?? null, language: preferredLanguage(req.get("accept-language")) },
          { sms: deps.sms, config: deps.config },
        ),
      );
    }),
  );
  r.post(
    "/auth/code",
    asyncHandler(async (req, res) => {
      res.json(await verifyStaffCode(deps.db, parse(staffCodeBody, req.body), { config: deps.config }));
    }),
  );
  r.post(
    "/auth/logout",
    ...opsRoute(deps, "ANY", async (_req, res, staff) => {
      await logoutStaff(deps.db, staff);
      res.status(204).end();
    }),
  );
  r.get(
    "/me",
    ...opsRoute(deps, "ANY", async (_req, res, staff) => {
      res.json({ id: staff.id, email: staff.email, phone: staff.phone, roles: staff.roles });
    }),
  );
  return r;
}
