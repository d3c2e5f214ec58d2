/**
 * The layout's popups (lazy chunk of ./LayoutWatchImpl.tsx; spec 000 §2 "Other popups", spec 001 §2):
 * - profile: the SidePanel (dialog on desktop, bottom sheet on mobile) with ProfileMenu;
 * - expiry: "your session is about to expire", counting down to the deadline; Continue POSTs
 *   /session/keepalive (activity), Logout or zero submits the layout's logout form (zero:
 *   reloads the page instead when the server says time is left — another tab was active);
 * - org-changed: 3 s countdown, then /home (a full load: every loader of the new organization);
 * - unsaved: leave without saving (continue to the blocked path or switch) or stay.
 * All are modal dialogs (ModalDialog: focus trap, Escape, returned focus).
 */
import { useNavigate, useRouteLoaderData, useSubmit } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProfileMenuData } from "~/lib/profile-menu";
import { requestSubmit } from "~/lib/request-submit";
import { ORG_CHANGED_COUNTDOWN_S } from "~/lib/session-rules";
import { Button } from "../ui/Button";
import { ModalDialog } from "../ui/ModalDialog";
import { SidePanel } from "../ui/SidePanel";
import styles from "./LayoutPopups.module.css";
import { fetchStatus, leaveEnded, settleForms, type Popup } from "./watch-state";
import { ProfileMenu } from "./ProfileMenu";

/** Seconds left until `deadline` (epoch ms), ticking. */
function useSecondsLeft(deadline: number): number {
  const left = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const id = setInterval(() => setSeconds(left()), 250);
    return () => clearInterval(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deadline]);
  return seconds;
}

function logout() {
  const form = document.getElementById("logout-form");
  if (form instanceof HTMLFormElement) requestSubmit(form);
}

function Centered({
  testId,
  title,
  text,
  children,
  onClose,
}: {
  testId: string;
  title: string;
  text: string;
  children: React.ReactNode;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <div className={styles.overlay}>
      <div className={styles.backdrop} aria-hidden="true" />
      <ModalDialog labelledBy={titleId} describedBy={textId} className={styles.dialog} onClose={onClose} testId={testId}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <p id={textId} aria-live="polite">
          {text}
        </p>
        <div className={styles.buttons}>{children}</div>
      </ModalDialog>
    </div>
  );
}

/**
 * The session-expiry popup (see module header). `atZero` lets a page end the session its own way
 * when the countdown reaches zero (the identity pages submit a changed step form, so its answers
 * are kept for the next login: components/identity/IdentityWatchImpl.tsx); it returns true when
 * it did, and the layout's way (ask /session/status, then log out) is skipped. It also runs when
 * Continue comes too late (/session/keepalive answers `expired`: the limit passed meanwhile).
 */
export function ExpiryPopup({ deadline, onClose, atZero }: { deadline: number; onClose: () => void; atZero?: () => boolean }) {
  const { t } = useTranslation();
  const seconds = useSecondsLeft(deadline);
  const root = useRouteLoaderData("root") as { csrf?: string } | undefined;
  const [pending, setPending] = useState(false);
  const ended = useRef(false);
  useEffect(() => {
    if (seconds > 0 || ended.current) return;
    ended.current = true; // once: the logout form must not be sent twice
    if (atZero?.()) return;
    void fetchStatus().then((status) => {
      if (status?.signedIn && status.remainingMs > 1_000) {
        ended.current = false;
        onClose(); // another tab kept the session alive
      } else if (status && !status.signedIn) leaveEnded(status.to);
      else logout();
    });
  }, [seconds, onClose, atZero]);
  const keepAlive = async () => {
    setPending(true);
    const res = await fetch("/session/keepalive", {
      method: "POST",
      body: new URLSearchParams({ csrf: root?.csrf ?? "" }),
      credentials: "same-origin",
      redirect: "manual",
    }).catch(() => null);
    const answer = res?.ok ? ((await res.json().catch(() => null)) as { expired?: boolean } | null) : null;
    setPending(false);
    if (answer && !answer.expired) onClose();
    // Expired meanwhile (the session left as it was): the page's own way first (a changed step
    // form is sent and its answers kept), else a reload, which lands on /auth/phone.
    else if (answer?.expired && !ended.current && atZero?.()) ended.current = true;
    else window.location.reload();
  };
  return (
    <Centered
      testId="session-expiry"
      title={t("session-expiry.title")}
      text={t("session-expiry.text", { count: seconds })}
      onClose={() => void keepAlive()}
    >
      <Button type="button" onClick={() => void keepAlive()} disabled={pending} data-testid="session-continue">
        {t("session-expiry.continue")}
      </Button>
      <Button type="button" variant="secondary" onClick={logout} data-testid="session-logout">
        {t("session-expiry.logout")}
      </Button>
    </Centered>
  );
}

function OrgChangedPopup() {
  const { t } = useTranslation();
  const [deadline] = useState(() => Date.now() + ORG_CHANGED_COUNTDOWN_S * 1000);
  const seconds = useSecondsLeft(deadline);
  const go = () => window.location.assign("/home");
  useEffect(() => {
    if (seconds === 0) go();
  }, [seconds]);
  return (
    <Centered
      testId="org-changed"
      title={t("org-switch.changed-title")}
      text={t("org-switch.changed-text", { count: seconds })}
      onClose={go}
    >
      <Button type="button" onClick={go}>
        {t("org-switch.changed-now")}
      </Button>
    </Centered>
  );
}

function UnsavedPopup({ popup, onClose }: { popup: Extract<Popup, { kind: "unsaved" }>; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const leave = () => {
    settleForms();
    onClose();
    if (popup.path) navigate(popup.path);
    else if (popup.submit) submit(popup.submit.data, { method: "post", action: popup.submit.action });
  };
  return (
    <Centered testId="unsaved-guard" title={t("unsaved.title")} text={t("unsaved.text")} onClose={onClose}>
      <Button type="button" variant="secondary" onClick={leave} data-testid="unsaved-leave">
        {t("unsaved.leave")}
      </Button>
      <Button type="button" onClick={onClose} data-testid="unsaved-stay">
        {t("unsaved.stay")}
      </Button>
    </Centered>
  );
}

export default function LayoutPopups({ popup, menu, onClose }: { popup: Popup; menu: ProfileMenuData; onClose: () => void }) {
  const { t } = useTranslation();
  if (popup.kind === "profile")
    return (
      <SidePanel title={menu.fullName ?? t("profile-menu.title")} onClose={onClose} testId="profile-popup">
        <ProfileMenu menu={menu} />
      </SidePanel>
    );
  if (popup.kind === "expiry") return <ExpiryPopup deadline={popup.deadline} onClose={onClose} />;
  if (popup.kind === "org-changed") return <OrgChangedPopup />;
  return <UnsavedPopup popup={popup} onClose={onClose} />;
}
