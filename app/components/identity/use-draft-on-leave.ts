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

export function useDraftOnLeave(
  formRef: RefObject<HTMLFormElement>,
  options: { draftHref: string; applicationId: string | null; stepId: string; enabled: boolean },
): void {
  const { draftHref, applicationId, stepId, enabled } = options;
  useEffect(() => {
    const form = formRef.current;
    if (!form || !enabled) return;
    markClean(form);
    let lastSent: string | null = null;
    const send = () => {
      if (!applicationId || !isDirty(form) || typeof navigator.sendBeacon !== "function") return;
      const state = serializeForm(form);
      if (state === lastSent) return;
      const data = new FormData(form);
      data.delete("intent");
      data.delete("returnTo");
      data.set("applicationId", applicationId);
      data.set("step", stepId);
      if (navigator.sendBeacon(draftHref, data)) lastSent = state;
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") send();
    };
    const onSubmit = () => markSettled(form);
    window.addEventListener("pagehide", send);
    document.addEventListener("visibilitychange", onVisibility);
    form.addEventListener("submit", onSubmit);
    return () => {
      window.removeEventListener("pagehide", send);
      document.removeEventListener("visibilitychange", onVisibility);
      form.removeEventListener("submit", onSubmit);
      send();
    };
  }, [formRef, draftHref, applicationId, stepId, enabled]);
}
