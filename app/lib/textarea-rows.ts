/**
 * Rows of an application form's textarea (spec 001 §5/§9 "grows up to 10 rows by default",
 * setting CLIENTS-TEXTAREA-MAX-ROWS): it starts at `TEXTAREA_MIN_ROWS` and grows with its content
 * up to the setting's rows, then scrolls. Browsers with CSS `field-sizing: content` grow it
 * themselves (identity.module.css `.textarea`); the others get these rows from a small input
 * handler (StepFields.tsx), and the server renders them for the saved answer.
 */

/** Rows a textarea starts with. */
export const TEXTAREA_MIN_ROWS = 3;
/** Rows it grows to when the setting cannot be read (spec 001 §5 default). */
export const TEXTAREA_MAX_ROWS_DEFAULT = 10;

/** The rows a textarea grows to: the setting's, at least `TEXTAREA_MIN_ROWS` (10 when not a number). */
export function textareaMaxRows(maxRows: number = TEXTAREA_MAX_ROWS_DEFAULT): number {
  return Math.max(TEXTAREA_MIN_ROWS, Math.floor(Number.isFinite(maxRows) ? maxRows : TEXTAREA_MAX_ROWS_DEFAULT));
}

/**
 * The rows that show `value`'s lines: at least `TEXTAREA_MIN_ROWS`, at most `maxRows`
 * (a `maxRows` below the minimum is raised to it).
 * @param value the text (lines split at \n, \r\n or \r)
 * @param maxRows the setting's rows
 */
export function textareaRows(value: string, maxRows: number = TEXTAREA_MAX_ROWS_DEFAULT): number {
  const max = textareaMaxRows(maxRows);
  const lines = value ? value.split(/\r\n|\r|\n/).length : 1;
  return Math.min(max, Math.max(TEXTAREA_MIN_ROWS, lines));
}
