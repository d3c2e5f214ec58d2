/**
 * Status badge of a beneficiary or contract (spec 000 §4: DRAFT and UNDER_REVIEW pending-style,
 * REJECTED and APPROVED their own). Text is the translated status; colour is never the only cue.
 */
import styles from "./StatusBadge.module.css";

export function StatusBadge({
  tone,
  label,
  testId,
  status,
}: {
  tone: "pending" | "rejected" | "approved";
  label: string;
  testId?: string;
  /** The status code, as `data-status` (tests, styling hooks). */
  status?: string;
}) {
  return (
    <span className={`${styles.badge} ${styles[tone]}`} data-testid={testId} data-status={status}>
      {label}
    </span>
  );
}
