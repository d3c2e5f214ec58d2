/**
 * A form's validator whose rules load when the customer starts using the form (first-load
 * JavaScript: docs/performance.md "First-load JavaScript (2026-11-29)").
 *
 * A form's rules are a zod schema, and some rules a library of their own (ibantools for IBAN and
 * BIC, @noble/hashes for wallet checksums): about 20 KB of gzip JavaScript that no page needs
 * before the customer touches a form. The schema lives in a module of its own beside the screen
 * (`__<page>.schema.ts`, which the route's action imports as it is); the screen hands
 * remix-validated-form this stand-in, whose `validate` and `validateField` load that module on
 * first use and then answer exactly as its validator does. Loading starts at the first press,
 * key or focus inside any form of the page, so it is usually in before the first field is left.
 *
 * When the module cannot be loaded (offline, or a newer deployment removed its chunk), a submit
 * is not checked in the browser and goes to the action, which checks it with the same rules: the
 * no-JavaScript behaviour. A field check answers "no error" then. The next use tries again.
 */
import type { ValidateFieldResult, ValidationResult, Validator } from "remix-validated-form";

type Load<T> = () => Promise<Validator<T>>;

/** A validator for `ValidatedForm` (both checks always present) that can be told to load at once. */
export interface LazyValidator<T> extends Validator<T> {
  validateField: (data: Parameters<NonNullable<Validator<T>["validateField"]>>[0], field: string) => Promise<ValidateFieldResult>;
  preload: () => void;
}

/** Loaders of the validators made on this page, started together at the first use of a form. */
const waiting = new Set<() => unknown>();
let listening = false;

/** Start every waiting loader when a form of the page is first pressed, typed in or focused. */
function listen(): void {
  if (listening) return;
  listening = true;
  const onUse = (event: Event) => {
    const target = event.target;
    if (!(target instanceof Element) || !target.closest("form")) return;
    for (const start of waiting) void start();
  };
  for (const type of ["pointerdown", "keydown", "focusin"]) document.addEventListener(type, onUse, true);
}

/**
 * @param load dynamic import of the form's validator, e.g. `() => import("./__euro.schema").then((m) => m.validator)`
 * @returns a validator for `ValidatedForm` that loads the real one on first use (module comment);
 *   `preload` starts loading at once
 */
export function lazyValidator<T>(load: Load<T>): LazyValidator<T> {
  let pending: Promise<Validator<T> | null> | undefined;
  const start = () =>
    (pending ??= load().then(
      (validator) => {
        waiting.delete(start);
        return validator;
      },
      () => {
        pending = undefined; // tried again on the next use
        return null;
      },
    ));
  if (typeof document !== "undefined") {
    waiting.add(start);
    listen();
  }
  return {
    async validate(data): Promise<ValidationResult<T>> {
      const validator = await start();
      if (validator) return validator.validate(data);
      // Not checked here: the action checks it (module comment).
      return { data: undefined as T, error: undefined, submittedData: {} };
    },
    async validateField(data, field): Promise<ValidateFieldResult> {
      const validator = await start();
      return validator?.validateField ? validator.validateField(data, field) : {};
    },
    preload: () => void start(),
  };
}
