/**
 * Loads the layout's popup script (./LayoutWatchImpl.tsx: profile popup, session expiry,
 * organization changed in another tab, unsaved-changes guard) once the page has hydrated, so
 * it is not part of any page's first-load JavaScript (budget 120 KB). Until it is in, the
 * user-name link simply leads to /profile/organizations — the no-JavaScript behaviour.
 */
import { lazy, Suspense } from "react";
import type { ProfileMenuData } from "~/lib/profile-menu";
import { useIsHydrated } from "~/lib/use-hydrated";

/** What the `_app` layout loader hands over. */
export interface WatchData {
  orgId: string;
  /** The inactivity limit (ms). */
  idleMs: number;
  /** Unread chat messages (the header's chat link shows it; the chat popup keeps it live). */
  chatUnread?: number;
}

const LayoutWatchImpl = lazy(() => import("./LayoutWatchImpl"));

export function LayoutWatch(props: { menu: ProfileMenuData; watch: WatchData }) {
  if (!useIsHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <LayoutWatchImpl {...props} />
    </Suspense>
  );
}
