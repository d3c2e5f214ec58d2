/**
 * Accounts API (spec 000 §7 Accounts; contract Account, Balance).
 * GET /accounts?organizationId=&all=true → { data: Account[] } (403 if not a member)
 * GET /accounts/:id → Account (404 outside the caller's organizations)
 * GET /accounts/:id/balances → { data: Balance[] }
 * GET /accounts/:id/top-up?currencyId= → TopUpInstructions; …/top-up/pdf → the same as a PDF
 *   (404 outside the caller's organizations or without that balance; 400 without currencyId)
 */
import { Router } from "express";
import { z } from "zod";
import { getAccount, listAccounts } from "../../domain/accounts/index.js";
import { topUpInstructions } from "../../domain/statements/documents.js";
import { admitDocument, drawDocument } from "../../domain/statements/render-pool.js";
import { preferredLanguage } from "../../domain/language.js";
import { asyncHandler, clientGone, fieldErrors, getAuth, requireAuth, type ApiDeps } from "./http.js";

export const listQuery = z.object({ organizationId: z.string().uuid().optional(), all: z.string().optional() });

/** Query of GET /accounts/:id/top-up(/pdf): the balance's currency. */
export const topUpQuery = z.object({ currencyId: z.string().min(1).max(8) });

export function createAccountsRouter(deps: ApiDeps): Router {
  const r = Router();
  r.use("/accounts", requireAuth(deps));
  r.get(
    "/accounts",
    asyncHandler(async (req, res) => {
      const q = listQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json({ data: await listAccounts(deps.db, getAuth(res).userId, q.data.organizationId) });
    }),
  );
  r.get(
    "/accounts/:id",
    asyncHandler(async (req, res) => {
      res.json(await getAccount(deps.db, getAuth(res).userId, req.params.id));
    }),
  );
  r.get(
    "/accounts/:id/balances",
    asyncHandler(async (req, res) => {
      res.json({ data: (await getAccount(deps.db, getAuth(res).userId, req.params.id)).balances });
    }),
  );
  r.get(
    "/accounts/:id/top-up",
    asyncHandler(async (req, res) => {
      const q = topUpQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json(await topUpInstructions(deps.db, getAuth(res).userId, req.params.id, q.data.currencyId));
    }),
  );
  r.get(
    "/accounts/:id/top-up/pdf",
    asyncHandler(async (req, res) => {
      const q = topUpQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      await admitDocument(deps.db, getAuth(res).userId, {
        drawn: true,
        relaxed: deps.config.RATE_LIMITS === "relaxed",
      });
      const t = await topUpInstructions(deps.db, getAuth(res).userId, req.params.id, q.data.currencyId);
      // Drawn before the file's headers are set: a refusal (503 SERVICE_BUSY) is answered as JSON, not as an attachment.
      const pdf = await drawDocument("topUpPdf", [t, preferredLanguage(req.get("accept-language"))], clientGone(res));
      res.set({
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="top-up-${t.currencyId}.pdf"`,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
        Vary: "Accept-Language",
      });
      res.send(pdf);
    }),
  );
  return r;
}
