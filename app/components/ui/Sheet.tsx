/**
 * A bottom sheet (spec 001 §2 "On mobile, details open in a sheet"; the side panel's rules: a
 * title, a close button, closes on Escape): a modal <dialog>, so focus is kept inside and Escape
 * closes it natively. Shown while `open`; `onClose` is called however it closes.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { Button } from "./Button";
import styles from "./Sheet.module.css";

export function Sheet({
  open,
  title,
  closeLabel,
  onClose,
  testId,
  children,
}: {
  open: boolean;
  title: string;
  closeLabel: string;
  onClose: () => void;
  testId?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className={styles.sheet} aria-labelledby="sheet-title" onClose={onClose} data-testid={testId}>
      <div className={styles.head}>
        <h2 id="sheet-title">{title}</h2>
        <Button type="button" variant="secondary" onClick={() => ref.current?.close()} data-testid="sheet-close">
          {closeLabel}
        </Button>
      </div>
      {open ? children : null}
    </dialog>
  );
}
