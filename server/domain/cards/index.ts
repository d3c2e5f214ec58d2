/**
 * Payment cards (issue 12; spec 000 §1 "Order cards and view cards", §3 Card, §4 Card, §7
 * `/v1/settings/cards`; contract Card, CardsSettings, OrderCardRequest). Decisions where the spec
 * says nothing: docs/decisions.md "Cards (issue 12)".
 *
 * - Access: a card belongs to an organization; only the organization's APPROVED members see it or
 *   act on it. A card, account or organization outside the caller's organizations answers 404
 *   NOT_FOUND (existence does not leak).
 * - A card spends from one balance of its account (`accountId`, `currencyId`): its `balance` on
 *   the wire is that balance's amount. Cards hold no money of their own and move none.
 * - Never a full card number or CVV: the table has `lastFour` only; the wire has the masked
 *   `cardNumber` (`•••• 1234`, server/rules/card-mask.ts) and null while ORDERED.
 * - Ordering (`orderCard`) creates an ORDERED card without a number, as `/v1/settings/cards` allows
 *   (`cardsSettings`), idempotent per (organization, Idempotency-Key).
 * - Freeze/unfreeze (`setCardFrozen`): ACTIVE ↔ FROZEN only (transitions.ts); anything else 409
 *   CARD_STATUS_CONFLICT. The row is locked and the update guarded by the status it was read with.
 */
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Tx } from "../../db/client.js";
import { accounts, balances, cards, currencies } from "../../db/schema/index.js";
import type {
  Card,
  CardColor,
  CardDeliveryMethod,
  CardPaymentSystem,
  CardsSettings,
  CardStatus,
  CurrencyCode,
} from "../../api/v1/contract.js";
import { CARD_EXPIRY_PATTERN, LAST_FOUR_PATTERN, maskCardNumber } from "../../rules/card-mask.js";
import { isUuid } from "../ids.js";
import { DomainError, fieldError, fieldErrors } from "../errors.js";
import { withSerializableRetry } from "../ledger/index.js";
import { formatAmount } from "../ledger/money.js";
import { memberOrganizationIds, notFound } from "../organizations/access.js";
import { requestHash } from "../payments/idempotency.js";
import { getBooleanSetting, getOrganizationBooleanSetting } from "../settings/index.js";
import { canOrderReplacement, LIVE_CARD_STATUSES, nextCardStatus, type CardAction } from "./transitions.js";

type Db = Database | Tx;
type CardRow = typeof cards.$inferSelect;

/** Setting key: whether cards may be ordered (organization override, else bank-wide; default true). */
export const SETTING_CARDS_ORDERING_ENABLED = "CARDS-ORDERING-ENABLED";

/** Payment systems the bank issues (spec 000 §3 "VISA or Mastercard"). */
export const CARD_PAYMENT_SYSTEMS = ["VISA", "MASTERCARD"] as const satisfies readonly CardPaymentSystem[];
/** Colours a card can be ordered in. */
export const CARD_COLORS = ["BLUE", "BLACK", "SILVER"] as const satisfies readonly CardColor[];
/** Delivery: by post to the customer's address, or collected at a branch. */
export const CARD_DELIVERY_METHODS = ["POST", "BRANCH"] as const satisfies readonly CardDeliveryMethod[];
/** Fiat currencies a card may spend in (crypto balances have no card). */
export const CARD_CURRENCIES = ["GBP", "EUR", "USD"] as const satisfies readonly CurrencyCode[];
/** Cards per account that are not CANCELED or VOID, at most (lost cards are replaced, not piled up). */
export const MAX_CARDS_PER_ACCOUNT = 5;
/** Limits a new card starts with, in its currency (decimal strings, 2 decimals: fiat only). */
export const DEFAULT_CARD_LIMITS = { daily: "1000.00", monthly: "5000.00" } as const;
/** Longest card name. */
export const CARD_NAME_MAX = 40;

/** Short icon name of a payment system (spec 000 §3 "schemes visa, mc, up"). */
export function cardScheme(system: CardPaymentSystem): Card["scheme"] {
  return system === "VISA" ? "visa" : "mc";
}

// ------------------------------------------------------------------ settings

/**
 * GET /v1/settings/cards answer: what may be ordered (constants above; `orderingEnabled` from the
 * setting CARDS-ORDERING-ENABLED of the organization, else bank-wide, default true).
 * @param organizationId the organization (the caller has checked membership); absent: bank-wide
 */
