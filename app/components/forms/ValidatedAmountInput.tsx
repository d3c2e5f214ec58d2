/** AmountInput bound to remix-validated-form (repopulated value and errors). */
import { useField } from "remix-validated-form";
import { AmountInput, type AmountInputProps } from "./AmountInput";

export function ValidatedAmountInput(props: AmountInputProps) {
  const name = props.name ?? "amount";
  const { error, defaultValue, validate } = useField(name);
  return (
    <AmountInput
      {...props}
      name={name}
      error={error ?? props.error}
      defaultValue={defaultValue ?? props.defaultValue}
      onBlur={validate}
    />
  );
}
