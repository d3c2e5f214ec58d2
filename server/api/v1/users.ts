/**
 * /api/v1/users — the current user (spec 000 §3 "User", §7 GET /v1/users/whoami; contract WhoAmI).
 *
 * GET /users/whoami (bearer) → 200 WhoAmI | 401 UNAUTHENTICATED
 *   (built by server/domain/users `loadWhoAmI`).
 * POST /users/verified-notice (bearer) → 204 — the caller closed the "you are verified" popup
 *   (`verifiedNoticeDue` false from now on; server/domain/users `closeVerifiedNotice`)
 * GET /devices (bearer) → 200 { data: Device[] } — the caller's signed-in devices (logins)
 * DELETE /devices/:id (bearer) → 204 (that device is logged out) | 404 NOT_FOUND
 *   (server/domain/auth/devices.ts)
 * PATCH /users/:id { twilioAuthChannel } → 202 CodeChallenge (a code sent over the new channel)
 * PATCH /users/:id { twilioAuthChannel, token, code } → 200 WhoAmI with the new channel
 *   | 400 VALIDATION_FAILED | 401 INVALID_CODE / CODE_EXPIRED / CODE_ATTEMPTS_EXCEEDED | 404 (not
 *   the caller) | 429 RATE_LIMITED (server/domain/users/code-channel.ts)
 */
import { Router } from "express";
import { closeVerifiedNotice, loadWhoAmI } from "../../domain/users/index.js";
import { deleteDevice, listDevices } from "../../domain/auth/devices.js";
import { confirmCodeChannelChange, requestCodeChannelChange } from "../../domain/users/code-channel.js";
import { preferredLanguage } from "../../domain/language.js";
import { z } from "zod";
import { asyncHandler, fieldErrors, getAuth, requireAuth, type ApiDeps } from "./http.js";

/** PATCH /users/:id body: the new one-time-code channel; with the code's token and code to confirm. */
export const userSettingsBody = z
  .object({
    twilioAuthChannel: z.enum(["SMS", "WHATSAPP"]),
    token: z.string().uuid().optional(),
    code: z
      .string()
      .trim()
      .regex(/^\d{4,6}$/, "code must be 4 to 6 digits")
      .optional(),
  })
  .strict()
  .refine((b) => (b.token === undefined) === (b.code === undefined), { path: ["code"], message: "code and token go together" });

/** Router with the /users/* calls; mount at /api/v1 (paths carry their prefix). */
export function createUsersRouter(deps: ApiDeps): Router {
  const router = Router();
  router.get(
    "/users/whoami",
    requireAuth(deps),
    asyncHandler(async (_req, res) => {
      res.json(await loadWhoAmI(deps.db, getAuth(res).userId));
    }),
  );
  router.post(
    "/users/verified-notice",
    requireAuth(deps),
    asyncHandler(async (_req, res) => {
      await closeVerifiedNotice(deps.db, getAuth(res).userId);
      res.status(204).end();
    }),
  );
  router.get(
    "/devices",
    requireAuth(deps),
    asyncHandler(async (_req, res) => {
      const { userId, sessionId } = getAuth(res);
      res.json({ data: await listDevices(deps.db, userId, sessionId) });
    }),
  );
  router.delete(
    "/devices/:id",
    requireAuth(deps),
    asyncHandler(async (req, res) => {
      await deleteDevice(deps.db, getAuth(res).userId, req.params.id);
      res.status(204).end();
    }),
  );
  router.patch(
    "/users/:id",
    requireAuth(deps),
    asyncHandler(async (req, res) => {
      const parsed = userSettingsBody.safeParse(req.body ?? {});
      if (!parsed.success) throw fieldErrors(parsed.error);
      const b = parsed.data;
      const callerId = getAuth(res).userId;
      if (b.token === undefined || b.code === undefined) {
        const challenge = await requestCodeChannelChange(
          deps.db,
          {
            callerId,
            userId: req.params.id,
            channel: b.twilioAuthChannel,
            ip: req.ip ?? null,
            language: preferredLanguage(req.get("accept-language")),
          },
          { sms: deps.sms, config: deps.config },
        );
        res.status(202).json(challenge);
        return;
      }
      await confirmCodeChannelChange(
        deps.db,
        { callerId, userId: req.params.id, channel: b.twilioAuthChannel, token: b.token, code: b.code },
        { config: deps.config },
      );
      res.json(await loadWhoAmI(deps.db, callerId));
    }),
  );
  return router;
}
