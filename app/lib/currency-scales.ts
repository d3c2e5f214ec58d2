/**
 * Currency scales of a payment form's balances, without the form's rules: what its screen needs
 * at render (the chosen balance's decimals; one lazily loaded validator per set of scales),
 * apart from lib/payment-schemas.ts, whose zod is loaded only when the form is used
 * (lib/lazy-validator.ts).
 */
import { DEFAULT_SCALE } from "../../server/rules/amount";

/** Decimals of each currency a form offers (currency code → scale, e.g. `{ GBP: 2, USDT: 6 }`). */
export type CurrencyScales = Readonly<Record<string, number>>;

/** Decimals of `currency` among `scales`, else DEFAULT_SCALE (2). */
export function scaleOfCurrency(currency: string | undefined, scales: CurrencyScales): number {
  return currency && Object.prototype.hasOwnProperty.call(scales, currency) ? scales[currency] : DEFAULT_SCALE;
}

/**
 * The scale of the currency of a chosen "Pay from" balance (`accountId:currencyId`,
 * lib/balance-sources.ts), or DEFAULT_SCALE (2) when the value is malformed or the currency is
 * not among `scales`.
 */
export function scaleOfSource(source: string | undefined, scales: CurrencyScales): number {
  return scaleOfCurrency(source?.slice(source.lastIndexOf(":") + 1), scales);
}

/**
 * Memoise `make` per set of scales (key order does not matter), so a form's renders and its
 * action share one validator per set of currencies.
 */
export function perScales<T>(make: (scales: CurrencyScales) => T): (scales: CurrencyScales) => T {
  const made = new Map<string, T>();
  return (scales) => {
    const key = JSON.stringify(Object.entries(scales).sort(([a], [b]) => a.localeCompare(b)));
    let value = made.get(key);
    if (value === undefined) {
      value = make(scales);
      made.set(key, value);
    }
    return value;
  };
}
