/**
 * Layout of every /identity page (spec 001 §2 "Identity layout"): the identity header, back link
 * and — on an application's step pages — the step list. A page gives its step list and back link
 * as `identityNav: { nav, backHref }` in its loader data (lib/identity-step.server.ts
 * `IdentityNavData`; `identityStepContext` in lib/identity.server.ts builds both).
 */
import { Outlet, useMatches } from "@remix-run/react";
import { IdentityShell } from "~/components/identity/IdentityShell";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import type { IdentityNavData } from "~/lib/identity-step.server";

export const handle = { i18n: ["identity"] };

/** The deepest page's `identityNav`, if any. */
function useIdentityNav(): IdentityNavData | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const nav = (matches[i].data as { identityNav?: IdentityNavData } | undefined)?.identityNav;
    if (nav) return nav;
  }
  return undefined;
}

export default function IdentityLayout() {
  const nav = useIdentityNav();
  return (
    <IdentityShell nav={nav?.nav ?? null} backHref={nav?.backHref ?? null} stepForm={nav?.stepForm ?? false}>
      <Outlet />
    </IdentityShell>
  );
}

export function ErrorBoundary() {
  return (
    <IdentityShell nav={null} backHref="/identity">
      <RouteErrorBoundary />
    </IdentityShell>
  );
}
