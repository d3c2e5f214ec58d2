/**
 * Server helpers of the /currency-exchange pages: the exchange form's fields → POST
 * /v1/exchange/calc, and re-quoting an expired quote with the same fixed side and amount.
 */
import type { CurrencyCode, ExchangeCalcRequest, ExchangeQuote } from "../../../../server/api/v1/contract";
import { ApiError, type Api } from "~/lib/api.server";
import { parseSource } from "~/lib/balance-sources";
import { isFieldError, mapServerErrors, type Translate } from "~/lib/server-errors";
import { looksLikeThousandsComma, normaliseAmountInput, validateAmount } from "../../../../server/rules/amount";
import { exchangeAmountScale } from "./__amount-scale";

/** What the form sent, echoed back into the form after an error. */
export interface ExchangeFormValues {
  source: string;
  toCurrencyId: string;
  amount: string;
  side: "SELL" | "BUY";
}

/** Form errors by field (i18n keys or the API's final texts). */
export type ExchangeFormErrors = Partial<Record<"source" | "toCurrencyId" | "amount" | "form", string>>;

/**
 * Read the exchange form (fields source = `accountId:currencyId`, toCurrencyId, amount, side SELL|BUY).
 * The amount follows the shared amount rules (server/rules/amount.ts, spec 000 §5: a comma becomes
 * a dot, spaces dropped, no leading dot or zero, at most the scale of the fixed side's currency,
 * more than 0, at most 1e16); a refusal is `errors:amount.<code>` on the amount field.
 * @param scales decimals of each currency (currency code → scale; unknown currencies take 2)
 * @returns the calc request (amount normalised, e.g. "12,5" → "12.5"), or field errors (i18n keys)
 *   with the values to show again (the amount normalised as far as it goes)
 */
export function readExchangeForm(
  form: FormData,
  scales: Readonly<Record<string, number>>,
):
  | { ok: true; values: ExchangeFormValues; request: ExchangeCalcRequest }
  | { ok: false; values: ExchangeFormValues; errors: ExchangeFormErrors } {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.trim() : "";
  };
  const typed = text("amount");
  const values: ExchangeFormValues = {
    source: text("source"),
    toCurrencyId: text("toCurrencyId"),
    // "1,000" is shown again as typed: it is refused as a possible thousands separator.
    amount: looksLikeThousandsComma(typed) ? typed : normaliseAmountInput(typed),
    side: text("side") === "BUY" ? "BUY" : "SELL",
  };
  const amount = validateAmount(typed, { scale: exchangeAmountScale(values, scales) });
  const errors: ExchangeFormErrors = {};
  const source = parseSource(values.source);
  if (!source) errors.source = "exchange:errors.source";
  if (!/^[A-Z]{3,5}$/.test(values.toCurrencyId) || values.toCurrencyId === source?.currencyId)
    errors.toCurrencyId = "exchange:errors.to";
  if (!amount.ok) errors.amount = `errors:amount.${amount.error}`;
  if (!source || !amount.ok || Object.keys(errors).length) return { ok: false, values, errors };
  values.amount = amount.value;
  return {
    ok: true,
    values,
    request: {
      accountId: source.accountId,
      fromCurrencyId: source.currencyId,
      toCurrencyId: values.toCurrencyId as CurrencyCode,
      ...(values.side === "SELL" ? { sellAmount: values.amount } : { buyAmount: values.amount }),
    },
  };
}

/** The calc request's properties → the exchange form's fields. */
const FIELD_OF: Record<string, "source" | "toCurrencyId" | "amount"> = {
  sellAmount: "amount",
  buyAmount: "amount",
  amount: "amount",
  toCurrencyId: "toCurrencyId",
  fromCurrencyId: "source",
  accountId: "source",
};

/** Keeps i18n keys as keys: the page translates them (`translateMessage`), the action has no `t`. */
const asKey: Translate = (key) => key;

/**
 * The API's refusal of a calc as form errors, through the shared mapper (lib/server-errors:
 * known constraints and the amount rule's codes become translated keys): field errors on
 * sellAmount/buyAmount/amount → amount, toCurrencyId, fromCurrencyId/accountId → source;
 * anything else on the form.
 * @throws the error again when it is not a 400 (404 and 5xx go to the error boundary)
 */
export function calcErrors(error: unknown): ExchangeFormErrors {
  if (!(error instanceof ApiError) || error.status !== 400) throw error;
  const { message } = error.body;
  const onFields = Array.isArray(message)
    ? message.map((e) => (isFieldError(e) && FIELD_OF[e.property] ? { ...e, property: FIELD_OF[e.property] } : e))
    : message;
  const mapped = mapServerErrors({ ...error.body, message: onFields }, ["source", "toCurrencyId", "amount"], asKey);
  const form = [mapped.globalError, ...mapped.generalMessages].filter(Boolean).join(" ");
  return { ...mapped.fieldErrors, ...(form ? { form } : {}) };
}

/** A fresh quote with the same account, currencies, fixed side and amount as `old`. */
export async function requote(api: Api, old: ExchangeQuote): Promise<ExchangeQuote> {
  return api.post<ExchangeQuote>("/exchange/calc", {
    accountId: old.accountId,
    fromCurrencyId: old.fromCurrencyId,
    toCurrencyId: old.toCurrencyId,
    ...(old.fixedSide === "SELL" ? { sellAmount: old.sellAmount } : { buyAmount: old.buyAmount }),
  });
}
