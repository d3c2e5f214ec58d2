/**
 * The ONE typed client of the banking API (server/api/v1/contract.ts), used by loaders and
 * actions. Sends `Authorization: Bearer <access token>` from the session; refreshes via
 * POST /v1/auth/refresh when the access token is (about to be) expired or when a call answers
 * 401 (once), and writes the rotated tokens back to the cookie: attach `await api.headers()`
 * to the route's response. An answer built without them still carries the changed session (the
 * rotated tokens above all: the old refresh token is spent): session-scope.server.ts.
 *
 * Outcomes of a call:
 * - 2xx → parsed JSON (`undefined` for 204).
 * - 401 with a code/MFA error code (INVALID_CODE …) → `ApiError` (form error, not a logout).
 * - final 401 → throws a redirect to /auth/phone that destroys the session (spec 000 §8).
 * - 403 → throws a redirect to /permission-denied (spec 000 §8), from an /identity page to
 *   /identity/permission-denied (spec 001 §2: the message in the identity layout).
 * - anything else → throws `ApiError` carrying the `ApiErrorBody`.
 *
 * Bodies are JSON, or a `FormData` sent as multipart/form-data (POST /v1/uploads); with
 * `raw: true` a 2xx answer is returned as the `Response` itself, unread (file downloads).
 */
import { createHmac } from "node:crypto";
import { redirect } from "@remix-run/node";
import type {
  ApiErrorBody,
  AuthTokens,
  DemoSettings,
  KeptFormRequest,
  KeptFormTaken,
  WhoAmI,
} from "../../server/api/v1/contract";
import { config } from "./config.server";
import i18next from "./i18next.server";
import { keepExpiredPost, keepsFormOnExpiry, takeKeptForm, type KeptFields } from "./kept-form.server";
import { isIdleExpired, safeReturnTo } from "./session-rules";
import { currentClientIp, noteSessionChange } from "./session-scope.server";
import {
  commitSession,
  getSession,
  getTokens,
  logoutHeaders,
  logoutRedirect,
  setTokens,
  type AppSession,
} from "./session.server";

/** A non-2xx API answer (other than the handled 401/403). */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: ApiErrorBody,
  ) {
    super(`API ${status} ${body.code}`);
    this.name = "ApiError";
  }
}

/** Options of one call. */
export interface CallOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Sent as JSON; a `FormData` is sent as multipart/form-data (fetch sets the boundary). */
  body?: unknown;
  /** Return a 2xx answer as the unread `Response` (e.g. a file to stream); errors as usual. */
  raw?: boolean;
  /** Sent as `Idempotency-Key` (money-moving calls). */
  idempotencyKey?: string;
  /** Bearer token for `publicCall` (logout with the session's token). */
  bearer?: string;
  /** For `publicCall`: the page's language, sent as Accept-Language (the code messages come in it). */
  language?: string;
}

/**
 * A 401 means "session gone" unless its code names a one-time-code/MFA failure
 * (INVALID_CODE, CODE_EXPIRED, CODE_ATTEMPTS_EXCEEDED, MFA_TOKEN_INVALID, INVALID_PASSWORD):
 * those are form errors of a signed-in user and must not log them out.
 */
const NON_SESSION_401 = new Set([
  "INVALID_CODE",
  "CODE_EXPIRED",
  "CODE_ATTEMPTS_EXCEEDED",
  "MFA_TOKEN_INVALID",
  "INVALID_PASSWORD",
]);

/** True for a 401 that ends the session (refresh once, then log out). */
export function isSessionFailure(status: number, body: unknown): boolean {
  if (status !== 401) return false;
  const code = typeof body === "object" && body !== null ? (body as { code?: unknown }).code : undefined;
  return !(typeof code === "string" && NON_SESSION_401.has(code));
}

/** Granularity of the last-activity timestamp (see `getApi`). */
const ACTIVITY_RESOLUTION_MS = 15_000;

/** Refresh a little before expiry so a call does not race the clock. */
const EXPIRY_SKEW_MS = 10_000;

/**
 * In-flight refreshes by refresh token: parallel loaders of one navigation share one refresh
 * instead of each spending the (rotating, single-use) refresh token. Short-lived only.
 */
const refreshing = new Map<string, Promise<AuthTokens | null>>();

/** An answer read off the wire: status and parsed body (JSON, text, or undefined for 204). */
interface Answer {
  status: number;
  parsed: unknown;
}

/** An answer as shared between callers: the body's text, parsed by each caller (no shared objects to mutate). */
interface SharedAnswer {
  status: number;
  text: string;
}

/**
 * In-flight GETs by bearer token and URL. The loaders of one navigation run in parallel and
 * several ask the same thing (the layout and the page both read /users/whoami and /accounts):
 * an identical GET issued while one is on the wire shares its answer instead of a second
 * round trip. Nothing is kept once the answer arrives (no cache, nothing stale): the shared
 * answer is one the second read could have got on its own at that moment.
 */
