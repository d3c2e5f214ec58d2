/**
 * The text box of a chat message, shared by the channel page, "Ask a question" and the chat
 * popup (spec 000 §5 "Chat message: at most 4096 characters, otherwise a 'max length' error", §8
 * "Chat message too long | max-length error").
 *
 * The box has no `maxlength`: a browser silently cuts a longer paste to the limit, and the
 * customer would send a message that ends mid-sentence without being told. The length is checked
 * instead: with JavaScript before anything is sent (`useMessageCheck`'s `onSubmit` on the form:
 * the translated error on the field, focus back in the box, nothing sent), without it by the page's
 * action, which answers the same error with the text kept in the box. Near the limit, and over it,
 * `LengthHint` says how many characters are left or too many — also server rendered for a text the
 * action kept, so it works without JavaScript too.
 */
import { useState, type ChangeEvent, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { charactersLeft, LENGTH_HINT_FROM, messageError } from "~/lib/chat";
import styles from "./Chat.module.css";

/**
 * "N characters left" from LENGTH_HINT_FROM left down to 0, "N characters too many" over the
 * limit, nothing before (an empty box needs no count). Not a live region: it would speak at every
 * key press near the limit; the box names it in `aria-describedby`, and the error on sending is
 * what interrupts.
 * @param text the box's text (counted as the API counts: trimmed)
 */
export function LengthHint({ text, id }: { text: string; id: string }) {
  const { t } = useTranslation("chat");
  const left = charactersLeft(text);
  if (left > LENGTH_HINT_FROM) return null;
  return (
    <p id={id} className={left < 0 ? styles.error : styles.hint} data-testid="chat-length-hint">
      {left < 0 ? t("compose.too-many", { count: -left }) : t("compose.left", { count: left })}
    </p>
  );
}

/** What `useMessageCheck` gives a form and its `MessageField`. */
export interface MessageCheck {
  /** The text the box started with (its `defaultValue`). */
  initial: string;
  /** The box's text now. */
  text: string;
  /** The error found before sending ("" when none). */
  error: string;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  /**
   * The form's submit handler: a message the API would refuse (empty, or over 4096 characters)
   * is not sent (`preventDefault`) and its error goes on the field, focus back in the box (the
   * form's `content` field).
   */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The state of a message box checked before sending (JavaScript only; the page's action checks
 * the same without it).
 * @param initial the text the box starts with (what a refused post kept)
 */
export function useMessageCheck(initial = ""): MessageCheck {
  const { t } = useTranslation("chat");
  const [start] = useState(initial);
  const [text, setText] = useState(initial);
  const [error, setError] = useState("");
  return {
    initial: start,
    text,
    error,
    onChange: (event) => {
      setText(event.target.value);
      // Corrected: the error goes (a new one comes with the next attempt to send).
      if (error && !messageError(event.target.value)) setError("");
    },
    onSubmit: (event) => {
      const box = event.currentTarget.elements.namedItem("content");
      const value = box instanceof HTMLTextAreaElement ? box.value : text;
      const invalid = messageError(value);
      if (!invalid) {
        setError("");
        return;
      }
      event.preventDefault();
      setError(t(invalid));
      if (box instanceof HTMLTextAreaElement) box.focus();
    },
  };
}

/**
 * A message box with its hints and error.
 * @param serverError the page action's refusal (shown while no check of this page replaced it)
 * @param hint the text under the box (the markdown hint)
 * @param errorTestId `data-testid` of the error line
 */
export function MessageField({
  id,
  check,
  rows,
  required,
  serverError,
  hint,
  errorTestId,
  onKeyDown,
}: {
  id: string;
  check: MessageCheck;
  rows: number;
  required?: boolean;
  serverError?: string;
  hint: ReactNode;
  errorTestId?: string;
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
}) {
  const error = check.error || serverError || "";
  const describedBy = [
    `${id}-hint`,
    charactersLeft(check.text) <= LENGTH_HINT_FROM ? `${id}-length` : "",
    error ? `${id}-error` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <>
      <textarea
        id={id}
        name="content"
        className={styles.textarea}
        rows={rows}
        required={required}
        defaultValue={check.initial}
        onChange={check.onChange}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
      <LengthHint text={check.text} id={`${id}-length`} />
      {error ? (
        <p id={`${id}-error`} className={styles.error} data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
    </>
  );
}
