/**
 * An identity form other than the step form, guarded as one (spec 001 §2 unsaved-changes popup;
 * "an applicant must never lose what they typed"): the company official's form. The form carries
 * `data-identity-form` (./form-state.ts `identityForm`), so the layout's unsaved-changes popup and
 * the session script find it; this hook records its clean state on mount and settles it when it
 * is submitted. It sends no draft: the API keeps none for an official.
 */
import { useEffect, type RefObject } from "react";
import { markClean, markSettled } from "./form-state";

/**
 * @param options.enabled false for a read-only page (no form)
 * @param options.unsaved the form shows answers not saved yet (kept at a session expiry, or a
 *   refused save's): dirty from the start
 * @param options.resetKey a value that changes with each answer shown (the location's key), so
 *   the baseline is taken again after a refused save
 */
export function useGuardedForm(
  formRef: RefObject<HTMLFormElement>,
  options: { enabled: boolean; unsaved: boolean; resetKey: string },
): void {
  const { enabled, unsaved, resetKey } = options;
  useEffect(() => {
    const form = formRef.current;
    if (!form || !enabled) return;
    markClean(form, unsaved);
    const onSubmit = () => markSettled(form);
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, [formRef, enabled, unsaved, resetKey]);
}
