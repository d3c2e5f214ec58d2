/**
 * Cards API (issue 12; spec 000 §3 Card, §4, §7 "card calls" and GET /v1/settings/cards; contract
 * Card, CardsSettings, OrderCardRequest). Authenticated; rules in server/domain/cards.
 *   GET  /cards?organizationId=&accountId= → { data: Card[] } | 400 | 404 (organization or account not the caller's)
 *   GET  /cards/:id → Card | 404
 *   POST /cards/order (Idempotency-Key header, or body.idempotencyKey) → 201 Card (ORDERED) | 200 replay |
 *     400 VALIDATION_FAILED | 403 (ordering disabled) | 404 | 409 IDEMPOTENCY_KEY_REUSED, CARD_STATUS_CONFLICT,
 *     CARD_LIMIT_REACHED
 *   POST /cards/:id/freeze, /cards/:id/unfreeze → Card | 404 | 409 CARD_STATUS_CONFLICT
 *   GET  /settings/cards?organizationId= → CardsSettings | 404 (not a member)
 * Mounted before the settings router, which answers the rest of /settings.
 */
import { Router } from "express";
import { z } from "zod";
import { cardsSettings, getCard, listCards, orderCard, setCardFrozen } from "../../domain/cards/index.js";
import { memberOrganizationIds, notFound } from "../../domain/organizations/access.js";
import { asyncHandler, fieldErrors, getAuth, idempotentRequest, requireAuth, type ApiDeps } from "./http.js";

/** Query of GET /cards: both filters optional (all the caller's cards without them). */
export const cardsListQuery = z.object({
  organizationId: z.string().uuid().optional(),
  accountId: z.string().uuid().optional(),
});

/** Query of GET /settings/cards: the organization whose setting applies (optional). */
export const cardsSettingsQuery = z.object({ organizationId: z.string().uuid().optional() });

export { orderCardSchema } from "../../domain/cards/index.js";

/** The cards router (routes above). */
export function createCardsRouter(deps: ApiDeps): Router {
  const r = Router();
  const auth = requireAuth(deps);
  r.use("/cards", auth);
  r.get(
    "/cards",
    asyncHandler(async (req, res) => {
      const q = cardsListQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json({ data: await listCards(deps.db, getAuth(res).userId, q.data) });
    }),
  );
  r.post(
    "/cards/order",
    asyncHandler(async (req, res) => {
      const { key, body } = idempotentRequest(req);
      const { card, created } = await orderCard(deps.db, { userId: getAuth(res).userId, body, idempotencyKey: key });
      res.status(created ? 201 : 200).json(card);
    }),
  );
  r.get(
    "/cards/:id",
    asyncHandler(async (req, res) => {
      res.json(await getCard(deps.db, getAuth(res).userId, req.params.id));
    }),
  );
  r.post(
    "/cards/:id/freeze",
    asyncHandler(async (req, res) => {
      res.json(await setCardFrozen(deps.db, { userId: getAuth(res).userId, cardId: req.params.id, frozen: true }));
    }),
  );
  r.post(
    "/cards/:id/unfreeze",
    asyncHandler(async (req, res) => {
      res.json(await setCardFrozen(deps.db, { userId: getAuth(res).userId, cardId: req.params.id, frozen: false }));
    }),
  );
  r.get(
    "/settings/cards",
    auth,
    asyncHandler(async (req, res) => {
      const q = cardsSettingsQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      const { organizationId } = q.data;
      if (organizationId && !(await memberOrganizationIds(deps.db, getAuth(res).userId)).includes(organizationId))
        throw notFound("Organization");
      res.json(await cardsSettings(deps.db, organizationId));
    }),
  );
  return r;
}
