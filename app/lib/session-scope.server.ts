/**
 * The session cookie of one request, whatever the route answers (docs/decisions.md "Rotated
 * tokens reach the browser on every answer"), and what a request holds until its answer is ready
 * (`atRequestEnd`: upload bytes reserved by an action, lib/uploads.server.ts).
 *
 * The API client (api.server.ts) refreshes an expired access token; the API rotates the refresh
 * token and the old one is single use: presenting it again after a 30 s grace is reuse and ends
 * the session (server/domain/auth/sessions.ts). The rotated tokens must therefore reach the
 * browser on the answer of the request that rotated them. Routes attach `api.headers()`, but an
 * answer built without them (`throw new Response("Not found", { status: 404 })`, a bare
 * `redirect()`, an error page) dropped the new tokens, and a later request was logged out.
 *
 * `wrapRequestHandler` runs Remix's request handler (server/app.ts, through the server entry) in a
 * scope of its own (AsyncLocalStorage); the API client notes there a session whose tokens it
 * rotated (`noteSessionChange`). Only that: an answer a route builds without `api.headers()` on
 * purpose (a refused action: a wrong CSRF token) must not save the request's activity or anything
 * else it set, or a refused post would keep a session alive. When the answer is ready:
 * - an answer that removes the session cookie (logout, expiry) stays as it is;
 * - an answer without a session cookie gets the last changed session's, with the rotated tokens;
 * - a session cookie carrying other tokens than the rotated ones (committed before the refresh,
 *   or by a loader that did not see it) gets the rotated ones;
 * and an answer given a cookie here is `Cache-Control: private, no-store`.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { AppLoadContext } from "@remix-run/node";
import type { AuthTokens } from "../../server/api/v1/contract";
import { commitSession, getSession, getTokens, SESSION_COOKIE, setTokens, type AppSession } from "./session.server";

/** Remix's request handler (`createRequestHandler` of @remix-run/node): one request in, its answer out. */
export type RequestHandler = (request: Request, loadContext?: AppLoadContext) => Promise<Response>;

/** What one request did to the session, and what it holds until its answer is ready. */
interface RequestSession {
  /** The session last changed by an API client of this request (loaders and actions each have their own). */
  changed: AppSession | null;
  /** The tokens the API last rotated to during this request. */
  rotated: AuthTokens | null;
  /** Run once the request's answer is ready, whatever happened (`atRequestEnd`). */
  atEnd: (() => void)[];
  /** The customer's IP address as the server saw it (load context `clientIp`), or null. */
  clientIp: string | null;
}

const scope = new AsyncLocalStorage<RequestSession>();

/**
 * Note that `session` changed during the current request (and the tokens it was rotated to):
 * its cookie then reaches the browser even on an answer built without `api.headers()`. Outside
 * `wrapRequestHandler` (unit tests of a loader) nothing is noted.
 */
export function noteSessionChange(session: AppSession, rotated?: AuthTokens): void {
  const current = scope.getStore();
  if (!current) return;
  current.changed = session;
  if (rotated) current.rotated = rotated;
}

/**
 * The customer's IP address of the current request (server/app.ts puts it in the load context),
 * which the API client forwards to the API with a proof (api.server.ts `clientIpHeaders`); null
 * outside `wrapRequestHandler` (unit tests of a loader) or when the server knew none.
 */
export function currentClientIp(): string | null {
  return scope.getStore()?.clientIp ?? null;
}

/**
 * Wrap Remix's request handler so that every answer of a request that changed the session
 * carries its cookie (see the module note). server/app.ts applies it to every web request.
 */
export function wrapRequestHandler(handler: RequestHandler): RequestHandler {
  return (request, loadContext) => {
    const state: RequestSession = { changed: null, rotated: null, atEnd: [], clientIp: loadContext?.clientIp ?? null };
    return scope.run(state, async () => {
      try {
        return settleSessionCookie(await handler(request, loadContext), state);
      } finally {
        for (const release of state.atEnd.splice(0)) release();
      }
    });
  };
}

/**
 * Run `release` once the current request's loaders and actions are done and its answer is built
 * — on success, on a thrown answer or error, and when the client went away — e.g. to give back
 * the upload bytes an action reserved (lib/uploads.server.ts).
 * @returns false outside `wrapRequestHandler` (unit tests of a loader): the caller releases itself
 */
export function atRequestEnd(release: () => void): boolean {
  const current = scope.getStore();
  if (!current) return false;
  current.atEnd.push(release);
  return true;
}

/** The cookie's name in a Set-Cookie value. */
function cookieName(setCookie: string): string {
  return setCookie.slice(0, setCookie.indexOf("=")).trim();
}

/** True for a Set-Cookie that removes its cookie (empty value, Max-Age ≤ 0 or an Expires in the past). */
export function removesCookie(setCookie: string): boolean {
  const [pair, ...attributes] = setCookie.split(";");
  if (pair.slice(pair.indexOf("=") + 1).trim() === "") return true;
  return attributes.some((attribute) => {
    const [key, value = ""] = attribute.split("=");
    const name = key.trim().toLowerCase();
    if (name === "max-age") return Number(value) <= 0;
    if (name === "expires") return Date.parse(value) <= Date.now();
    return false;
  });
}

/** The answer with the session cookie the request's changes call for (unchanged when none is needed). */
async function settleSessionCookie(response: Response, state: RequestSession): Promise<Response> {
  const { changed, rotated } = state;
  if (!changed) return response;
  const cookies = response.headers.getSetCookie();
  // The last one wins in the browser.
  const index = cookies.map(cookieName).lastIndexOf(SESSION_COOKIE);
  if (index < 0) {
    if (rotated && getTokens(changed)?.refreshToken !== rotated.refreshToken) setTokens(changed, rotated);
    cookies.push(await commitSession(changed));
  } else {
    if (!rotated || removesCookie(cookies[index])) return response;
    const sent = await getSession(new Request("http://session/", { headers: { Cookie: cookies[index].split(";")[0] } }));
    const tokens = getTokens(sent);
    // A cookie without tokens was written so on purpose; one with the rotated tokens is right.
    if (!tokens || tokens.refreshToken === rotated.refreshToken) return response;
    setTokens(sent, rotated);
    cookies[index] = await commitSession(sent);
  }
  const headers = new Headers(response.headers);
  headers.delete("Set-Cookie");
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  // An answer that sets a cookie is never stored by a browser or a proxy.
  if (!/no-store/i.test(headers.get("Cache-Control") ?? "")) headers.set("Cache-Control", "private, no-store");
  // A new Response: the handler's may have immutable headers (Response.redirect, fetch).
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
