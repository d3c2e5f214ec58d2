/**
 * State shared by the layout's popup script and its popups (./LayoutWatchImpl.tsx,
 * ./LayoutPopups.tsx): the popup kinds, the baselines of the guarded forms
 * (`form[data-unsaved-guard]`) and the background status request.
 */
import { useEffect, useRef } from "react";
import { EXPIRY_WARNING_MS } from "~/lib/session-rules";
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

/**
 * Where to go when /session/status says the session has ended (`to`, its login page): the same
 * page with `returnTo` naming this page, so the next login comes back here (the status request's
 * own address, /session/status, is never a return target). The login checks it (safeReturnTo).
 * @param to the status answer's `to` (a path)
 * @param here this page's path and query
 */
export function endedTarget(to: string, here: string): string {
  const url = new URL(to, "http://x.invalid");
  if (url.pathname === "/auth/phone" && !url.searchParams.has("returnTo")) url.searchParams.set("returnTo", here);
  return url.pathname + url.search;
}

/** Leave for the login page after the session ended (see `endedTarget`). */
export function leaveEnded(to: string): void {
  window.location.assign(endedTarget(to, window.location.pathname + window.location.search));
}

/**
 * The session-expiry check of the layouts' scripts (the app's and the identity pages'): the
 * deadline moves with every navigation (each reached the server and counted as activity);
 * EXPIRY_WARNING_MS before it, GET /session/status (not activity) says what is really left —
 * another tab may have been active — and `warn(deadline)` opens the popup when a minute or less
 * is left; else the check is armed again. A session found ended leaves for the login.
 * @param idleMs the inactivity limit (ms)
 * @param locationKey the router location's key (a navigation moves the deadline)
 * @param paused true while the popup is open (no check then)
 * @param warn opens the popup with its deadline (epoch ms)
 */
export function useExpiryWarning(idleMs: number, locationKey: string, paused: boolean, warn: (deadline: number) => void): void {
  const deadline = useRef(0);
  const warnRef = useRef(warn);
  useEffect(() => {
    warnRef.current = warn;
  });
  useEffect(() => {
    deadline.current = Date.now() + idleMs;
  }, [locationKey, idleMs]);
  useEffect(() => {
    if (paused) return;
    let timer = 0;
    const arm = () => {
      timer = window.setTimeout(check, Math.max(0, deadline.current - EXPIRY_WARNING_MS - Date.now()));
    };
    const check = async () => {
      const status = await fetchStatus();
      if (status && !status.signedIn) return leaveEnded(status.to);
      deadline.current = Date.now() + (status ? status.remainingMs : EXPIRY_WARNING_MS + 5_000);
      if (status && status.remainingMs <= EXPIRY_WARNING_MS + 1_000) warnRef.current(deadline.current);
      else arm();
    };
    arm();
    return () => clearTimeout(timer);
  }, [locationKey, paused]);
}
