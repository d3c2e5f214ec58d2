/**
 * Shared parts of the PAYMENTS screens (/ops/payments, /ops/payments/incoming, /ops/fx-requests,
 * /ops/cards): an amount as the API gave it (already at the currency's scale), grouped for the
 * page's language and read left to right; a reason form inside a disclosure (works without
 * JavaScript: `<details>` opens natively) that comes back open, filled, with its error. The
 * one-button row forms and the row's error line are in RowAction.tsx.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatAmount } from "~/lib/money";
import { opsStyles as styles } from "./OpsShell";
import { RowHiddenFields, type RowFeedback } from "./RowAction";

/** "1234.50" + "EUR" → "1,234.50 EUR" (de: "1.234,50 EUR"), left to right in every language. */
export function OpsMoney({ amount, currency }: { amount: string; currency: string }) {
  const { i18n } = useTranslation();
  const scale = amount.split(".")[1]?.length ?? 0;
  return (
    <span dir="ltr" className="amount">
      {formatAmount(amount, scale, i18n.language)} {currency}
    </span>
  );
}

/**
 * A reason form (reject, refund) in a disclosure: a required textarea (1..500 characters) and one
 * submit. Opens itself, keeps the text and shows the error when `feedback` is for this row and intent.
 * Its texts are the `ops` keys `<labels>.<intent>` (the disclosure), `<labels>.<intent>-submit`
 * (the button) and `<labels>.<intent>-hint` (under the label), e.g. `payments.reject-hint`.
 */
export function ReasonForm({
  id,
  intent,
  labels,
  feedback,
  danger,
}: {
  id: string;
  intent: string;
  /** Key prefix in the `ops` namespace: "payments", "payments.fx", "cards". */
  labels: string;
  feedback: RowFeedback | undefined;
  danger?: boolean;
}) {
  const { t } = useTranslation("ops");
  const mine = feedback && feedback.id === id && feedback.intent === intent ? feedback : undefined;
  const fieldId = `${intent}-reason-${id}`;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const hint = t(`${labels}.${intent}-hint`);
  return (
    <details open={mine ? true : undefined}>
      <summary>{t(`${labels}.${intent}`)}</summary>
      <Form method="post" className={styles.form} noValidate>
        <RowHiddenFields id={id} intent={intent} />
        <div className={styles.field}>
          <label htmlFor={fieldId}>{t("payments.reason")}</label>
          <p id={hintId} className={styles.notice}>
            {hint}
          </p>
          <textarea
            id={fieldId}
            name="reason"
            className={styles.input}
            maxLength={500}
            rows={3}
            required
            defaultValue={mine?.reason ?? ""}
            aria-invalid={mine?.reasonError ? true : undefined}
            aria-describedby={mine?.reasonError ? `${hintId} ${errorId}` : hintId}
          />
          {mine?.reasonError ? (
            <p id={errorId} className={styles.error} data-testid="reason-error">
              {t(mine.reasonError)}
            </p>
          ) : null}
        </div>
        <button type="submit" className={danger ? `${styles.button} ${styles.danger}` : styles.button}>
          {t(`${labels}.${intent}-submit`)}
        </button>
      </Form>
    </details>
  );
}

/**
 * Read a decision form (after verifyOpsCsrf): intent, subject id and the trimmed reason.
 * @returns the values, or the reason's error key when a reason is needed and missing/too long
 */
export function readDecisionForm(
  form: FormData,
  needsReason: (intent: string) => boolean,
): { intent: string; id: string; reason: string; reasonError?: string } {
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const reason = String(form.get("reason") ?? "").trim();
  if (needsReason(intent)) {
    if (!reason) return { intent, id, reason, reasonError: "ops:payments.errors.reason-required" };
    if (reason.length > 500) return { intent, id, reason, reasonError: "ops:payments.errors.reason-long" };
  }
  return { intent, id, reason };
}
