/**
 * Currency exchange between two balances of one account (issue 9; spec 000 §7 Exchange;
 * contract ExchangeCalcRequest, ExchangeQuote, ExchangeRates; decisions in docs/decisions.md).
 *
 * - Rates: the ECB euro reference rates stored in `fx_rates` (source "ECB", by date), loaded from
 *   the shipped file on every start (`seedExchangeRates`) or a newer file by staff
 *   (`loadEcbRates`, `npm run bank -- rates:load-ecb <csv>`), and rates set by staff (source
 *   "BANK", ./bank-rates.ts) that replace a currency's ECB rate until a newer ECB day
 *   (`ratesInForce`); cross rates, pegs, crypto prices and rounding in ./rates.ts. The spread is the setting EXCHANGE-SPREAD-PERCENT (default 0.50).
 * - `quoteExchange` (POST /v1/exchange/calc) stores a quote valid QUOTE_TTL_SECONDS.
 * - `executeExchange` (POST /v1/exchange) posts ONE ledger transaction: the source balance −sell,
 *   FX_POSITION(from) +sell, FX_POSITION(to) −buy, the target balance +buy, and the fee (if the
 *   tariff has an EXCHANGE fee) source −fee / FEE_INCOME +fee as a TRANSACTION_FEE item.
 *   An expired quote is refused (EXCHANGE_QUOTE_EXPIRED), never executed at its old rate; the
 *   quote row is locked, so it executes at most once; the Idempotency-Key replays the answer.
 */
import { readFileSync } from "node:fs";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import { accounts, balances, currencies, exchangeQuotes, fxRates, postings, settings } from "../../db/schema/index.js";
import type { CurrencyCode, ExchangeQuote, ExchangeRates } from "../../api/v1/contract.js";
import { z } from "zod";
import { DomainError, fieldError, fieldErrors } from "../errors.js";
import { feeFor } from "../fees/index.js";
import {
  availableFunds,
  insufficientFunds,
  pgErrorCode,
  postTransaction,
  withSerializableRetry,
  type PostingInput,
} from "../ledger/index.js";
import { Decimal, formatAmount } from "../ledger/money.js";
import { systemBalanceId } from "../ledger/system.js";
import { getBooleanSetting, listCurrencies, SETTING_OVERDRAFT_ENABLED } from "../settings/index.js";
import { forbidden, hasSignatureDuty, memberOrganizationIdsQuery, notFound, requireMembership } from "../organizations/access.js";
import { amountErrorText, validateWireAmount } from "../../rules/amount.js";
import { customerRate, exchangeAmounts, midRate, parseEcbCsv, SOL_REFERENCE_PRICE_USD, unitsPerEur } from "./rates.js";

type Db = Database | Tx;

/** How long a quote can be executed: 30 seconds from its creation (docs/decisions.md). */
export const QUOTE_TTL_SECONDS = 30;
/** Setting key: percent taken off the mid rate (JSON string, e.g. "0.50"). */
export const SETTING_EXCHANGE_SPREAD = "EXCHANGE-SPREAD-PERCENT";
/** The spread when the setting is missing or not a decimal string: 0.50 %. */
export const DEFAULT_SPREAD_PERCENT = "0.50";
/** The only rate source so far. */
export const ECB_SOURCE = "ECB";
/** The ECB file shipped with the bank (provenance: server/seed/data/README.md). */
const SHIPPED_ECB_FILE = new URL("../../seed/data/ecb-eurofxref-hist-2024-2025.csv", import.meta.url);

/** A currency code in a request body (3 to 5 capital letters; whether the bank has it is checked apart). */
export const currencyCode = z
  .string()
  .trim()
  .min(3)
  .max(5)
  .regex(/^[A-Z]+$/);
const amountText = z.string().trim().min(1).max(40);

