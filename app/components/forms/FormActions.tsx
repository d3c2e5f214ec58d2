/**
 * The action row at the end of a form (GOV.UK button group): the primary action first, then the
 * secondary actions, then the cancel link — spaced alike and wrapping sensibly on a phone.
 * Plain (no remix-validated-form), so pages without a validated form can use it; a payment
 * form's row is `PaymentActions` (PaymentFormEnd.tsx).
 */
import type { ReactNode } from "react";
import styles from "./FormActions.module.css";

export function FormActions({ children }: { children: ReactNode }) {
  return (
    <div className={styles.actions} data-testid="form-actions">
      {children}
    </div>
  );
}
