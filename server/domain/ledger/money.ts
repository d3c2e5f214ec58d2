/**
 * Money helpers: decimal.js only, never JavaScript floats (design note "Money").
 *
 * Amounts travel as decimal strings scaled to the currency (`currencies.scale`: fiat 2,
 * USDT/USDC/EURC 6, SOL 9). Numeric columns come back from the database as strings.
 */
import DecimalJs from "decimal.js";

/**
 * decimal.js configured for money: 60 significant digits (the default 20 would round a
 * 1e16 SOL amount with 9 decimals), banker's rounding, no exponent notation in toString.
 */
export const Decimal = DecimalJs.clone({ precision: 60, rounding: DecimalJs.ROUND_HALF_EVEN, toExpNeg: -40, toExpPos: 60 });
export type Decimal = DecimalJs;
/** Anything a Decimal can be built from (string, number literal in tests, Decimal). */
export type DecimalValue = DecimalJs.Value;

/** Largest amount a customer may enter (spec 000 §5/§9: "value at most 1e16"). */
export const MAX_AMOUNT = new Decimal("1e16");

/** Strict decimal literal: digits, optional sign, optional dot + digits (no exponent, no comma). */
const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/** Decimal places of a decimal string as written ("1.50" → 2). */
export function decimalPlaces(value: string): number {
  const dot = value.indexOf(".");
  return dot < 0 ? 0 : value.length - dot - 1;
}

/**
 * Parse a customer-entered amount string.
 * @returns the Decimal, or an error key: "format" (not a plain decimal), "scale" (more
 *   decimals written than the currency's scale, as spec 000 §5 "at most 2 decimals": "1.500" GBP is refused), "positive" (≤ 0), "max" (> 1e16).
 */
export function parseAmount(
  value: string,
  scale: number,
): { ok: true; amount: Decimal } | { ok: false; error: "format" | "scale" | "positive" | "max" } {
  if (typeof value !== "string" || !DECIMAL_RE.test(value.trim())) return { ok: false, error: "format" };
  const amount = new Decimal(value.trim());
  if (decimalPlaces(value.trim()) > scale) return { ok: false, error: "scale" };
  if (amount.lte(0)) return { ok: false, error: "positive" };
  if (amount.gt(MAX_AMOUNT)) return { ok: false, error: "max" };
  return { ok: true, amount };
}

/** Decimal (or numeric string from the database) → wire string with exactly `scale` decimals. */
export function formatAmount(value: DecimalValue, scale: number): string {
  return new Decimal(value).toFixed(scale, DecimalJs.ROUND_HALF_EVEN);
}
