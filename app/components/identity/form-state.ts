/**
 * Whether an identity step form has unsaved changes (JavaScript only; spec 001 §2 "Other
 * popups": the unsaved-changes popup, and the draft sent when a page is left). A form's state is
 * its fields as `application/x-www-form-urlencoded` text (the CSRF token, the submit intent,
 * `returnTo` and the language switcher's `lng`, which belongs to the form too, left out); it is
 * dirty when that text differs from its baseline. The baseline is recorded when the step form
 * mounts, from the fields' *default* states (the values the server rendered), not their current
 * ones: on a slow phone an applicant types before the page's JavaScript has started, and that
 * text is a change like any other (it is sent as a draft and guarded by the unsaved-changes
 * popup), not part of the saved form. A form that shows answers not saved yet (kept at a session
 * expiry, or refused) is dirty from the start (`markClean(form, true)`). The layout's guard, the
 * session script and the draft sender read it from here.
 *
 * The guarded form of a page (`identityForm`): the step form, or another identity form that
 * opts in with `data-identity-form` (the company official's form, components/identity/special/
 * officials.tsx, which has no draft: only the guard and the expiry keep its answers).
 */
import { requestSubmit } from "~/lib/request-submit";

/** The id of the one step form of a page. */
export const STEP_FORM_ID = "identity-step-form";
/** The attribute by which an identity form other than the step form is guarded (see module header). */
export const IDENTITY_FORM_ATTRIBUTE = "data-identity-form";
/** A baseline no form's fields ever serialize to: the form is dirty until it is submitted or left. */
const UNSAVED = "\u0000unsaved";

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

/**
 * Record the form's baseline on mount: its server-rendered defaults (see module header).
 * @param unsaved the form shows answers that are not saved (kept at an expiry, or a refused
 *   save's): dirty until submitted or left without saving, even before any change
 */
export function markClean(form: HTMLFormElement, unsaved = false): void {
  baselines.set(form, unsaved ? UNSAVED : serializeDefaults(form));
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
 * Send the form to be saved before leaving, through the page's own submit handling: a step form
 * as "save and come back later" (its `later` button: partial answers are saved, nothing is
 * validated as complete); a form without that button (the company official's) as its own save.
 */
export function submitForLater(form: HTMLFormElement): void {
  requestSubmit(form, form.querySelector<HTMLButtonElement>("button[name=intent][value=later]"));
}

/** The page's guarded form, when there is one: the step form, else a `data-identity-form` form. */
export function identityForm(): HTMLFormElement | null {
  if (typeof document === "undefined") return null;
  const el = document.getElementById(STEP_FORM_ID) ?? document.querySelector(`form[${IDENTITY_FORM_ATTRIBUTE}]`);
  return el instanceof HTMLFormElement ? el : null;
}
