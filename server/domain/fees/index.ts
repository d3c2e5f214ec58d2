/**
 * Fees (spec 001 §3 "Fee": feeAmountType PERCENT or FIXED, feePercentAmount,
 * feePercentMinAmount, feePercentMaxAmount, feeFixedAmount, feeCurrencyId; §3 Organization
 * "tariff (id, name, fees), customFees").
 *
 * Where a fee comes from (`findFee`): the organization's custom fees (`fees.organization_id`)
 * first; otherwise the fees of its tariff (`organizations.tariff_id`); when that is null, the
 * default tariff (`tariffs.is_default`). Within one source the most specific row wins.
 *
 * What it comes to (`computeFee`): pure decimal arithmetic (decimal.js, never floats),
 * rounded once, at the end, to the fee currency's scale.
 *
 * `feeFor` is the one call the payment rails make (server/domain/payments/create.ts);
 * `organizationFees` lists what an organization pays (the home fees tab), marking the tariff's
 * fees that a custom fee replaces (`isSuperseded`).
 */
import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import DecimalJs from "decimal.js";
import type { Database, Tx } from "../../db/client.js";
import { currencies, fees, organizations, serviceFeeCharges, tariffs } from "../../db/schema/index.js";
import type { Fee, OrganizationFees, PaymentKind, TariffFee } from "../../api/v1/contract.js";
import { Decimal, formatAmount, type DecimalValue } from "../ledger/money.js";
import { requireMembership } from "../organizations/access.js";
import { listCurrencies } from "../settings/index.js";
import { feeNameCode } from "./names.js";

type Db = Database | Tx;

/** A `fees` row (numeric columns as decimal strings, as the database returns them). */
export type FeeRow = typeof fees.$inferSelect;

/** The fields of a fee that decide its amount (a `FeeRow` fits; so does a literal in tests). */
export interface FeeRule {
  /** "PERCENT" | "FIXED". */
  feeAmountType: string;
  /** Percent of the amount, e.g. "0.20" = 0.20 %. PERCENT only; null = 0. */
  feePercentAmount: DecimalValue | null;
  /** Least fee, in the payment currency. PERCENT only; null = no floor. */
  feePercentMinAmount: DecimalValue | null;
  /** Greatest fee, in the payment currency. PERCENT only; null = no ceiling. */
  feePercentMaxAmount: DecimalValue | null;
  /** The fee, in `feeCurrencyId`. FIXED only; null = 0. */
  feeFixedAmount: DecimalValue | null;
  /** FIXED: currency of `feeFixedAmount` (ISO 4217 code or asset ticker); null = the payment currency. */
  feeCurrencyId: string | null;
}

/** A decided fee: a positive Decimal at the fee currency's scale, and that currency. */
export interface FeeAmount {
  amount: Decimal;
  currencyId: string;
}

/** What a fee is looked up by. */
export interface FeeQuery {
  /** The paying organization (uuid). */
  organizationId: string;
  /** The payment's kind (contract PaymentKind), "SERVICE" for the monthly service fee (./service.ts), or "EXCHANGE" for a currency exchange (server/domain/exchange). */
  kind: PaymentKind | "SERVICE" | "EXCHANGE";
  /** The provider payment type (SEPA_SCT, SWIFT …), or null for kinds without one (INTERNAL, BETWEEN_ACCOUNTS). */
  paymentType: string | null;
  /** The payment currency (ISO 4217 code or asset ticker); null: only rows for any currency match (service fees). */
  currencyId: string | null;
}

/**
 * SQL for the id of an organization's tariff: `organizations.tariff_id`, or, when that is null,
 * the default tariff (`tariffs.is_default`; the oldest if several are marked); null when the bank
 * has none. A subquery of the caller's statement (no statement of its own).
 */
