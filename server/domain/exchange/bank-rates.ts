/**
 * Exchange rates set by the bank's staff (issue 13 ADMIN; docs/ops.md "Rates"): list the rates in
 * force, set or clear a currency's rate, set the spread. `npm run bank -- rate:…` and /ops/rates
 * call these; each mutation answers `{ before, after }` for the staff audit log.
 *
 * The bank quotes every currency against the euro, as the ECB does (units of the currency per
 * 1 EUR); cross rates, the pegs (AED, stablecoins) and the SOL reference price are derived in
 * ./rates.ts, so staff set only currencies whose rate has its own source: fiat currencies the
 * bank holds other than EUR and the pegged AED (GBP, USD, CNY, CAD, and RUB, which the ECB no
 * longer publishes). Every function takes the database or a transaction (the back office runs
 * it inside the transaction that writes the audit entry). A rate set here is stored in `fx_rates` with source "BANK", dated the UTC
 * day it was set, and replaces that currency's ECB rate until an ECB day newer than it is loaded
 * or staff clear it (`ratesInForce` in ./index.ts). Money and rates are decimal strings /
 * decimal.js, never floats.
 */
import { and, eq } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import { currencies, fxRates, settings } from "../../db/schema/index.js";
import type { OpsRateLine, OpsRates } from "../../api/v1/contract.js";
import type { Change } from "../change.js";
import { DomainError, fieldError } from "../errors.js";
import { Decimal } from "../ledger/money.js";
import { amountErrorText, validateWireAmount } from "../../rules/amount.js";
import {
  BANK_SOURCE,
  isSolPrice,
  ratesInForce,
  SETTING_EXCHANGE_SPREAD,
  SETTING_SOL_PRICE,
  solPriceUsd,
  spreadPercent,
} from "./index.js";
import { RATE_DECIMALS, unitsPerEur } from "./rates.js";

type Db = Database | Tx;

/** A rate staff set may differ from the rate in force by at most this (percent) without `confirmLargeChange`. */
export const LARGE_RATE_CHANGE_PERCENT = "10";
/** Currencies whose rate is derived (./rates.ts): never set directly. */
const DERIVED = new Set(["EUR", "AED", "USDT", "USDC", "EURC", "SOL"]);

/** One line of the rates list (contract OpsRateLine). */
export type RateLine = OpsRateLine;
/** What the rates screen and `rate:list` show (contract OpsRates). */
export type RatesOverview = OpsRates;

/**
 * The rates in force for every currency of the bank, with their source.
 * @returns currencies by code; `settable` tells which ones staff may set
 */
export async function listRates(db: Db): Promise<RatesOverview> {
  const inForce = await ratesInForce(db);
  const derived = inForce ? unitsPerEur(inForce.rates, inForce.solPriceUsd) : new Map<string, Decimal>();
  const rows = await db.select({ id: currencies.id, crypto: currencies.crypto }).from(currencies).orderBy(currencies.id);
  return {
    date: inForce?.date ?? null,
    spreadPercent: await spreadPercent(db),
    solPriceUsd: inForce?.solPriceUsd ?? (await solPriceUsd(db)),
    rates: rows.map((c) => {
      const own = inForce?.sources[c.id];
      const value = derived.get(c.id);
      return {
        currencyId: c.id,
        unitsPerEur: value ? value.toDecimalPlaces(RATE_DECIMALS).toFixed() : null,
        source: own && !DERIVED.has(c.id) ? own.source : value ? "DERIVED" : null,
        date: own && !DERIVED.has(c.id) ? own.date : value ? (inForce?.date ?? null) : null,
        settable: !c.crypto && !DERIVED.has(c.id),
      };
    }),
  };
}

/**
 * Read a currency pair as staff write it: "EUR/USD" (units of USD per 1 EUR) or just "USD".
 * @returns the quoted currency (upper case)
 * @throws DomainError VALIDATION_FAILED on `pair` when the base is not EUR or the text is not a pair
 */
