/**
 * One-time code input (spec 000 §5 "Code input", §4 "Submission is triggered automatically once
 * 4 digits are typed"): numeric keyboard, autocomplete one-time-code, max 4 digits. With JS it
 * submits its form as soon as 4 digits are in (form.requestSubmit, so validation still runs).
 * Digits typed before the JavaScript started are kept (app/lib/typed-before-hydration.ts).
 */
import { useEffect, useRef, useState } from "react";
import { useAdoptTypedValue } from "~/lib/typed-before-hydration";
import { Field } from "./Field";

export const CODE_LENGTH = 4;

export function CodeInput({
  label,
  error,
  hint,
  autoSubmit = true,
}: {
  label: string;
  error?: string | null;
  hint?: string;
  autoSubmit?: boolean;
}) {
  const [value, setValue] = useState("");
  const submitted = useRef("");
  const input = useRef<HTMLInputElement>(null);
  const digits = (text: string) => text.replace(/\D/g, "").slice(0, CODE_LENGTH);
  useAdoptTypedValue(input, value, (typed) => setValue(digits(typed)));
  useEffect(() => {
    if (!autoSubmit || value.length !== CODE_LENGTH || submitted.current === value) return;
    submitted.current = value;
    input.current?.form?.requestSubmit();
  }, [value, autoSubmit]);
  return (
    <div>
      <Field
        name="code"
        label={label}
        hint={hint}
        error={error}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={CODE_LENGTH}
        value={value}
        inputRef={input}
        onChange={(e) => setValue(digits(e.target.value))}
      />
    </div>
  );
}
