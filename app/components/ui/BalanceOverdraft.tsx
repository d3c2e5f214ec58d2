/**
 * A balance's overdraft (spec 000 §5 "Overdraft is displayed only when enabled globally and for
 * the account"; §3 Balance overdraftEnabled, overdraftValue): the limit and the funds available
 * (balance + limit), both formatted as the balance. Renders nothing unless the API marks the
 * balance's overdraft as applying: `Balance.overdraftEnabled` is true only when the global
 * setting OVERDRAFT-ENABLED, the account's and the balance's own switches are all on
 * (server/domain/accounts balanceToWire), so no page needs GET /v1/settings/overdraft for it.
 * Wraps onto two lines on a narrow screen (320 px).
 */
import { useTranslation } from "react-i18next";
import type { Balance } from "../../../server/api/v1/contract";
import { Money } from "./Money";
import styles from "./BalanceOverdraft.module.css";

/** True when the balance's overdraft is to be shown (the API's effective flag, see above). */
export function showsOverdraft(balance: Pick<Balance, "overdraftEnabled">): boolean {
  return balance.overdraftEnabled === true;
}

export function BalanceOverdraft({
  balance,
  testId,
}: {
  balance: Pick<Balance, "overdraftEnabled" | "overdraftValue" | "available" | "currencyId"> & {
    currency?: { scale?: number };
  };
  /** `data-testid` of the list (its parts: `<testId>-limit`, `<testId>-available`). */
  testId?: string;
}) {
  const { t } = useTranslation("common");
  if (!showsOverdraft(balance)) return null;
  const scale = balance.currency?.scale ?? 2;
  return (
    <dl className={styles.overdraft} data-testid={testId}>
      <div>
        <dt>{t("common:overdraft.limit")}</dt>
        <dd>
          <Money
            amount={balance.overdraftValue}
            currency={balance.currencyId}
            scale={scale}
            testId={testId && `${testId}-limit`}
          />
        </dd>
      </div>
      <div>
        <dt>{t("common:overdraft.available")}</dt>
        <dd>
          <Money
            amount={balance.available}
            currency={balance.currencyId}
            scale={scale}
            testId={testId && `${testId}-available`}
          />
        </dd>
      </div>
    </dl>
  );
}
