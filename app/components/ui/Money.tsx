/**
 * Money display: amount with exactly `scale` decimals and the currency code. Without `scale`,
 * the decimals the API sent (it formats at the currency's scale: 2 for fiat, 6 for USDT/USDC/
 * EURC, 9 for SOL), at least 2 (spec 000 §5: 2 by default, the currency's scale for crypto).
 * Separators follow the page's language; the amount always reads left to right.
 */
import { useTranslation } from "react-i18next";
import type { Balance } from "../../../server/api/v1/contract";
import { formatAmount, isNegativeAmount } from "~/lib/money";
import styles from "./Money.module.css";

// The currency icon goes where a balance does: pages import it from here, so it shares Money's
// browser chunk (loaded by every signed-in page) instead of adding a file to each page.
export { CurrencyIcon, currencyIconRow } from "./CurrencyIcon";

export function Money({
  amount,
  currency,
  scale,
  signed = false,
  testId,
}: {
  amount: string;
  currency: string;
  scale?: number;
  signed?: boolean;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  const negative = isNegativeAmount(amount);
  const sent = amount.includes(".") ? amount.length - amount.indexOf(".") - 1 : 0;
  const text = formatAmount(amount, scale ?? Math.max(2, sent), i18n.language);
  return (
    // Left to right in every language: the sign, digits and code read as on a statement.
    <span dir="ltr" className={`${styles.money} ${signed ? (negative ? styles.out : styles.in) : ""}`} data-testid={testId}>
      {signed && !negative ? "+" : ""}
      {text} {currency}
    </span>
  );
}

/**
 * True when a balance's overdraft is shown: the API's `Balance.overdraftEnabled`, which is true
 * only when the global setting OVERDRAFT-ENABLED, the account's and the balance's own switches
 * are all on (server/domain/accounts balanceToWire; spec 000 §5 "Overdraft is displayed only
 * when enabled globally and for the account"), so no page needs GET /v1/settings/overdraft.
 */
export function showsOverdraft(balance: Pick<Balance, "overdraftEnabled">): boolean {
  return balance.overdraftEnabled === true;
}

/**
 * A balance's overdraft (spec 000 §3 Balance overdraftEnabled, overdraftValue): the limit and
 * the funds available (balance + limit), formatted as the balance; nothing unless
 * `showsOverdraft`. Wraps onto two lines on a narrow screen (320 px). Beside `Money`, not in a
 * module of its own: every page with a balance shows both, and one module is one browser chunk.
 */
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
