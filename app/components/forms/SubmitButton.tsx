/**
 * Submit button of a ValidatedForm: marked busy and disabled while the form is submitting
 * (with JS), so a double click does not send twice (the idempotency key covers the rest).
 * Primary by default; `variant="secondary"` for a form beside the page's main action.
 */
import type { ReactNode } from "react";
import { useIsSubmitting } from "remix-validated-form";
import { Button, type ButtonProps } from "../ui/Button";

export function SubmitButton({ children, variant }: { children: ReactNode; variant?: ButtonProps["variant"] }) {
  const submitting = useIsSubmitting();
  return (
    <Button type="submit" variant={variant} disabled={submitting} aria-busy={submitting || undefined}>
      {children}
    </Button>
  );
}
