/**
 * Amount input (spec 000 §5): decimal keyboard; while typing, keystrokes that break the rules
 * (letters, second dot, leading dot/zero, too many decimals, above 1e16) are refused and a
 * comma becomes a dot. Without JS the server applies the same rules (server/rules/amount.ts).
 * An amount typed before the JavaScript started is kept (app/lib/typed-before-hydration.ts).
 */
import { useRef, useState, type ChangeEvent } from "react";
import { acceptAmountKeystroke, DEFAULT_SCALE } from "../../../server/rules/amount";
import { useAdoptTypedValue } from "~/lib/typed-before-hydration";
import { Field } from "./Field";

export interface AmountInputProps {
  name?: string;
  label: string;
  hint?: string;
  error?: string | null;
  defaultValue?: string;
  /** Decimals allowed (currency scale). */
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
  // Typed before hydration: normalised by the keystroke rule, or kept as typed (never dropped) when
  // the rule refuses it, so the validator can name the problem.
  useAdoptTypedValue(input, value, (typed) => setValue(acceptAmountKeystroke("", typed, scale) || typed));
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
      onBlur={onBlur}
      onChange={(e: ChangeEvent<HTMLInputElement>) => setValue(acceptAmountKeystroke(value, e.target.value, scale))}
    />
  );
}
