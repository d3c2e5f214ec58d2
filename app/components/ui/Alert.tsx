/**
 * Status/alert box for page-level messages (role=alert for errors, role=status otherwise).
 * `focus`: a message in answer to a submission the customer must not miss (a quote that expired
 * as they confirmed): role=alert and focused on load, with JavaScript off too (`autofocus`, as
 * the ErrorSummary does), so a screen reader reads it first.
 */
import { useEffect, useRef, type ReactNode } from "react";
import styles from "./Alert.module.css";

export function Alert({
  kind = "info",
  children,
  testId,
  focus = false,
}: {
  kind?: "info" | "error" | "success";
  children: ReactNode;
  testId?: string;
  /** Only for a message shown in answer to a submission (never on a page simply opened). */
  focus?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // React does not focus an `autoFocus` div itself: with JavaScript the effect does, on mount.
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div
      ref={ref}
      className={`${styles.alert} ${styles[kind]}`}
      role={kind === "error" || focus ? "alert" : "status"}
      data-testid={testId}
      tabIndex={focus ? -1 : undefined}
      // Focus on load without JavaScript (the server renders `autofocus`).
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus={focus || undefined}
    >
      {children}
    </div>
  );
}
