/**
 * Approve / reject forms of a beneficiary or contract under review (issue 13): two plain POST
 * forms (`intent` approve or reject) that work without JavaScript; the reject form needs a reason
 * (shown to the customer), its error on the field and the text kept when it comes back.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OpsCsrfInput } from "./OpsCsrfInput";
import { opsStyles as styles } from "./OpsShell";

export interface ReviewDecisionProps {
  /** The page's URL (the forms post to it). */
  action: string;
  /** Key prefix of the labels (ops namespace), e.g. "beneficiaries.decide". */
  labels: string;
  /** The reason typed before, when the form came back with an error. */
  reason?: string;
  /** Error key on the reason (ops namespace). */
  reasonError?: string;
}

export function ReviewDecision({ action, labels, reason, reasonError }: ReviewDecisionProps) {
  const { t } = useTranslation("ops");
  return (
    <div className={styles.decisions}>
      <Form method="post" action={action} className={styles.card}>
        <OpsCsrfInput />
        <input type="hidden" name="intent" value="approve" />
        <h3>{t(`${labels}.approve-title`)}</h3>
        <p>{t(`${labels}.approve-text`)}</p>
        <button type="submit" className={styles.button} data-testid="approve">
          {t(`${labels}.approve`)}
        </button>
      </Form>
      <Form method="post" action={action} className={styles.card}>
        <OpsCsrfInput />
        <input type="hidden" name="intent" value="reject" />
        <h3>{t(`${labels}.reject-title`)}</h3>
        <div className={styles.field}>
          <label htmlFor="reject-reason">{t("beneficiaries.reason")}</label>
          <textarea
            id="reject-reason"
            name="reason"
            className={styles.input}
            rows={3}
            maxLength={500}
            defaultValue={reason ?? ""}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? "reject-reason-error" : "reject-reason-hint"}
          />
          <p id="reject-reason-hint">{t("beneficiaries.reason-hint")}</p>
          {reasonError ? (
            <p id="reject-reason-error" className={styles.error} data-testid="reason-error">
              {t(reasonError)}
            </p>
          ) : null}
        </div>
        <button type="submit" className={`${styles.button} ${styles.danger}`} data-testid="reject">
          {t(`${labels}.reject`)}
        </button>
      </Form>
    </div>
  );
}
