/**
 * ErrorSummary of the enclosing ValidatedForm (GOV.UK error summary pattern): it lists the errors
 * of the last submit attempt — those the page came with (the action's answer, e.g. without
 * JavaScript), then, with JavaScript, every error of each attempt once it has been checked (in the
 * browser, or by the action) — and takes focus for each attempt. An error raised when a field is
 * left or changed shows beside that field only: the summary neither appears nor takes focus while
 * the customer is typing (it would throw them to the top of the page and move the form under
 * their pointer), and it keeps the last attempt's list until the next one.
 */
import { useState } from "react";
import { useFormContext } from "remix-validated-form";
import { ErrorSummary } from "./ErrorSummary";

export function ValidatedErrorSummary({ order }: { order?: readonly string[] }) {
  const { fieldErrors, isSubmitting } = useFormContext();
  const [shown, setShown] = useState(() => ({ errors: fieldErrors, attempt: 0 }));
  // An attempt ends when the form stops submitting: its errors are the form's errors then
  // (adjusted while rendering, React's pattern for state that follows a change of props).
  const [wasSubmitting, setWasSubmitting] = useState(isSubmitting);
  if (wasSubmitting !== isSubmitting) {
    setWasSubmitting(isSubmitting);
    if (!isSubmitting) setShown({ errors: fieldErrors, attempt: shown.attempt + 1 });
  }
  return <ErrorSummary errors={shown.errors} order={order} attempt={shown.attempt} />;
}
