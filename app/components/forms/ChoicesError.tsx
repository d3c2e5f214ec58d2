/**
 * Where a select's choices would be when the list they come from could not be loaded (spec 000
 * §7 "a failed list passes the server message on as its error"; lib/list-errors.server makes the
 * text; docs/decisions.md "Failed lists"): the select's label, the field's own error (the error
 * summary links to `id`), the list's error (ListError) and, for a choice the form cannot be sent
 * without, a line saying so. No input: nothing is sent for it, the rest of the form stays usable.
 */
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/lib/i18n-message";
import { ListError } from "../ui/ListError";
import styles from "./Field.module.css";

export interface ChoicesErrorProps {
  /** The select's id (and name): the group gets it, so the error summary's link lands here. */
  id: string;
  /** The select's label (already translated). */
  label: string;
  /** The failed list's text (settleList). */
  message: string;
  /** The field's own error (key or text), e.g. "choose an account" after a refused submit. */
  error?: string | null;
  hint?: string;
  /** The form cannot be sent without a choice here: say so. */
  required?: boolean;
}

/** A select's place when its choices could not be loaded (module rules). */
export function ChoicesError({ id, label, message, error, hint, required = false }: ChoicesErrorProps) {
  const { t } = useTranslation("errors");
  const errorText = translateMessage(t, error);
  return (
    <div
      role="group"
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-label`}
      className={`${styles.field} ${errorText ? styles.invalid : ""}`}
      data-testid={`${id}-choices`}
    >
      <p id={`${id}-label`} className={styles.label}>
        {label}
      </p>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {errorText ? (
        <p id={`${id}-error`} className={styles.error}>
          {errorText}
        </p>
      ) : null}
      <ListError message={message} testId={`${id}-choices-error`} />
      {required ? (
        <p className={styles.hint} data-testid={`${id}-choices-required`}>
          {t("Lists.choices-required")}
        </p>
      ) : null}
    </div>
  );
}