export async function cardsSettings(db: Db, organizationId?: string): Promise<CardsSettings> {
  const orderingEnabled = organizationId
    ? await getOrganizationBooleanSetting(db, organizationId, SETTING_CARDS_ORDERING_ENABLED, true)
    : await getBooleanSetting(db, SETTING_CARDS_ORDERING_ENABLED, true);
  return {
    orderingEnabled,
    paymentSystems: [...CARD_PAYMENT_SYSTEMS],
    colors: [...CARD_COLORS],
    deliveryMethods: [...CARD_DELIVERY_METHODS],
    currencies: [...CARD_CURRENCIES],
    prepaidAvailable: true,
    maxCardsPerAccount: MAX_CARDS_PER_ACCOUNT,
    defaultLimits: { ...DEFAULT_CARD_LIMITS },
  };
}

// ------------------------------------------------------------------ wire

/** Cards joined with their account number, currency and the balance they spend from. */
function joined(db: Db) {
  return db
    .select({
      card: cards,
      accountNumber: accounts.number,
      currencyName: currencies.name,
      scale: currencies.scale,
      balance: balances.amount,
    })
    .from(cards)
    .innerJoin(accounts, eq(accounts.id, cards.accountId))
    .innerJoin(currencies, eq(currencies.id, cards.currencyId))
    .leftJoin(balances, and(eq(balances.accountId, cards.accountId), eq(balances.currencyId, cards.currencyId)));
}
type JoinedRow = Awaited<ReturnType<ReturnType<typeof joined>["where"]>>[number];

/** A joined row → contract Card (masked number only; amounts at the currency's scale). */
function toWire(r: JoinedRow): Card {
  const c = r.card;
  const system = c.paymentSystem as CardPaymentSystem;
  return {
    id: c.id,
    path: `/cards/${c.id}`,
    organizationId: c.organizationId,
    accountId: c.accountId,
    accountNumber: r.accountNumber,
    cardName: c.cardName,
    cardNumber: c.status === "ORDERED" ? null : maskCardNumber(c.lastFour),
    lastFour: c.status === "ORDERED" ? null : c.lastFour,
    status: c.status as CardStatus,
    paymentSystem: system,
    scheme: cardScheme(system),
    color: c.color as CardColor,
    prepaid: c.prepaid,
    currencyId: c.currencyId as CurrencyCode,
    currencyName: r.currencyName,
    balance: formatAmount(r.balance ?? "0", r.scale),
    limits: { daily: formatAmount(c.dailyLimit, r.scale), monthly: formatAmount(c.monthlyLimit, r.scale) },
    expiresOn: c.expiresOn,
    deliveryMethod: c.deliveryMethod as CardDeliveryMethod | null,
    replacesCardId: c.replacesCardId,
    createdAt: c.createdAt.toISOString(),
  };
}

async function cardToWire(db: Db, id: string): Promise<Card> {
  const [row] = await joined(db).where(eq(cards.id, id));
  return toWire(row);
}

// ------------------------------------------------------------------ read

/**
 * GET /v1/cards: the caller's cards, oldest first per account (accounts oldest first).
 * @param filter.organizationId only this organization's (404 NOT_FOUND when not the caller's)
 * @param filter.accountId only this account's (404 NOT_FOUND when not in the caller's organizations,
 *   or not in `organizationId` when both are given)
 * @returns contract Card[] (every status, CANCELED and VOID included: the page shows them greyed)
 */
export async function listCards(
  db: Database,
  userId: string,
  filter: { organizationId?: string; accountId?: string } = {},
): Promise<Card[]> {
  let orgIds = await memberOrganizationIds(db, userId);
  if (filter.organizationId) {
    if (!orgIds.includes(filter.organizationId)) throw notFound("Organization");
    orgIds = [filter.organizationId];
  }
  if (!orgIds.length) return [];
  const where = [inArray(cards.organizationId, orgIds)];
  if (filter.accountId) {
    const [account] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.id, filter.accountId), inArray(accounts.organizationId, orgIds)));
    if (!account) throw notFound("Account");
    where.push(eq(cards.accountId, filter.accountId));
  }
  const rows = await joined(db)
    .where(and(...where))
    .orderBy(asc(accounts.createdAt), asc(cards.createdAt), asc(cards.id));
  return rows.map(toWire);
}

/**
 * Account.cards (spec 000 §3; docs/decisions.md "Cards on an account"): the live cards
 * (LIVE_CARD_STATUSES: not CANCELED or VOID) of `accountIds`, in one query, as GET /v1/cards
 * answers them (contract Card), oldest first per account.
 * @param accountIds accounts the caller may see (the caller has checked them)
 * @param organizationIds the caller's organizations: only their cards, the cards endpoints' rule,
 *   whatever account a card names
 * @returns account id → its cards; an account without live cards is absent
 */
