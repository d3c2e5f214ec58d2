/**
 * An account's currency balances (spec 000 §2 Home screen "one account shows its balances"; §5
 * overdraft): per balance its currency icon, the currency's name in the page's language, the
 * amount and, where an overdraft applies, its limit and the available funds. `AccountCard`: one
 * account of a list, its name linking to /accounts/:id above its balances. Used by /home and the
 * accounts section of /payments.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Account } from "../../../server/api/v1/contract";
import { currencyName } from "~/lib/money";
import { BalanceOverdraft, CurrencyIcon, currencyIconRow, Money } from "./Money";
import styles from "./AccountBalances.module.css";

/**
 * @param account the account with its balances (amounts are decimal strings)
 * @param testIdPrefix when given, each amount carries `data-testid="<prefix>balance-<currency>"`
 *   and each overdraft `<prefix>overdraft-<currency>` (give it to one account of a page only)
 */
export function AccountBalances({ account, testIdPrefix }: { account: Pick<Account, "balances">; testIdPrefix?: string }) {
  const { i18n } = useTranslation();
  const ids = testIdPrefix !== undefined;
  return (
    <ul className={styles.balances}>
      {account.balances.map((b) => (
        <li key={b.id} className={currencyIconRow}>
          <CurrencyIcon code={b.currencyId} />
          <div>
            <span className={styles.currency}>{currencyName(b.currencyId, i18n.language, b.currency?.name ?? b.currencyId)}</span>{" "}
            <Money
              amount={b.amount}
              currency={b.currencyId}
              scale={b.currency?.scale ?? 2}
              testId={ids ? `${testIdPrefix}balance-${b.currencyId}` : undefined}
            />
            <BalanceOverdraft balance={b} testId={ids ? `${testIdPrefix}overdraft-${b.currencyId}` : undefined} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * One account of a list (an `<li>`): its name (or number) linking to its page, then its balances.
 * @param testIdPrefix passed to `AccountBalances`
 * @param testId the item's `data-testid`
 */
export function AccountCard({
  account,
  testIdPrefix,
  testId,
}: {
  account: Pick<Account, "id" | "name" | "number" | "balances">;
  testIdPrefix?: string;
  testId?: string;
}) {
  return (
    <li className={styles.account} data-testid={testId}>
      <h3 className={styles.accountName}>
        <Link to={`/accounts/${account.id}`}>{account.name || account.number}</Link>
      </h3>
      <AccountBalances account={account} testIdPrefix={testIdPrefix} />
    </li>
  );
}