function tariffIdOf(db: Db, organizationId: string): SQL<string | null> {
  const ownTariff = db
    .select({ tariffId: organizations.tariffId })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const defaultTariff = db
    .select({ id: tariffs.id })
    .from(tariffs)
    .where(eq(tariffs.isDefault, true))
    .orderBy(tariffs.createdAt, tariffs.id)
    .limit(1);
  return sql<string | null>`coalesce((${ownTariff}), (${defaultTariff}))`;
}

/**
 * The fee row that applies to a payment, or null (the payment is free).
 *
 * Sources, first that has a matching row wins: (1) the organization's custom fees
 * (`fees.organization_id` = the organization); (2) the fees of its tariff
 * (`organizations.tariff_id`), or, when that is null, of the default tariff
 * (`tariffs.is_default`; the oldest if several are marked). A row matches when its
 * `paymentKind` equals `kind`, its `paymentType` is null or equals `paymentType` (a typed row
 * never matches another type, nor a payment without a type), and its `currencyId` is null or
 * equals `currencyId`. Within one source the most specific row wins: type and currency >
 * type only > currency only > neither; equal rows: the oldest (created_at, then id).
 * One query (the tariff is resolved in a subquery).
 * @param db database or transaction (inside a payment's transaction: the same snapshot)
 * @param q organizationId (uuid), kind, paymentType (or null), currencyId
 * @returns the `fees` row, or null when none matches
 * @throws database errors only (an organizationId that is not a uuid is a caller bug)
 */
export async function findFee(db: Db, q: FeeQuery): Promise<FeeRow | null> {
  const [row] = await db
    .select()
    .from(fees)
    .where(
      and(
        eq(fees.paymentKind, q.kind),
        q.paymentType === null ? isNull(fees.paymentType) : or(isNull(fees.paymentType), eq(fees.paymentType, q.paymentType)),
        q.currencyId === null ? isNull(fees.currencyId) : or(isNull(fees.currencyId), eq(fees.currencyId, q.currencyId)),
        or(
          eq(fees.organizationId, q.organizationId),
          and(isNull(fees.organizationId), eq(fees.tariffId, tariffIdOf(db, q.organizationId))),
        ),
      ),
    )
    .orderBy(
      sql`(${fees.organizationId} is not null) desc`,
      sql`(${fees.paymentType} is not null) desc`,
      sql`(${fees.currencyId} is not null) desc`,
      fees.createdAt,
      fees.id,
    )
    .limit(1);
  return row ?? null;
}

/**
 * The amount a fee rule charges on a payment (pure; no database).
 *
 * - PERCENT: `amount` × `feePercentAmount` / 100, then at least `feePercentMinAmount` and at
 *   most `feePercentMaxAmount` (both optional, both in the payment currency; when min > max, max
 *   wins), charged in the payment currency.
 * - FIXED: `feeFixedAmount`, in `feeCurrencyId` (null = the payment currency), whatever the amount.
 *
 * Rounding decision: the exact result is rounded ONCE, at the end, to the fee currency's scale
 * (`scales(feeCurrency)`: fiat 2, USDT/USDC/EURC 6, SOL 9) with ROUND_HALF_UP — commercial
 * rounding, as a customer checks a fee by hand (0.125 → 0.13), rather than the ledger's banker's
 * rounding (money.ts), which only formats amounts that are already at scale.
 * A fee that comes to zero (or less: a fee never pays the customer) answers null.
 * @param fee the rule (a `fees` row or any `FeeRule`); numeric fields as Decimal or decimal strings
 * @param amount the payment amount (Decimal, in the payment currency, > 0)
 * @param paymentCurrencyId the payment currency (ISO 4217 code or asset ticker)
 * @param scales currency → number of decimals (e.g. from `currencies.scale`)
 * @returns `{ amount, currencyId }` (amount a Decimal with at most the fee currency's decimals), or null
 * @throws Error when `feeAmountType` is neither PERCENT nor FIXED (a misconfigured fee is never silently free)
 */
