/**
 * The identity pages' session script (spec 001 §2 "Other popups": the session-expiry popup;
 * issue 8 "an applicant must never lose what they typed"), JavaScript only; loaded after
 * hydration by ./IdentityWatch.tsx.
 * - Session expiry, as on the app's pages (components/layout/LayoutWatchImpl.tsx): the deadline
 *   moves with every navigation; 60 s before it, GET /session/status (not activity) says what is
 *   really left and the popup counts down. Continue keeps the session (POST /session/keepalive).
 * - Reaching zero with a changed step form, or a changed company official's form: the form is
 *   sent (a step as "save and come back later", an official as its save). The session has ended,
 *   so nothing is saved, but the server keeps the answers for the same person's next login
 *   (app/lib/kept-form.server.ts) and the login returns to the page; if another tab kept the
 *   session alive, the answers are simply saved. Otherwise the layout's way: ask
 *   /session/status, then log out.
 * - Logging out (the header's button or the popup's) with a changed step form first saves its
 *   draft (POST /identity/draft, awaited), so the step shows it at the next login.
 */
import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useExpiryWarning } from "../layout/watch-state";
import { identityForm, isDirty, markSettled, submitForLater } from "./form-state";
import { saveDraftNow } from "./use-draft-on-leave";

const ExpiryPopup = lazy(() => import("../layout/LayoutPopups").then((m) => ({ default: m.ExpiryPopup })));

/** The identity header's logout form (IdentityShell). */
const LOGOUT_FORM_ID = "logout-form";

export default function IdentityWatchImpl({ idleMs }: { idleMs: number }) {
  const location = useLocation();
  const [deadline, setDeadline] = useState<number | null>(null);

  // Loaded after hydration: say so (tests wait for it before relying on the popup).
  useEffect(() => {
    document.body.dataset.identityWatch = "ready";
  }, []);

  // Session expiry: check 60 s before the deadline (moved by every navigation).
  useExpiryWarning(idleMs, location.key, deadline !== null, setDeadline);

  // A logout with a changed step form saves its draft first (then logs out as the form would).
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      const logout = event.target;
      const form = identityForm();
      if (!(logout instanceof HTMLFormElement) || logout.id !== LOGOUT_FORM_ID || !form || !isDirty(form)) return;
      event.preventDefault();
      event.stopPropagation();
      void saveDraftNow(form).then(() => {
        markSettled(form);
        logout.submit();
      });
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, []);

  // At zero, a changed step form is sent (its answers are kept by the server: see header).
  const atZero = useCallback(() => {
    const form = identityForm();
    if (!form || !isDirty(form)) return false;
    submitForLater(form);
    return true;
  }, []);

  if (deadline === null) return null;
  return (
    <Suspense fallback={null}>
      <ExpiryPopup deadline={deadline} onClose={() => setDeadline(null)} atZero={atZero} />
    </Suspense>
  );
}
