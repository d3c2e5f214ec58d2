/**
 * One statement item (history lists): title (the counterparty, or the operation type translated
 * from its code — 'Regular fee' for SERVICE_FEE; the API sends no English titles), the exchange
 * it belongs to ("GBP → EUR at 1.17", in the page's words and number format: the API sends it as
 * data, never the ledger's English bookkeeping), else the reference or counterparty account, the
 * payment category (the payer's own items; its translation by id, left
 * out for a category the web app has no translation of: the list carries no stored name), 'In
 * progress' or 'Pending' while the bank still works on the operation (operationStatus; nothing
 * once COMPLETED), time, signed amount. With `href` the title links to the item's page
 * (`linkProps`: e.g. the navigation state of the history list's side panel).
 */
import { Link, type LinkProps } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { StatementItem, StatementItemExchange } from "../../../server/api/v1/contract";
import { bankItemKind } from "../../../server/rules/bank-item-kind";
import { formatTime } from "~/lib/dates";
import { formatRate } from "~/lib/money";
import { Money } from "./Money";
import styles from "./StatementRow.module.css";

/**
 * The displayed title of an item: its counterparty, else what the bank's own item is, from its
 * codes (server/rules/bank-item-kind.ts: 'Currency exchange' for an exchange's legs, 'FX rate
 * request' for a request's hold, 'FX rate request refund' for its return, 'Fee refund' for a
 * returned payment's fee), else the translated operation type (history:type.*).
 */
export function useItemTitle(): (item: Pick<StatementItem, "title" | "operationType" | "transactionKind">) => string {
  const { t } = useTranslation("history");
  return (item) => {
    if (item.title) return item.title;
    return t(`type.${bankItemKind(item) ?? item.operationType}`);
  };
}

/**
 * The words of an item's exchange (StatementItem.exchange: on every leg of a currency exchange or
 * an FX rate request, fee legs too) in the page's language, the rate in its number format:
 * "GBP → EUR at 1.17", "GBP → EUR zu 1,17" (history:exchange-line).
 */
export function useExchangeText(): (exchange: StatementItemExchange) => string {
  const { t, i18n } = useTranslation("history");
  return (exchange) =>
    t("exchange-line", {
      from: exchange.fromCurrencyId,
      to: exchange.toCurrencyId,
      rate: formatRate(exchange.rate, i18n.language),
    });
}

export function StatementRow({
  item,
  href,
  linkProps,
}: {
  item: StatementItem;
  href?: string;
  linkProps?: Omit<LinkProps, "to">;
}) {
  const title = useItemTitle()(item);
  const exchangeText = useExchangeText();
  const { t } = useTranslation("history");
  const category = item.categoryId ? t(`common:payment-category.${item.categoryId}`, { defaultValue: "" }) : "";
  const progress =
    item.operationStatus && item.operationStatus !== "COMPLETED" ? t(`operation-status.${item.operationStatus}`) : "";
  return (
    <li className={styles.row} data-testid="statement-item">
      <div className={styles.text}>
        <span className={styles.title}>
          {href ? (
            <Link to={href} {...linkProps}>
              {title}
            </Link>
          ) : (
            title
          )}
        </span>
        <span className={styles.meta}>
          {[
            item.exchange ? exchangeText(item.exchange) : (item.reference ?? item.counterpartyAccountNumber),
            category,
            progress,
            formatTime(item.transferDate),
          ]
            .filter(Boolean)
            .join(" · ")}
        </span>
      </div>
      <Money amount={item.amount} currency={item.currencyId} signed />
    </li>
  );
}
