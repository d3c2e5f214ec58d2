/**
 * Loads the identity pages' scripts once the page has hydrated, so they are not part of any
 * page's first-load JavaScript (budget 120 KB; as the signed-in layout's, ../layout/LayoutWatch.tsx):
 * - the unsaved-changes popup (./UnsavedChangesGuard.tsx), which nothing needs before a link of
 *   the header or the step list is clicked;
 * - the session script (./IdentityWatchImpl.tsx: the session-expiry popup, and a logout that
 *   first saves a changed step form's draft).
 * Without JavaScript there is no popup: the links simply navigate, and a save that meets an
 * expired session keeps its answers for the next login (app/lib/kept-form.server.ts).
 */
import { useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { useIsHydrated } from "~/lib/use-hydrated";

const IdentityWatchImpl = lazy(() => import("./IdentityWatchImpl"));
const UnsavedChangesGuard = lazy(() => import("./UnsavedChangesGuard").then((m) => ({ default: m.UnsavedChangesGuard })));

export function IdentityWatch() {
  const root = useRouteLoaderData("root") as { idleMs?: number } | undefined;
  if (!useIsHydrated()) return null;
  return (
    <>
      <Suspense fallback={null}>
        <UnsavedChangesGuard />
      </Suspense>
      {root?.idleMs ? (
        <Suspense fallback={null}>
          <IdentityWatchImpl idleMs={root.idleMs} />
        </Suspense>
      ) : null}
    </>
  );
}
