/**
 * Show a message that may be an i18n key ("errors:amount.required") or an already final text
 * (an API constraint message). Only key-shaped strings are looked up, so free text with ':'
 * or '.' is never mangled by i18next separators.
 */
const KEY_SHAPE = /^[a-z][a-z-]*:[A-Za-z0-9_.-]+$/;

/**
 * @param t i18next translate function
 * @param message key or text
 * @returns translated text, or `message` unchanged when it is not a key
 */
export function translateMessage(t: (key: string) => string, message: string | null | undefined): string {
  if (!message) return "";
  return KEY_SHAPE.test(message) ? t(message) : message;
}
