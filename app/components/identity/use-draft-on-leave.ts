/**
 * With JavaScript, a step form that was changed but not saved sends what was typed as the
 * step's draft when the applicant leaves the page (issue 8 "with JavaScript, a step also saves a
 * draft when the applicant leaves the page"): on `pagehide`, when the page becomes hidden (tab
 * switched, phone locked, app closed — often the last moment a mobile browser gives), and when
 * the page's form unmounts in a client-side navigation. `navigator.sendBeacon` posts the form
 * (CSRF token included) to the draft resource route, which PUTs /v1/clients-applications/:id/drafts;
 * the draft is shown back on the step until the step is saved. Nothing is sent without an
 * application id, for an unchanged form, twice for the same state, or after the form was submitted.
 */
import { useEffect, type RefObject } from "react";
import { isDirty, markClean, markSettled, serializeForm } from "./form-state";

/** The step forms on screen → send their draft now and wait for the answer. */
const savers = new WeakMap<HTMLFormElement, () => Promise<void>>();

/**
 * Send a changed step form's draft now and wait for the server's answer, before something that
 * would lose it (a logout: components/identity/IdentityWatchImpl.tsx). Nothing is sent for an
 * unchanged form or one without an application id; a refused or failed send is not retried.
 */
export async function saveDraftNow(form: HTMLFormElement): Promise<void> {
  await savers.get(form)?.();
}

/**
 * @param options.unsaved the step shows answers kept at a session expiry (not saved): a change
 *   from the start, so leaving asks (the layout's guard) or sends them as the draft
 */
export function useDraftOnLeave(
  formRef: RefObject<HTMLFormElement>,
  options: { draftHref: string; applicationId: string | null; stepId: string; enabled: boolean; unsaved?: boolean },
): void {
  const { draftHref, applicationId, stepId, enabled, unsaved = false } = options;
  useEffect(() => {
    const form = formRef.current;
    if (!form || !enabled) return;
    // Against what the server rendered: text typed before hydration is a change (form-state.ts).
    markClean(form, unsaved);
    let lastSent: string | null = null;
    /** What to send: the form's fields as the draft route reads them; null when nothing is due. */
    const draft = () => {
      if (!applicationId || !isDirty(form)) return null;
      const state = serializeForm(form);
      if (state === lastSent) return null;
      const data = new FormData(form);
      data.delete("intent");
      data.delete("returnTo");
      data.set("applicationId", applicationId);
      data.set("step", stepId);
      return { state, data };
    };
    const send = () => {
      if (typeof navigator.sendBeacon !== "function") return;
      const due = draft();
      if (due && navigator.sendBeacon(draftHref, due.data)) lastSent = due.state;
    };
    savers.set(form, async () => {
      const due = draft();
      if (!due) return;
      const res = await fetch(draftHref, { method: "POST", body: due.data, credentials: "same-origin" }).catch(() => null);
      if (res?.ok) lastSent = due.state;
    });
    const onVisibility = () => {
      if (document.visibilityState === "hidden") send();
    };
    const onSubmit = () => markSettled(form);
    window.addEventListener("pagehide", send);
    document.addEventListener("visibilitychange", onVisibility);
    form.addEventListener("submit", onSubmit);
    return () => {
      savers.delete(form);
      window.removeEventListener("pagehide", send);
      document.removeEventListener("visibilitychange", onVisibility);
      form.removeEventListener("submit", onSubmit);
      send();
    };
  }, [formRef, draftHref, applicationId, stepId, enabled, unsaved]);
}
