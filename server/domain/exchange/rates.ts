/**
 * Exchange rates, pure (no database): parsing the ECB file, cross rates through EUR, pegs,
 * crypto reference prices, the spread and the rounding of quoted amounts (issue 9; spec 000 §7
 * Exchange; decisions in docs/decisions.md "Currency exchange").
 *
 * Every rate is "units per 1 EUR" (the ECB quotation); the mid rate from A to B (units of B per
 * 1 A) is perEur(B) ÷ perEur(A). Money and rates are decimal.js (ledger/money.ts), never floats.
 * Sources: ECB euro reference rates (server/seed/data/README.md); AED 3.6725 per USD (peg of the
 * Central Bank of the UAE); USDT, USDC = 1 USD and EURC = 1 EUR (their issuers' 1:1 backing);
 * SOL at the bank's reference price in USD (setting SOL-REFERENCE-PRICE-USD, set by ADMIN staff;
 * `SOL_REFERENCE_PRICE_USD` until set; not a market feed).
 */
import DecimalJs from "decimal.js";
import { Decimal } from "../ledger/money.js";

/** AED per 1 USD: the dirham's peg (Central Bank of the UAE, since 1997). */
export const AED_PER_USD = "3.6725";
/** SOL reference price until staff set one, USD per 1 SOL (no market feed). */
export const SOL_REFERENCE_PRICE_USD = "150";
/** Decimals a customer rate is stored and shown with (spec 001 §9 shows 12 in lists). */
export const RATE_DECIMALS = 12;

/** One published day of the ECB file: date (YYYY-MM-DD) → currency → units per 1 EUR (decimal string). */
export interface EcbDay {
  date: string;
  rates: Record<string, string>;
}

/**
 * Parse the ECB eurofxref-hist CSV (header `Date,USD,JPY,…`; one line per business day; `N/A`
 * where no rate was published; a trailing comma on every line).
 * @param text the whole file (UTF-8)
 * @returns the days, newest first, each with only the currencies that have a positive rate
 * @throws Error when the header has no Date column, or a value is neither N/A nor a positive decimal
 */
export function parseEcbCsv(text: string): EcbDay[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  if (lines.length === 0) throw new Error("The ECB file is empty");
  const header = lines[0].split(",").map((h) => h.trim());
  if (header[0] !== "Date") throw new Error("The ECB file must start with a Date column");
  const days: EcbDay[] = [];
  for (const line of lines.slice(1)) {
    const cells = line.split(",").map((c) => c.trim());
    const date = cells[0];
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`Bad date ${JSON.stringify(date)} in the ECB file`);
    const rates: Record<string, string> = {};
    for (let i = 1; i < header.length; i++) {
      const code = header[i];
      const value = cells[i] ?? "";
      if (!code || value === "" || value === "N/A") continue;
      if (!/^\d+(\.\d+)?$/.test(value) || new Decimal(value).lte(0))
        throw new Error(`Bad rate ${JSON.stringify(value)} for ${code} on ${date}`);
      rates[code] = value;
    }
    days.push({ date, rates });
  }
  return days.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/**
 * Units of each of the bank's currencies per 1 EUR, from one day of ECB rates plus the pegs and
 * reference prices above. A currency without a source (RUB: the ECB suspended it in March 2022)
 * is absent, so it cannot be quoted.
 * @param ecb ECB rates of one day (currency → units per EUR, decimal strings)
 * @param solPriceUsd USD per 1 SOL (decimal string > 0)
 * @returns currency → Decimal units per 1 EUR (EUR itself 1)
 */
export function unitsPerEur(ecb: Record<string, string>, solPriceUsd: string = SOL_REFERENCE_PRICE_USD): Map<string, Decimal> {
  const out = new Map<string, Decimal>([["EUR", new Decimal(1)]]);
  for (const [code, value] of Object.entries(ecb)) out.set(code, new Decimal(value));
  out.set("EURC", new Decimal(1));
  const usd = out.get("USD");
  if (usd) {
    out.set("USDT", usd);
    out.set("USDC", usd);
    out.set("AED", usd.times(AED_PER_USD));
    out.set("SOL", usd.dividedBy(solPriceUsd));
  }
  return out;
}

/**
 * Mid rate: units of `to` per 1 unit of `from`, exact to decimal.js's 60 digits.
 * @returns the rate, or null when either currency has no rate
 */
export function midRate(perEur: Map<string, Decimal>, from: string, to: string): Decimal | null {
  const a = perEur.get(from);
  const b = perEur.get(to);
  if (!a || !b) return null;
  return b.dividedBy(a);
}

/**
 * The customer's rate: the mid rate less the spread (the bank buys `from` cheaper), rounded
 * half-even to RATE_DECIMALS.
 * @param mid units of `to` per 1 `from`
 * @param spreadPercent e.g. "0.5" = 0.5 % (0 ≤ spread < 100)
 */
export function customerRate(mid: Decimal, spreadPercent: string | Decimal): Decimal {
  const factor = new Decimal(1).minus(new Decimal(spreadPercent).dividedBy(100));
  return mid.times(factor).toDecimalPlaces(RATE_DECIMALS, DecimalJs.ROUND_HALF_EVEN);
}

/**
 * The other side of an exchange at `rate`, rounded half-even to the currency's scale.
 * - side SELL: `amount` is what is sold (from-currency) → buy = amount × rate, at `toScale`.
 * - side BUY: `amount` is what is bought (to-currency) → sell = amount ÷ rate, at `fromScale`.
 * @returns `{ sell, buy }` Decimals at their scales; either may be 0 when the amount is tiny
 */
export function exchangeAmounts(
  side: "SELL" | "BUY",
  amount: Decimal,
  rate: Decimal,
  fromScale: number,
  toScale: number,
): { sell: Decimal; buy: Decimal } {
  if (side === "SELL") {
    return { sell: amount, buy: amount.times(rate).toDecimalPlaces(toScale, DecimalJs.ROUND_HALF_EVEN) };
  }
  return { sell: amount.dividedBy(rate).toDecimalPlaces(fromScale, DecimalJs.ROUND_HALF_EVEN), buy: amount };
}
