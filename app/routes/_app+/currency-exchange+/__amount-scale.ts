/**
 * Decimals the exchange form's amount takes (spec 000 §5 "at most 2 decimals unless a different
 * decimal count is set"): the amount is in the sold currency when the sold side is fixed (SELL),
 * in the bought one when the received side is fixed (BUY) — the scale POST /v1/exchange/calc
 * checks too. Shared by the page (AmountInput) and its action (validateAmount). No imports but
 * the rules, so the route chunk stays light.
 */
import { DEFAULT_SCALE } from "../../../../server/rules/amount";

/**
 * @param choice the form's source (`accountId:currencyId`), target currency and fixed side
 * @param scales decimals of each currency (currency code → scale, e.g. `{ GBP: 2, SOL: 9 }`)
 * @returns the scale of the amount's currency, DEFAULT_SCALE (2) when it is unknown
 */
export function exchangeAmountScale(
  choice: { source: string; toCurrencyId: string; side: string },
  scales: Readonly<Record<string, number>>,
): number {
  const currency = choice.side === "BUY" ? choice.toCurrencyId : choice.source.slice(choice.source.lastIndexOf(":") + 1);
  return currency && Object.prototype.hasOwnProperty.call(scales, currency) ? scales[currency] : DEFAULT_SCALE;
}