const inFlightGets = new Map<string, Promise<SharedAnswer>>();

/**
 * Headers every call of the web app to the banking API carries. `Accept-Encoding: identity`: the
 * API answers uncompressed. It is ours, in the same process or the same network: compressing each
 * JSON answer and inflating it again cost about 8 % of a page's CPU (a profile of GET /home,
 * docs/performance.md) and saved no transfer that matters on loopback. The browser's own answers
 * (pages, files) are still compressed.
 */
export const API_CALL_HEADERS = { Accept: "application/json", "Accept-Encoding": "identity" } as const;

/**
 * The customer's IP address for the API (server/api/v1/client-ip.ts: its per-IP limits count
 * customers, not this server): the address and HMAC-SHA256 of "client-ip:<address>" under
 * SESSION_SECRET, the secret the API shares. Nothing outside a web request.
 */
export function clientIpHeaders(ip: string | null = currentClientIp()): Record<string, string> {
  if (!ip) return {};
  const proof = createHmac("sha256", config().SESSION_SECRET).update(`client-ip:${ip}`).digest("hex");
  return { "X-Bank-Client-IP": ip, "X-Bank-Client-IP-Proof": proof };
}

/** Build `BANKING_API_URL + path + ?query`. */
export function apiUrl(path: string, query?: CallOptions["query"]): string {
  const url = new URL(config().BANKING_API_URL + path);
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
  return url.toString();
}

async function parseBody(res: Response): Promise<unknown> {
  return parseText(res.status === 204 ? "" : await res.text());
}

