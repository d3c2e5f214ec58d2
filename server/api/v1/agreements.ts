/**
 * Agreements for profiles (spec 001 §7 "Agreements: GET and sign, for applications and for
 * profiles; unsigned agreements list; agreement file download"; rules in server/domain/agreements).
 * Application agreements and the file download (GET /agreements/:agreementId/file) are in
 * ./applications.ts.
 *
 *   GET  /agreements/unsigned              → { data: ProfileAgreement[] } (the caller's, to sign)
 *   POST /agreements/:agreementId/sign     → ProfileAgreement (signedAt set; idempotent) | 404
 */
import { Router } from "express";
import { listUnsignedAgreements, signProfileAgreement } from "../../domain/agreements/index.js";
import { asyncHandler, getAuth, requireAuth, type ApiDeps } from "./http.js";

export function createAgreementsRouter(deps: ApiDeps): Router {
  const r = Router();
  const auth = requireAuth(deps);
  r.get(
    "/agreements/unsigned",
    auth,
    asyncHandler(async (_req, res) => {
      res.json({ data: await listUnsignedAgreements(deps.db, getAuth(res).userId) });
    }),
  );
  r.post(
    "/agreements/:agreementId/sign",
    auth,
    asyncHandler(async (req, res) => {
      res.json(await signProfileAgreement(deps.db, getAuth(res).userId, req.params.agreementId));
    }),
  );
  return r;
}
