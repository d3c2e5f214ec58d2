/**
 * Card states and the moves between them (spec 000 §3 "Statuses: Active, New, Canceled, Ordered,
 * Frozen, Void", §4 Card). Pure: no database, no clock. The spec names the states but not the
 * moves; the rules below are the bank's decision (docs/decisions.md "Cards (issue 12)").
 *
 *   ORDERED ──issue──► NEW ──activate──► ACTIVE ◄──unfreeze── FROZEN
 *      │                │                  │ └────freeze──────►  │
 *      └─cancel─► CANCELED ◄──cancel───────┴──────────cancel─────┘
 *   NEW / ACTIVE / FROZEN ──void──► VOID   (replaced, expired or compromised; the number is dead)
 *
 * - ORDERED: ordered, no number yet (shows 'card ordered'). The processor issues it → NEW.
 * - NEW: issued (last four digits known), not yet activated by the customer.
 * - ACTIVE: usable. FROZEN: temporarily blocked by the customer; only ACTIVE ↔ FROZEN is the
 *   customer's own move (POST /v1/cards/:id/freeze, /unfreeze).
 * - CANCELED and VOID are final.
 */

/** Every card status, as the API spells it. */
export const CARD_STATUSES = ["ACTIVE", "NEW", "CANCELED", "ORDERED", "FROZEN", "VOID"] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/** What can happen to a card. freeze/unfreeze are the customer's; the others the bank's. */
export type CardAction = "issue" | "activate" | "freeze" | "unfreeze" | "cancel" | "void";

/** From-status → action → to-status. A missing entry is a refused move. */
const MOVES: Readonly<Record<CardStatus, Partial<Record<CardAction, CardStatus>>>> = {
  ORDERED: { issue: "NEW", cancel: "CANCELED" },
  NEW: { activate: "ACTIVE", cancel: "CANCELED", void: "VOID" },
  ACTIVE: { freeze: "FROZEN", cancel: "CANCELED", void: "VOID" },
  FROZEN: { unfreeze: "ACTIVE", cancel: "CANCELED", void: "VOID" },
  CANCELED: {},
  VOID: {},
};

/**
 * The status a card moves to.
 * @param from the card's current status
 * @param action what is asked
 * @returns the new status, or null when the move is not allowed from `from`
 */
export function nextCardStatus(from: CardStatus, action: CardAction): CardStatus | null {
  return MOVES[from]?.[action] ?? null;
}

/** The actions allowed from `status` (in a stable order), e.g. to decide which buttons a page shows. */
export function allowedCardActions(status: CardStatus): CardAction[] {
  return Object.keys(MOVES[status] ?? {}) as CardAction[];
}

/** True for a status no move leaves (CANCELED, VOID). */
export function isFinalCardStatus(status: CardStatus): boolean {
  return allowedCardActions(status).length === 0;
}

/**
 * Statuses of a live card: every status a move can still leave (ORDERED, NEW, ACTIVE, FROZEN), not
 * the final CANCELED and VOID. Account.cards lists these (docs/decisions.md "Cards on an account").
 */
export const LIVE_CARD_STATUSES: readonly CardStatus[] = CARD_STATUSES.filter((s) => !isFinalCardStatus(s));

/**
 * Whether a replacement may be ordered for a card in `status` (GET /cards/order-card?cardId=):
 * any card that has a number (NEW, ACTIVE, FROZEN, CANCELED, VOID); not one still ORDERED
 * (nothing to replace yet).
 */
export function canOrderReplacement(status: CardStatus): boolean {
  return status !== "ORDERED";
}

/** True for a string that is one of CARD_STATUSES. */
export function isCardStatus(value: unknown): value is CardStatus {
  return typeof value === "string" && (CARD_STATUSES as readonly string[]).includes(value);
}
