/**
 * Signature codes API (spec 000 §4, §7; contract SendSignatureCodeRequest, CodeChallenge,
 * ValidateSignatureCodeRequest, MfaToken).
 * POST /signatures/send-code → CodeChallenge | 404 | 403 | 409 PAYMENT_NOT_PENDING | 429
 * POST /signatures/validate → MfaToken | 401 INVALID_CODE / CODE_EXPIRED / CODE_ATTEMPTS_EXCEEDED
 */
import { Router } from "express";
import { sendSignatureCode, validateSignatureCode } from "../../domain/signing/index.js";
import { preferredLanguage } from "../../domain/language.js";
import { asyncHandler, getAuth, requireAuth, type ApiDeps } from "./http.js";

export function createSignaturesRouter(deps: ApiDeps): Router {
  const r = Router();
  r.use("/signatures", requireAuth(deps));
  r.post(
    "/signatures/send-code",
    asyncHandler(async (req, res) => {
      res.json(
        await sendSignatureCode(deps, {
          userId: getAuth(res).userId,
          ip: req.ip ?? null,
          body: req.body,
          language: preferredLanguage(req.get("accept-language")),
        }),
      );
    }),
  );
  r.post(
    "/signatures/validate",
    asyncHandler(async (req, res) => {
      res.json(await validateSignatureCode(deps, { userId: getAuth(res).userId, body: req.body }));
    }),
  );
  return r;
}
