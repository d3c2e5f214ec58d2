/**
 * Server entry: streams HTML (renderToPipeableStream, without React 18's NUL padding); bots and SPA-less crawlers get the
 * whole document at once (isbot). Creates a per-request i18next instance with the route
 * namespaces, and passes the CSP nonce (load context) to React and Remix scripts.
 *
 * Besides Remix's own exports it exports `wrapRequestHandler`, which server/app.ts applies to
 * Remix's request handler: every answer of a request that changed the session (rotated tokens)
 * carries its cookie, also one thrown without `api.headers()` (lib/session-scope.server.ts).
 */
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "./i18n";
import { htmlStream } from "./lib/html-stream.server";
import i18next from "./lib/i18next.server";
import { localeResources } from "./lib/locale-resources.server";
import { NonceProvider } from "./lib/nonce";

export { wrapRequestHandler } from "./lib/session-scope.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const instance = createInstance();
  const lng = await i18next.getLocale(request);
  const ns = i18next.getRouteNamespaces(remixContext as unknown as Parameters<typeof i18next.getRouteNamespaces>[0]);
  const namespaces = [...new Set([...i18nConfig.ns, ...ns])];
  await instance.use(initReactI18next).init({
    ...i18nConfig,
    supportedLngs: [...i18nConfig.supportedLngs],
    lng,
    ns: namespaces,
    resources: localeResources(namespaces),
  });

  const nonce = loadContext?.cspNonce;
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolvePromise, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={instance}>
        <NonceProvider value={nonce ?? ""}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </NonceProvider>
      </I18nextProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          // NUL padding dropped, module preloads only for browsers that run scripts (lib/html-stream.server).
          const body = htmlStream(nonce ?? "");
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // Pages show balances and personal data: never stored by browsers or proxies (route
          // modules export no `headers`, so a loader's Cache-Control does not reach here).
          if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-store");
          resolvePromise(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
