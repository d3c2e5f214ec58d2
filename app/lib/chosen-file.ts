/**
 * Whether a form value is a file the customer picked: a file input left empty submits one
 * nameless, empty file. Used by the upload forms' rules (payment documents, contract documents).
 */
export function isChosenFile(value: unknown): boolean {
  return typeof value === "object" && value !== null && typeof (value as { name?: unknown }).name === "string"
    ? (value as { name: string }).name !== ""
    : false;
}
