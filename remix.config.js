/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // CSS modules sit beside route modules; they must not be taken for routes (design note).
  ignoredRouteFiles: ["**/.*", "**/*.css", "**/*.test.{ts,tsx}"],
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
