/** Money display: amount with exactly `scale` decimals (default 2) and the currency code. */
import { formatAmount, isNegativeAmount } from "~/lib/money";
import styles from "./Money.module.css";

export function Money({
  amount,
  currency,
  scale = 2,
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
  const text = formatAmount(amount, scale);
  return (
    <span className={`${styles.money} ${signed ? (negative ? styles.out : styles.in) : ""}`} data-testid={testId}>
      {signed && !negative ? "+" : ""}
      {text} {currency}
    </span>
  );
}
