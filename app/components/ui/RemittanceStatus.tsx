/**
 * A remittance order's status (spec 001 §4): ACCEPTED shows no icon, REJECTED a rejected marker,
 * any other status a pending icon (a clock). The icons are decorative (the status is written
 * beside them) and carry `data-testid` for the tests. An order a member declined before signing
 * (`rejectedBy` CUSTOMER; spec 000 §4) is REJECTED too: the rejected marker, written 'Declined by
 * you' (`data-rejected-by`). Used by the remittance pages and the home tab.
 */
import { useTranslation } from "react-i18next";
import type { RemittanceOrderStatus } from "../../../server/api/v1/contract";
import styles from "./RemittanceStatus.module.css";

export function RemittanceStatus({
  status,
  rejectedBy = null,
}: {
  status: RemittanceOrderStatus;
  /** The order's `rejectedBy` (contract RemittanceOrder): CUSTOMER shows 'Declined by you'. */
  rejectedBy?: "CUSTOMER" | "BANK" | null;
}) {
  const { t } = useTranslation("remittance");
  const declined = status === "REJECTED" && rejectedBy === "CUSTOMER";
  return (
    <span className={styles.status} data-testid="order-status" data-status={status} data-rejected-by={rejectedBy ?? undefined}>
      {status === "REJECTED" ? (
        <svg
          className={styles.rejected}
          data-testid="order-rejected-marker"
          viewBox="0 0 16 16"
          width="16"
          height="16"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="8" cy="8" r="7" fill="currentColor" />
          <path d="M5 5l6 6M11 5l-6 6" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        </svg>
      ) : status !== "ACCEPTED" ? (
        <svg
          className={styles.pending}
          data-testid="order-pending-icon"
          viewBox="0 0 16 16"
          width="16"
          height="16"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      ) : null}
      <span>{declined ? t("decline.status") : t(`status.${status}`)}</span>
    </span>
  );
}
