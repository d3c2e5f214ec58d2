/**
 * FX rate request arithmetic (spec 001 §3 "FX rate request", §9 "FX rate display"), the one rule
 * set of the API and the web pages. All on decimal strings through decimal.js (never floats).
 *
 * - The bought amount (the flexible sum) is sellAmount × proposed rate, rounded half-even
 *   (banker's rounding, as the exchange quotes in server/domain/exchange/rates.ts) to the bought
 *   currency's scale (2 for fiat, 6 for USDT/USDC/EURC, 9 for SOL).
 * - The rate shown is "one unit of the sold currency equals flexible sum ÷ fixed sum of the
 *   bought one" (spec 001 §9), computed from the two sums (not the proposed rate, which the
 *   rounding of the bought amount may move in its last decimals) and rounded half-even to 12
 *   decimals in lists and 14 in details, always straight from the sums (no double rounding).
 */
import DecimalJs from "decimal.js";

const D = DecimalJs.clone({ precision: 60, rounding: DecimalJs.ROUND_HALF_EVEN, toExpNeg: -40, toExpPos: 60 });

/** Decimals of the rate in the requests list (spec 001 §9). */
export const FX_RATE_LIST_DECIMALS = 12;
/** Decimals of the rate on a request's details (spec 001 §9). */
export const FX_RATE_DETAIL_DECIMALS = 14;
/** Most decimals a proposed rate may have (the list shows 12). */
export const FX_PROPOSED_RATE_SCALE = 12;

/**
 * The bought amount for selling `sellAmount` at `rate`.
 * @param sellAmount decimal string, units of the sold currency (e.g. "100.00")
 * @param rate decimal string, units of the bought currency per 1 unit of the sold one
 * @param toScale decimals of the bought currency
 * @returns sellAmount × rate, half-even at `toScale`, with exactly `toScale` decimals (e.g. "117.37")
 */
export function fxBoughtAmount(sellAmount: string, rate: string, toScale: number): string {
  return new D(sellAmount).times(rate).toFixed(toScale, DecimalJs.ROUND_HALF_EVEN);
}

/**
 * The displayed rate of a request: flexible sum ÷ fixed sum (spec 001 §9).
 * @param fixedSum the sold amount (decimal string, > 0)
 * @param flexibleSum the bought amount (decimal string)
 * @param decimals FX_RATE_LIST_DECIMALS or FX_RATE_DETAIL_DECIMALS
 * @returns the quotient half-even at `decimals`, with exactly that many decimals; "" when fixedSum is 0
 */
export function fxActualRate(fixedSum: string, flexibleSum: string, decimals: number): string {
  const fixed = new D(fixedSum);
  if (fixed.isZero()) return "";
  return new D(flexibleSum).dividedBy(fixed).toFixed(decimals, DecimalJs.ROUND_HALF_EVEN);
}
