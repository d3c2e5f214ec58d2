/**
 * Monthly service fees (issue 9 "Fees"; spec 001 §3 Fee; spec 000 §3 operation type SERVICE_FEE,
 * shown as 'Regular fee').
 *
 * A service fee is a `fees` row of kind SERVICE (a FIXED amount in `feeCurrencyId`), found like
 * any fee: the organization's custom fees first, else its tariff, else the default tariff
 * (`findFee`). `chargeServiceFees(db, { month })` charges every organization that has an account,
 * once per month and fee:
 * - a `service_fee_charges` row is inserted first, under its unique key (organization, month,
 *   fee) with ON CONFLICT DO NOTHING: a second run, or a second process running at the same
 *   time (it waits on the first's uncommitted row, then finds it), charges nothing again;
 * - in the same database transaction the fee is posted: the organization's first account's
 *   balance in the fee currency is debited, FEE_INCOME credited, both postings operation type
 *   SERVICE_FEE (ledger kind SERVICE_FEE);
 * - a balance that cannot pay without going below its floor (or no balance in that currency) is
 *   not touched: the row is stored OWED with the amount, and nothing is posted.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import { accounts, balances, fees, organizations, serviceFeeCharges, tariffs } from "../../db/schema/index.js";
import { DomainError } from "../errors.js";
import { postTransaction } from "../ledger/index.js";
import { Decimal } from "../ledger/money.js";
import { systemBalanceId } from "../ledger/system.js";
import { BASE_CURRENCY_ID } from "../settings/index.js";
import { findFee } from "./index.js";
import { feeName } from "./names.js";

/** The `fees.payment_kind` of a monthly service fee (never a payment's kind, so no payment matches it). */
export const SERVICE_FEE_KIND = "SERVICE";

/** What a monthly run did: organizations charged, recorded as owing, and already charged (skipped). */
export interface ServiceFeeRun {
  month: string;
  charged: number;
  owed: number;
  skipped: number;
}

/** "YYYY-MM" between 2000-01 and 2099-12. */
const MONTH = /^20\d{2}-(0[1-9]|1[0-2])$/;

/** True for a month written "YYYY-MM" (2000-01 … 2099-12). */
export function isServiceFeeMonth(month: string): boolean {
  return MONTH.test(month);
}

/**
 * Charge the monthly service fee of `month` to every organization with an account (module doc).
 * @param input.month "YYYY-MM" (UTC); items are dated now
 * @returns counts per outcome
 * @throws Error on a malformed month or a misconfigured service fee (not FIXED, no currency)
 */
export async function chargeServiceFees(db: Database, input: { month: string; now?: Date }): Promise<ServiceFeeRun> {
  if (!isServiceFeeMonth(input.month)) throw new Error(`month must be YYYY-MM, not ${JSON.stringify(input.month)}`);
  const now = input.now ?? new Date();
  const payers = await db
    .selectDistinct({ id: organizations.id })
    .from(organizations)
    .innerJoin(accounts, and(eq(accounts.organizationId, organizations.id), eq(accounts.system, false)))
    .orderBy(organizations.id);
  const run: ServiceFeeRun = { month: input.month, charged: 0, owed: 0, skipped: 0 };
  for (const { id: organizationId } of payers) {
    const fee = await findFee(db, { organizationId, kind: SERVICE_FEE_KIND, paymentType: null, currencyId: null });
    if (!fee) continue;
    if (fee.feeAmountType !== "FIXED" || !fee.feeCurrencyId || !fee.feeFixedAmount)
      throw new Error(`Service fee ${fee.id} must be FIXED with a currency`);
    const amount = new Decimal(fee.feeFixedAmount);
    if (amount.lte(0)) continue;
    const outcome = await chargeOne(db, {
      organizationId,
      feeId: fee.id,
      currencyId: fee.feeCurrencyId,
      amount,
      month: input.month,
      now,
    });
    run[outcome]++;
  }
  return run;
}

/** One organization's charge for the month, in one transaction (module doc). */
async function chargeOne(
  db: Database,
  c: { organizationId: string; feeId: string; currencyId: string; amount: Decimal; month: string; now: Date },
): Promise<"charged" | "owed" | "skipped"> {
  return db.transaction(async (tx) => {
    const balance = await feeBalanceOf(tx, c.organizationId, c.currencyId);
    const [claimed] = await tx
      .insert(serviceFeeCharges)
      .values({
        organizationId: c.organizationId,
        month: c.month,
        feeId: c.feeId,
        balanceId: balance?.id ?? null,
        amount: c.amount.toFixed(),
        currencyId: c.currencyId,
        status: "OWED",
        createdAt: c.now,
      })
      .onConflictDoNothing({ target: [serviceFeeCharges.organizationId, serviceFeeCharges.month, serviceFeeCharges.feeId] })
      .returning({ id: serviceFeeCharges.id });
    if (!claimed) return "skipped";
    if (!balance) return "owed";
    return (await postCharge(tx, { chargeId: claimed.id, balanceId: balance.id, ...c })) ? "charged" : "owed";
  });
}

/** The organization's first account's balance in `currencyId` (where a service fee is charged), if any. */
async function feeBalanceOf(tx: Tx, organizationId: string, currencyId: string): Promise<{ id: string } | undefined> {
  const [balance] = await tx
    .select({ id: balances.id })
    .from(balances)
    .innerJoin(accounts, eq(accounts.id, balances.accountId))
    .where(and(eq(accounts.organizationId, organizationId), eq(accounts.system, false), eq(balances.currencyId, currencyId)))
    .orderBy(asc(accounts.createdAt), asc(accounts.id))
    .limit(1);
  return balance;
}

