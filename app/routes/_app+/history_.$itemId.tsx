/**
 * /history/:itemId — one statement item as its own page (works without JavaScript): the info
 * block of spec 000 §3 from GET /v1/statements-items/:id — status, operation type, amount, fee,
 * date dd.mm.yyyy and time HH:MM, purpose, counterparty and accounts, sort code, BIC, payment
 * type, general-ledger transaction, contract — and the receipt download link
 * (/history/:itemId/receipt). 404 for an item outside the caller's organizations.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { StatementItemDetail } from "../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Money } from "~/components/ui/Money";
import { useItemTitle } from "~/components/ui/StatementRow";
import { ApiError } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { formatDate, formatTime } from "~/lib/dates";
import styles from "./history.module.css";

export const handle = { i18n: ["history"], titleKey: "history:item.title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAppContext(request);
  try {
    const item = await api.get<StatementItemDetail>(`/statements-items/${encodeURIComponent(params.itemId ?? "")}`);
    return json({ item }, { headers: await api.headers({ "Cache-Control": "private, no-store" }) });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw new Response("Not Found", { status: 404, headers: await api.headers() });
    throw error;
  }
}

export default function HistoryItem() {
  const { item } = useLoaderData<typeof loader>();
  const { t } = useTranslation("history");
  const title = useItemTitle()(item);
  const rows: [string, string | null][] = [
    ["item.status", t(`status.${item.status}`)],
    ["item.type", t(`type.${item.operationType}`)],
    ["item.date", `${formatDate(item.transferDate)} ${formatTime(item.transferDate)}`],
    ["item.purpose", item.purpose],
    ["item.reference", item.reference],
    ["item.counterparty", item.counterpartyFullName],
    ["item.counterparty-account", item.counterpartyAccountNumber],
    ["item.counterparty-sort-code", item.counterpartySortCode],
    ["item.counterparty-bic", item.counterpartyBic],
    ["item.account", item.accountIban ?? item.accountNumber],
    ["item.account-sort-code", item.accountSortCode],
    ["item.payment-type", item.paymentType],
    ["item.gl-transaction", item.glTransactionId],
    ["item.contract", item.contractId],
    ["item.balance-after", `${item.balanceAfter} ${item.currencyId}`],
  ];
  return (
    <>
      <p>
        <Link to="/history">{t("item.back")}</Link>
      </p>
      <h1>{title}</h1>
      <p className={styles.amount} data-testid="item-amount">
        <Money amount={item.amount} currency={item.currencyId} signed />
      </p>
      <dl className={styles.info}>
        <div className={styles.infoRow}>
          <dt>{t("item.fee")}</dt>
          <dd>{item.fee ? <Money amount={item.fee} currency={item.feeCurrencyId ?? item.currencyId} /> : t("item.no-fee")}</dd>
        </div>
        {rows
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k} className={styles.infoRow}>
              <dt>{t(k)}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
      <p>
        <a href={`/history/${item.id}/receipt`} download data-testid="receipt-link" className={styles.more}>
          {t("item.receipt")}
        </a>
      </p>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
