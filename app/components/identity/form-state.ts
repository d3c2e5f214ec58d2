/**
 * Whether an identity step form has unsaved changes (JavaScript only; spec 001 §2 "Other
 * popups": the unsaved-changes popup, and the draft sent when a page is left). A form's state is
 * its fields as `application/x-www-form-urlencoded` text (the CSRF token, the submit intent,
 * `returnTo` and the language switcher's `lng`, which belongs to the form too, left out); it is
 * dirty when that text differs from its baseline. The baseline is recorded when the step form
 * mounts, from the fields' *default* states (the values the server rendered), not their current
 * ones: on a slow phone an applicant types before the page's JavaScript has started, and that
 * text is a change like any other (it is sent as a draft and guarded by the unsaved-changes
 * popup), not part of the saved form. The layout's guard and the draft sender read it from here.
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

/**
 * The form's fields as the server rendered them, in the text of `serializeForm`: each control's
 * `defaultValue`, `defaultChecked` or `defaultSelected` (what its HTML attributes say), in the
 * order and with the rules `FormData` uses (named, enabled, not a button or file; a checkbox or
 * radio only when checked; a single select without a selected option posts its first option).
 */
export function serializeDefaults(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)) continue;
    const name = el.name;
    if (!name || IGNORED.has(name) || el.matches(":disabled")) continue;
    if (el instanceof HTMLSelectElement) {
      const options = Array.from(el.options).filter((o) => !o.disabled);
      const chosen = options.filter((o) => o.defaultSelected);
      const posted = el.multiple ? chosen : chosen.length ? [chosen[chosen.length - 1]] : options.slice(0, 1);
      for (const o of posted) params.append(name, o.value);
    } else if (el instanceof HTMLTextAreaElement) {
      params.append(name, el.defaultValue);
    } else if (el.type === "checkbox" || el.type === "radio") {
      if (el.defaultChecked) params.append(name, el.value);
    } else if (!["submit", "button", "reset", "image", "file"].includes(el.type)) {
      params.append(name, el.defaultValue);
    }
  }
  return params.toString();
}

/** Record the form's baseline on mount: its server-rendered defaults (see module header). */
export function markClean(form: HTMLFormElement): void {
  baselines.set(form, serializeDefaults(form));
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
