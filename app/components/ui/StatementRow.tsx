/** One statement item (history lists): title (the counterparty), reference or counterparty account, time, signed amount. */
import type { StatementItem } from "../../../server/api/v1/contract";
import { formatTime } from "~/lib/dates";
import { Money } from "./Money";
import styles from "./StatementRow.module.css";

export function StatementRow({ item }: { item: StatementItem }) {
  return (
    <li className={styles.row} data-testid="statement-item">
      <div className={styles.text}>
        <span className={styles.title}>{item.title}</span>
        <span className={styles.meta}>
          {[item.reference ?? item.counterpartyAccountNumber, formatTime(item.transferDate)].filter(Boolean).join(" · ")}
        </span>
      </div>
      <Money amount={item.amount} currency={item.currencyId} signed />
    </li>
  );
}
