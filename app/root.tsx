/**
 * Root route: document shell (lang from the detected locale), global + CSS-module styles,
 * CSRF token for every form (loader data), scripts carrying the CSP nonce, and the last-resort
 * ErrorBoundary.
 */
import { cssBundleHref } from "@remix-run/css-bundle";
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { directionOf, i18nConfig } from "./i18n";
import { useBankName, useBrand } from "./components/layout/BrandMark";
import { currentBrand } from "./lib/brand.server";
import { config } from "./lib/config.server";
import { ensureCsrfToken } from "./lib/csrf.server";
import i18next from "./lib/i18next.server";
import { useNonce } from "./lib/nonce";
import { commitSession, getSession } from "./lib/session.server";
import globalStyles from "./styles/global.css";

export const handle = { i18n: ["common", "errors"] };

export const links: LinksFunction = () => [
  { rel: "icon", href: "data:," },
  { rel: "stylesheet", href: globalStyles },
  ...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []),
];

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await i18next.getLocale(request);
  const session = await getSession(request);
  const { token, created } = ensureCsrfToken(session);
  const brand = await currentBrand();
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (created) headers.append("Set-Cookie", await commitSession(session));
  // idleMs: the inactivity limit, for the identity pages' session-expiry popup (the app's pages
  // have it from their layout).
  return json({ locale, csrf: token, brand, idleMs: config().SESSION_IDLE_MS }, { headers });
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const locale = data?.locale ?? i18nConfig.fallbackLng;
  const nonce = useNonce();
  const title = usePageTitle();
  const brand = useBrand();
  // Hydrated: the whole first render committed (this effect runs after every child's). The
  // browser tests wait for it instead of a quiet network (tests/e2e/csp-checks.ts `settled`).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <Meta />
        <Links />
        {/* The white-label colours, after the global styles they override (routes/brand[.]css.ts). */}
        {brand ? <link rel="stylesheet" href={`/brand.css?v=${encodeURIComponent(brand.version)}`} /> : null}
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* No <LiveReload>: the app is served by server/index.ts, not `remix dev`; under
            NODE_ENV=development it would open a socket to a dev server that does not exist. */}
      </body>
    </html>
  );
}

/**
 * Translated document title: the deepest route's `handle.titleKey` plus the bank's white-label
 * name (route `meta` cannot translate without a loader round trip).
 */
function usePageTitle(): string {
  const { t } = useTranslation();
  const bankName = useBankName();
  const matches = useMatches();
  const key = [...matches]
    .reverse()
    .map((m) => (m.handle as { titleKey?: string } | undefined)?.titleKey)
    .find(Boolean);
  return key ? `${t(key)} — ${bankName}` : bankName;
}

export default function App() {
  const data = useRouteLoaderData<typeof loader>("root");
  useChangeLanguage(data?.locale ?? i18nConfig.fallbackLng);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main id="main" className="error-page">
      <h1>{notFound ? t("not-found.title") : t("errors:Errors.title")}</h1>
      <p>{notFound ? t("not-found.text") : status === 403 ? t("errors:Auth.access-denied") : t("errors:Errors.internal")}</p>
      <p>
        <Link to="/home">{t("back-home")}</Link>
      </p>
    </main>
  );
}
