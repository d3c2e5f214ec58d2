/**
 * Error summary at the top of a form (GOV.UK pattern): a titled alert listing every error,
 * each linking to its field (`#<name>`); form-level errors (`_form`) are listed as text.
 * It answers a submit attempt: it receives focus when it is shown for one (so screen reader
 * users hear it after a submission, and the customer lands on it), and only then — never while
 * the customer is still filling the form in. Without JavaScript the page that answers a
 * submission comes with the summary marked `autofocus`, so the browser focuses it on load as the
 * effect does with JavaScript (else a screen reader starts again at the top of the page, and
 * nothing says the submission was refused).
 *
 * The links are InPageLinks: with JavaScript a click focuses the field without a navigation, which
 * would drop the bank's errors on the fields (../ui/InPageLink.tsx).
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/lib/i18n-message";
import { InPageLink } from "../ui/InPageLink";
import styles from "./ErrorSummary.module.css";

export interface ErrorSummaryProps {
  /** field name → error key or text; `_form` is form-level. */
  errors: Record<string, string | undefined> | undefined;
  /** Field order (errors listed in that order; others after). */
  order?: readonly string[];
  /**
   * Which submit attempt the errors answer: the summary takes focus when it appears and each time
   * this changes while it shows. Default: the errors themselves (a form whose errors come only from
   * the server has new errors only after a submission).
   */
  attempt?: number | string;
}

export function ErrorSummary({ errors, order = [], attempt }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors ?? {}).filter((e): e is [string, string] => Boolean(e[1]));
  entries.sort(([a], [b]) => rank(a, order) - rank(b, order));
  const shown = entries.length > 0;
  const attemptKey = attempt ?? entries.map(([name, message]) => `${name}\u0000${message}`).join("\u0001");
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown, attemptKey]);
  if (!shown) return null;
  return (
    <div
      className={styles.summary}
      role="alert"
      tabIndex={-1}
      ref={ref}
      aria-labelledby="error-summary-title"
      // Focus on load without JavaScript (module header); only ever shown in answer to a submission.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
    >
      <h2 id="error-summary-title" className={styles.title}>
        {t("errors:summary-title")}
      </h2>
      <ul className={styles.list}>
        {entries.map(([name, message]) => (
          <li key={name}>
            {name === "_form" ? (
              <span id="_form-error">{translateMessage(t, message)}</span>
            ) : (
              <InPageLink to={name}>{translateMessage(t, message)}</InPageLink>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function rank(name: string, order: readonly string[]): number {
  if (name === "_form") return -1;
  const i = order.indexOf(name);
  return i === -1 ? order.length : i;
}
