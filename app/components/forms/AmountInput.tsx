/**
 * Amount input (spec 000 §5): decimal keyboard; while typing, keystrokes that break the mask are
 * refused (a letter or a sign, a second separator, a leading dot, a leading zero followed by a
 * digit, more than `scale` decimals, above 1e16: `acceptAmountKeystroke`, server/rules/amount.ts).
 * A typed comma stays a comma while typing ("12,5") and becomes a dot when the field is left
 * ("12.5", `settleAmountInput`). A comma before exactly three digits ("1,000") is kept as typed,
 * also when the field is left, so the form's check shows `errors:amount.thousands-comma` on the
 * field: it is never turned into 1.00 (docs/decisions.md "The amount field keeps the spec's mask
 * and the typed comma"). Without JS the server applies the same rules (`validateAmount`).
 * An amount typed before the JavaScript started is kept (app/lib/typed-before-hydration.ts).
 */
import { useRef, useState, type ChangeEvent } from "react";
import { acceptAmountKeystroke, DEFAULT_SCALE, settleAmountInput } from "../../../server/rules/amount";
import { useAdoptTypedValue } from "~/lib/typed-before-hydration";
import { Field } from "./Field";

export interface AmountInputProps {
  name?: string;
  label: string;
  hint?: string;
  error?: string | null;
  defaultValue?: string;
  /** Decimals allowed while typing (the currency's scale, default 2). */
  scale?: number;
  onBlur?: () => void;
}

export function AmountInput({
  name = "amount",
  label,
  hint,
  error,
  defaultValue = "",
  scale = DEFAULT_SCALE,
  onBlur,
}: AmountInputProps) {
  const [value, setValue] = useState(defaultValue);
  const input = useRef<HTMLInputElement>(null);
  // Typed before hydration: taken through the mask, or kept as typed (never dropped, a letter
  // included) when the mask refuses it, so the validator can name the problem; its comma becomes a
  // dot at once unless the customer is still typing there.
  useAdoptTypedValue(input, value, (typed) => {
    const kept = acceptAmountKeystroke("", typed, scale) || typed;
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
      onChange={(e: ChangeEvent<HTMLInputElement>) => setValue(acceptAmountKeystroke(value, e.target.value, scale))}
    />
  );
}
