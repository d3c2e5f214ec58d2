/**
 * An FX rate request's status (spec 001 §4): PENDING 'Waiting' with a clock, ACCEPTED 'Accepted'
 * with a check, REJECTED 'Rejected' with a cross, highlighted (colour and bold: never colour
 * alone); AWAITING_SIGNATURE (not signed yet) 'Not confirmed' with the clock; DECLINED (by the
 * customer, unsigned) 'Declined' with the cross, not highlighted (nothing went wrong). The icons are
 * decorative (the label is written beside them) and carry `data-testid` for the tests.
 */
import { useTranslation } from "react-i18next";
import type { FxRequestStatus as Status } from "../../../server/api/v1/contract";
import styles from "./FxRequestStatus.module.css";

const PATHS: Record<"clock" | "check" | "cross", JSX.Element> = {
  clock: (
    <>
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </>
  ),
  check: <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />,
  cross: <path d="M4 4l8 8M12 4l-8 8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />,
};

export function FxRequestStatus({ status }: { status: Status }) {
  const { t } = useTranslation("exchange");
  const icon = status === "ACCEPTED" ? "check" : status === "REJECTED" || status === "DECLINED" ? "cross" : "clock";
  return (
    <span className={`${styles.status} ${styles[status]}`} data-testid="fx-status" data-status={status}>
      <svg
        className={styles.icon}
        data-testid={`fx-icon-${icon}`}
        viewBox="0 0 16 16"
        width="16"
        height="16"
        aria-hidden="true"
        focusable="false"
      >
        {PATHS[icon]}
      </svg>
      <span>{t(`requests.status.${status}`)}</span>
    </span>
  );
}