/** A body's text as JSON, or the text itself when it is not JSON; undefined when empty. */
function parseText(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Turn any error answer into an `ApiErrorBody` (keeps odd shapes in `message` for the mapper). */
function toErrorBody(status: number, parsed: unknown): ApiErrorBody {
  if (typeof parsed === "object" && parsed !== null && "code" in parsed) return parsed as ApiErrorBody;
  return { statusCode: status, code: "UNKNOWN", message: (parsed as ApiErrorBody["message"]) ?? (undefined as never) };
}

/**
 * Call the API without a bearer token (auth endpoints).
 * @throws ApiError on any non-2xx (401 included: wrong code/password are form errors here)
 */
export async function publicCall<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(apiUrl(path, options.query), {
      method,
      headers: {
        ...API_CALL_HEADERS,
        ...clientIpHeaders(),
        ...(options.body !== undefined ? { "Content-Type": "application/json" } : {}),
        ...(options.bearer ? { Authorization: `Bearer ${options.bearer}` } : {}),
        ...(options.language ? { "Accept-Language": options.language } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
  } catch {
    throw new ApiError(503, { statusCode: 503, code: "UNAVAILABLE", message: undefined as never });
  }
  const parsed = await parseBody(res);
  if (!res.ok) throw new ApiError(res.status, toErrorBody(res.status, parsed));
  return parsed as T;
}

/** The per-request client. */
export interface Api {
  /** The request's session (shared with the route: CSRF, challenges). */
  session: AppSession;
  request<T>(method: string, path: string, options?: CallOptions): Promise<T>;
  get<T>(path: string, query?: CallOptions["query"]): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<CallOptions, "body">): Promise<T>;
  del<T>(path: string): Promise<T>;
  /** Mark the session as changed (route stored something in it). */
  touch(): void;
  /**
   * The answers a post to this page brought to an expired session, kept for this person
   * (kept-form.server.ts), or null; taken once (from the bank, or the cookies): `headers()`
   * then removes them from the browser.
   */
  keptForm(): Promise<FormData | null>;
  /** Headers for the response: Set-Cookie when the session changed (rotated tokens etc.). */
  headers(extra?: HeadersInit): Promise<Headers>;
}

/**
 * A 401 that a refresh did not cure (spec 000 §7 "A 401 answer triggers a POST to logout and a
 * redirect to /auth/phone"): revoke the session at the API by its refresh token, best effort
 * (the API may have ended it already: a blocked user, a device logged out elsewhere), so a
 * refresh token that still works is not left behind; then clear the cookies and land on
 * /auth/phone.
 */
async function sessionLostRedirect(session: AppSession): Promise<Response> {
  const tokens = getTokens(session);
  if (tokens) await publicCall("POST", "/auth/logout", { body: { refreshToken: tokens.refreshToken } }).catch(() => undefined);
  return logoutRedirect(session);
}

/**
 * End a session that passed the inactivity limit: revoke it at the API (by refresh token, best
 * effort), clear the cookies and land on /auth/phone with the "session expired" message and
 * the page to come back to (GET: the page itself; a form post: its page). A form post to an
 * application step leaves its answers kept for the next login (kept-form.server.ts).
 */
export async function expiredRedirect(request: Request, session: AppSession): Promise<Response> {
  const tokens = getTokens(session);
  // A long form's answers are handed to the bank with the session's refresh token before the
  // session is revoked (cookies in this browser when the bank cannot keep them).
  const keepAtBank = tokens
    ? (path: string, fields: KeptFields) =>
        publicCall("POST", "/auth/kept-forms", {
          body: { refreshToken: tokens.refreshToken, path, fields } satisfies KeptFormRequest,
        }).then(
          () => true,
          () => false,
        )
    : undefined;
  const kept = await keepExpiredPost(request, session.get("phone") ?? null, session.get("csrf") ?? null, keepAtBank);
  if (tokens) await publicCall("POST", "/auth/logout", { body: { refreshToken: tokens.refreshToken } }).catch(() => undefined);
  const url = new URL(request.url);
  // A post returns to its page; an application step's query names the application, so it stays.
  const search = new URLSearchParams(url.search);
  for (const routing of ["_data", "index"]) search.delete(routing);
  const query = search.size ? `?${search}` : "";
  const returnTo = safeReturnTo(
    request.method === "GET" ? url.pathname + url.search : url.pathname + (keepsFormOnExpiry(url.pathname) ? query : ""),
  );
  const login = new URLSearchParams({ expired: "1", ...(returnTo ? { returnTo } : {}) });
  const headers = await logoutHeaders(session);
  for (const cookie of kept) headers.append("Set-Cookie", cookie);
  return redirect(`/auth/phone?${login}`, { headers });
}

/**
 * Create the client for a request. Enforces the inactivity limit (lib/session-rules.ts,
 * SESSION_IDLE_SECONDS): a session idle for longer is ended; otherwise, unless
 * `activity: false` (background checks such as /session/status), the request counts as
 * activity and moves the session's `seen` timestamp (attach `api.headers()` as usual).
 * @throws redirect to /auth/phone when the session has no tokens or has expired
 */
export async function getApi(request: Request, options: { activity?: boolean } = {}): Promise<Api> {
  const session = await getSession(request);
  let tokens = getTokens(session);
  if (!tokens) throw await logoutRedirect(session);
  let dirty = false;
  // The page's language, sent as Accept-Language: the documents the API draws (receipts,
  // statements, top-up instructions) come in it.
  const language = await i18next.getLocale(request);
  const deniedPage = /^\/identity(\/|$)/.test(new URL(request.url).pathname)
    ? "/identity/permission-denied"
    : "/permission-denied";
  const now = Date.now();
  if (isIdleExpired(session.get("seen"), now, config().SESSION_IDLE_MS)) throw await expiredRedirect(request, session);
  const seen = session.get("seen");
  // Written at most every ACTIVITY_RESOLUTION_MS (fewer cookie writes); the limit can only come earlier.
  if (options.activity !== false && (typeof seen !== "number" || now - seen >= ACTIVITY_RESOLUTION_MS)) {
    session.set("seen", now);
    dirty = true;
  }

  const refresh = async (): Promise<AuthTokens> => {
    const current = tokens!;
    let pending = refreshing.get(current.refreshToken);
    if (!pending) {
      // A refused refresh (4xx) ends the session; an unreachable API (5xx) is an error page, not a logout.
      pending = publicCall<AuthTokens>("POST", "/auth/refresh", { body: { refreshToken: current.refreshToken } }).catch(
        (error: unknown) => {
          if (error instanceof ApiError && error.status < 500) return null;
          refreshing.delete(current.refreshToken);
          throw error;
        },
      );
      refreshing.set(current.refreshToken, pending);
      setTimeout(() => refreshing.delete(current.refreshToken), 30_000).unref?.();
    }
    const next = await pending;
    if (!next) throw await logoutRedirect(session);
    tokens = next;
    setTokens(session, next);
    dirty = true;
    // The old refresh token is spent: the new one reaches the browser whatever the route answers.
    noteSessionChange(session, next);
    return next;
  };

  const send = (method: string, path: string, options: CallOptions, accessToken: string) => {
    // A FormData can be sent again as is (the retry after a refresh); fetch sets its boundary.
    const multipart = options.body instanceof FormData;
    return fetch(apiUrl(path, options.query), {
      method,
      headers: {
        ...API_CALL_HEADERS,
        ...clientIpHeaders(),
        "Accept-Language": language,
        Authorization: `Bearer ${accessToken}`,
        ...(options.body !== undefined && !multipart ? { "Content-Type": "application/json" } : {}),
        ...(options.idempotencyKey ? { "Idempotency-Key": options.idempotencyKey } : {}),
      },
      body: multipart ? (options.body as FormData) : options.body !== undefined ? JSON.stringify(options.body) : undefined,
      // A file streamed to the browser (raw GET) ends with the browser's request: a download
      // given up stops the API's work on it (a document still waiting for its drawing is
      // dropped). Other calls run to their end: a write is never cut off half-way.
      signal: options.raw && method === "GET" ? request.signal : undefined,
    });
  };

  /** One exchange: the raw `Response` when `raw` and 2xx, else the status and parsed body (identical GETs in flight shared). */
  const exchange = async (
    method: string,
    path: string,
    options: CallOptions,
    accessToken: string,
  ): Promise<Answer | Response> => {
    const read = async () => {
      const res = await send(method, path, options, accessToken);
      if (options.raw && res.ok) return res;
      return { status: res.status, parsed: await parseBody(res) };
    };
    if (method !== "GET" || options.raw) {
      // A write ends the sharing of this session's reads in flight: a GET issued after it must
      // not join one issued before it (read your own writes).
      for (const key of inFlightGets.keys()) if (key.startsWith(`${accessToken} `)) inFlightGets.delete(key);
      return read();
    }
    const key = `${accessToken} ${apiUrl(path, options.query)}`;
    let pending = inFlightGets.get(key);
    if (!pending) {
      pending = send(method, path, options, accessToken).then(async (res) => ({
        status: res.status,
        text: res.status === 204 ? "" : await res.text(),
      }));
      inFlightGets.set(key, pending);
      const forget = () => inFlightGets.delete(key);
      pending.then(forget, forget);
    }
    const { status, text } = await pending;
    return { status, parsed: parseText(text) };
  };

  let keptCookies: string[] = [];
  const api: Api = {
    session,
    async request<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
      if (Date.parse(tokens!.accessTokenExpiresAt) - EXPIRY_SKEW_MS < Date.now()) await refresh();
      let answer: Answer | Response;
      try {
        answer = await exchange(method, path, options, tokens!.accessToken);
        if (answer instanceof Response) return answer as T;
        if (isSessionFailure(answer.status, answer.parsed)) {
          await refresh();
          answer = await exchange(method, path, options, tokens!.accessToken);
          if (answer instanceof Response) return answer as T;
        }
      } catch (error) {
        if (error instanceof Response || error instanceof ApiError) throw error;
        throw new ApiError(503, { statusCode: 503, code: "UNAVAILABLE", message: undefined as never });
      }
      const { status, parsed } = answer;
      if (isSessionFailure(status, parsed)) throw await sessionLostRedirect(session);
      // An /identity page's refusal stays in the identity layout (an applicant may have no /home).
      if (status === 403) throw redirect(deniedPage, { headers: await api.headers() });
      if (status < 200 || status > 299) throw new ApiError(status, toErrorBody(status, parsed));
      return parsed as T;
    },
    get: (path, query) => api.request("GET", path, { query }),
    post: (path, body, options) => api.request("POST", path, { ...options, body: body ?? {} }),
    del: (path) => api.request("DELETE", path),
    touch() {
      dirty = true;
    },
    async keptForm() {
      const kept = await takeKeptForm(request, session.get("phone") ?? null, async (path) => {
        const taken = await api.post<KeptFormTaken>("/auth/kept-forms/take", { path });
        return taken.fields;
      });
      keptCookies = kept.setCookie;
      return kept.form;
    },
    async headers(extra) {
      const h = new Headers(extra);
      if (dirty) h.append("Set-Cookie", await commitSession(session));
      for (const cookie of keptCookies) h.append("Set-Cookie", cookie);
      return h;
    },
  };
  return api;
}

/**
 * Whether demo mode is on (GET /v1/settings/demo; spec 000 §1). A failed call reads as off, so
 * a user not identified falls back to the plain /identity redirect.
 */
export async function demoModeEnabled(api: Api): Promise<boolean> {
  try {
    return (await api.get<DemoSettings>("/settings/demo")).enabled === true;
  } catch (error) {
    if (error instanceof Response) throw error; // the session ended: to the login page
    return false;
  }
}

/**
 * Load the signed-in user (GET /v1/users/whoami).
 * @throws redirect to /auth/phone without a session; when not identified, to /identity-needed
 *   (the identity-needed popup: identify or explore the demo) while demo mode is on, else to
 *   /identity (spec 000 §4 "Identification")
 * @returns the user and the API client of this request (use `api.headers()` on the response)
 */
export async function requireUser(
  request: Request,
  options: { allowUnidentified?: boolean; activity?: boolean } = {},
): Promise<{ user: WhoAmI; api: Api }> {
  const api = await getApi(request, { activity: options.activity });
  const user = await api.get<WhoAmI>("/users/whoami");
  if (!user.identified && !options.allowUnidentified) {
    const to = (await demoModeEnabled(api)) ? "/identity-needed" : "/identity";
    throw redirect(to, { headers: await api.headers() });
  }
  return { user, api };
}
