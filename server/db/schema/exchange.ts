/**
 * Currency exchange tables (issue 9; spec 000 §7 Exchange; server/domain/exchange).
 *
 * - `fx_rates`: reference rates as published, one row per (source, date, currency): `unitsPerEur`
 *   units of `currencyId` per 1 EUR (the ECB quotation; source "ECB"). Cross rates, pegs, crypto
 *   reference prices and the spread are applied in code (server/domain/exchange/rates.ts).
 * - `exchange_quotes`: a quote answered by POST /v1/exchange/calc, valid until `expiresAt`; executed
 *   at most once by POST /v1/exchange (`ledgerTransactionId`, `idempotencyKey` then set).
 */
import { sql } from "drizzle-orm";
import { date, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const money = (name: string) => numeric(name, { precision: 38, scale: 18 });

/** A published reference rate: units of `currencyId` per 1 EUR on `rateDate` (UTC business day) from `source`. */
export const fxRates = pgTable(
  "fx_rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    source: text("source").notNull(), // ECB
    rateDate: date("rate_date", { mode: "string" }).notNull(), // YYYY-MM-DD
    currencyId: text("currency_id").notNull(), // ISO 4217 (every ECB currency, not only the bank's)
    unitsPerEur: numeric("units_per_eur", { precision: 38, scale: 18 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("fx_rates_source_date_currency_uq").on(t.source, t.rateDate, t.currencyId)],
);

/** A quote for exchanging between two balances of one account; executed at most once. */
export const exchangeQuotes = pgTable(
  "exchange_quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    organizationId: uuid("organization_id").notNull(),
    accountId: uuid("account_id").notNull(),
    fromCurrencyId: text("from_currency_id").notNull(),
    toCurrencyId: text("to_currency_id").notNull(),
    /** "SELL" (sellAmount was given) or "BUY" (buyAmount was given). */
    fixedSide: text("fixed_side").notNull(),
    sellAmount: money("sell_amount").notNull(),
    buyAmount: money("buy_amount").notNull(),
    /** Customer rate: units of to-currency per 1 unit of from-currency, spread included. */
    rate: money("rate").notNull(),
    /** Mid rate before the spread (same direction). */
    midRate: money("mid_rate").notNull(),
    feeAmount: money("fee_amount").notNull().default("0"),
    /** Fee currency (the from-currency). */
    feeCurrencyId: text("fee_currency_id").notNull(),
    rateDate: date("rate_date", { mode: "string" }).notNull(),
    rateSource: text("rate_source").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    idempotencyKey: text("idempotency_key"),
    ledgerTransactionId: uuid("ledger_transaction_id"),
    executedAt: timestamp("executed_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("exchange_quotes_org_idx").on(t.organizationId),
    // A statement item of an exchange finds its quote: the currencies and the rate (server/domain/statements).
    index("exchange_quotes_ledger_tx_idx").on(t.ledgerTransactionId),
    uniqueIndex("exchange_quotes_org_key_uq")
      .on(t.organizationId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);