export async function liveCardsByAccount(
  db: Db,
  accountIds: readonly string[],
  organizationIds: readonly string[],
): Promise<Map<string, Card[]>> {
  const byAccount = new Map<string, Card[]>();
  if (!accountIds.length || !organizationIds.length) return byAccount;
  const rows = await joined(db)
    .where(
      and(
        inArray(cards.accountId, [...accountIds]),
        inArray(cards.organizationId, [...organizationIds]),
        inArray(cards.status, [...LIVE_CARD_STATUSES]),
      ),
    )
    .orderBy(asc(cards.createdAt), asc(cards.id));
  for (const row of rows) {
    const card = toWire(row);
    const list = byAccount.get(card.accountId);
    if (list) list.push(card);
    else byAccount.set(card.accountId, [card]);
  }
  return byAccount;
}

/** The caller's card row (any status) in the caller's organizations, or 404; `lock` locks it FOR UPDATE. */
async function findOwnCard(db: Db, userId: string, cardId: string, lock = false): Promise<CardRow> {
  if (!isUuid(cardId)) throw notFound("Card");
  const orgIds = await memberOrganizationIds(db, userId);
  if (!orgIds.length) throw notFound("Card");
  const q = db
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), inArray(cards.organizationId, orgIds)));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound("Card");
  return row;
}

/** GET /v1/cards/:id: one of the caller's cards (contract Card), else 404 NOT_FOUND. */
export async function getCard(db: Database, userId: string, cardId: string): Promise<Card> {
  const row = await findOwnCard(db, userId, cardId);
  return cardToWire(db, row.id);
}

// ------------------------------------------------------------------ freeze / unfreeze

/** 409 CARD_STATUS_CONFLICT naming what was refused (the web maps the code to a translated text). */
export function cardStatusConflict(action: CardAction | "replace", status: string): DomainError {
  const what: Record<string, string> = {
    freeze: "Only an active card can be frozen",
    unfreeze: "Only a frozen card can be unfrozen",
    replace: "A card that is still ordered cannot be replaced",
  };
  return new DomainError("CARD_STATUS_CONFLICT", `${what[action] ?? `Cannot ${action} this card`} (status ${status})`);
}

/**
 * POST /v1/cards/:id/freeze (frozen=true) and /unfreeze (frozen=false): the customer's own move
 * ACTIVE → FROZEN or FROZEN → ACTIVE, once (row locked; UPDATE guarded by the status read).
 * @returns the card after the move (contract Card)
 * @throws 404 NOT_FOUND (not the caller's card), 409 CARD_STATUS_CONFLICT (any other status,
 *   including freezing a card already FROZEN: a repeated click says so rather than pretending)
 */
export async function setCardFrozen(db: Database, input: { userId: string; cardId: string; frozen: boolean }): Promise<Card> {
  const action: CardAction = input.frozen ? "freeze" : "unfreeze";
  return withSerializableRetry(db, async (tx) => {
    const row = await findOwnCard(tx, input.userId, input.cardId, true);
    const to = nextCardStatus(row.status as CardStatus, action);
    if (!to) throw cardStatusConflict(action, row.status);
    const updated = await tx
      .update(cards)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(cards.id, row.id), eq(cards.status, row.status)))
      .returning({ id: cards.id });
    if (!updated.length) throw cardStatusConflict(action, row.status);
    return cardToWire(tx, row.id);
  });
}

// ------------------------------------------------------------------ order

/** POST /v1/cards/order body (contract OrderCardRequest), checked before the database is asked. */
export const orderCardSchema = z
  .object({
    organizationId: z.string().uuid(),
    accountId: z.string().uuid(),
    currencyId: z.enum(CARD_CURRENCIES),
    paymentSystem: z.enum(CARD_PAYMENT_SYSTEMS),
    color: z.enum(CARD_COLORS),
    prepaid: z.boolean().optional(),
    deliveryMethod: z.enum(CARD_DELIVERY_METHODS),
    cardName: z.string().trim().max(CARD_NAME_MAX).optional(),
    cardId: z.string().uuid().optional(),
  })
  .strict();
export type OrderCardInput = z.infer<typeof orderCardSchema>;

