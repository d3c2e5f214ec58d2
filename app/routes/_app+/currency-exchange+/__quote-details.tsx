/** The figures of an exchange quote (rate, both amounts, fee, both balances after, the rates' date), as a description list. */
import { useTranslation } from "react-i18next";
import type { ExchangeQuote } from "../../../../server/api/v1/contract";
import { Money } from "~/components/ui/Money";
import { formatRate } from "~/lib/money";
import detailsList from "~/components/ui/DetailsList.module.css";

export function QuoteDetails({ quote }: { quote: ExchangeQuote }) {
  const { t, i18n } = useTranslation("exchange");
  return (
    <dl className={detailsList.details} data-testid="quote-details">
      <dt>{t("details.sell")}</dt>
      <dd>
        <Money amount={quote.sellAmount} currency={quote.fromCurrencyId} testId="quote-sell" />
      </dd>
      <dt>{t("details.buy")}</dt>
      <dd>
        <Money amount={quote.buyAmount} currency={quote.toCurrencyId} testId="quote-buy" />
      </dd>
      <dt>{t("details.rate")}</dt>
      <dd data-testid="quote-rate">
        {t("details.rate-value", {
          from: quote.fromCurrencyId,
          to: quote.toCurrencyId,
          rate: formatRate(quote.rate, i18n.language),
        })}
      </dd>
      <dt>{t("details.fee")}</dt>
      <dd data-testid="quote-fee">
        {quote.fee ? <Money amount={quote.fee.amount} currency={quote.fee.currencyId} /> : t("details.no-fee")}
      </dd>
      <dt>{t("details.from-after", { currency: quote.fromCurrencyId })}</dt>
      <dd>
        <Money amount={quote.fromBalanceAfter} currency={quote.fromCurrencyId} testId="quote-from-after" />
      </dd>
      <dt>{t("details.to-after", { currency: quote.toCurrencyId })}</dt>
      <dd>
        <Money amount={quote.toBalanceAfter} currency={quote.toCurrencyId} testId="quote-to-after" />
      </dd>
      <dt>{t("details.rate-date")}</dt>
      <dd>{t("details.rate-date-value", { source: quote.rateSource, date: quote.rateDate })}</dd>
    </dl>
  );
}
