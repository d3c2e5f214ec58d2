/**
 * The back office's card moves (docs/ops.md "Cards"; docs/decisions.md "Cards"; role PAYMENTS):
 * the queue of cards by status (ORDERED first: the work) and the bank's moves on one card —
 * issue (the last four digits and expiry the processor issued), activate, cancel, void — each
 * with its audit entry (`card.<action>`) in the move's own transaction, then a notification to
 * the card's organization once it has committed.
 */
import { asc, desc, eq, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { accounts, cards, organizations } from "../../db/schema/index.js";
import type { CardStatus, OpsCard } from "../../api/v1/contract.js";
import { maskCardNumber } from "../../rules/card-mask.js";
import { BANK_CARD_ACTIONS, moveCardAsBank, type BankCardAction, type BankCardMove } from "../cards/index.js";
import { allowedCardActions } from "../cards/transitions.js";
import { notifyCardStatus } from "../chat/notify.js";
import { fieldError } from "../errors.js";
import { orgName } from "../fees/admin.js";
import { auditActor, recordStaffAction, type StaffActor } from "./audit.js";

/** The queue's statuses, the bank's work first. */
export const CARD_QUEUE_STATUSES: readonly CardStatus[] = ["ORDERED", "NEW", "ACTIVE", "FROZEN", "CANCELED", "VOID"];

/** Longest reason a cancel or void keeps. */
export const CARD_REASON_MAX = 500;

/** One card of the queue (contract OpsCard). */
export type StaffCardRow = OpsCard;

/** Card rows with their organization and account, as the queue shows them. */
async function cardRows(db: Database, where: SQL, order: SQL[], limit: number): Promise<StaffCardRow[]> {
  const rows = await db
    .select({ c: cards, o: organizations, a: { name: accounts.name, number: accounts.number } })
    .from(cards)
    .innerJoin(organizations, eq(organizations.id, cards.organizationId))
    .innerJoin(accounts, eq(accounts.id, cards.accountId))
    .where(where)
    .orderBy(...order)
    .limit(limit);
  return rows.map(({ c, o, a }) => ({
    id: c.id,
    cardName: c.cardName,
    cardNumber: c.lastFour ? maskCardNumber(c.lastFour) : null,
    expiresOn: c.expiresOn,
    status: c.status as CardStatus,
    paymentSystem: c.paymentSystem,
    currencyId: c.currencyId,
    deliveryMethod: c.deliveryMethod,
    replacesCardId: c.replacesCardId,
    organizationId: c.organizationId,
    organizationName: orgName(o),
    accountName: a.name,
    accountNumber: a.number,
    createdAt: c.createdAt.toISOString(),
    actions: allowedCardActions(c.status as CardStatus).filter((x): x is BankCardAction =>
      (BANK_CARD_ACTIONS as readonly string[]).includes(x),
    ),
  }));
}

/**
 * Cards in `status` (default ORDERED), 200 at most: ORDERED oldest first, the others most
 * recently changed first.
 * @returns StaffCardRow[]
 */
export function listCardQueue(db: Database, status: CardStatus = "ORDERED"): Promise<StaffCardRow[]> {
  const order = status === "ORDERED" ? asc(cards.createdAt) : desc(cards.updatedAt);
  return cardRows(db, eq(cards.status, status), [order, asc(cards.id)], 200);
}

/**
 * A bank move on a card by `actor` (a staff user's id in /ops, or the command line;
 * server/domain/cards `moveCardAsBank`), audited as
 * `card.<action>` with the status, masked number and expiry before and after (and the card a
 * replacement voided); cancel and void are final and need a reason (1..500 characters).
 * After the commit the organization is told (Notifications.card-<action>).
 * @param body issue: `{ lastFour, expiresOn }`; cancel / void: `{ reason }`; activate: `{}`
 * @returns the card's queue row after the move
 * @throws 404 NOT_FOUND, 409 CARD_STATUS_CONFLICT, 400 VALIDATION_FAILED (lastFour, expiresOn, reason)
 */
export async function moveCardAsStaff(
  db: Database,
  actor: StaffActor,
  cardId: string,
  action: BankCardAction,
  body: Record<string, unknown> = {},
): Promise<StaffCardRow> {
  let reason: string | null = null;
  if (action === "cancel" || action === "void") {
    reason = typeof body.reason === "string" ? body.reason.trim() : "";
    if (!reason) throw fieldError("reason", "isNotEmpty", "reason is required");
    if (reason.length > CARD_REASON_MAX)
      throw fieldError("reason", "maxLength", `reason must be at most ${CARD_REASON_MAX} characters`);
  }
  const details = action === "issue" ? { lastFour: body.lastFour, expiresOn: body.expiresOn } : {};
  const move: BankCardMove = await db.transaction(async (tx) => {
    const m = await moveCardAsBank(tx, cardId, action, details);
    await recordStaffAction(tx, {
      ...auditActor(actor),
      action: `card.${action}`,
      subjectType: "card",
      subjectId: cardId,
      reason,
      before: { ...m.before, lastFour: m.before.lastFour ? maskCardNumber(m.before.lastFour) : null },
      after: {
        status: m.card.status,
        lastFour: m.card.lastFour ? maskCardNumber(m.card.lastFour) : null,
        expiresOn: m.card.expiresOn,
        organizationId: m.card.organizationId,
        ...(m.voidedCardId ? { voidedCardId: m.voidedCardId } : {}),
      },
    });
    return m;
  });
  await notifyCardStatus(db, {
    organizationId: move.card.organizationId,
    cardName: move.card.cardName,
    lastFour: move.card.lastFour,
    status: move.card.status,
  });
  const [row] = await cardRows(db, eq(cards.id, cardId), [asc(cards.id)], 1);
  return row;
}
