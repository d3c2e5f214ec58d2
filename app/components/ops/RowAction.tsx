/**
 * Row forms of the back office's queues (/ops/cards, /ops/payments, /ops/fx-requests): each table
 * row carries its own plain POST forms, told apart by hidden `intent` and `id` fields after the
 * CSRF token, and one error line for a move the API refused on that row. Work without JavaScript.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OpsCsrfInput } from "./OpsCsrfInput";
import { opsStyles as styles } from "./OpsShell";

/** What an action answers about one subject's form (the row it belongs to). */
export interface RowFeedback {
  id: string;
  intent: string;
  /** ops-namespace key of the reason field's error. */
  reasonError?: string;
  /** ops-namespace key of a form-level error (conflict, not found). */
  formError?: string;
  reason?: string;
}

/** The hidden fields every row form starts with: the CSRF token, then `intent` and the row's `id`. */
export function RowHiddenFields({ id, intent }: { id: string; intent: string }) {
  return (
    <>
      <OpsCsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
    </>
  );
}

/**
 * A row's one-button move (activate, settle, accept): a POST form of the hidden fields and one
 * submit button labelled `label` (already translated).
 */
export function RowAction({ id, intent, label }: { id: string; intent: string; label: string }) {
  return (
    <Form method="post">
      <RowHiddenFields id={id} intent={intent} />
      <button type="submit" className={styles.button}>
        {label}
      </button>
    </Form>
  );
}

/** The row's refused move (`formError` of `feedback` when it is for row `id`), as an alert; else nothing. */
export function RowError({ id, feedback }: { id: string; feedback: RowFeedback | undefined }) {
  const { t } = useTranslation("ops");
  const formError = feedback && feedback.id === id ? feedback.formError : undefined;
  return formError ? (
    <p className={styles.error} role="alert" data-testid="form-error">
      {t(formError)}
    </p>
  ) : null;
}