/** POST /v1/exchange/calc body (contract ExchangeCalcRequest): exactly one of sellAmount and buyAmount. */
export const exchangeCalcSchema = z
  .object({
    accountId: z.string().uuid(),
    fromCurrencyId: currencyCode,
    toCurrencyId: currencyCode,
    sellAmount: amountText.optional(),
    buyAmount: amountText.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.sellAmount === undefined) === (v.buyAmount === undefined))
      ctx.addIssue({ code: "custom", path: ["sellAmount"], message: "Give exactly one of sellAmount and buyAmount" });
    if (v.fromCurrencyId === v.toCurrencyId)
      ctx.addIssue({ code: "custom", path: ["toCurrencyId"], message: "toCurrencyId must differ from fromCurrencyId" });
  });
/** POST /v1/exchange body (contract ExchangeRequest). */
export const exchangeExecuteSchema = z.object({ quoteId: z.string().uuid() }).strict();

/**
 * Store one or more days of ECB rates (idempotent: a (source, date, currency) already stored is kept).
 * @param text the ECB CSV (eurofxref-hist format)
 * @param opts latestOnly: store only the newest day (the start-up seed)
 * @returns the newest date in the file and how many rate rows were new
 * @throws Error on a malformed file (./rates.ts parseEcbCsv)
 */
export async function loadEcbRates(
  db: Db,
  text: string,
  opts: { latestOnly?: boolean } = {},
): Promise<{ latestDate: string; days: number; inserted: number }> {
  const days = parseEcbCsv(text);
  if (days.length === 0) throw new Error("The ECB file has no rates");
  const chosen = opts.latestOnly ? days.slice(0, 1) : days;
  let inserted = 0;
  for (const day of chosen) {
    const rows = Object.entries(day.rates).map(([currencyId, unitsPerEur]) => ({
      source: ECB_SOURCE,
      rateDate: day.date,
      currencyId,
      unitsPerEur,
    }));
    if (rows.length === 0) continue;
    const out = await db.insert(fxRates).values(rows).onConflictDoNothing().returning({ id: fxRates.id });
    inserted += out.length;
  }
  return { latestDate: days[0].date, days: chosen.length, inserted };
}

/** Start-up seed: the latest day of the shipped ECB file and the spread setting (idempotent). */
export async function seedExchangeRates(db: Db): Promise<void> {
  await db.insert(settings).values({ key: SETTING_EXCHANGE_SPREAD, value: DEFAULT_SPREAD_PERCENT }).onConflictDoNothing();
  await loadEcbRates(db, readFileSync(SHIPPED_ECB_FILE, "utf8"), { latestOnly: true });
}

/** Setting key: the SOL reference price, USD per 1 SOL (ADMIN: /ops/rates, `rate:sol`). */
export const SETTING_SOL_PRICE = "SOL-REFERENCE-PRICE-USD";

/** Whether `text` is a SOL price staff may set: a decimal > 0 with at most 9 digits before and 8 after the point. */
export function isSolPrice(text: string): boolean {
  return /^\d{1,9}(\.\d{1,8})?$/.test(text) && new Decimal(text).gt(0);
}

/** The SOL reference price in USD, a decimal string (setting SOL-REFERENCE-PRICE-USD; SOL_REFERENCE_PRICE_USD when missing or malformed). */
export async function solPriceUsd(db: Db): Promise<string> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SETTING_SOL_PRICE)).limit(1);
  const v = row?.value;
  const text = typeof v === "string" || typeof v === "number" ? String(v) : "";
  return isSolPrice(text) ? new Decimal(text).toFixed() : SOL_REFERENCE_PRICE_USD;
}

/** The spread in percent, a decimal string with at least 2 decimals (setting EXCHANGE-SPREAD-PERCENT; DEFAULT_SPREAD_PERCENT when missing or malformed). */
export async function spreadPercent(db: Db): Promise<string> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SETTING_EXCHANGE_SPREAD)).limit(1);
  const v = row?.value;
  const text = typeof v === "string" || typeof v === "number" ? String(v) : "";
  if (!/^\d{1,2}(\.\d{1,6})?$/.test(text)) return DEFAULT_SPREAD_PERCENT;
  const d = new Decimal(text);
  return d.toFixed(Math.max(2, d.decimalPlaces())); // the jsonb value may come back as a number: 0.5 → "0.50"
}

