/**
 * Route-level code splitting for form pages (issue 5 §1: first-load JavaScript within budget).
 *
 * A form page's body (its "screen": the form, remix-validated-form, the zod schema, ibantools)
 * is rendered from a static import on the server — so the HTML is complete and the form works
 * without JavaScript — and is loaded in the browser as a chunk of its own that the route module
 * starts fetching as soon as it is evaluated, in parallel with the locale files hydration waits
 * for. The layout (header, navigation, links) hydrates without waiting for it; until the screen
 * chunk is in, the server-rendered form stays a plain HTML form (native validation, full-page
 * POST), exactly the no-JavaScript behaviour. React 18 hydrates the screen's Suspense boundary
 * once the chunk arrives; when it arrived first (the usual case), the screen hydrates at once.
 * If the chunk cannot load, the server-rendered form stays a plain form (first page) or the
 * page is loaded in full (client-side navigation).
 *
 * Usage in a route module, with the screen beside it (`__phone.screen.tsx`) and its server side
 * (`__phone.screen.server.ts`: `export { default as Screen, … } from "./__phone.screen"`); the
 * `.server` module is empty in the browser build, so the screen is not part of the route chunk:
 *   import { Screen } from "./__phone.screen.server";
 *   export default splitScreen(Screen, () => import("./__phone.screen"));
 */
import { lazy, memo, Suspense, useEffect, useState, type ComponentType } from "react";

/** Rendered when a screen chunk failed to load during a client-side navigation: load the page in full. */
function ReloadPage() {
  useEffect(() => window.location.reload(), []);
  return null;
}

/**
 * @param serverScreen the screen component, statically imported on the server; `undefined` in the browser
 * @param load dynamic import of the screen module (its default export is the screen)
 * @returns the route component: the screen inside a Suspense boundary (same markup on both sides)
 */
export function splitScreen(
  serverScreen: ComponentType | undefined,
  load: () => Promise<{ default: ComponentType }>,
): ComponentType {
  let Screen: ComponentType;
  if (serverScreen) {
    Screen = serverScreen;
  } else {
    let loaded: ComponentType | undefined;
    // Evaluated for the first page (before Remix's router exists) or during a client navigation.
    const firstPage = typeof window === "undefined" || !(window as { __remixRouter?: unknown }).__remixRouter;
    const pending = load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      // A chunk that cannot load (offline, or a newer deployment removed it): on the first page the
      // server HTML stays as it is, a working plain form; after a client navigation there is no
      // server HTML, so the page is loaded in full (as Remix does when a route module fails).
      () => (firstPage ? new Promise<never>(() => {}) : { default: ReloadPage }),
    );
    const LazyScreen = lazy(() => pending);
    // Decided once per mount: the loaded component when the chunk is already in (no suspension),
    // else the lazy one (the boundary stays server-rendered until the chunk arrives).
    Screen = function ScreenWhenReady() {
      const [Component] = useState<ComponentType>(() => loaded ?? LazyScreen);
      return <Component />;
    };
  }
  // Memoised: route components get no props, so a parent re-render (e.g. a language or router
  // update right after hydration) never reaches a boundary that is still hydrating.
  const Boundary = memo(function SplitBoundary() {
    return (
      <Suspense fallback={null}>
        <Screen />
      </Suspense>
    );
  });
  // A plain function component, as Remix (and the JS budget, which looks for one) expects.
  return function SplitScreen() {
    return <Boundary />;
  };
}
