/**
 * Money display (spec 000 §5 "amounts show exactly 2 decimals by default").
 *
 * Amounts arrive as decimal strings (contract: `Decimal`). Formatting is pure string logic:
 * no floats, so "0.1" + "0.2" issues and precision loss above 2^53 cannot happen.
 */

/** Decimals shown when the currency's scale is unknown (spec 000 §5). */
export const DEFAULT_MONEY_SCALE = 2;

/**
 * Round a decimal string half-up (away from zero) to `scale` decimals and pad with zeros.
 * @param amount e.g. "-1234.5", "12.345", "7"
 * @param scale decimals wanted (>= 0)
 * @returns plain decimal string, e.g. ("12.345", 2) → "12.35", ("7", 2) → "7.00"
 * @throws Error when `amount` is not a plain decimal string
 */
export function toScale(amount: string, scale = DEFAULT_MONEY_SCALE): string {
  const trimmed = amount.trim();
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(trimmed);
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) {
    throw new Error(`Not a decimal amount: ${amount}`);
  }
  const negative = match[1] === "-";
  let intPart = match[2] === "" ? "0" : match[2];
  let frac = match[3] ?? "";
  if (frac.length > scale) {
    const roundUp = frac.charCodeAt(scale) >= 53; // '5'
    frac = frac.slice(0, scale);
    if (roundUp) {
      const digits = (intPart + frac).split("").map(Number);
      let i = digits.length - 1;
      while (i >= 0) {
        if (digits[i] === 9) {
          digits[i] = 0;
          i -= 1;
        } else {
          digits[i] += 1;
          break;
        }
      }
      let joined = digits.join("");
      if (i < 0) joined = "1" + joined;
      intPart = joined.slice(0, joined.length - scale) || "0";
      frac = scale > 0 ? joined.slice(joined.length - scale) : "";
    }
  }
  frac = frac.padEnd(scale, "0");
  intPart = intPart.replace(/^0+(?=\d)/, "");
  const isZero = /^0+$/.test(intPart) && /^0*$/.test(frac);
  const sign = negative && !isZero ? "-" : "";
  return scale > 0 ? `${sign}${intPart}.${frac}` : `${sign}${intPart}`;
}

const separatorsCache = new Map<string, { group: string; decimal: string }>();

/**
 * The digit-group and decimal separators of a language (Intl, Latin digits: `1,234.50` in
 * English, `1.234,50` in German). Only the separators come from Intl: the digits themselves
 * are never converted through a float.
 */
export function separatorsOf(lng: string): { group: string; decimal: string } {
  let found = separatorsCache.get(lng);
  if (!found) {
    let parts: Intl.NumberFormatPart[] = [];
    try {
      parts = new Intl.NumberFormat(`${lng}-u-nu-latn`).formatToParts(11111.5);
    } catch {
      parts = [];
    }
    found = {
      group: parts.find((p) => p.type === "group")?.value ?? ",",
      decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
    };
    separatorsCache.set(lng, found);
  }
  return found;
}

/**
 * Format an amount for people: digits grouped by thousands, exactly `scale` decimals, with the
 * separators of the language (spec 000 §5 fixes the decimals, not the separators).
 * @param amount decimal string ("-1234.5")
 * @param scale currency scale (fiat 2, crypto per asset; default 2)
 * @param lng the page's language (default English)
 * @returns e.g. "-1,234.50" (en), "-1.234,50" (de). The sign is the hyphen-minus U+002D in every
 *   language, not the minus sign U+2212: a copied amount must stay a number for a spreadsheet or a
 *   calculator, and screen readers say "minus" for both (docs/decisions.md "Negative amounts keep
 *   the hyphen-minus").
 */
export function formatAmount(amount: string, scale = DEFAULT_MONEY_SCALE, lng = "en"): string {
  const fixed = toScale(amount, scale);
  const negative = fixed.startsWith("-");
  const unsigned = negative ? fixed.slice(1) : fixed;
  const [intPart, frac] = unsigned.split(".");
  const { group, decimal } = lng === "en" ? { group: ",", decimal: "." } : separatorsOf(lng);
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? "-" : ""}${grouped}${frac !== undefined ? `${decimal}${frac}` : ""}`;
}

/**
 * Format an exchange rate or a fee's percentage for people: every decimal as sent (a rate is never
 * rounded or padded: "1.084512" stays six decimals), digits grouped by thousands, the separators
 * of the page's language as amounts have them (`1,0845` in German; Latin digits and `.` in
 * Arabic, as its amounts). Display only: what a customer types and what the API answers keep the dot.
 * @param rate decimal string ("1.0845", "1800", "0.2")
 * @param lng the page's language (default English)
 */
export function formatRate(rate: string, lng = "en"): string {
  const decimals = rate.includes(".") ? rate.length - rate.indexOf(".") - 1 : 0;
  return formatAmount(rate, decimals, lng);
}

/**
 * Format amount plus currency code, as in spec 000 §5 ("fee as amount plus currency name").
 * @returns e.g. ("1250", "GBP") → "1,250.00 GBP"
 */
export function formatMoney(amount: string, currency: string, scale = DEFAULT_MONEY_SCALE, lng = "en"): string {
  return `${formatAmount(amount, scale, lng)} ${currency}`;
}

/** True when the decimal string is below zero ("-0.00" is not). */
export function isNegativeAmount(amount: string): boolean {
  return amount.trim().startsWith("-") && /[1-9]/.test(amount);
}

const currencyNamesCache = new Map<string, Intl.DisplayNames | null>();

/**
 * A currency's name in the page's language: the bank's own name (`fallback`, from the API) in
 * English and for assets without an ISO 4217 code (USDT, USDC, EURC, SOL); Intl's name
 * otherwise ("Euro", "Britisches Pfund", "يورو"). Falls back when the browser has no
 * Intl.DisplayNames.
 */
export function currencyName(code: string, lng: string, fallback: string): string {
  if (lng === "en") return fallback;
  let names = currencyNamesCache.get(lng);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([lng], { type: "currency", fallback: "none" });
    } catch {
      names = null;
    }
    currencyNamesCache.set(lng, names);
  }
  try {
    return names?.of(code) ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * Names of the currencies a select offers, in the page's language (`currencyName`, the bank's
 * own name from GET /v1/currencies as the fallback), computed by the loader so the browser needs
 * no name tables and shows what the server rendered. A code the list lacks gets no name (its
 * option then reads as the code alone).
 * @returns code → name, e.g. `{ EUR: "Euro", GBP: "Pound sterling" }`
 */
export function currencyNames(
  codes: readonly string[],
  currencies: readonly { id: string; name: string }[],
  lng: string,
): Record<string, string> {
  const known = new Map(currencies.map((c) => [c.id, c.name]));
  return Object.fromEntries(
    codes.filter((code) => known.has(code)).map((code) => [code, currencyName(code, lng, known.get(code) || code)]),
  );
}
