/**
 * `Field` bound to remix-validated-form (`useField`): value to repopulate and the error come
 * from client validation or from the action's `validationError` (works without JS).
 * Only for form routes (keeps remix-validated-form out of the home page bundle).
 * A field is checked when it is left (its error shows beside it; the form's error summary waits
 * for a submit), after the press that left it, if any (lib/pointer-release.ts).
 */
import { useEffect, type FocusEvent } from "react";
import { useField, useFormContext } from "remix-validated-form";
import { afterPointerRelease, watchPointerPresses } from "~/lib/pointer-release";
import { ChoicesError, type ChoicesErrorProps } from "./ChoicesError";
import { Field, type FieldProps } from "./Field";

/** The library checks nothing on blur: `onBlur` below does, after a press (module comment). */
const NO_LIBRARY_BLUR_CHECK = { initial: "onSubmit" } as const;

/**
 * The blur handler of a validated input: checks the field (`validate`; null: no check), after the
 * press that left it, if any.
 */
export function useCheckOnBlur(validate: (() => unknown) | null, onBlur?: (event: FocusEvent<never>) => void) {
  useEffect(watchPointerPresses, []);
  return (event?: FocusEvent<never>) => {
    if (validate) afterPointerRelease(() => void validate());
    if (event) onBlur?.(event);
  };
}

export function ValidatedField(props: FieldProps) {
  const { error, getInputProps, validate, touched } = useField(props.name, { validationBehavior: NO_LIBRARY_BLUR_CHECK });
  const { hasBeenSubmitted } = useFormContext();
  const own = props as { defaultValue?: unknown; onBlur?: (event: FocusEvent<never>) => void };
  // As the library would: on the first blur before any submit (then each change checks the
  // field). A later blur must not check it again: that would drop the action's own errors (a
  // rule only the API knows) when the focus moves to the error summary.
  const onBlur = useCheckOnBlur(touched || hasBeenSubmitted ? null : validate, own.onBlur);
  const bound = getInputProps({ ...(props as object), onBlur } as never) as { defaultValue?: unknown };
  const merged = { ...(bound as object), defaultValue: bound.defaultValue ?? own.defaultValue } as object;
  return <Field {...(props as FieldProps)} {...merged} error={error ?? props.error} />;
}

/** `ChoicesError` of a validated form: the field's error from client validation or the action. */
export function ValidatedChoicesError(props: ChoicesErrorProps) {
  const { error } = useField(props.id);
  return <ChoicesError {...props} error={error ?? props.error} />;
}