/**
 * Source of a rate set by the bank's staff (`npm run bank -- rate:set`, /ops/rates; ./bank-rates.ts):
 * units of a currency per 1 EUR, stored in `fx_rates` beside the ECB rows, dated the UTC day it was set.
 */
export const BANK_SOURCE = "BANK";

/** The rates quotes use: per currency, units per 1 EUR (decimal strings), where each came from, and the newest date among them. */
export interface RatesInForce {
  /** The newest date among the rates in force (YYYY-MM-DD). */
  date: string;
  /** Currency → units per 1 EUR (decimal string), before pegs and crypto prices (./rates.ts unitsPerEur). */
  rates: Record<string, string>;
  /** Currency → "ECB" or "BANK" and the date of that rate. */
  sources: Record<string, { source: string; date: string }>;
  /** USD per 1 SOL (setting SOL-REFERENCE-PRICE-USD), for `unitsPerEur`. */
  solPriceUsd: string;
}

/**
 * The rates in force (docs/ops.md "Rates"): the newest stored ECB day, with each currency's
 * newest BANK rate (set by staff) taking its place when that rate is dated on or after that ECB
 * day. So a bank rate holds until an ECB day newer than it is loaded, or staff clear it; with no
 * ECB day stored, the bank rates alone. With the SOL reference price: three queries.
 * @returns the rates, or null when neither source has any
 */
export async function ratesInForce(db: Db): Promise<RatesInForce | null> {
  const ecb = await latestEcbRates(db);
  const bankRows = await db
    .select({ date: fxRates.rateDate, currencyId: fxRates.currencyId, unitsPerEur: fxRates.unitsPerEur })
    .from(fxRates)
    .where(and(eq(fxRates.source, BANK_SOURCE), ecb ? sql`${fxRates.rateDate} >= ${ecb.date}` : undefined))
    .orderBy(desc(fxRates.rateDate));
  if (!ecb && bankRows.length === 0) return null;
  const solPrice = await solPriceUsd(db);
  const rates: Record<string, string> = { ...(ecb?.rates ?? {}) };
  const sources: Record<string, { source: string; date: string }> = Object.fromEntries(
    Object.keys(rates).map((c) => [c, { source: ECB_SOURCE, date: ecb!.date }]),
  );
  let date = ecb?.date ?? bankRows[0].date;
  const taken = new Set<string>();
  for (const row of bankRows) {
    if (taken.has(row.currencyId)) continue; // newest first: the first row of a currency is its rate
    taken.add(row.currencyId);
    rates[row.currencyId] = new Decimal(row.unitsPerEur).toFixed();
    sources[row.currencyId] = { source: BANK_SOURCE, date: row.date };
    if (row.date > date) date = row.date;
  }
  return { date, rates, sources, solPriceUsd: solPrice };
}

/** Currencies whose rate ./rates.ts derives from USD (pegs, stablecoins, the SOL reference price). */
const USD_DERIVED = new Set(["USDT", "USDC", "AED", "SOL"]);

/** "BANK" when the rate between `from` and `to` uses a rate set by staff (directly or through USD), else "ECB". */
export function pairSource(inForce: RatesInForce, from: string, to: string): string {
  const bank = (c: string) => inForce.sources[USD_DERIVED.has(c) ? "USD" : c]?.source === BANK_SOURCE;
  return bank(from) || bank(to) ? BANK_SOURCE : ECB_SOURCE;
}

