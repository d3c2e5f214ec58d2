/**
 * Money display: amount with exactly `scale` decimals and the currency code. Without `scale`,
 * the decimals the API sent (it formats at the currency's scale: 2 for fiat, 6 for USDT/USDC/
 * EURC, 9 for SOL), at least 2 (spec 000 §5: 2 by default, the currency's scale for crypto).
 */
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
  const negative = isNegativeAmount(amount);
  const sent = amount.includes(".") ? amount.length - amount.indexOf(".") - 1 : 0;
  const text = formatAmount(amount, scale ?? Math.max(2, sent));
  return (
    <span className={`${styles.money} ${signed ? (negative ? styles.out : styles.in) : ""}`} data-testid={testId}>
      {signed && !negative ? "+" : ""}
      {text} {currency}
    </span>
  );
}
