/**
 * Amount rules (spec 000 §5 "Amount input", §9 "Amount max 1e16, 2 decimals by default"), the
 * one rule set of the web forms and the API.
 *
 * All logic is on strings: an amount is never turned into a JavaScript number (no floats).
 * Pure and dependency-free (server/rules imports only npm packages), so form routes stay light.
 * Each error is a stable code: the web shows `errors:amount.<code>`, the server turns it into a
 * field error on `amount`.
 */

/** Largest accepted amount (spec 000 §5: "value at most 1e16"). */
export const MAX_AMOUNT = "10000000000000000";

/** Default number of decimals (spec 000 §5: "at most 2 decimals unless a different decimal count is set"). */
export const DEFAULT_SCALE = 2;

/** Stable reasons an amount is refused, in the order they are checked; each maps to `errors:amount.<code>`. */
export const AMOUNT_ERRORS = [
  "required",
  "thousands-comma",
  "invalid-characters",
  "leading-dot",
  "leading-zero",
  "too-many-decimals",
  "too-large",
  "not-positive",
] as const;
export type AmountError = (typeof AMOUNT_ERRORS)[number];

/**
 * The API's English text of each reason (the constraint message beside the code; the web app
 * shows `errors:amount.<code>` instead). `field` is the request property refused.
 */
export function amountErrorText(code: AmountError, field = "amount"): string {
  const texts: Record<AmountError, string> = {
    required: "should not be empty",
    "thousands-comma": "must not use a comma before exactly three digits (a thousands separator?): write 1000 or 1.000",
    "invalid-characters": "must be a decimal number such as 120.50",
    "leading-dot": "must not start with a dot",
    "leading-zero": "must not start with 0 followed by a digit",
    "too-many-decimals": "has more decimals than the currency allows",
    "too-large": `must be at most ${MAX_AMOUNT}`,
    "not-positive": "must be greater than 0",
  };
  return `${field} ${texts[code]}`;
}

/** Result of an amount check: the decimal string, or why it is refused. */
export type AmountResult = { ok: true; value: string } | { ok: false; error: AmountError };

/** Options of an amount check. */
export interface AmountOptions {
  /** Decimals allowed: the currency's scale (default 2; USDT/USDC/EURC 6, SOL 9). */
  scale?: number;
  /** Accept "0"/"0.00" (default false: a payment must move money). */
  allowZero?: boolean;
}

/**
 * Normalise what the user typed: trims, removes spaces, and turns a comma into a dot
 * (spec 000 §5 "a comma is turned into a dot").
 * @param raw text from the input, e.g. " 12,5 "
 * @returns e.g. "12.5" (not validated)
 */
export function normaliseAmountInput(raw: string): string {
  return raw.trim().replace(/\s+/g, "").replace(/,/g, ".");
}

/**
 * True when what the person typed has a comma followed by exactly three digits, as in "1,000" or
 * "12 345,678": spec 000 §5 reads the comma as the decimal separator (1.000), but in English it
 * is a thousands separator (one thousand). A crypto amount has 6 or 9 decimals, so "1,000 SOL"
 * passes every other rule as 1 SOL; the forms refuse it instead and ask for a plain number
 * (docs/decisions.md "A comma before three digits"). "0,125" (no thousands reading), "1,5",
 * "1,0005" and "1.000" are not ambiguous.
 * @param raw the text as typed (not normalised)
 */
export function looksLikeThousandsComma(raw: string): boolean {
  return /^[0-9]*[1-9][0-9]*,[0-9]{3}$/.test(raw.trim().replace(/\s+/g, ""));
}

/**
 * The rules on an already normalised string (digits and dots only are accepted).
 * @returns the value without a trailing dot, or the first rule it breaks
 */
function checkAmount(value: string, options: AmountOptions): AmountResult {
  const scale = options.scale ?? DEFAULT_SCALE;
  if (value === "") return { ok: false, error: "required" };
  if (!/^[0-9.]+$/.test(value) || (value.match(/\./g) ?? []).length > 1) {
    return { ok: false, error: "invalid-characters" };
  }
  if (value.startsWith(".")) return { ok: false, error: "leading-dot" };
  if (/^0[0-9]/.test(value)) return { ok: false, error: "leading-zero" };
  const [intPart, fracPart = ""] = value.split(".");
  if (fracPart.length > scale) return { ok: false, error: "too-many-decimals" };
  if (compareDecimalStrings(value, MAX_AMOUNT) > 0) return { ok: false, error: "too-large" };
  const isZero = /^0*$/.test(intPart) && /^0*$/.test(fracPart);
  if (isZero && !options.allowZero) return { ok: false, error: "not-positive" };
  return { ok: true, value: value.endsWith(".") ? value.slice(0, -1) : value };
}

