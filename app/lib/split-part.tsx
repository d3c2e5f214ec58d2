/**
 * Code splitting for a part of a page that only some requests show (issue 5 §1: first-load
 * JavaScript within budget), e.g. a tab's panel other than the default one.
 *
 * Like a split screen (./split-screen.tsx), the part is rendered from a static import on the
 * server — the HTML is complete and works without JavaScript — and is a chunk of its own in the
 * browser. Unlike a screen, the chunk is fetched only when the part is first rendered (or
 * `preload`ed), so a page that does not show the part never downloads it. When the page was
 * server-rendered with the part, its HTML stays as it is (links and plain forms, the
 * no-JavaScript behaviour) until the chunk arrives, then React 18 hydrates the part's Suspense
 * boundary; after a client-side navigation, `fallback` shows while the chunk loads. A chunk
 * that cannot load leaves the server HTML in place (first page) or loads the page in full
 * (client-side render, where there is no server HTML).
 *
 * Usage, with the part beside the route (`__home.tabs.tsx`: its default export reads the route's
 * loader data, so the part takes no props) re-exported from the route's `.server` module (an
 * empty module in the browser build, so the part is not in the route chunk):
 *   import { TabPanel } from "./__home.server";
 *   const tabPanel = splitPart(TabPanel, () => import("./__home.tabs"), <Placeholders />);
 *   … <tabPanel.Part />
 */
import { lazy, memo, Suspense, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { useIsHydrated } from "./use-hydrated";

/** A part of a page made by `splitPart`. */
export interface SplitPart {
  /** The part inside a Suspense boundary (the same markup on the server and in the browser). */
  Part: ComponentType;
  /** Start fetching the part's chunk (e.g. when a navigation that shows it begins); no-op on the server. */
  preload: () => void;
}

/** Rendered when a part's chunk failed to load after a client-side navigation: load the page in full. */
function ReloadPage() {
  useEffect(() => window.location.reload(), []);
  return null;
}

/**
 * @param serverPart the part, statically imported on the server; `undefined` in the browser
 * @param load dynamic import of the part's module (its default export is the part)
 * @param fallback shown while the chunk loads after a client-side navigation (never on the server)
 * @returns the part's component and its `preload`
 */
export function splitPart(
  serverPart: ComponentType | undefined,
  load: () => Promise<{ default: ComponentType }>,
  fallback: ReactNode = null,
): SplitPart {
  let loaded = serverPart;
  let pending: Promise<{ default: ComponentType }> | undefined;
  const start = () =>
    (pending ??= load().then((m) => {
      loaded = m.default;
      return m;
    }));
  const LazyHydrating = lazy(() => start().catch(() => new Promise<never>(() => {})));
  const LazyNavigating = lazy(() => start().catch(() => ({ default: ReloadPage })));
  // Inside the boundary: while the boundary is still server HTML this component is not mounted,
  // so nothing (not even the hydrated flag turning true) updates the boundary before it hydrates
  // (an update there would throw the server HTML away and show the fallback).
  function PartWhenReady() {
    const hydrated = useIsHydrated();
    // Decided once per mount: the loaded component when the chunk is already in (no suspension).
    const [Component] = useState<ComponentType>(() => loaded ?? (hydrated ? LazyNavigating : LazyHydrating));
    return <Component />;
  }
  // Memoised and without props (the part reads the route's data itself): a parent re-render
  // never reaches a boundary that is still hydrating.
  const Part = memo(function SplitPartBoundary() {
    return (
      <Suspense fallback={fallback}>
        <PartWhenReady />
      </Suspense>
    );
  });
  return {
    Part,
    preload: () => {
      if (!loaded) void start().catch(() => {});
    },
  };
}
