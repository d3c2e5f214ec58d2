/**
 * Whether an identity step form has unsaved changes (JavaScript only; spec 001 §2 "Other
 * popups": the unsaved-changes popup, and the draft sent when a page is left). A form's state is
 * its fields as `application/x-www-form-urlencoded` text (the CSRF token, the submit intent,
 * `returnTo` and the language switcher's `lng`, which belongs to the form too, left out); it is dirty when that text differs from the one recorded when the page
 * was shown. The step form records its baseline on mount; the layout's guard and the draft
 * sender read it from here.
 */

/** The id of the one step form of a page. */
export const STEP_FORM_ID = "identity-step-form";

const IGNORED = new Set(["csrf", "intent", "returnTo", "lng"]);
const baselines = new WeakMap<HTMLFormElement, string>();
const settled = new WeakSet<HTMLFormElement>();

/** The form's fields as text (see module header). */
export function serializeForm(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [k, v] of new FormData(form)) if (!IGNORED.has(k) && typeof v === "string") params.append(k, v);
  return params.toString();
}

/** Record the form's current state as saved (on mount, and after a draft was sent). */
export function markClean(form: HTMLFormElement): void {
  baselines.set(form, serializeForm(form));
  settled.delete(form);
}

/** The form is being submitted or the user chose to leave without saving: no guard, no draft. */
export function markSettled(form: HTMLFormElement): void {
  settled.add(form);
}

/** True when the form changed since its baseline and is not settled. */
export function isDirty(form: HTMLFormElement): boolean {
  if (settled.has(form)) return false;
  const base = baselines.get(form);
  return base !== undefined && base !== serializeForm(form);
}

/**
 * Send the step form as "save and come back later" (its `later` button: partial answers are
 * saved, nothing is validated as complete), through the page's own submit handling.
 */
export function submitForLater(form: HTMLFormElement): void {
  form.requestSubmit(form.querySelector<HTMLButtonElement>("button[name=intent][value=later]") ?? undefined);
}

/** The page's step form, when there is one. */
export function stepForm(): HTMLFormElement | null {
  const el = typeof document === "undefined" ? null : document.getElementById(STEP_FORM_ID);
  return el instanceof HTMLFormElement ? el : null;
}
