/**
 * The idempotency key of the card order form (/cards/order-card), kept in the session like payment
 * forms' `paymentFormKey`, remittance orders' and FX rate requests' `fxRequestFormKey`
 * (docs/decisions.md "Card order form: back-and-resubmit"): a new key per page load let a
 * customer who ordered a card, went Back (the page reloads: no-store) and submitted again order a
 * second card. A card order has no signature, so the key is released when:
 * - the card it ordered is no longer ORDERED (the bank issued or canceled it) or cannot be read;
 * - the customer asks for a new order with the form's "Order another card" link (`?after=<cardId>`);
 * - the organization is another one than the key's (the API scopes keys per organization);
 * - the session ends (a new login starts without one).
 * While it is kept, the same details sent again answer the card ordered (the API replays: same
 * key and body → the same card, 200) and other details are refused (409 IDEMPOTENCY_KEY_REUSED).
 */
import type { Card } from "../../server/api/v1/contract";
import type { Api } from "~/lib/api.server";
import { keptFormKey, madeWithKey, readOrNull, rememberFormKey } from "~/lib/form-key.server";

/** The card the form's key ordered, as the form names it. */
export interface OrderedCard {
  id: string;
  cardName: string;
}

/** The card `cardId` if the caller may read it, else null (a lost session still throws its redirect). */
function readCard(api: Api, cardId: string): Promise<Card | null> {
  return readOrNull(api.get<Card>(`/cards/${encodeURIComponent(cardId)}`));
}

/**
 * The card order form's idempotency key for the organization `organizationId`: the session's while
 * the card it ordered is still ORDERED in that organization, else a new one (lib/form-key.server.ts
 * `keptFormKey`).
 * @param releaseAfter the form's `?after=`: the card whose key the customer releases to order another
 * @returns the key, and the card still ORDERED under it (null when none: a fresh key or not used yet)
 */
export async function cardOrderFormKey(
  api: Api,
  organizationId: string,
  releaseAfter: string | null = null,
): Promise<{ key: string; orderedCard: OrderedCard | null }> {
  const { key, open } = await keptFormKey(api, "cardOrderKey", organizationId, releaseAfter, async (id) => {
    const card = await readCard(api, id);
    return card?.status === "ORDERED" && card.organizationId === organizationId ? { id: card.id, cardName: card.cardName } : null;
  });
  return { key, orderedCard: open };
}

/** Remember which card the form's key `key` ordered in `organizationId` (see `cardOrderFormKey`). */
export function rememberCardOrderKey(api: Api, organizationId: string, key: string, cardId: string): void {
  rememberFormKey(api, "cardOrderKey", organizationId, key, cardId);
}

/**
 * The card the session says `key` ordered (for the answer to a 409 IDEMPOTENCY_KEY_REUSED: "you
 * ordered this card with this form"), or null when the session does not know the key or the card
 * cannot be read.
 */
export async function cardOrderedWithKey(api: Api, key: string): Promise<OrderedCard | null> {
  const cardId = madeWithKey(api, "cardOrderKey", key);
  const card = cardId ? await readCard(api, cardId) : null;
  return card ? { id: card.id, cardName: card.cardName } : null;
}
