/**
 * Money helpers: decimal.js only, never JavaScript floats (design note "Money").
 *
 * Amounts travel as decimal strings scaled to the currency (`currencies.scale`: fiat 2,
 * USDT/USDC/EURC 6, SOL 9). Numeric columns come back from the database as strings.
 */
import DecimalJs from "decimal.js";
import { MAX_AMOUNT as MAX_AMOUNT_TEXT, validateWireAmount, type AmountError } from "../../rules/amount.js";

/**
 * decimal.js configured for money: 60 significant digits (the default 20 would round a
 * 1e16 SOL amount with 9 decimals), banker's rounding, no exponent notation in toString.
 */
export const Decimal = DecimalJs.clone({ precision: 60, rounding: DecimalJs.ROUND_HALF_EVEN, toExpNeg: -40, toExpPos: 60 });
export type Decimal = DecimalJs;
/** Anything a Decimal can be built from (string, number literal in tests, Decimal). */
export type DecimalValue = DecimalJs.Value;

/** Largest amount a customer may enter (spec 000 §5/§9: "value at most 1e16"). */
export const MAX_AMOUNT = new Decimal(MAX_AMOUNT_TEXT);

/** The rules' amount codes folded into the four keys parseAmount has always answered. */
const LEGACY_AMOUNT_ERROR: Record<AmountError, "format" | "scale" | "positive" | "max"> = {
  required: "format",
  "thousands-comma": "format",
  "invalid-characters": "format",
  "leading-dot": "format",
  "leading-zero": "format",
  "too-many-decimals": "scale",
  "not-positive": "positive",
  "too-large": "max",
};

/**
 * Parse an API amount string with the shared rule (server/rules/amount.ts `validateWireAmount`:
 * plain decimal, no leading zero, at most `scale` decimals, > 0, ≤ 1e16).
 * Thin adapter for server/domain/payments, which still maps these four keys to messages; it will
 * call `validateWireAmount` and use its codes (`AmountError`) directly, then this adapter goes.
 * @returns the Decimal, or an error key: "format" (not a plain decimal: comma, sign, exponent,
 *   spaces, leading zero or dot), "scale" (more decimals written than the currency's scale, as
 *   spec 000 §5 "at most 2 decimals": "1.500" GBP is refused), "positive" (≤ 0), "max" (> 1e16).
 */
export function parseAmount(
  value: string,
  scale: number,
): { ok: true; amount: Decimal } | { ok: false; error: "format" | "scale" | "positive" | "max" } {
  const result = validateWireAmount(value, { scale });
  if (!result.ok) return { ok: false, error: LEGACY_AMOUNT_ERROR[result.error] };
  return { ok: true, amount: new Decimal(result.value) };
}

/** Decimal (or numeric string from the database) → wire string with exactly `scale` decimals. */
export function formatAmount(value: DecimalValue, scale: number): string {
  return new Decimal(value).toFixed(scale, DecimalJs.ROUND_HALF_EVEN);
}
