/**
 * Load context given by the server process (server/app.ts `getLoadContext`): the per-request
 * CSP nonce that every inline script must carry.
 */
import "@remix-run/node";
import "@remix-run/server-runtime";

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    cspNonce: string;
  }
}
declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
  }
}
