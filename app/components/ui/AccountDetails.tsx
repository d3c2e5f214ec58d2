/**
 * An account's bank details (spec 000 §2 account page): its account number, and the IBAN, BIC
 * and sort code when it has them, each in the form people copy it from a statement: the IBAN in
 * groups of four ("GB29 NWBK 6016 1331 9268 19", ISO 13616-1 paper format), the sort code in
 * pairs ("04-00-75"). A long value wraps between its groups, not inside one.
 */
import { useTranslation } from "react-i18next";
import type { Account } from "../../../server/api/v1/contract";
import { formatIban } from "../../../server/rules/iban-format";
import { formatSortCode } from "../../../server/rules/sort-code";
import styles from "./AccountDetails.module.css";

export function AccountDetails({ account }: { account: Pick<Account, "number" | "iban" | "bic" | "sortCode"> }) {
  const { t } = useTranslation("common");
  return (
    <dl className={styles.details} data-testid="account-details">
      <dt>{t("account.number")}</dt>
      <dd>{account.number}</dd>
      {account.iban ? (
        <>
          <dt>{t("account.iban")}</dt>
          <dd>{formatIban(account.iban)}</dd>
        </>
      ) : null}
      {account.bic ? (
        <>
          <dt>{t("account.bic")}</dt>
          <dd>{account.bic}</dd>
        </>
      ) : null}
      {account.sortCode ? (
        <>
          <dt>{t("account.sort-code")}</dt>
          <dd>{formatSortCode(account.sortCode)}</dd>
        </>
      ) : null}
    </dl>
  );
}
