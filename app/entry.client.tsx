/**
 * Browser entry: loads translations over HTTP (versioned URLs `/locales/{{lng}}/{{ns}}.json?v=`,
 * only the namespaces the rendered routes declared) and hydrates. Uses the small fetch backend
 * (lib/i18n-fetch-backend.ts) instead of i18next-http-backend to fit the JS budget.
 *
 * Only in a browser of tier (a) (docs/decisions.md "Browsers we support"): Remix loads this
 * module from a `<script type="module">` that a browser without modules ignores and one that
 * cannot parse our ES2022 never runs; a browser that parses it but lacks an API the app uses
 * is stopped here (lib/browser-floor.ts). All three keep the server-rendered page, which works
 * without JavaScript.
 */
import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nConfig, LOCALES_VERSION, namespacesToWarm } from "./i18n";
import { meetsBrowserFloor } from "./lib/browser-floor";
import { FetchBackend } from "./lib/i18n-fetch-backend";

/**
 * remix-validated-form validates a field on blur; a blur that lands between hydration and the
 * form's registration effect (or after the form unmounted, on a fast navigation) calls the
 * store's placeholder and rejects with this message. The form validates again on submit and
 * the server validates every post, so the rejection is noise: it is silenced here, and only it.
 */
const UNREGISTERED_FORM = /^(Validate|Submit) called before form was initialized\.$/;
window.addEventListener("unhandledrejection", (event) => {
  const reason: unknown = event.reason;
  if (reason instanceof Error && UNREGISTERED_FORM.test(reason.message)) event.preventDefault();
});

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(FetchBackend)
    .init({
      ...i18nConfig,
      supportedLngs: [...i18nConfig.supportedLngs],
      lng: document.documentElement.lang || i18nConfig.fallbackLng,
      ns: [...new Set([...i18nConfig.ns, ...getInitialNamespaces()])],
      backend: { loadPath: `/locales/{{lng}}/{{ns}}.json?v=${LOCALES_VERSION}` },
    });

  // Warm the namespaces of the pages this one links to, so client-side navigations never show raw keys.
  void i18next.loadNamespaces(namespacesToWarm(window.location.pathname));

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

if (meetsBrowserFloor()) void hydrate();
