/**
 * The layout's script for popups (issue 10; spec 000 §2 "Other popups", §4), JavaScript only;
 * loaded after hydration by ./LayoutWatch.tsx (not first-load JavaScript). The popups
 * themselves are another lazy chunk (./LayoutPopups.tsx), loaded on first use.
 * - Profile popup: the header's user-name link opens it instead of /profile/organizations.
 * - Chat popup (issue 11): a chat link of the header or the tab bar opens it instead of /chat;
 *   the popup (socket.io-client, markdown-it) is a chunk of its own, imported on that first click.
 * - Session expiry: the deadline moves with every navigation (each reached the server and
 *   counted as activity); 60 s before it, GET /session/status (not activity) says what is
 *   really left (another tab may have been active) and the popup opens with that countdown.
 * - Organization changed in another tab: a tab that switches tells the others over a
 *   BroadcastChannel; any tab also checks /session/status when it gets focus. A different active
 *   organization opens the 3 s popup, then /home — unless it was created within the hour.
 * - Unsaved changes: a click on a link under `[data-layout-nav]` (logo, navigation, tab bar) or
 *   the submit of a `[data-org-switch]` form, while a `form[data-unsaved-guard]` differs from
 *   how it was shown, is held and the popup asks; leaving continues to the blocked path/switch.
 *   Guarded: the beneficiary form, every payment form and the card order form.
 */
import { useLocation, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import type { ProfileMenuData } from "~/lib/profile-menu";
import { isNewOrganization } from "~/lib/session-rules";
import { serializeForm } from "../identity/form-state";

import type { WatchData } from "./LayoutWatch";
import { baselines, dirtyForms, fetchStatus, leaveEnded, useExpiryWarning, type Popup } from "./watch-state";

const LayoutPopups = lazy(() => import("./LayoutPopups"));
const ChatPopup = lazy(() => import("../chat/ChatPopup"));
const CHANNEL = "bank-session";

export default function LayoutWatchImpl({ menu, watch }: { menu: ProfileMenuData; watch: WatchData }) {
  const [popup, setPopup] = useState<Popup | null>(null);
  /**
   * null until the chat is first opened; then the popup stays mounted (its connection keeps the
   * header's count live). Open while the location is the one it was opened at: a navigation
   * (e.g. its "Open the chat page" link) closes it.
   */
  const [chat, setChat] = useState<{ open: boolean; at: string } | null>(null);
  const location = useLocation();
  const navigation = useNavigation();
  const orgId = useRef<string | null>(watch.orgId);
  const busy = useRef(false);
  useEffect(() => {
    busy.current = navigation.state !== "idle";
  }, [navigation.state]);
  const locationKey = useRef(location.key);
  useEffect(() => {
    locationKey.current = location.key;
  }, [location.key]);

  // Loaded after hydration: say so (tests wait for it before relying on the popups).
  useEffect(() => {
    document.body.dataset.layoutWatch = "ready";
  }, []);

  // Every navigation counted as activity; guarded forms record how they were shown.
  useEffect(() => {
    const id = requestAnimationFrame(() => {
      for (const f of document.querySelectorAll<HTMLFormElement>("form[data-unsaved-guard]"))
        if (!baselines.has(f)) baselines.set(f, serializeForm(f));
    });
    return () => cancelAnimationFrame(id);
  }, [location.key]);

  // Session expiry: check 60 s before the deadline.
  useExpiryWarning(watch.idleMs, location.key, popup?.kind === "expiry", (at) => setPopup({ kind: "expiry", deadline: at }));

  const checkOrganization = useCallback(async () => {
    if (busy.current) return;
    const status = await fetchStatus();
    if (!status || busy.current) return;
    if (!status.signedIn) return leaveEnded(status.to);
    if (status.orgId === orgId.current) return;
    orgId.current = status.orgId;
    // A newly created organization (within the hour) does not take the other tabs away.
    if (!status.orgCreatedAt || !isNewOrganization(status.orgCreatedAt, Date.now())) setPopup({ kind: "org-changed" });
  }, []);

  // Organization changed here: tell the other tabs. Changed elsewhere: ask the server on a message or on focus.
  useEffect(() => {
    const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
    if (orgId.current !== watch.orgId) {
      orgId.current = watch.orgId;
      channel?.postMessage({ type: "organization", orgId: watch.orgId });
    }
    const onMessage = () => void checkOrganization();
    const onVisible = () => document.visibilityState === "visible" && void checkOrganization();
    channel?.addEventListener("message", onMessage);
    window.addEventListener("focus", onMessage);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      channel?.close();
      window.removeEventListener("focus", onMessage);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [watch.orgId, checkOrganization]);

  // Profile link opens the popup; guarded navigation and organization switches ask first.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement)) return;
      if (link.hasAttribute("data-profile-link")) {
        event.preventDefault();
        setPopup({ kind: "profile", at: locationKey.current });
        return;
      }
      if (link.closest("[data-layout-nav]") && link.getAttribute("href") === "/chat") {
        event.preventDefault();
        setChat({ open: true, at: locationKey.current });
        return;
      }
      if (!link.closest("[data-layout-nav]") || !dirtyForms().length) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      setPopup({ kind: "unsaved", path: url.pathname + url.search });
    };
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-org-switch") || !dirtyForms().length) return;
      event.preventDefault();
      const data = new FormData(form, event.submitter);
      setPopup({ kind: "unsaved", submit: { action: form.getAttribute("action") ?? "", data } });
    };
    document.addEventListener("click", onClick, true);
    document.addEventListener("submit", onSubmit, true);
    return () => {
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("submit", onSubmit, true);
    };
  }, []);

  // A navigation (e.g. a switch from the profile popup) closes the profile popup.
  const shown = popup?.kind === "profile" && popup.at !== location.key ? null : popup;
  return (
    <>
      {shown ? (
        <Suspense fallback={null}>
          <LayoutPopups popup={shown} menu={menu} onClose={() => setPopup(null)} />
        </Suspense>
      ) : null}
      {chat ? (
        <Suspense fallback={null}>
          <ChatPopup open={chat.open && chat.at === location.key} onClose={() => setChat({ open: false, at: "" })} />
        </Suspense>
      ) : null}
    </>
  );
}
