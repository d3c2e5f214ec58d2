/**
 * `Field` bound to remix-validated-form (`useField`): value to repopulate and the error come
 * from client validation or from the action's `validationError` (works without JS).
 * Only for form routes (keeps remix-validated-form out of the home page bundle).
 */
import { useField } from "remix-validated-form";
import { ChoicesError, type ChoicesErrorProps } from "./ChoicesError";
import { Field, type FieldProps } from "./Field";

export function ValidatedField(props: FieldProps) {
  const { error, getInputProps } = useField(props.name);
  const bound = getInputProps({ ...(props as object) } as never) as { defaultValue?: unknown };
  const own = (props as { defaultValue?: unknown }).defaultValue;
  const merged = { ...(bound as object), defaultValue: bound.defaultValue ?? own } as object;
  return <Field {...(props as FieldProps)} {...merged} error={error ?? props.error} />;
}

/** `ChoicesError` of a validated form: the field's error from client validation or the action. */
export function ValidatedChoicesError(props: ChoicesErrorProps) {
  const { error } = useField(props.id);
  return <ChoicesError {...props} error={error ?? props.error} />;
}
