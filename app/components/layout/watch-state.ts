/**
 * State shared by the layout's popup script and its popups (./LayoutWatchImpl.tsx,
 * ./LayoutPopups.tsx): the popup kinds, the baselines of the guarded forms
 * (`form[data-unsaved-guard]`) and the background status request.
 */
import type { SessionStatus } from "~/routes/session+/status";
import { serializeForm } from "../identity/form-state";

/** The popup on screen. */
export type Popup =
  /** `at`: the location it was opened on (a navigation closes it). */
  | { kind: "profile"; at: string }
  | { kind: "expiry"; deadline: number }
  | { kind: "org-changed" }
  | { kind: "unsaved"; path?: string; submit?: { action: string; data: FormData } };

/** How each guarded form looked when shown. */
export const baselines = new WeakMap<HTMLFormElement, string>();

/** Guarded forms of the page that changed since they were shown. */
export function dirtyForms(): HTMLFormElement[] {
  return [...document.querySelectorAll<HTMLFormElement>("form[data-unsaved-guard]")].filter((f) => {
    const base = baselines.get(f);
    return base !== undefined && base !== serializeForm(f);
  });
}

/** Forget the changes of the guarded forms (the user chose to leave). */
export function settleForms(): void {
  for (const f of dirtyForms()) baselines.set(f, serializeForm(f));
}

/** GET /session/status; null when it cannot be read (network): nothing is decided then. */
export async function fetchStatus(): Promise<SessionStatus | null> {
  try {
    const res = await fetch("/session/status", { headers: { Accept: "application/json" }, credentials: "same-origin" });
    return res.ok ? ((await res.json()) as SessionStatus) : null;
  } catch {
    return null;
  }
}