/** The newest stored ECB day: `{ date, rates: currency → units per EUR }`, or null when none is stored. */
export async function latestEcbRates(db: Db): Promise<{ date: string; rates: Record<string, string> } | null> {
  const latest = db
    .select({ d: sql`max(${fxRates.rateDate})` })
    .from(fxRates)
    .where(eq(fxRates.source, ECB_SOURCE));
  const rows = await db
    .select({ date: fxRates.rateDate, currencyId: fxRates.currencyId, unitsPerEur: fxRates.unitsPerEur })
    .from(fxRates)
    .where(and(eq(fxRates.source, ECB_SOURCE), sql`${fxRates.rateDate} = (${latest})`));
  if (rows.length === 0) return null;
  return { date: rows[0].date, rates: Object.fromEntries(rows.map((r) => [r.currencyId, new Decimal(r.unitsPerEur).toFixed()])) };
}

/**
 * GET /v1/exchange/rates: units per 1 EUR of every currency the bank holds that has a rate
 * (the rates in force: ECB and rates set by staff; the AED peg, the crypto reference prices), the
 * newest date and the spread. `source` is "ECB", or "ECB+BANK" when a staff rate is in force.
 */
export async function getExchangeRates(db: Database): Promise<ExchangeRates> {
  const [latest, spread, bankCurrencies] = [
    await ratesInForce(db),
    await spreadPercent(db),
    // Reference data kept per process (server/domain/reference/cache.ts), in code order here.
    [...(await listCurrencies(db))].sort((a, b) => a.id.localeCompare(b.id)),
  ];
  const perEur = latest ? unitsPerEur(latest.rates, latest.solPriceUsd) : new Map<string, Decimal>();
  return {
    base: "EUR",
    date: latest?.date ?? null,
    source:
      latest && Object.values(latest.sources).some((x) => x.source === BANK_SOURCE) ? `${ECB_SOURCE}+${BANK_SOURCE}` : ECB_SOURCE,
    spreadPercent: spread,
    rates: bankCurrencies
      .filter((c) => perEur.has(c.id))
      .map((c) => ({ currencyId: c.id as CurrencyCode, unitsPerEur: perEur.get(c.id)!.toDecimalPlaces(12).toFixed() })),
  };
}

type QuoteRow = typeof exchangeQuotes.$inferSelect;

/** A quote row → wire (contract ExchangeQuote), with the balances after at `scales`. */
function toWire(q: QuoteRow, scales: Map<string, number>, after: { from: Decimal; to: Decimal }, now: Date): ExchangeQuote {
  const fromScale = scales.get(q.fromCurrencyId)!;
  const toScale = scales.get(q.toCurrencyId)!;
  const fee = new Decimal(q.feeAmount);
  return {
    id: q.id,
    organizationId: q.organizationId,
    accountId: q.accountId,
    fromCurrencyId: q.fromCurrencyId as CurrencyCode,
    toCurrencyId: q.toCurrencyId as CurrencyCode,
    fixedSide: q.fixedSide as "SELL" | "BUY",
    sellAmount: formatAmount(q.sellAmount, fromScale),
    buyAmount: formatAmount(q.buyAmount, toScale),
    rate: new Decimal(q.rate).toFixed(12),
    fee: fee.gt(0) ? { amount: formatAmount(fee, fromScale), currencyId: q.feeCurrencyId as CurrencyCode } : null,
    fromBalanceAfter: formatAmount(after.from, fromScale),
    toBalanceAfter: formatAmount(after.to, toScale),
    rateDate: q.rateDate,
    rateSource: q.rateSource,
    expiresAt: q.expiresAt.toISOString(),
    status: q.ledgerTransactionId ? "EXECUTED" : q.expiresAt.getTime() <= now.getTime() ? "EXPIRED" : "QUOTED",
    executedAt: q.executedAt ? q.executedAt.toISOString() : null,
    transactionId: q.ledgerTransactionId,
  };
}

async function scalesOf(db: Db, ids: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: currencies.id, scale: currencies.scale })
    .from(currencies)
    .where(inArray(currencies.id, ids));
  return new Map(rows.map((r) => [r.id, r.scale]));
}

/**
 * A customer account (not a system one) of one of the caller's organizations.
 * @throws DomainError 404 NOT_FOUND otherwise (one answer: nothing to enumerate)
 */
