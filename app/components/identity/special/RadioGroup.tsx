/**
 * A group of radio buttons in a fieldset with its legend (GOV.UK radios): hint and error tied to
 * the fieldset by aria-describedby; the first radio's id is the group's `name`, so an error
 * summary link (`#<name>`) lands on it.
 */
import { describedByIds } from "~/components/forms/Field";
import styles from "./special.module.css";

export function RadioGroup({
  name,
  legend,
  options,
  value,
  hint,
  error,
  required,
}: {
  name: string;
  /** Translated legend. */
  legend: string;
  options: readonly { value: string; label: string }[];
  /** The checked value. */
  value?: string;
  hint?: string;
  /** Translated error. */
  error?: string | null;
  required?: boolean;
}) {
  return (
    <fieldset
      className={`${styles.fieldset} ${error ? styles.invalid : ""}`}
      aria-describedby={describedByIds(name, Boolean(hint), Boolean(error))}
      data-testid={`radios-${name}`}
    >
      <legend>{legend}</legend>
      {hint ? (
        <p id={`${name}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${name}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
      {options.map((o, i) => (
        <label key={o.value} className={styles.radio}>
          <input
            type="radio"
            id={i === 0 ? name : `${name}-${o.value}`}
            name={name}
            value={o.value}
            defaultChecked={value === o.value}
            required={required}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
