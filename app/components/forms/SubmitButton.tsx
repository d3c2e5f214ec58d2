/**
 * Submit button of a ValidatedForm: marked busy and disabled while the form is submitting
 * (with JS), so a double click does not send twice (the idempotency key covers the rest).
 */
import type { ReactNode } from "react";
import { useIsSubmitting } from "remix-validated-form";
import { Button } from "../ui/Button";

export function SubmitButton({ children }: { children: ReactNode }) {
  const submitting = useIsSubmitting();
  return (
    <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
      {children}
    </Button>
  );
}
