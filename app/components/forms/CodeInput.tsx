/**
 * One-time code input (spec 000 §5 "Code input", §4 "Submission is triggered automatically once
 * 4 digits are typed"): numeric keyboard, autocomplete one-time-code, digits only. Without JS the
 * browser takes up to 6 characters ("up to 6 accepted"); with JS any text may be typed or pasted
 * ("Code: 1234", " 1234") and only its first 4 digits are kept, so no browser cut shortens a
 * pasted code before the non-digits go, and the form submits as soon as 4 digits are in
 * (form.requestSubmit, so validation still runs).
 * Digits typed before the JavaScript started are kept (app/lib/typed-before-hydration.ts).
 * `id` overrides the input's id (default "code"; the error is `<id>-error`); `defaultValue` is
 * the code shown again after a refusal (digits only).
 */
import { useEffect, useRef, useState } from "react";
import { requestSubmit } from "~/lib/request-submit";
import { useAdoptTypedValue } from "~/lib/typed-before-hydration";
import { useIsHydrated } from "~/lib/use-hydrated";
import { Field } from "./Field";

export const CODE_LENGTH = 4;
/** Characters the input takes before the JavaScript runs (spec 000 §5 "up to 6 accepted"). */
export const CODE_MAX_TYPED = 6;

const digits = (text: string) => text.replace(/\D/g, "").slice(0, CODE_LENGTH);

export function CodeInput({
  label,
  error,
  hint,
  autoSubmit = true,
  id,
  defaultValue = "",
}: {
  label: string;
  error?: string | null;
  hint?: string;
  autoSubmit?: boolean;
  id?: string;
  defaultValue?: string;
}) {
  const [value, setValue] = useState(() => digits(defaultValue));
  // The code shown again after a refusal is not sent again by itself.
  const submitted = useRef(value);
  const input = useRef<HTMLInputElement>(null);
  const hydrated = useIsHydrated();
  useAdoptTypedValue(input, value, (typed) => setValue(digits(typed)));
  useEffect(() => {
    if (!autoSubmit || value.length !== CODE_LENGTH || submitted.current === value) return;
    submitted.current = value;
    const form = input.current?.form;
    if (form) requestSubmit(form);
  }, [value, autoSubmit]);
  return (
    <div>
      <Field
        name="code"
        id={id}
        label={label}
        hint={hint}
        error={error}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={hydrated ? undefined : CODE_MAX_TYPED}
        value={value}
        inputRef={input}
        onChange={(e) => setValue(digits(e.target.value))}
      />
    </div>
  );
}
