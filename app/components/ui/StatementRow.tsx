/**
 * One statement item (history lists): title (the counterparty, or the operation type translated
 * from its code — 'Regular fee' for SERVICE_FEE; the API sends no English titles), reference or
 * counterparty account, the payment category (the payer's own items; its translation by id, left
 * out for a category the web app has no translation of: the list carries no stored name), 'In
 * progress' or 'Pending' while the bank still works on the operation (operationStatus; nothing
 * once COMPLETED), time, signed amount. With `href` the title links to the item's page
 * (`linkProps`: e.g. the navigation state of the history list's side panel).
 */
import { Link, type LinkProps } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { StatementItem } from "../../../server/api/v1/contract";
import { formatTime } from "~/lib/dates";
import { Money } from "./Money";
import styles from "./StatementRow.module.css";

/**
 * The displayed title of an item: its counterparty, else 'Currency exchange' for an exchange's
 * legs (transactionKind EXCHANGE), else the translated operation type (history:type.*).
 */
export function useItemTitle(): (item: Pick<StatementItem, "title" | "operationType" | "transactionKind">) => string {
  const { t } = useTranslation("history");
  return (item) =>
    item.title ||
    (item.transactionKind === "EXCHANGE" && item.operationType === "COMMON"
      ? t("type.EXCHANGE")
      : t(`type.${item.operationType}`));
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
          {[item.reference ?? item.counterpartyAccountNumber, category, progress, formatTime(item.transferDate)]
            .filter(Boolean)
            .join(" · ")}
        </span>
      </div>
      <Money amount={item.amount} currency={item.currencyId} signed />
    </li>
  );
}
