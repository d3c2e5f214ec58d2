/**
 * One-time code input (spec 000 §5 "Code input", §4 "Submission is triggered automatically once
 * 4 digits are typed"): numeric keyboard, autocomplete one-time-code, max 4 digits. With JS it
 * submits its form as soon as 4 digits are in (form.requestSubmit, so validation still runs).
 */
import { useEffect, useRef, useState } from "react";
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
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!autoSubmit || value.length !== CODE_LENGTH || submitted.current === value) return;
    submitted.current = value;
    const input = ref.current?.querySelector("input");
    input?.form?.requestSubmit();
  }, [value, autoSubmit]);
  return (
    <div ref={ref}>
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
        onChange={(e) => setValue(e.target.value.replace(/\D/g, "").slice(0, CODE_LENGTH))}
      />
    </div>
  );
}
