/**
 * Load context given by the server process (server/app.ts `webRequestHandler`): the per-request
 * CSP nonce that every inline script must carry, and the customer's IP address as the server saw
 * it (forwarded to the API with a proof: app/lib/session-scope.server.ts `currentClientIp`).
 */
import "@remix-run/node";
import "@remix-run/server-runtime";

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    cspNonce: string;
    clientIp?: string | null;
  }
}
declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    clientIp?: string | null;
  }
}