export async function findOwnAccount(db: Db, userId: string, accountId: string): Promise<typeof accounts.$inferSelect> {
  const [account] = await db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.id, accountId),
        eq(accounts.system, false),
        inArray(accounts.organizationId, memberOrganizationIdsQuery(db, userId)),
      ),
    )
    .limit(1);
  if (!account) throw notFound("Account");
  return account;
}

/**
 * The tariff's EXCHANGE fee for selling `sell` (in the sold currency; 0 when the tariff has none)
 * and whether the balance can pay sell + fee (its floor: overdraft only where enabled).
 * @param input.account the customer account; input.balance its balance in `currencyId` (the sold currency)
 * @throws Error when a tariff charges the fee in another currency (a configuration error)
 */
export async function exchangeFee(
  db: Db,
  input: {
    account: typeof accounts.$inferSelect;
    balance: typeof balances.$inferSelect;
    currencyId: string;
    sell: Decimal;
  },
): Promise<{ fee: Decimal; covered: boolean }> {
  const fee = await feeFor(db, {
    organizationId: input.account.organizationId!,
    kind: "EXCHANGE",
    paymentType: null,
    currencyId: input.currencyId,
    amount: input.sell,
  });
  if (fee && fee.currencyId !== input.currencyId)
    throw new Error(`An EXCHANGE fee must be charged in the sold currency, not ${fee.currencyId}`);
  const amount = fee?.amount ?? new Decimal(0);
  const overdraft = await getBooleanSetting(db, SETTING_OVERDRAFT_ENABLED, false);
  return { fee: amount, covered: availableFunds(input.balance, input.account, overdraft).gte(input.sell.plus(amount)) };
}

/**
 * POST /v1/exchange/calc: quote an exchange and store the quote (valid QUOTE_TTL_SECONDS).
 * @param input.body contract ExchangeCalcRequest (validated with `exchangeCalcSchema`)
 * @param input.now clock (tests); default now
 * @returns the quote (status QUOTED) with rate, both amounts, fee and both balances after
 * @throws DomainError 404 NOT_FOUND (account not in the caller's organizations), 403 FORBIDDEN (an
 *   official without signature duty: `requireExchangeDuty`), 400 VALIDATION_FAILED
 *   (field errors: currencies, amounts; toCurrencyId without a rate, e.g. RUB), 400 INSUFFICIENT_FUNDS
 *   (field `amount`: the source balance cannot pay sellAmount + fee)
 */
