/**
 * The bank's own ledger accounts (schema: `accounts.system = true`, no organization).
 *
 * - EXTERNAL_CLEARING: the counterparty of money arriving from / leaving to other banks
 *   outside a specific rail (seed history, salary, card settlements).
 * - SEPA_CLEARING (EUR), FPS_CLEARING (GBP: Faster Payments and BACS), FEDWIRE_CLEARING (USD),
 *   SWIFT_CLEARING (any), CASP_CLEARING (crypto assets), CASH_CLEARING (PSP partners paying cash
 *   over the counter): where outgoing payments on external rails are credited until settled
 *   with the scheme or partner. Which rail credits which is the rail's own knowledge
 *   (server/domain/payments/rails/*: `Rail.resolve`).
 * - REMITTANCE_CLEARING (any fiat): the sums of signed remittance orders the bank holds while it
 *   processes them (server/domain/remittance); ACCEPTED moves a sum on to CASH_CLEARING (the
 *   payout partner), REJECTED gives it back to the customer.
 * - FEE_INCOME (any): the bank's fee income, credited by TRANSACTION_FEE movements.
 * - FX_POSITION (any): the bank's open currency position from customer exchanges
 *   (server/domain/exchange): credited with the currency a customer sells, debited with the one
 *   they buy, so each exchange balances per currency.
 * - FX_PENDING (any): the sums (and fees) of signed FX rate requests the bank holds until it
 *   accepts or rejects them (server/domain/exchange/fx-requests.ts); ACCEPTED moves the sum on to
 *   FX_POSITION and the fee to FEE_INCOME, REJECTED gives both back to the customer.
 * - EXTERNAL_SETTLEMENT (any): what external payments paid out to schemes and partners. Staff
 *   settle a payment (server/domain/payments/settlement.ts) by moving its sum from the rail's
 *   clearing balance here; a refund after settlement comes back from here to the payer.
 * - INCOMING_CLEARING (any): the counterparty of incoming payments from other banks that staff
 *   post to a customer balance (ADDED items); reconciled against the schemes' statements.
 * System balances have no floor and may go negative.
 */
import { and, eq } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import { accounts, balances } from "../../db/schema/index.js";

export type SystemCode =
  | "EXTERNAL_CLEARING"
  | "SEPA_CLEARING"
  | "FPS_CLEARING"
  | "FEDWIRE_CLEARING"
  | "SWIFT_CLEARING"
  | "CASP_CLEARING"
  | "CASH_CLEARING"
  | "FEE_INCOME"
  | "REMITTANCE_CLEARING"
  | "FX_POSITION"
  | "FX_PENDING"
  | "EXTERNAL_SETTLEMENT"
  | "INCOMING_CLEARING";

const NAMES: Record<SystemCode, string> = {
  EXTERNAL_CLEARING: "External clearing",
  SEPA_CLEARING: "SEPA clearing",
  FPS_CLEARING: "Faster Payments and BACS clearing",
  FEDWIRE_CLEARING: "Fedwire clearing",
  SWIFT_CLEARING: "SWIFT clearing",
  CASP_CLEARING: "Crypto-asset (CASP) clearing",
  CASH_CLEARING: "Cash over the counter (PSP partners)",
  FEE_INCOME: "Fee income",
  REMITTANCE_CLEARING: "Remittance orders held in processing",
  FX_POSITION: "Currency exchange position",
  FX_PENDING: "FX rate requests held until decided",
  EXTERNAL_SETTLEMENT: "External payments settled with schemes and partners",
  INCOMING_CLEARING: "Incoming payments from other banks",
};

/** Currencies a system account is created with by the seed (others are added on first use). */
const SEEDED_CURRENCIES: Partial<Record<SystemCode, string[]>> = {
  SEPA_CLEARING: ["EUR"],
  FPS_CLEARING: ["GBP"],
  FEDWIRE_CLEARING: ["USD"],
};

/**
 * The balance id of system account `code` in `currencyId`, creating the account and/or the
 * balance when missing (idempotent and race-safe through the unique indexes).
 */
export async function systemBalanceId(db: Database | Tx, code: SystemCode, currencyId: string): Promise<string> {
  const number = `SYS-${code}`;
  await db
    .insert(accounts)
    .values({ system: true, systemCode: code, name: NAMES[code], number })
    .onConflictDoNothing({ target: accounts.number });
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.number, number)).limit(1);
  await db
    .insert(balances)
    .values({ accountId: account.id, currencyId })
    .onConflictDoNothing({ target: [balances.accountId, balances.currencyId] });
  const [balance] = await db
    .select({ id: balances.id })
    .from(balances)
    .where(and(eq(balances.accountId, account.id), eq(balances.currencyId, currencyId)))
    .limit(1);
  return balance.id;
}

/** Create every system account with a balance in each of `currencyIds` (seed). */
export async function ensureSystemAccounts(db: Database | Tx, currencyIds: string[]): Promise<void> {
  for (const code of Object.keys(NAMES) as SystemCode[]) {
    for (const c of SEEDED_CURRENCIES[code] ?? currencyIds) {
      await systemBalanceId(db, code, c);
    }
  }
}
