import { flatRoutes } from "remix-flat-routes";

/**
 * Routes: remix-flat-routes, "hybrid" convention (app/README.md § Routes). A `name+/` folder is
 * flattened into its children's names (`_app+/payments+/euro+/_index.tsx` = `_app.payments.euro._index`
 * = /payments/euro); beside a route, only these are not routes: files and folders starting
 * with `__` (colocated modules: a page's screen, its `.server` registry, helpers), CSS modules
 * and tests. Remix's own convention is switched off (`**\/*`).
 */
const ROUTE_IGNORES = ["**/.*", "**/*.css", "**/*.test.{ts,tsx}", "**/__*", "**/__*/**"];

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) => flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ROUTE_IGNORES }),
  serverModuleFormat: "esm",
  serverDependenciesToBundle: [/^remix-i18next/, /^remix-auth/, /^remix-validated-form/, /^@remix-validated-form/],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
