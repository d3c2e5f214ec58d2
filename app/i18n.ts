/**
 * i18next settings shared by server and browser (remix-i18next 6.x). Every user-facing string
 * is a key in public/locales/<lng>/<ns>.json; `app/i18n-locales.test.ts` fails when a language
 * lacks a key (or a plural form, or a placeholder) that English has.
 */

/** Bump when locale files change: the browser loads `/locales/{{lng}}/{{ns}}.json?v=<version>`. */
export const LOCALES_VERSION = "83";

/** The languages of the app (issue 12): English, German, Arabic. */
export const SUPPORTED_LANGUAGES = ["en", "de", "ar"] as readonly string[];

/** Each language's own name, as the language switcher lists it. */
export const LANGUAGE_NAMES: Record<string, string> = { en: "English", de: "Deutsch", ar: "العربية" };

/** Languages written right to left. */
const RTL_LANGUAGES = new Set(["ar"]);

/** The `dir` of a page in `lng`. */
export function directionOf(lng: string): "rtl" | "ltr" {
  return RTL_LANGUAGES.has(lng) ? "rtl" : "ltr";
}

/**
 * The locale for numbers in `lng`: Latin digits everywhere (amounts, IBANs and codes must read
 * the same as the customer's bank documents; `ar` would otherwise default to Arabic-Indic digits).
 */
export function numberLocaleOf(lng: string): string {
  return `${lng}-u-nu-latn`;
}

export const i18nConfig = {
  supportedLngs: SUPPORTED_LANGUAGES,
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
  "cards",
  "demo",
  "chat",
  "ops",
];

/** The back office's pages (/ops) use these namespaces only; nothing links from them to the customers' pages. */
const OPS_AREA_NAMESPACES = ["common", "errors", "ops", "identity"];

/**
 * The namespaces the browser loads after hydration, so that a client-side navigation never shows
 * raw keys: those of the pages a link from `pathname` can lead to. The back office (/ops) and the
 * customers' pages link only within their own area: a customer does not download the back
 * office's texts (about 8 KB of gzip JSON in English, 10 KB in Arabic), nor a member of staff the
 * customers' (about 30 KB). `app/i18n-warm.test.ts` checks every route's `handle.i18n` against
 * its area.
 * @param pathname the page's path, e.g. "/home"
 * @returns a subset of ALL_NAMESPACES
 */
export function namespacesToWarm(pathname: string): string[] {
  if (/^\/ops(\/|$)/.test(pathname)) return OPS_AREA_NAMESPACES;
  return ALL_NAMESPACES.filter((ns) => ns !== "ops");
}
