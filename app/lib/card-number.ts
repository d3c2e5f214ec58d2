/**
 * What a card shows where its masked number goes (spec 000 §4 Card: "a card with status Ordered
 * shows the text 'card ordered' in place of the masked number (last 4 digits otherwise)").
 * Shared by the card page's face and details (components/ui/CardView) and the sidebar's card
 * links (components/layout/AppShell CardLinks); each caller names the texts in its namespace.
 */
import type { CardStatus } from "../../server/api/v1/contract";

/** The masked number itself, the 'card ordered' text, or a neutral "no card number" placeholder. */
export type CardNumberShown = { kind: "number"; number: string } | { kind: "ordered" } | { kind: "none" };

/**
 * @param card its masked number (null until the bank issues it) and status
 * @returns `ordered` for status ORDERED (whatever the number); else the masked number when there
 *   is one; else `none` — a card canceled or voided before it was numbered is not "ordered"
 *   (docs/decisions.md, Cards).
 */
export function cardNumberShown(card: { cardNumber: string | null; status: CardStatus }): CardNumberShown {
  if (card.status === "ORDERED") return { kind: "ordered" };
  return card.cardNumber ? { kind: "number", number: card.cardNumber } : { kind: "none" };
}

/** The statuses in which a card cannot pay (spec 000 §3 Card statuses; docs/decisions.md "Cards out of use named in the sidebar"). */
export type CardOutOfUse = "FROZEN" | "CANCELED" | "VOID";

/**
 * @param status the card's status
 * @returns true when the card cannot pay (FROZEN, CANCELED, VOID): card lists name the status
 *   beside it (`accounts.card-status.*`, common namespace); ACTIVE, NEW and ORDERED are in use
 */
export function cardOutOfUse(status: CardStatus): status is CardOutOfUse {
  return status === "FROZEN" || status === "CANCELED" || status === "VOID";
}
