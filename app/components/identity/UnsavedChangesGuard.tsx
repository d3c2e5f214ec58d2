/**
 * Unsaved-changes popup of the identity pages (spec 001 §2 "Other popups": close without
 * saving, save and close, cancel; "when a form is dirty, clicking a navigation link or the logo
 * opens this confirmation and remembers the blocked path"). JavaScript only: without it the
 * links simply navigate and nothing typed was ever kept only in the browser.
 *
 * Watches clicks on links inside `[data-identity-nav]` (the identity header and the step list).
 * When the page's guarded form — the step form, or the company official's form — is dirty
 * (./form-state.ts) the click is held and a modal <dialog> asks:
 * - close without saving: go to the link;
 * - save and close: submit the form with `returnTo` = the link — a step form as "save and come
 *   back later", so the action saves the step (partial) and redirects there; the official's form
 *   as its save, which redirects there once the official is saved (a refusal stays on the form,
 *   with its errors and what was typed);
 * - cancel: stay.
 */
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/Button";
import { identityForm, isDirty, markSettled, submitForLater } from "./form-state";
import styles from "./identity.module.css";

export function UnsavedChangesGuard() {
  const { t } = useTranslation("identity");
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [blocked, setBlocked] = useState<string | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || !link.closest("[data-identity-nav]")) return;
      const form = identityForm();
      if (!form || !isDirty(form)) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      setBlocked(url.pathname + url.search);
      dialogRef.current?.showModal();
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  const close = () => dialogRef.current?.close();
  const leave = () => {
    const form = identityForm();
    if (form) markSettled(form);
    close();
    if (blocked) navigate(blocked);
  };
  const saveAndLeave = () => {
    const form = identityForm();
    close();
    if (!form || !blocked) return;
    const returnTo = form.elements.namedItem("returnTo");
    if (returnTo instanceof HTMLInputElement) returnTo.value = blocked;
    submitForLater(form);
  };

  return (
    <dialog ref={dialogRef} className={styles.dialog} aria-labelledby="unsaved-title" onClose={() => setBlocked(null)}>
      <h2 id="unsaved-title">{t("guard.title")}</h2>
      <p>{t("guard.text")}</p>
      <div className={styles.buttons}>
        <Button type="button" onClick={saveAndLeave} data-testid="guard-save">
          {t("guard.save")}
        </Button>
        <Button type="button" variant="secondary" onClick={leave} data-testid="guard-leave">
          {t("guard.leave")}
        </Button>
        <Button type="button" variant="link" onClick={close} data-testid="guard-cancel">
          {t("guard.cancel")}
        </Button>
      </div>
    </dialog>
  );
}