/**
 * Post one service fee charge (balance −amount, FEE_INCOME +amount, both SERVICE_FEE) and mark
 * its row CHARGED. Inside the caller's transaction, which holds the row.
 * @returns true when posted; false when the balance cannot pay without going below its floor
 *   (the ledger refuses before writing anything, so the row stays OWED and the transaction can commit)
 */
async function postCharge(
  tx: Tx,
  c: { chargeId: string; balanceId: string; currencyId: string; amount: Decimal; month: string; now: Date },
): Promise<boolean> {
  try {
    const posted = await postTransaction(tx, {
      kind: "SERVICE_FEE",
      description: `Service fee ${c.month}`,
      transferDate: c.now,
      postings: [
        {
          balanceId: c.balanceId,
          amount: c.amount.neg(),
          counterpartyName: "Regular fee",
          reference: c.month,
          operationType: "SERVICE_FEE",
        },
        {
          balanceId: await systemBalanceId(tx, "FEE_INCOME", c.currencyId),
          amount: c.amount,
          reference: c.month,
          operationType: "SERVICE_FEE",
        },
      ],
    });
    await tx
      .update(serviceFeeCharges)
      .set({ status: "CHARGED", balanceId: c.balanceId, ledgerTransactionId: posted.transactionId })
      .where(eq(serviceFeeCharges.id, c.chargeId));
    return true;
  } catch (err) {
    if (err instanceof DomainError && err.code === "INSUFFICIENT_FUNDS") return false;
    throw err;
  }
}

/** What a collection run did: owed charges now paid, and those still owed. */
export interface OwedCollectionRun {
  collected: number;
  stillOwed: number;
}

/**
 * Collect service fees recorded as OWED (`npm run bank -- fees:collect-owed`; the monthly run
 * calls it first, so older debts are paid before a new month is charged). Oldest first; each in
 * its own transaction that locks the charge row and re-reads its status, so two runs at once
 * (or a run beside the monthly charge) collect each debt once. The balance is the row's, or —
 * when the organization had no balance in the fee currency then — its first account's balance
 * in that currency now. A balance that still cannot pay stays OWED (never below its floor).
 * The item is dated `now` and keeps the month charged as its reference.
 * @param input.organizationIds only these organizations (default: all)
 */
export async function collectOwedServiceFees(
  db: Database,
  input: { now?: Date; organizationIds?: string[] } = {},
): Promise<OwedCollectionRun> {
  const now = input.now ?? new Date();
  if (input.organizationIds && !input.organizationIds.length) return { collected: 0, stillOwed: 0 };
  const owed = await db
    .select({ id: serviceFeeCharges.id })
    .from(serviceFeeCharges)
    .where(
      and(
        eq(serviceFeeCharges.status, "OWED"),
        input.organizationIds ? inArray(serviceFeeCharges.organizationId, input.organizationIds) : undefined,
      ),
    )
    .orderBy(asc(serviceFeeCharges.createdAt), asc(serviceFeeCharges.id));
  const run: OwedCollectionRun = { collected: 0, stillOwed: 0 };
  for (const { id } of owed) {
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(serviceFeeCharges).where(eq(serviceFeeCharges.id, id)).for("update");
      if (row?.status !== "OWED") return "gone" as const;
      const balance = row.balanceId ? { id: row.balanceId } : await feeBalanceOf(tx, row.organizationId, row.currencyId);
      if (!balance) return "owed" as const;
      const paid = await postCharge(tx, {
        chargeId: row.id,
        balanceId: balance.id,
        currencyId: row.currencyId,
        amount: new Decimal(row.amount),
        month: row.month,
        now,
      });
      return paid ? ("collected" as const) : ("owed" as const);
    });
    if (outcome === "collected") run.collected++;
    else if (outcome === "owed") run.stillOwed++;
  }
  return run;
}

/** The default tariff's monthly service fee, in the base currency (GBP), as a decimal string. */
export const DEFAULT_SERVICE_FEE_AMOUNT = "2.00";

/**
 * Give the bank's default tariff a monthly service fee when it has none (reference data, run by
 * the seed on every start): "Monthly account fee", FIXED `DEFAULT_SERVICE_FEE_AMOUNT` GBP.
 */
export async function ensureDefaultServiceFee(db: Database | Tx): Promise<void> {
  const [standard] = await db
    .select({ id: tariffs.id })
    .from(tariffs)
    .where(eq(tariffs.isDefault, true))
    .orderBy(tariffs.createdAt, tariffs.id)
    .limit(1);
  if (!standard) return;
  const [existing] = await db
    .select({ id: fees.id })
    .from(fees)
    .where(and(eq(fees.tariffId, standard.id), eq(fees.paymentKind, SERVICE_FEE_KIND)))
    .limit(1);
  if (existing) return;
  await db.insert(fees).values({
    tariffId: standard.id,
    name: feeName("monthly-account"),
    paymentKind: SERVICE_FEE_KIND,
    feeAmountType: "FIXED",
    feeFixedAmount: DEFAULT_SERVICE_FEE_AMOUNT,
    feeCurrencyId: BASE_CURRENCY_ID,
  });
}

/** The service fee charges of `organizationIds` for a month (tests, reports). */
export async function serviceFeeChargesOf(db: Database, month: string, organizationIds: string[]) {
  if (!organizationIds.length) return [];
  return db
    .select()
    .from(serviceFeeCharges)
    .where(and(eq(serviceFeeCharges.month, month), inArray(serviceFeeCharges.organizationId, organizationIds)))
    .orderBy(sql`${serviceFeeCharges.createdAt}`);
}