export async function quoteExchange(db: Database, input: { userId: string; body: unknown; now?: Date }): Promise<ExchangeQuote> {
  const parsed = exchangeCalcSchema.safeParse(input.body);
  if (!parsed.success) throw fieldErrors(parsed.error);
  const body = parsed.data;
  const now = input.now ?? new Date();
  const account = await findOwnAccount(db, input.userId, body.accountId);
  // A customer account always belongs to an organization (findOwnAccount: one of the caller's).
  await requireExchangeDuty(db, input.userId, account.organizationId ?? "");
  const scales = await scalesOf(db, [body.fromCurrencyId, body.toCurrencyId]);
  if (!scales.has(body.fromCurrencyId))
    throw fieldError("fromCurrencyId", "isCurrency", "fromCurrencyId is not a known currency");
  if (!scales.has(body.toCurrencyId)) throw fieldError("toCurrencyId", "isCurrency", "toCurrencyId is not a known currency");
  const fromScale = scales.get(body.fromCurrencyId)!;
  const toScale = scales.get(body.toCurrencyId)!;
  const accountBalances = await db
    .select()
    .from(balances)
    .where(and(eq(balances.accountId, account.id), inArray(balances.currencyId, [body.fromCurrencyId, body.toCurrencyId])));
  const from = accountBalances.find((b) => b.currencyId === body.fromCurrencyId);
  const to = accountBalances.find((b) => b.currencyId === body.toCurrencyId);
  if (!from) throw fieldError("fromCurrencyId", "hasBalance", `The account has no ${body.fromCurrencyId} balance`);

  const side = body.sellAmount !== undefined ? "SELL" : "BUY";
  const field = side === "SELL" ? "sellAmount" : "buyAmount";
  const amountResult = validateWireAmount(body.sellAmount ?? body.buyAmount ?? "", {
    scale: side === "SELL" ? fromScale : toScale,
  });
  if (!amountResult.ok) throw fieldError(field, amountResult.error, amountErrorText(amountResult.error));

  const latest = await ratesInForce(db);
  const mid = latest ? midRate(unitsPerEur(latest.rates, latest.solPriceUsd), body.fromCurrencyId, body.toCurrencyId) : null;
  if (!latest || !mid)
    throw fieldError("toCurrencyId", "hasRate", `No exchange rate from ${body.fromCurrencyId} to ${body.toCurrencyId}`);
  const rate = customerRate(mid, await spreadPercent(db));
  if (rate.lte(0))
    throw fieldError("toCurrencyId", "hasRate", `No exchange rate from ${body.fromCurrencyId} to ${body.toCurrencyId}`);
  const { sell, buy } = exchangeAmounts(side, new Decimal(amountResult.value), rate, fromScale, toScale);
  if (sell.lte(0) || buy.lte(0)) throw fieldError(field, "isExchangeable", "The amount is too small to exchange");

  const { fee: feeAmount, covered } = await exchangeFee(db, { account, balance: from, currencyId: body.fromCurrencyId, sell });
  if (!covered) throw insufficientFunds();

  const [row] = await db
    .insert(exchangeQuotes)
    .values({
      userId: input.userId,
      organizationId: account.organizationId!,
      accountId: account.id,
      fromCurrencyId: body.fromCurrencyId,
      toCurrencyId: body.toCurrencyId,
      fixedSide: side,
      sellAmount: sell.toFixed(),
      buyAmount: buy.toFixed(),
      rate: rate.toFixed(),
      midRate: mid.toDecimalPlaces(18).toFixed(),
      feeAmount: feeAmount.toFixed(),
      feeCurrencyId: body.fromCurrencyId,
      rateDate: latest.date,
      rateSource: pairSource(latest, body.fromCurrencyId, body.toCurrencyId),
      expiresAt: new Date(now.getTime() + QUOTE_TTL_SECONDS * 1000),
      createdAt: now,
    })
    .returning();
  return toWire(
    row,
    scales,
    { from: new Decimal(from.amount).minus(sell).minus(feeAmount), to: new Decimal(to?.amount ?? 0).plus(buy) },
    now,
  );
}

/** The quote `id` if it belongs to one of the caller's organizations, else 404 (one answer: nothing to enumerate). */
/**
 * An exchange moves the organization's money (no code, docs/decisions.md "Currency exchange"), so
 * only a member who could sign its payments makes one: an individual, or an official whose
 * signatureType is not NONE (spec 000 §4, §6 `hasSignatureDuty`). An official without that duty
 * (a shareholder, a viewer) neither quotes nor executes.
 * @throws DomainError 403 FORBIDDEN
 */
async function requireExchangeDuty(db: Db, userId: string, organizationId: string): Promise<void> {
  if (!hasSignatureDuty(await requireMembership(db, userId, organizationId)))
    throw forbidden("Only an official who can sign may exchange this organization's money");
}

async function findOwnQuote(db: Db, userId: string, id: string, lock: boolean): Promise<QuoteRow> {
  if (!z.string().uuid().safeParse(id).success) throw notFound("Exchange");
  const query = db
    .select()
    .from(exchangeQuotes)
    .where(and(eq(exchangeQuotes.id, id), inArray(exchangeQuotes.organizationId, memberOrganizationIdsQuery(db, userId))))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: exchangeQuotes }) : await query;
  if (!row) throw notFound("Exchange");
  return row;
}