/**
 * Check an amount a person typed (web form, browser and action) against spec 000 §5: digits and
 * one dot, a comma becomes a dot, spaces are dropped, no leading dot, no leading zero followed by
 * a digit, at most `scale` decimals, more than 0 and at most 1e16. A comma before exactly three
 * digits ("1,000") is refused first (`thousands-comma`, {@link looksLikeThousandsComma}).
 * @param raw user text, e.g. " 1 000,50 "
 * @param options scale (currency decimals, default 2) and allowZero (default false)
 * @returns `{ ok: true, value }` with the normalised decimal string ("1000.50"; a trailing dot is
 *   dropped), or `{ ok: false, error }`
 */
export function validateAmount(raw: string | null | undefined, options: AmountOptions = {}): AmountResult {
  if (looksLikeThousandsComma(raw ?? "")) return { ok: false, error: "thousands-comma" };
  return checkAmount(normaliseAmountInput(raw ?? ""), options);
}

/**
 * Check an amount received on the API (JSON `amount`, a decimal string): the rules of
 * {@link validateAmount}, but nothing is rewritten. A comma, a space, a sign, an exponent or a
 * trailing dot is `invalid-characters`: a program sends the plain form ("1000.50"), and rewriting
 * "1,000" (one thousand in en-US) into 1.000 could move the wrong amount.
 * @param value the wire value (anything that is not a string is `invalid-characters`)
 * @param options scale (currency decimals, default 2) and allowZero (default false)
 * @returns `{ ok: true, value }` (the value as sent), or `{ ok: false, error }`
 */
export function validateWireAmount(value: unknown, options: AmountOptions = {}): AmountResult {
  if (typeof value !== "string") return { ok: false, error: "invalid-characters" };
  if (value === "") return { ok: false, error: "required" };
  if (!/^[0-9]*(\.[0-9]+)?$/.test(value))
    return { ok: false, error: value.startsWith(".") ? "leading-dot" : "invalid-characters" };
  return checkAmount(value, options);
}

/**
 * Keystroke filter for the amount input (spec 000 §5 "Amount input"): returns the text the input
 * should show after a change. A change that breaks the input rules is refused (the previous value
 * is returned): a letter or a sign, a second separator, a leading dot, a leading zero followed by
 * a digit, more than `scale` decimals (scale 0: no separator), above 1e16. The value is judged
 * with a comma read as the dot ({@link normaliseAmountInput}), but what is returned keeps the
 * customer's comma as typed (spaces dropped): the comma becomes a dot only when the field is left
 * ({@link settleAmountInput}). Before the rules, a value with a comma before exactly three digits
 * ("1,000", "12,555": {@link looksLikeThousandsComma}) is kept as typed, so the form's check shows
 * `errors:amount.thousands-comma` on the field: "1,000" typed key by key stays "1,000", never
 * 1.00 (docs/decisions.md "The amount field keeps the spec's mask and the typed comma"). An empty string and a
 * trailing separator ("12.", "12,") are allowed while typing.
 * @param previous value shown before the change
 * @param next value after the change (raw)
 * @param scale decimals allowed (the currency's scale, default 2)
 * @returns the text to show: `next` without spaces, or `previous` when the change is refused
 */
export function acceptAmountKeystroke(previous: string, next: string, scale = DEFAULT_SCALE): string {
  const typed = next.replace(/\s+/g, "");
  if (typed === "") return "";
  if (looksLikeThousandsComma(typed)) return typed;
  const value = normaliseAmountInput(typed);
  if (!/^[0-9]*\.?[0-9]*$/.test(value)) return previous;
  if (value.startsWith(".")) return previous;
  if (/^0[0-9]/.test(value)) return previous;
  if (scale === 0 && value.includes(".")) return previous;
  if ((value.split(".")[1] ?? "").length > scale) return previous;
  if (compareDecimalStrings(value.endsWith(".") ? value.slice(0, -1) : value, MAX_AMOUNT) > 0) return previous;
  return typed;
}

/**
 * What the amount field shows once it is left (spec 000 §5 "a comma is turned into a dot"): the
 * comma becomes a dot, except a comma before exactly three digits ("1,000"), which stays as typed
 * for the form's check to explain ({@link looksLikeThousandsComma}).
 * @param value the field's value ("12,5")
 * @returns e.g. "12.5"; "1,000" unchanged
 */
export function settleAmountInput(value: string): string {
  return looksLikeThousandsComma(value) ? value : value.replace(/,/g, ".");
}

/**
 * Compare two non-negative plain decimal strings ("12", "12.5") without floats.
 * @returns -1, 0 or 1
 */
export function compareDecimalStrings(a: string, b: string): -1 | 0 | 1 {
  const [ai, af = ""] = a.split(".");
  const [bi, bf = ""] = b.split(".");
  const aInt = ai.replace(/^0+(?=\d)/, "");
  const bInt = bi.replace(/^0+(?=\d)/, "");
  if (aInt.length !== bInt.length) return aInt.length > bInt.length ? 1 : -1;
  if (aInt !== bInt) return aInt > bInt ? 1 : -1;
  const len = Math.max(af.length, bf.length);
  const aF = af.padEnd(len, "0");
  const bF = bf.padEnd(len, "0");
  if (aF === bF) return 0;
  return aF > bF ? 1 : -1;
}
