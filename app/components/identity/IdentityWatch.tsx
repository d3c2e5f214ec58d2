/**
 * Loads the identity pages' session script (./IdentityWatchImpl.tsx: the session-expiry popup,
 * and a logout that first saves a changed step form's draft) once the page has hydrated, so it
 * is not part of any page's first-load JavaScript (budget 120 KB). Without JavaScript there is
 * no popup: a save that meets an expired session keeps its answers for the next login
 * (app/lib/kept-form.server.ts).
 */
import { useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { useIsHydrated } from "~/lib/use-hydrated";

const IdentityWatchImpl = lazy(() => import("./IdentityWatchImpl"));

export function IdentityWatch() {
  const root = useRouteLoaderData("root") as { idleMs?: number } | undefined;
  if (!useIsHydrated() || !root?.idleMs) return null;
  return (
    <Suspense fallback={null}>
      <IdentityWatchImpl idleMs={root.idleMs} />
    </Suspense>
  );
}
