/**
 * The info block of one statement item (spec 000 §3): signed amount, fee, status, processing
 * (operationStatus: pending, in progress, completed), operation type, date dd.mm.yyyy and time HH:MM, purpose (the customer's own words), the bank's reason for a returned payment, payment category (its translation by id, else
 * the stored name), reference, the exchange (currencies and rate in the page's words), counterparty, sender (senderAccount.clientName) and accounts, sort
 * codes, BIC, payment type (its name, e.g. "Faster Payments"), general-ledger transaction with its debited and credited accounts
 * (the bank's own accounts carry no number: "The bank's own account"), contract (its name,
 * linking to the beneficiary's contracts page with the contract open), balance after (formatted
 * as every amount is). Shown on
 * the item's own page and in the history side panel; `ReceiptLink` downloads its PDF receipt.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { StatementItemDetail } from "../../../server/api/v1/contract";
import { formatSortCode } from "../../../server/rules/sort-code";
import { formatDate, formatTime } from "~/lib/dates";
import { Money } from "./Money";
import { useExchangeText } from "./StatementRow";
import styles from "./StatementItemDetails.module.css";

export function StatementItemDetails({ item }: { item: StatementItemDetail }) {
  const { t } = useTranslation("history");
  const exchangeText = useExchangeText();
  const { contract, category, generalLedgerTransaction: gl } = item;
  const ledgerAccount = (n: string | null) => n ?? t("item.bank-account");
  const rows: [string, ReactNode][] = [
    ["item.status", t(`status.${item.status}`)],
    ["item.operation-status", item.operationStatus ? t(`operation-status.${item.operationStatus}`) : null],
    ["item.type", t(`type.${item.operationType}`)],
    ["item.date", `${formatDate(item.transferDate)} ${formatTime(item.transferDate)}`],
    ["item.purpose", item.purpose],
    ["item.return-reason", item.returnReason],
    ["item.category", category ? t(`common:payment-category.${category.id}`, { defaultValue: category.name }) : null],
    ["item.reference", item.reference],
    // The exchange's currencies and rate: the API sends them as data (the ledger's reference for
    // these items is the bank's English bookkeeping, never sent).
    ["item.exchange", item.exchange ? exchangeText(item.exchange) : null],
    // An item without a title is the bank's own (a fee, an exchange): its counterparty is a label
    // the bank wrote in English, and the title already says what it is.
    ["item.counterparty", item.title ? item.counterpartyFullName : null],
    ["item.sender", item.senderAccount.clientName],
    ["item.counterparty-account", item.counterpartyAccountNumber],
    ["item.counterparty-sort-code", item.counterpartySortCode && formatSortCode(item.counterpartySortCode)],
    ["item.counterparty-bic", item.counterpartyBic],
    ["item.account", item.accountIban ?? item.accountNumber],
    ["item.account-sort-code", item.accountSortCode && formatSortCode(item.accountSortCode)],
    ["item.payment-type", item.paymentType ? t(`payment-type.${item.paymentType}`, { defaultValue: item.paymentType }) : null],
    ["item.gl-transaction", gl.id],
    ["item.gl-debit", ledgerAccount(gl.debitAccountNumber)],
    ["item.gl-credit", ledgerAccount(gl.creditAccountNumber)],
    [
      "item.contract",
      contract ? (
        <Link
          to={`/beneficiaries/${encodeURIComponent(contract.beneficiaryId)}/contracts?contract=${encodeURIComponent(contract.id)}`}
          data-testid="item-contract"
        >
          {contract.name}
        </Link>
      ) : null,
    ],
    [
      "item.balance-after",
      <Money key="balance-after" amount={item.balanceAfter} currency={item.currencyId} testId="item-balance-after" />,
    ],
  ];
  return (
    <>
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
    </>
  );
}

/**
 * Download link of the item's PDF receipt (/history/:itemId/receipt?accountId=): the item's own
 * account names the scope, so the receipt of an item of another of the caller's organizations than
 * the active one (the item page shows any item of the caller's) downloads too.
 */
export function ReceiptLink({ itemId, accountId }: { itemId: string; accountId: string }) {
  const { t } = useTranslation("history");
  const href = `/history/${encodeURIComponent(itemId)}/receipt?${new URLSearchParams({ accountId }).toString()}`;
  return (
    <a href={href} download data-testid="receipt-link" className={styles.receipt}>
      {t("item.receipt")}
    </a>
  );
}