export function parseRatePair(pair: string): string {
  const m = /^\s*(?:([A-Za-z]{3,5})\s*\/\s*)?([A-Za-z]{3,5})\s*$/.exec(pair);
  if (!m) throw fieldError("pair", "isPair", 'pair must read "EUR/USD" (units of USD per 1 EUR)');
  if (m[1] && m[1].toUpperCase() !== "EUR")
    throw fieldError("pair", "isEurBase", "The bank quotes every currency against EUR: write EUR/<currency>");
  return m[2].toUpperCase();
}

/**
 * Set the rate of one currency (units per 1 EUR), in force from now for quotes and FX rate
 * requests (see the module doc). Setting it again the same day replaces that day's BANK rate.
 * @param input.currencyId a settable currency (fiat, not EUR, not the pegged AED)
 * @param input.unitsPerEur decimal string, > 0, at most 12 decimals (RATE_DECIMALS), plain form ("1.0850")
 * @param input.confirmLargeChange required when the rate differs from the one in force by more
 *   than LARGE_RATE_CHANGE_PERCENT % (a mistyped rate would quote every customer wrongly)
 * @param input.now clock (tests); the rate is dated its UTC day
 * @returns before/after: `{ currencyId, unitsPerEur, source, date }` (before: null fields when unquoted)
 * @throws DomainError VALIDATION_FAILED on `currencyId` (unknown or not settable), on `unitsPerEur`
 *   (amount rules: required, invalid-characters, leading-zero, too-many-decimals, not-positive;
 *   `isNearCurrent` when the change is large and not confirmed)
 */
export async function setBankRate(
  db: Database,
  input: { currencyId: string; unitsPerEur: string; confirmLargeChange?: boolean; now?: Date },
): Promise<Change<RateLine>> {
  const currencyId = await settableCurrency(db, input.currencyId);
  const check = validateWireAmount(input.unitsPerEur, { scale: RATE_DECIMALS });
  if (!check.ok) throw fieldError("unitsPerEur", check.error, amountErrorText(check.error, "unitsPerEur"));
  const rate = new Decimal(check.value);
  const rateDate = (input.now ?? new Date()).toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    // One change of the rates at a time: a lock on the spread's row (always present after the seed).
    await tx.select({ key: settings.key }).from(settings).where(eq(settings.key, SETTING_EXCHANGE_SPREAD)).for("update");
    const before = await rateLine(tx, currencyId);
    if (before.unitsPerEur && !input.confirmLargeChange) {
      const old = new Decimal(before.unitsPerEur);
      const change = rate.minus(old).abs().dividedBy(old).times(100);
      if (change.gt(LARGE_RATE_CHANGE_PERCENT))
        throw fieldError(
          "unitsPerEur",
          "isNearCurrent",
          `unitsPerEur differs by ${change.toFixed(1)} % from the rate in force (${before.unitsPerEur}); confirm a change over ${LARGE_RATE_CHANGE_PERCENT} %`,
        );
    }
    await tx
      .insert(fxRates)
      .values({ source: BANK_SOURCE, rateDate, currencyId, unitsPerEur: rate.toFixed(), createdAt: input.now ?? new Date() })
      .onConflictDoUpdate({
        target: [fxRates.source, fxRates.rateDate, fxRates.currencyId],
        set: { unitsPerEur: rate.toFixed(), createdAt: input.now ?? new Date() },
      });
    return { before, after: await rateLine(tx, currencyId) };
  });
}

/**
 * Withdraw the rates staff set for a currency: its ECB rate (if any) is in force again.
 * @returns before/after lines of the currency
 * @throws DomainError VALIDATION_FAILED on `currencyId` (unknown or not settable); NOT_FOUND when no bank rate is stored
 */
export async function clearBankRate(db: Database, input: { currencyId: string }): Promise<Change<RateLine>> {
  const currencyId = await settableCurrency(db, input.currencyId);
  return db.transaction(async (tx) => {
    await tx.select({ key: settings.key }).from(settings).where(eq(settings.key, SETTING_EXCHANGE_SPREAD)).for("update");
    const before = await rateLine(tx, currencyId);
    const gone = await tx
      .delete(fxRates)
      .where(and(eq(fxRates.source, BANK_SOURCE), eq(fxRates.currencyId, currencyId)))
      .returning({ id: fxRates.id });
    if (gone.length === 0) throw new DomainError("NOT_FOUND", `No rate set by the bank for ${currencyId}`);
    return { before, after: await rateLine(tx, currencyId) };
  });
}