export function computeFee(
  fee: FeeRule,
  amount: Decimal,
  paymentCurrencyId: string,
  scales: (currencyId: string) => number,
): FeeAmount | null {
  let exact: Decimal;
  let currencyId: string;
  if (fee.feeAmountType === "PERCENT") {
    currencyId = paymentCurrencyId;
    exact = amount.times(dec(fee.feePercentAmount)).dividedBy(100);
    if (fee.feePercentMinAmount != null) exact = Decimal.max(exact, fee.feePercentMinAmount);
    if (fee.feePercentMaxAmount != null) exact = Decimal.min(exact, fee.feePercentMaxAmount);
  } else if (fee.feeAmountType === "FIXED") {
    currencyId = fee.feeCurrencyId ?? paymentCurrencyId;
    exact = dec(fee.feeFixedAmount);
  } else {
    throw new Error(`Unknown feeAmountType ${JSON.stringify(fee.feeAmountType)}`);
  }
  const rounded = exact.toDecimalPlaces(scales(currencyId), DecimalJs.ROUND_HALF_UP);
  return rounded.gt(0) ? { amount: rounded, currencyId } : null;
}

/**
 * The fee a payment carries: `findFee` then `computeFee`, with the scales from `currencies`.
 * Two queries when a fee applies (the fee row; the scales of the payment and fee currencies), one otherwise.
 * @param db database or transaction
 * @param q organizationId (uuid), kind, paymentType (or null), currencyId, amount (Decimal, payment currency)
 * @returns `{ amount: Decimal at the fee currency's scale, currencyId }`, or null when the payment is free
 * @throws Error when the fee or payment currency is not in `currencies`, or the fee row is misconfigured
 */
export async function feeFor(db: Db, q: FeeQuery & { currencyId: string; amount: Decimal }): Promise<FeeAmount | null> {
  const fee = await findFee(db, q);
  if (!fee) return null;
  const ids = [...new Set([q.currencyId, fee.feeCurrencyId ?? q.currencyId])];
  const rows = await db
    .select({ id: currencies.id, scale: currencies.scale })
    .from(currencies)
    .where(or(...ids.map((id) => eq(currencies.id, id))));
  const scaleOf = new Map(rows.map((r) => [r.id, r.scale]));
  return computeFee(fee, q.amount, q.currencyId, (id) => {
    const scale = scaleOf.get(id);
    if (scale === undefined) throw new Error(`Unknown currency ${id}`);
    return scale;
  });
}

/** The payments a fee row is looked up for (`findFee`): its kind, its type and currency (null: any). */
export interface FeeScope {
  paymentKind: string;
  paymentType: string | null;
  currencyId: string | null;
}

/**
 * Whether a custom fee applies instead of a tariff fee on every payment the tariff fee covers.
 * `findFee` takes any matching custom row before every tariff row, so a tariff fee is never
 * charged when one custom fee has its payment kind and, for type and currency each, either any
 * (null) or the tariff fee's own: that custom fee matches every payment the tariff fee matches.
 * A tariff fee wider than the custom fees (SWIFT in any currency beside a SWIFT fee agreed in
 * EUR only) still applies to the other payments: not superseded.
 * @param tariffFee the tariff's fee (a `fees` row or any `FeeScope`)
 * @param customFees the organization's custom fees
 */
export function isSuperseded(tariffFee: FeeScope, customFees: readonly FeeScope[]): boolean {
  return customFees.some(
    (custom) =>
      custom.paymentKind === tariffFee.paymentKind &&
      (custom.paymentType === null || custom.paymentType === tariffFee.paymentType) &&
      (custom.currencyId === null || custom.currencyId === tariffFee.currencyId),
  );
}

/** A nullable decimal column as a Decimal (null = 0). */
function dec(value: DecimalValue | null): Decimal {
  return new Decimal(value ?? 0);
}

/** A decimal column as a plain decimal string without trailing zeros ("0.200000" → "0.2"), or null. */
function plain(value: string | null): string | null {
  return value === null ? null : new Decimal(value).toFixed();
}

