/** AmountInput bound to remix-validated-form (repopulated value and errors; checked when left, ValidatedField). */
import { useField } from "remix-validated-form";
import { AmountInput, type AmountInputProps } from "./AmountInput";
import { useCheckOnBlur } from "./ValidatedField";

export function ValidatedAmountInput(props: AmountInputProps) {
  const name = props.name ?? "amount";
  const { error, defaultValue, validate } = useField(name);
  const onBlur = useCheckOnBlur(validate);
  return (
    <AmountInput
      {...props}
      name={name}
      error={error ?? props.error}
      defaultValue={defaultValue ?? props.defaultValue}
      onBlur={onBlur}
    />
  );
}
