/**
 * /api/v1/users — the current user (spec 000 §3 "User", §7 GET /v1/users/whoami; contract WhoAmI).
 *
 * GET /users/whoami (bearer) → 200 WhoAmI | 401 UNAUTHENTICATED
 *   (built by server/domain/users `loadWhoAmI`).
 * GET /devices (bearer) → 200 { data: Device[] } — the caller's signed-in devices (logins)
 * DELETE /devices/:id (bearer) → 204 (that device is logged out) | 404 NOT_FOUND
 *   (server/domain/auth/devices.ts)
 */
import { Router } from "express";
import { loadWhoAmI } from "../../domain/users/index.js";
import { deleteDevice, listDevices } from "../../domain/auth/devices.js";
import { asyncHandler, getAuth, requireAuth, type ApiDeps } from "./http.js";

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
  return router;
}
