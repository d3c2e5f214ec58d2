/**
 * Customer accounts with their balances and live cards (contract Account, Balance; spec 000 §3,
 * §7 Accounts). Access: organizationId must be one of the caller's (403); an account id outside
 * the caller's organizations is 404; an account's cards are those of the caller's organizations
 * (server/domain/cards `liveCardsByAccount`, the cards endpoints' rule).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { accounts, balances } from "../../db/schema/index.js";
import type { Account, Balance, BalanceAccountType, Currency } from "../../api/v1/contract.js";
import { liveCardsByAccount } from "../cards/index.js";
import { isUuid } from "../ids.js";
import { availableFunds } from "../ledger/index.js";
import { formatAmount } from "../ledger/money.js";
import { getBooleanSetting, listCurrencies, SETTING_OVERDRAFT_ENABLED } from "../settings/index.js";
import { memberOrganizationIds, notFound, requireMembership } from "../organizations/access.js";

type AccountRow = typeof accounts.$inferSelect;
type BalanceRow = typeof balances.$inferSelect;

/**
 * Account rows → contract Account[]: their balances and their live cards, each read for all rows
 * at once (one query each, whatever the number of accounts).
 * @param orgIds the caller's organizations: only their cards are listed
 */
async function toWire(db: Database, rows: AccountRow[], orgIds: string[]): Promise<Account[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [currencyList, overdraftGlobal, cardsByAccount, balanceRows] = await Promise.all([
    listCurrencies(db),
    getBooleanSetting(db, SETTING_OVERDRAFT_ENABLED, false),
    liveCardsByAccount(db, ids, orgIds),
    db.select().from(balances).where(inArray(balances.accountId, ids)).orderBy(asc(balances.createdAt), asc(balances.currencyId)),
  ]);
  const currencyById = new Map(currencyList.map((c) => [c.id as string, c]));
  return rows.map((a) => ({
    id: a.id,
    organizationId: a.organizationId!,
    name: a.name,
    number: a.number,
    fullNumber: a.iban ?? a.number,
    path: `/accounts/${a.id}`,
    iban: a.iban,
    bic: a.bic,
    sortCode: a.sortCode,
    overdraftEnabled: a.overdraftEnabled,
    createdAt: a.createdAt.toISOString(),
    balances: balanceRows
      .filter((b) => b.accountId === a.id)
      .map((b) => balanceToWire(b, a, currencyById.get(b.currencyId)!, overdraftGlobal)),
    cards: cardsByAccount.get(a.id) ?? [],
  }));
}

/**
 * Balance.accountType (spec 000 §3; docs/decisions.md "Balance fields"): CRYPTO for a crypto-asset
 * currency, CURRENT for a fiat one.
 */
export function balanceAccountType(currency: Pick<Currency, "crypto">): BalanceAccountType {
  return currency.crypto ? "CRYPTO" : "CURRENT";
}

/** One balance row → contract Balance (amounts scaled to the currency). */
export function balanceToWire(b: BalanceRow, a: AccountRow, currency: Currency, overdraftGlobal: boolean): Balance {
  return {
    id: b.id,
    accountId: b.accountId,
    currencyId: currency.id,
    currency,
    accountType: balanceAccountType(currency),
    amount: formatAmount(b.amount, currency.scale),
    available: formatAmount(availableFunds(b, a, overdraftGlobal), currency.scale),
    overdraftEnabled: overdraftGlobal && a.overdraftEnabled && b.overdraftEnabled,
    overdraftValue: formatAmount(b.overdraftValue, currency.scale),
  };
}

/**
 * Accounts of `organizationId` (403 if the caller is not a member) or, when absent, of all
 * the caller's organizations; oldest first.
 */
export async function listAccounts(db: Database, userId: string, organizationId?: string): Promise<Account[]> {
  const orgIds = organizationId
    ? [(await requireMembership(db, userId, organizationId)).organizationId]
    : await memberOrganizationIds(db, userId);
  if (!orgIds.length) return [];
  const rows = await db
    .select()
    .from(accounts)
    .where(and(inArray(accounts.organizationId, orgIds), eq(accounts.system, false)))
    .orderBy(asc(accounts.createdAt), asc(accounts.number));
  return toWire(db, rows, orgIds);
}

/** One account of the caller's organizations, or 404 NOT_FOUND. */
export async function getAccount(db: Database, userId: string, accountId: string): Promise<Account> {
  const orgIds = await memberOrganizationIds(db, userId);
  if (!isUuid(accountId) || !orgIds.length) throw notFound("Account");
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), inArray(accounts.organizationId, orgIds), eq(accounts.system, false)))
    .limit(1);
  if (!row) throw notFound("Account");
  return (await toWire(db, [row], orgIds))[0];
}

/** True for a canonical UUID string (server/domain/ids.ts; kept here for its many importers). */
export { isUuid } from "../ids.js";
