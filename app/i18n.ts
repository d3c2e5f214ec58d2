/**
 * i18next settings shared by server and browser (remix-i18next 6.x).
 * English is the only language for now; every user-facing string is a key in
 * public/locales/<lng>/<ns>.json.
 */

/** Bump when locale files change: the browser loads `/locales/{{lng}}/{{ns}}.json?v=<version>`. */
export const LOCALES_VERSION = "14";

export const i18nConfig = {
  supportedLngs: ["en"],
  fallbackLng: "en",
  defaultNS: "common",
  /** Namespaces every page needs (root `handle.i18n`). */
  ns: ["common", "errors"],
  interpolation: { escapeValue: false }, // React escapes
  react: { useSuspense: false },
} as const;

/** Every namespace file in public/locales/<lng>/ (preloaded in the browser after hydration). */
export const ALL_NAMESPACES = [
  "common",
  "errors",
  "auth",
  "payments",
  "history",
  "beneficiaries",
  "remittance",
  "signing",
  "identity",
  "exchange",
  "profile",
];