/** The card ordered under `key` in the organization, or null; 409 IDEMPOTENCY_KEY_REUSED for another body. */
async function findByKey(db: Db, organizationId: string, key: string, hash: string): Promise<CardRow | null> {
  const [existing] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.organizationId, organizationId), eq(cards.idempotencyKey, key)))
    .limit(1);
  if (!existing) return null;
  if (existing.requestHash !== hash)
    throw new DomainError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request body");
  return existing;
}

/** Default card name: "Visa card" / "Mastercard card" becomes "Visa card" / "Mastercard". */
function defaultCardName(system: CardPaymentSystem): string {
  return system === "VISA" ? "Visa card" : "Mastercard";
}

/**
 * POST /v1/cards/order: order a card (or, with `cardId`, a replacement for that card) on one of
 * the caller's accounts. Creates an ORDERED card with no number and the default limits; the old
 * card of a replacement is left as it is (the bank voids it when the new one is issued).
 * Idempotent: the same key and body answer the same card (created=false), another body 409.
 * @param input.body raw body (contract OrderCardRequest); input.idempotencyKey 1..128 characters
 * @returns `{ card, created }`
 * @throws 400 VALIDATION_FAILED (fields: the enums, cardName ≤ 40, accountId isOwnAccount when the
 *   account is in another of the caller's organizations, currencyId hasBalance, cardId
 *   isSameAccount), 403 FORBIDDEN (ordering disabled for the organization), 404 NOT_FOUND
 *   (organization, account or card not the caller's), 409 IDEMPOTENCY_KEY_REUSED,
 *   CARD_STATUS_CONFLICT (replacing an ORDERED card), CARD_LIMIT_REACHED (MAX_CARDS_PER_ACCOUNT)
 */
export async function orderCard(
  db: Database,
  input: { userId: string; body: unknown; idempotencyKey: string },
): Promise<{ card: Card; created: boolean }> {
  const parsed = orderCardSchema.safeParse(input.body);
  if (!parsed.success) throw fieldErrors(parsed.error);
  const body = parsed.data;
  const orgIds = await memberOrganizationIds(db, input.userId);
  if (!orgIds.includes(body.organizationId)) throw notFound("Organization");
  const settings = await cardsSettings(db, body.organizationId);
  if (!settings.orderingEnabled) throw new DomainError("FORBIDDEN", "Ordering cards is not available for this organization");
  const cardName = body.cardName || defaultCardName(body.paymentSystem);
  const prepaid = body.prepaid ?? false;
  const hash = requestHash({ ...body, cardName, prepaid });
  const replay = await findByKey(db, body.organizationId, input.idempotencyKey, hash);
  if (replay) return { card: await cardToWire(db, replay.id), created: false };

  return withSerializableRetry(db, async (tx) => {
    // Orders on one account wait for each other: one card per key, and the per-account cap holds.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`card-order:${body.accountId}`}, 0))`);
    const twin = await findByKey(tx, body.organizationId, input.idempotencyKey, hash);
    if (twin) return { card: await cardToWire(tx, twin.id), created: false };
    const [account] = await tx
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, body.accountId), inArray(accounts.organizationId, orgIds), eq(accounts.system, false)));
    if (!account) throw notFound("Account");
    if (account.organizationId !== body.organizationId)
      throw fieldError("accountId", "isOwnAccount", "accountId does not belong to this organization");
    const [balance] = await tx
      .select({ id: balances.id })
      .from(balances)
      .where(and(eq(balances.accountId, account.id), eq(balances.currencyId, body.currencyId)));
    if (!balance) throw fieldError("currencyId", "hasBalance", `The account has no ${body.currencyId} balance`);
    if (body.cardId) {
      const old = await findOwnCard(tx, input.userId, body.cardId);
      if (old.accountId !== account.id) throw fieldError("cardId", "isSameAccount", "cardId is a card of another account");
      if (!canOrderReplacement(old.status as CardStatus)) throw cardStatusConflict("replace", old.status);
    }
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(cards)
      .where(and(eq(cards.accountId, account.id), notInArray(cards.status, ["CANCELED", "VOID"])));
    if (Number(n) >= MAX_CARDS_PER_ACCOUNT)
      throw new DomainError("CARD_LIMIT_REACHED", `An account can have at most ${MAX_CARDS_PER_ACCOUNT} cards`);
    const now = new Date();
    const [inserted] = await tx
      .insert(cards)
      .values({
        organizationId: body.organizationId,
        accountId: account.id,
        currencyId: body.currencyId,
        holderUserId: input.userId,
        cardName,
        lastFour: null,
        paymentSystem: body.paymentSystem,
        color: body.color,
        prepaid,
        status: "ORDERED",
        dailyLimit: settings.defaultLimits.daily,
        monthlyLimit: settings.defaultLimits.monthly,
        deliveryMethod: body.deliveryMethod,
        replacesCardId: body.cardId ?? null,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        orderedByUserId: input.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: cards.id });
    return { card: await cardToWire(tx, inserted.id), created: true };
  });
}

