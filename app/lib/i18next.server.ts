/**
 * Server i18n (remix-i18next 6.x): reads locale JSON from public/locales with
 * i18next-fs-backend. `i18next.getLocale(request)` for the page language — the customer's
 * choice (cookie `lng`, set by the language switcher: routes/locale.ts), else the browser's
 * Accept-Language, else English — and `i18next.getFixedT(request, ns)` in actions.
 */
import { resolve } from "node:path";
import { createCookie } from "@remix-run/node";
import Backend from "i18next-fs-backend";
import { RemixI18Next } from "remix-i18next/server";
import { i18nConfig } from "~/i18n";
import { isProductionDeployment } from "~/lib/config.server";

/** Folder with `<lng>/<ns>.json`. */
export const LOCALES_DIR = resolve(process.cwd(), "public/locales");

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
    backend: { loadPath: resolve(LOCALES_DIR, "{{lng}}/{{ns}}.json") },
  },
  plugins: [Backend],
});

export default i18next;
