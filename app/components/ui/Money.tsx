/**
 * Money display: amount with exactly `scale` decimals and the currency code. Without `scale`,
 * the decimals the API sent (it formats at the currency's scale: 2 for fiat, 6 for USDT/USDC/
 * EURC, 9 for SOL), at least 2 (spec 000 §5: 2 by default, the currency's scale for crypto).
 * Separators follow the page's language; the amount always reads left to right.
 */
import { useTranslation } from "react-i18next";
import { formatAmount, isNegativeAmount } from "~/lib/money";
import styles from "./Money.module.css";

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
