/**
 * What a remittance order sends, on its confirmation page and its own page: status, sum, account,
 * payee (name, address, phone, document), purpose, the reason when rejected (the bank's words, or
 * translated 'Declined before it was signed' when a member declined it: `rejectedBy` CUSTOMER),
 * files with download links (/payments/remittance/:orderId/file/:uploadId, plain links: a file,
 * not a page).
 */
import { useTranslation } from "react-i18next";
import type { RemittanceOrder } from "../../../../../../server/api/v1/contract";
import { Money } from "~/components/ui/Money";
import { RemittanceStatus } from "~/components/ui/RemittanceStatus";
import { formatDate, formatTime } from "~/lib/dates";
import { fileSizeParts } from "~/lib/file-size";
import detailsList from "~/components/ui/DetailsList.module.css";

export function OrderDetails({ order }: { order: RemittanceOrder }) {
  const { t } = useTranslation(["remittance", "payments"]);
  const p = order.payee;
  return (
    <>
      <dl className={detailsList.details}>
        <dt>{t("detail.status")}</dt>
        <dd>
          <RemittanceStatus status={order.status} rejectedBy={order.rejectedBy} />
        </dd>
        <dt>{t("detail.sum")}</dt>
        <dd data-testid="order-sum">
          <Money amount={order.sum} currency={order.currencyId} />
        </dd>
        <dt>{t("detail.from")}</dt>
        <dd>{order.accountNumber}</dd>
        <dt>{t("detail.payee")}</dt>
        <dd data-testid="order-payee">{p.name}</dd>
        <dt>{t("detail.address")}</dt>
        <dd>{[p.address, p.city, p.country].filter(Boolean).join(", ")}</dd>
        <dt>{t("detail.phone")}</dt>
        <dd>{p.phone}</dd>
        {p.documentNumber ? (
          <>
            <dt>{t("detail.document")}</dt>
            <dd>{p.documentNumber}</dd>
          </>
        ) : null}
        <dt>{t("detail.description")}</dt>
        <dd>{order.description}</dd>
        <dt>{t("detail.created")}</dt>
        <dd>
          {formatDate(order.orderCreatedAt)} {formatTime(order.orderCreatedAt)}
        </dd>
        {order.rejectionReason ? (
          <>
            <dt>{t("detail.reason")}</dt>
            <dd data-testid="order-reason">{order.rejectedBy === "CUSTOMER" ? t("decline.reason") : order.rejectionReason}</dd>
          </>
        ) : null}
      </dl>
      <h2>{t("detail.files")}</h2>
      {order.files.length ? (
        <ul data-testid="order-files">
          {order.files.map((f) => {
            const size = fileSizeParts(f.size);
            return (
              <li key={f.id} data-testid="order-file">
                <a
                  href={`/payments/remittance/${encodeURIComponent(order.id)}/file/${encodeURIComponent(f.id)}`}
                  download={f.name}
                >
                  {f.name}
                </a>{" "}
                <span>({t(`payments:documents.${size.key}`, { value: size.value })})</span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>{t("detail.no-files")}</p>
      )}
    </>
  );
}