/** The posted balances after an executed quote (its postings' balanceAfter), or the current balances. */
async function balancesAfter(db: Db, q: QuoteRow): Promise<{ from: Decimal; to: Decimal }> {
  const rows = await db
    .select({ currencyId: balances.currencyId, amount: balances.amount })
    .from(balances)
    .where(and(eq(balances.accountId, q.accountId), inArray(balances.currencyId, [q.fromCurrencyId, q.toCurrencyId])));
  const cur = (c: string) => new Decimal(rows.find((r) => r.currencyId === c)?.amount ?? 0);
  if (q.ledgerTransactionId) {
    const posted = await db
      .select({ currencyId: postings.currencyId, balanceAfter: postings.balanceAfter })
      .from(postings)
      .innerJoin(balances, eq(balances.id, postings.balanceId))
      .where(and(eq(postings.transactionId, q.ledgerTransactionId), eq(balances.accountId, q.accountId)));
    // the source balance is hit twice when a fee applies: its lowest balanceAfter is the final one
    const last = (c: string) => {
      const hits = posted.filter((r) => r.currencyId === c).map((r) => new Decimal(r.balanceAfter));
      return hits.length ? Decimal.min(...hits) : cur(c);
    };
    return { from: last(q.fromCurrencyId), to: last(q.toCurrencyId) };
  }
  return { from: cur(q.fromCurrencyId).minus(q.sellAmount).minus(q.feeAmount), to: cur(q.toCurrencyId).plus(q.buyAmount) };
}

/**
 * GET /v1/exchange/:id: a quote or executed exchange of the caller's organizations.
 * @throws DomainError 404 NOT_FOUND (unknown id, or another organization's)
 */
export async function getExchange(db: Database, userId: string, id: string, now = new Date()): Promise<ExchangeQuote> {
  const q = await findOwnQuote(db, userId, id, false);
  return toWire(q, await scalesOf(db, [q.fromCurrencyId, q.toCurrencyId]), await balancesAfter(db, q), now);
}

/**
 * POST /v1/exchange: execute a quote once, as one ledger transaction (module doc).
 * @param input.body contract ExchangeRequest `{ quoteId }`; input.idempotencyKey 1..128 characters
 * @returns `{ exchange (status EXECUTED), created }`: created false for a replay (the same key and quote)
 * @throws DomainError 404 NOT_FOUND (quote not of the caller's organizations), 409 EXCHANGE_QUOTE_EXPIRED
 *   (past expiresAt: re-quote), 409 EXCHANGE_QUOTE_USED (already executed under another key),
 *   409 IDEMPOTENCY_KEY_REUSED (the key already executed another quote), 400 INSUFFICIENT_FUNDS (field `amount`)
 */
