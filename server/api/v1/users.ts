/**
 * /api/v1/users — the current user (spec 000 §3 "User", §7 GET /v1/users/whoami; contract WhoAmI).
 *
 * GET /users/whoami (bearer) → 200 WhoAmI | 401 UNAUTHENTICATED
 *   (built by server/domain/users `loadWhoAmI`).
 */
import { Router } from "express";
import { loadWhoAmI } from "../../domain/users/index.js";
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
  return router;
}