// ------------------------------------------------------------------ the bank's moves

/** The bank's moves on a card (transitions.ts): the customer's own are freeze and unfreeze. */
export const BANK_CARD_ACTIONS = ["issue", "activate", "cancel", "void"] as const satisfies readonly CardAction[];
export type BankCardAction = (typeof BANK_CARD_ACTIONS)[number];

/** What issuing records: the last four digits of the PAN the processor issued and its expiry. */
export const issueCardSchema = z
  .object({
    lastFour: z.string().regex(LAST_FOUR_PATTERN, "lastFour must be the card number's last four digits"),
    expiresOn: z.string().regex(CARD_EXPIRY_PATTERN, "expiresOn must be MM/YY"),
  })
  .strict();

/** True when `mmYy` ("MM/YY") is the month of `now` (UTC) or later. */
export function isCurrentOrFutureExpiry(mmYy: string, now: Date): boolean {
  const [mm, yy] = mmYy.split("/").map(Number);
  const months = (2000 + yy) * 12 + (mm - 1);
  return months >= now.getUTCFullYear() * 12 + now.getUTCMonth();
}

/** A card as the bank's move saw it: status and number before and after (for the audit entry). */
export interface BankCardMove {
  card: CardRow;
  before: { status: string; lastFour: string | null; expiresOn: string | null };
  /** The card this one replaces, when issuing it voided that card. */
  voidedCardId: string | null;
}

/**
 * A bank-side move on a card (docs/decisions.md "Cards"; transitions.ts): issue (ORDERED → NEW,
 * recording the last four digits and expiry the processor issued; issuing a replacement voids
 * the card it replaces when that card can still be voided), activate (NEW → ACTIVE), cancel (→
 * CANCELED) and void (→ VOID). Runs in the caller's transaction; the card row is locked and the
 * update guarded by the status read, so two simultaneous moves give one success and one 409.
 * @param details for issue: `{ lastFour, expiresOn }` (issueCardSchema); ignored otherwise
 * @throws 404 NOT_FOUND (no such card), 409 CARD_STATUS_CONFLICT (the move is not allowed from
 *   the card's status), 400 VALIDATION_FAILED (lastFour, expiresOn: format, or an expiry passed)
 */
export async function moveCardAsBank(
  tx: Tx,
  cardId: string,
  action: BankCardAction,
  details: unknown = {},
  now: Date = new Date(),
): Promise<BankCardMove> {
  if (!isUuid(cardId)) throw notFound("Card");
  let issued: z.infer<typeof issueCardSchema> | null = null;
  if (action === "issue") {
    const parsed = issueCardSchema.safeParse(details);
    if (!parsed.success) throw fieldErrors(parsed.error);
    if (!isCurrentOrFutureExpiry(parsed.data.expiresOn, now))
      throw fieldError("expiresOn", "isFutureExpiry", "expiresOn must not be in the past");
    issued = parsed.data;
  }
  const [row] = await tx.select().from(cards).where(eq(cards.id, cardId)).for("update");
  if (!row) throw notFound("Card");
  const to = nextCardStatus(row.status as CardStatus, action);
  if (!to) throw cardStatusConflict(action, row.status);
  const [card] = await tx
    .update(cards)
    .set({ status: to, ...(issued ?? {}), updatedAt: now })
    .where(and(eq(cards.id, row.id), eq(cards.status, row.status)))
    .returning();
  if (!card) throw cardStatusConflict(action, row.status);
  let voidedCardId: string | null = null;
  if (action === "issue" && row.replacesCardId) {
    // The card this one replaces stops working once the new one exists (decided with ordering).
    const [old] = await tx.select().from(cards).where(eq(cards.id, row.replacesCardId)).for("update");
    const oldTo = old ? nextCardStatus(old.status as CardStatus, "void") : null;
    if (old && oldTo) {
      await tx.update(cards).set({ status: oldTo, updatedAt: now }).where(eq(cards.id, old.id));
      voidedCardId = old.id;
    }
  }
  return { card, before: { status: row.status, lastFour: row.lastFour, expiresOn: row.expiresOn }, voidedCardId };
}
