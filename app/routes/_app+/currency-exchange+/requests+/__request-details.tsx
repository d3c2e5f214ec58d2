/**
 * Everything about one FX rate request (spec 001 §3): status, the account it sells from, both
 * sums, the rate as flexible ÷ fixed at 14 decimals (spec 001 §9), the rate as proposed, the
 * fee, the dates and, when rejected, the bank's reason. On its confirmation (signing) page and
 * its own page.
 */
import { useTranslation } from "react-i18next";
import { Money } from "~/components/ui/Money";
import { formatRate } from "~/lib/money";
import { FxRequestStatus } from "~/components/ui/FxRequestStatus";
import { formatDate, formatTime } from "~/lib/dates";
import type { FxRequestView } from "~/lib/fx-requests.server";
import detailsList from "~/components/ui/DetailsList.module.css";

function When({ iso }: { iso: string }) {
  return (
    <>
      {formatDate(iso)} {formatTime(iso)}
    </>
  );
}

export function RequestDetails({ request: r }: { request: FxRequestView }) {
  const { t, i18n } = useTranslation("exchange");
  const from = r.exchangeCurrencyFrom;
  const to = r.exchangeCurrencyTo;
  return (
    <dl className={detailsList.details} data-testid="fx-details">
      <dt>{t("requests.details.status")}</dt>
      <dd>
        <FxRequestStatus status={r.status} />
      </dd>
      <dt>{t("requests.details.account")}</dt>
      <dd>{r.senderAccountNumber}</dd>
      <dt>{t("details.sell")}</dt>
      <dd>
        <Money amount={r.exchangeCurrencyFixedSum} currency={from.id} testId="fx-sell" /> ({from.name})
      </dd>
      <dt>{t("details.buy")}</dt>
      <dd>
        <Money amount={r.exchangeCurrencyFlexibleSum} currency={to.id} testId="fx-buy" /> ({to.name})
      </dd>
      <dt>{t("details.rate")}</dt>
      <dd data-testid="fx-detail-rate">
        {t("details.rate-value", { from: from.id, to: to.id, rate: formatRate(r.detailRate, i18n.language) })}
      </dd>
      <dt>{t("requests.details.proposed")}</dt>
      <dd>{t("details.rate-value", { from: from.id, to: to.id, rate: formatRate(r.proposedRate, i18n.language) })}</dd>
      <dt>{t("details.fee")}</dt>
      <dd>{r.fee ? <Money amount={r.fee.amount} currency={r.fee.currencyId} testId="fx-fee" /> : t("details.no-fee")}</dd>
      <dt>{t("requests.details.created")}</dt>
      <dd>
        <When iso={r.createdAt} />
      </dd>
      {r.signedAt ? (
        <>
          <dt>{t("requests.details.signed")}</dt>
          <dd>
            <When iso={r.signedAt} />
          </dd>
        </>
      ) : null}
      {r.decidedAt ? (
        <>
          <dt>{t("requests.details.decided")}</dt>
          <dd>
            <When iso={r.decidedAt} />
          </dd>
        </>
      ) : null}
      {r.decisionReason ? (
        <>
          <dt>{t("requests.details.reason")}</dt>
          <dd data-testid="fx-reason">{r.decisionReason}</dd>
        </>
      ) : null}
    </dl>
  );
}