/**
 * Set the spread taken off the mid rate (setting EXCHANGE-SPREAD-PERCENT), in force for the next quote.
 * @param input.percent decimal string 0 ≤ p < 100 with at most 6 decimals (e.g. "0.50")
 * @returns before/after `{ spreadPercent }`
 * @throws DomainError VALIDATION_FAILED on `percent`
 */
export async function setSpread(db: Database, input: { percent: string }): Promise<Change<{ spreadPercent: string }>> {
  if (typeof input.percent !== "string" || !/^\d{1,2}(\.\d{1,6})?$/.test(input.percent))
    throw fieldError("percent", "isSpread", "percent must be a decimal from 0 to 99.999999, e.g. 0.50");
  return db.transaction(async (tx) => {
    await tx.select({ key: settings.key }).from(settings).where(eq(settings.key, SETTING_EXCHANGE_SPREAD)).for("update");
    const before = { spreadPercent: await spreadPercent(tx) };
    await tx
      .insert(settings)
      .values({ key: SETTING_EXCHANGE_SPREAD, value: input.percent })
      .onConflictDoUpdate({ target: settings.key, set: { value: input.percent } });
    return { before, after: { spreadPercent: await spreadPercent(tx) } };
  });
}

/**
 * Set the SOL reference price (setting SOL-REFERENCE-PRICE-USD), USD per 1 SOL, in force for the
 * next quote: SOL is quoted through USD at this price (./rates.ts; there is no market feed).
 * @param input.priceUsd decimal string > 0, at most 9 digits before and 8 after the point
 * @returns before/after `{ solPriceUsd }`
 * @throws DomainError VALIDATION_FAILED on `priceUsd`
 */
export async function setSolPrice(db: Database, input: { priceUsd: string }): Promise<Change<{ solPriceUsd: string }>> {
  const text = typeof input.priceUsd === "string" ? input.priceUsd.trim() : "";
  if (!isSolPrice(text)) throw fieldError("priceUsd", "isSolPrice", "priceUsd must be a price in USD above 0, e.g. 150.25");
  return db.transaction(async (tx) => {
    await tx.select({ key: settings.key }).from(settings).where(eq(settings.key, SETTING_SOL_PRICE)).for("update");
    const before = { solPriceUsd: await solPriceUsd(tx) };
    const value = new Decimal(text).toFixed();
    await tx
      .insert(settings)
      .values({ key: SETTING_SOL_PRICE, value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
    return { before, after: { solPriceUsd: await solPriceUsd(tx) } };
  });
}

/** The currency, upper case, if the bank holds it and staff may set its rate; else a field error. */
async function settableCurrency(db: Db, raw: string): Promise<string> {
  const id = typeof raw === "string" ? raw.trim().toUpperCase() : "";
  const [row] = /^[A-Z]{3,5}$/.test(id)
    ? await db.select({ id: currencies.id, crypto: currencies.crypto }).from(currencies).where(eq(currencies.id, id))
    : [];
  if (!row) throw fieldError("currencyId", "isCurrency", "currencyId is not a currency of the bank");
  if (row.crypto || DERIVED.has(row.id))
    throw fieldError("currencyId", "isSettable", `The rate of ${row.id} is derived (EUR, pegs, crypto prices), not set`);
  return row.id;
}

/** One currency's line of `listRates`. */
async function rateLine(db: Db, currencyId: string): Promise<RateLine> {
  const inForce = await ratesInForce(db);
  const own = inForce?.sources[currencyId];
  const value = inForce?.rates[currencyId];
  return {
    currencyId,
    unitsPerEur: value ? new Decimal(value).toDecimalPlaces(RATE_DECIMALS).toFixed() : null,
    source: own?.source ?? null,
    date: own?.date ?? null,
    settable: true,
  };
}
