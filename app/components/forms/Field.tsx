/**
 * Form field: label, input (or select), optional hint and error, tied together with
 * `aria-describedby`; the input gets `aria-invalid` when there is an error. Ids follow the
 * field name: input `<name>`, hint `<name>-hint`, error `<name>-error` (used by the error
 * summary links and by tests).
 */
import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/lib/i18n-message";
import { Tooltip } from "../ui/Tooltip";
import styles from "./Field.module.css";

/**
 * The field's classes, for controls laid out like a Field without being one (the application
 * steps' inputs): taken from here, not from the CSS module, so on those pages the styles share
 * this module's browser chunk instead of being a chunk of their own.
 */
export { styles as fieldStyles };

interface CommonProps {
  name: string;
  /** Visible label text (already translated). */
  label: string;
  hint?: string;
  /** Tooltip text beside the label (already translated; wide over 40 characters, spec 000 §5). */
  tooltip?: string;
  /** Error key or text; rendered translated. */
  error?: string | null;
  /** Override the id (defaults to `name`). */
  id?: string;
  /** Id of a hint outside the field that describes it too (one hint for a pair of fields). */
  sharedHintId?: string;
}

export type FieldProps = CommonProps &
  (
    | ({ as?: "input"; inputRef?: Ref<HTMLInputElement> } & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">)
    | ({ as: "select"; children: ReactNode } & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id">)
  );

/** Ids of the hint/error (and tooltip) elements for an input id. */
export function describedByIds(id: string, hasHint: boolean, hasError: boolean, hasTooltip = false): string | undefined {
  const ids = [hasHint ? `${id}-hint` : null, hasTooltip ? `${id}-tooltip` : null, hasError ? `${id}-error` : null].filter(
    Boolean,
  );
  return ids.length ? ids.join(" ") : undefined;
}

export function Field(props: FieldProps) {
  const { t } = useTranslation();
  const { name, label, hint, tooltip, error, id: idProp, sharedHintId, ...rest } = props;
  const id = idProp ?? name;
  const errorText = translateMessage(t, error);
  const own = describedByIds(id, Boolean(hint), Boolean(errorText), Boolean(tooltip));
  const describedBy = [sharedHintId, own].filter(Boolean).join(" ") || undefined;
  const aria = { "aria-invalid": errorText ? true : undefined, "aria-describedby": describedBy };
  return (
    <div className={`${styles.field} ${errorText ? styles.invalid : ""}`}>
      <span>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        {tooltip ? <Tooltip id={`${id}-tooltip`} text={tooltip} /> : null}
      </span>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {errorText ? (
        <p id={`${id}-error`} className={styles.error}>
          {errorText}
        </p>
      ) : null}
      {rest.as === "select"
        ? (() => {
            const { as: _as, children, ...selectProps } = rest;
            return (
              <select id={id} name={name} className={styles.control} {...aria} {...selectProps}>
                {children}
              </select>
            );
          })()
        : (() => {
            const { as: _as, inputRef, ...inputProps } = rest;
            return <input ref={inputRef} id={id} name={name} className={styles.control} {...aria} {...inputProps} />;
          })()}
    </div>
  );
}