export async function executeExchange(
  db: Database,
  input: { userId: string; body: unknown; idempotencyKey: string; now?: Date },
): Promise<{ exchange: ExchangeQuote; created: boolean }> {
  const parsed = exchangeExecuteSchema.safeParse(input.body);
  if (!parsed.success) throw fieldErrors(parsed.error);
  const { quoteId } = parsed.data;
  const result = await withSerializableRetry(db, async (tx): Promise<{ row: QuoteRow; created: boolean }> => {
    const q = await findOwnQuote(tx, input.userId, quoteId, true);
    await requireExchangeDuty(tx, input.userId, q.organizationId);
    const [byKey] = await tx
      .select({ id: exchangeQuotes.id })
      .from(exchangeQuotes)
      .where(and(eq(exchangeQuotes.organizationId, q.organizationId), eq(exchangeQuotes.idempotencyKey, input.idempotencyKey)))
      .limit(1);
    if (byKey && byKey.id !== q.id)
      throw new DomainError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request body");
    if (q.ledgerTransactionId) {
      if (q.idempotencyKey === input.idempotencyKey) return { row: q, created: false };
      throw new DomainError("EXCHANGE_QUOTE_USED", "This quote has already been exchanged");
    }
    const now = input.now ?? new Date();
    if (q.expiresAt.getTime() <= now.getTime())
      throw new DomainError("EXCHANGE_QUOTE_EXPIRED", "The quote has expired: ask for a new quote");

    await tx
      .insert(balances)
      .values({ accountId: q.accountId, currencyId: q.toCurrencyId })
      .onConflictDoNothing({ target: [balances.accountId, balances.currencyId] });
    const own = await tx
      .select({ id: balances.id, currencyId: balances.currencyId })
      .from(balances)
      .where(and(eq(balances.accountId, q.accountId), inArray(balances.currencyId, [q.fromCurrencyId, q.toCurrencyId])));
    const fromId = own.find((b) => b.currencyId === q.fromCurrencyId)?.id;
    const toId = own.find((b) => b.currencyId === q.toCurrencyId)!.id;
    if (!fromId) throw notFound("Balance");
    const sell = new Decimal(q.sellAmount);
    const buy = new Decimal(q.buyAmount);
    const fee = new Decimal(q.feeAmount);
    const reference = `Exchange ${q.fromCurrencyId} → ${q.toCurrencyId} at ${new Decimal(q.rate).toFixed()}`;
    const legs: PostingInput[] = [
      { balanceId: fromId, amount: sell.neg(), reference, counterpartyName: `Exchange to ${q.toCurrencyId}` },
      { balanceId: await systemBalanceId(tx, "FX_POSITION", q.fromCurrencyId), amount: sell, reference },
      { balanceId: await systemBalanceId(tx, "FX_POSITION", q.toCurrencyId), amount: buy.neg(), reference },
      { balanceId: toId, amount: buy, reference, counterpartyName: `Exchange from ${q.fromCurrencyId}` },
    ];
    if (fee.gt(0)) {
      legs.push(
        {
          balanceId: fromId,
          amount: fee.neg(),
          reference: "Exchange fee",
          counterpartyName: "Exchange fee",
          operationType: "TRANSACTION_FEE",
        },
        {
          balanceId: await systemBalanceId(tx, "FEE_INCOME", q.fromCurrencyId),
          amount: fee,
          reference: "Exchange fee",
          operationType: "TRANSACTION_FEE",
        },
      );
    }
    const posted = await postTransaction(tx, { kind: "EXCHANGE", description: reference, postings: legs });
    const [row] = await tx
      .update(exchangeQuotes)
      .set({ ledgerTransactionId: posted.transactionId, executedAt: now, idempotencyKey: input.idempotencyKey })
      .where(eq(exchangeQuotes.id, q.id))
      .returning();
    return { row, created: true };
  }).catch((err: unknown) => {
    // two different quotes executed at once under one key: the unique index refuses the second
    if (pgErrorCode(err) === "23505")
      throw new DomainError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request body");
    throw err;
  });
  const scales = await scalesOf(db, [result.row.fromCurrencyId, result.row.toCurrencyId]);
  return {
    exchange: toWire(result.row, scales, await balancesAfter(db, result.row), input.now ?? new Date()),
    created: result.created,
  };
}

/**
 * GET /v1/exchange?organizationId=&take=: the organization's quotes and exchanges, newest first
 * (quoted, expired and executed), at most `take` (1..100, default 20).
 * @param q.organizationId one of the caller's organizations
 * @returns `{ data: ExchangeQuote[] }` (balances after: as posted for executed ones, as of now otherwise)
 * @throws DomainError 403 FORBIDDEN (not the caller's organization)
 */
export async function listExchanges(
  db: Database,
  userId: string,
  q: { organizationId: string; take: number },
  now = new Date(),
): Promise<{ data: ExchangeQuote[] }> {
  await requireMembership(db, userId, q.organizationId);
  const rows = await db
    .select()
    .from(exchangeQuotes)
    .where(eq(exchangeQuotes.organizationId, q.organizationId))
    .orderBy(desc(exchangeQuotes.createdAt), desc(exchangeQuotes.id))
    .limit(q.take);
  const scales = await scalesOf(db, [...new Set(rows.flatMap((r) => [r.fromCurrencyId, r.toCurrencyId]))]);
  const data: ExchangeQuote[] = [];
  for (const r of rows) data.push(toWire(r, scales, await balancesAfter(db, r), now));
  return { data };
}
