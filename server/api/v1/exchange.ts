/**
 * Currency exchange API (spec 000 §7 Exchange; contract ExchangeCalcRequest, ExchangeQuote,
 * ExchangeRates; rules in server/domain/exchange).
 * GET /exchange/rates → ExchangeRates (reference rates per 1 EUR, date, spread)
 * POST /exchange/calc { accountId, fromCurrencyId, toCurrencyId, sellAmount | buyAmount } → 201 ExchangeQuote
 *   (valid 30 s) | 400 VALIDATION_FAILED / INSUFFICIENT_FUNDS | 404 (account not the caller's)
 * POST /exchange { quoteId } + Idempotency-Key header (or body.idempotencyKey) → 201 ExchangeQuote
 *   (EXECUTED) | 200 replay | 409 EXCHANGE_QUOTE_EXPIRED / EXCHANGE_QUOTE_USED / IDEMPOTENCY_KEY_REUSED |
 *   400 INSUFFICIENT_FUNDS | 404
 * GET /exchange?organizationId=&take= → { data: ExchangeQuote[] } newest first | 403
 * GET /exchange/:id → ExchangeQuote | 404
 */
import { Router } from "express";
import { z } from "zod";
import { executeExchange, getExchange, getExchangeRates, listExchanges, quoteExchange } from "../../domain/exchange/index.js";
import { asyncHandler, fieldErrors, getAuth, idempotentRequest, requireAuth, type ApiDeps } from "./http.js";
import { takeParam } from "./query.js";

/** GET /exchange query: the organization (required) and how many (1..100, default 20). */
export const exchangeListQuery = z.object({ organizationId: z.string().uuid(), take: takeParam });

export { exchangeCalcSchema, exchangeExecuteSchema } from "../../domain/exchange/index.js";

/** The exchange router (every route needs a bearer token). */
export function createExchangeRouter(deps: ApiDeps): Router {
  const r = Router();
  r.use("/exchange", requireAuth(deps));
  r.get(
    "/exchange/rates",
    asyncHandler(async (_req, res) => {
      res.json(await getExchangeRates(deps.db));
    }),
  );
  r.post(
    "/exchange/calc",
    asyncHandler(async (req, res) => {
      res.status(201).json(await quoteExchange(deps.db, { userId: getAuth(res).userId, body: req.body ?? {} }));
    }),
  );
  r.post(
    "/exchange",
    asyncHandler(async (req, res) => {
      const { key, body: rest } = idempotentRequest(req);
      const { exchange, created } = await executeExchange(deps.db, {
        userId: getAuth(res).userId,
        body: rest,
        idempotencyKey: key,
      });
      res.status(created ? 201 : 200).json(exchange);
    }),
  );
  r.get(
    "/exchange",
    asyncHandler(async (req, res) => {
      const q = exchangeListQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json(await listExchanges(deps.db, getAuth(res).userId, q.data));
    }),
  );
  r.get(
    "/exchange/:id",
    asyncHandler(async (req, res) => {
      res.json(await getExchange(deps.db, getAuth(res).userId, req.params.id));
    }),
  );
  return r;
}