/** A `fees` row as the wire's Fee: amounts at `scaleOf(currency)` (the fee currency, else the payment currency). */
export function feeToWire(row: FeeRow, scaleOf: (currencyId: string | null) => number | null): Fee {
  const amountScale = scaleOf(row.feeCurrencyId ?? row.currencyId);
  const amount = (v: string | null) => (v === null ? null : amountScale === null ? plain(v) : formatAmount(v, amountScale));
  return {
    feeId: row.id,
    name: row.name,
    nameCode: feeNameCode(row.name, row.currencyId),
    paymentKind: row.paymentKind as Fee["paymentKind"],
    paymentType: row.paymentType,
    currencyId: row.currencyId,
    feeAmountType: row.feeAmountType as Fee["feeAmountType"],
    feePercentAmount: plain(row.feePercentAmount),
    feePercentMinAmount: amount(row.feePercentMinAmount),
    feePercentMaxAmount: amount(row.feePercentMaxAmount),
    feeFixedAmount: amount(row.feeFixedAmount),
    feeCurrencyId: row.feeCurrencyId,
  };
}

/**
 * The fees an organization pays, for the fees tab (GET /v1/clients-organizations/:id/fees):
 * its tariff (`organizations.tariff_id`, else the default tariff, as `findFee` resolves it) with
 * all the tariff's fees, each marked `superseded` when a custom fee replaces it on every payment
 * it covers (`isSuperseded`), its custom fees (which `findFee` prefers), and its monthly service
 * fees still owed (server/domain/fees/service.ts). Fees in a stable order: the monthly service
 * fee first, then by payment kind, type, currency, name.
 * @param userId the caller; must be an APPROVED member of `organizationId`
 * @returns contract OrganizationFees (tariff null when the bank has no tariff at all)
 * @throws DomainError FORBIDDEN when the caller is not a member of the organization
 */
export async function organizationFees(db: Database, userId: string, organizationId: string): Promise<OrganizationFees> {
  await requireMembership(db, userId, organizationId);
  const [tariff] = await db
    .select({ id: tariffs.id, name: tariffs.name })
    .from(tariffs)
    .where(eq(tariffs.id, tariffIdOf(db, organizationId)));
  const rows = await db
    .select()
    .from(fees)
    .where(
      tariff
        ? or(eq(fees.organizationId, organizationId), eq(fees.tariffId, tariff.id))
        : eq(fees.organizationId, organizationId),
    )
    .orderBy(
      sql`(${fees.paymentKind} = 'SERVICE') desc`,
      fees.paymentKind,
      fees.paymentType,
      fees.currencyId,
      fees.name,
      fees.id,
    );
  const scales = new Map((await listCurrencies(db)).map((c) => [c.id as string, c.scale]));
  const scaleOf = (id: string | null) => (id === null ? null : (scales.get(id) ?? null));
  const custom = rows.filter((r) => r.organizationId === organizationId);
  return {
    tariff: tariff
      ? {
          id: tariff.id,
          name: tariff.name,
          fees: rows
            .filter((r) => r.organizationId === null)
            .map((r): TariffFee => ({ ...feeToWire(r, scaleOf), superseded: isSuperseded(r, custom) })),
        }
      : null,
    customFees: custom.map((r) => feeToWire(r, scaleOf)),
    owed: (
      await db
        .select({ month: serviceFeeCharges.month, amount: serviceFeeCharges.amount, currencyId: serviceFeeCharges.currencyId })
        .from(serviceFeeCharges)
        .where(and(eq(serviceFeeCharges.organizationId, organizationId), eq(serviceFeeCharges.status, "OWED")))
        .orderBy(serviceFeeCharges.month, serviceFeeCharges.id)
    ).map((o) => ({ ...o, amount: new Decimal(o.amount).toFixed(scaleOf(o.currencyId) ?? 2) })),
  };
}
