/**
 * The modal dialog element under the side panel and the date pickers (WAI-ARIA APG dialog):
 * role="dialog", aria-modal, named by `labelledBy`; focus moved in, trapped, returned on close;
 * Escape closes (lib/use-modal-focus.ts). Looks like a bottom sheet (0.4 s ease-out, spec 000 §9;
 * still under prefers-reduced-motion); the component using it places it (`className`).
 */
import { useRef, type ReactNode, type RefObject } from "react";
import { useModalFocus, type ModalFocusOptions } from "~/lib/use-modal-focus";
import styles from "./ModalDialog.module.css";

export interface ModalDialogProps extends ModalFocusOptions {
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  className?: string;
  busy?: boolean;
  testId?: string;
  /** The dialog element, for callers that look inside it. */
  dialogRef?: RefObject<HTMLDivElement>;
  children: ReactNode;
}

export function ModalDialog({
  labelledBy,
  describedBy,
  className,
  busy,
  testId,
  dialogRef,
  children,
  ...focus
}: ModalDialogProps) {
  const ownRef = useRef<HTMLDivElement>(null);
  const ref = dialogRef ?? ownRef;
  const onKeyDown = useModalFocus(ref, focus);
  return (
    // Keyboard handling for the dialog as a whole (Tab trap, Escape); the controls inside are buttons and links.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      tabIndex={-1}
      className={`${styles.dialog} ${className ?? ""}`}
      onKeyDown={onKeyDown}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
