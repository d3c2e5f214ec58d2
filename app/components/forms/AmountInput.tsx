/**
 * Amount input (spec 000 §5): decimal keyboard; while typing, a letter or a sign is refused and
 * spaces are dropped, but digits, dots and commas stay exactly as typed: a value that breaks a
 * rule (a leading dot or zero, too many decimals, above 1e16, "1,000") is shown as typed and the
 * form's check names the rule (server/rules/amount.ts, the same rules as the server's without
 * JS). The enhancement never changes the amount: a typed digit is never dropped. When the field
 * is left, a comma becomes a dot ("12,5" → "12.5"), except before exactly three digits ("1,000"
 * stays, refused as a possible thousands separator). An amount typed before the JavaScript
 * started is kept (app/lib/typed-before-hydration.ts).
 */
import { useRef, useState, type ChangeEvent } from "react";
import { acceptAmountKeystroke, settleAmountInput } from "../../../server/rules/amount";
import { useAdoptTypedValue } from "~/lib/typed-before-hydration";
import { Field } from "./Field";

export interface AmountInputProps {
  name?: string;
  label: string;
  hint?: string;
  error?: string | null;
  defaultValue?: string;
  onBlur?: () => void;
}

export function AmountInput({ name = "amount", label, hint, error, defaultValue = "", onBlur }: AmountInputProps) {
  const [value, setValue] = useState(defaultValue);
  const input = useRef<HTMLInputElement>(null);
  // Typed before hydration: kept as typed (never dropped, a letter included, so the validator can
  // name the problem); its comma becomes a dot at once unless the customer is still typing there.
  useAdoptTypedValue(input, value, (typed) => {
    const kept = acceptAmountKeystroke("", typed) || typed;
    setValue(document.activeElement === input.current ? kept : settleAmountInput(kept));
  });
  return (
    <Field
      name={name}
      label={label}
      hint={hint}
      error={error}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      inputRef={input}
      onBlur={() => {
        setValue(settleAmountInput(value));
        onBlur?.();
      }}
      onChange={(e: ChangeEvent<HTMLInputElement>) => setValue(acceptAmountKeystroke(value, e.target.value))}
    />
  );
}
