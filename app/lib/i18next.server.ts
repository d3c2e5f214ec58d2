/**
 * Server i18n (remix-i18next 6.x): translations from public/locales, read once per process
 * (locale-resources.server.ts). `i18next.getLocale(request)` for the page language — the customer's
 * choice (cookie `lng`, set by the language switcher: routes/locale.ts), else the browser's
 * Accept-Language, else English — and `i18next.getFixedT(request, ns)` in actions.
 */
import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { i18nConfig, SUPPORTED_LANGUAGES } from "~/i18n";
import { isProductionDeployment } from "~/lib/config.server";
import { localeResources } from "~/lib/locale-resources.server";

/** The customer's language choice: a year, every path, not needed by page scripts. */
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 365 * 24 * 60 * 60,
  // Decided when this module loads, from DEPLOYMENT/NODE_ENV only: the rest of the configuration
  // is read at first use (a bench or test may set BANKING_API_URL after loading the build).
  secure: isProductionDeployment(process.env),
});

/**
 * The Set-Cookie value that stores a language chosen with the switcher (a form's `lng` field).
 * @param lng the posted value; anything but one of SUPPORTED_LANGUAGES changes nothing
 * @returns the `lng` cookie, or null
 */
export async function languageChoiceCookie(lng: FormDataEntryValue | null): Promise<string | null> {
  return typeof lng === "string" && SUPPORTED_LANGUAGES.includes(lng) ? languageCookie.serialize(lng) : null;
}

const i18next = new RemixI18Next({
  detection: {
    cookie: languageCookie,
    order: ["cookie", "header"],
    supportedLanguages: [...i18nConfig.supportedLngs],
    fallbackLanguage: i18nConfig.fallbackLng,
  },
  i18next: {
    ...i18nConfig,
    supportedLngs: [...i18nConfig.supportedLngs],
    ns: [...i18nConfig.ns],
    resources: localeResources(),
  },
});

export default i18next;
