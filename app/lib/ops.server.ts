/**
 * The back office's web session and API client (issue 13; docs/ops.md "Web session").
 *
 * - Cookie `__ops`: httpOnly, SameSite=Strict, Path=/ops, Secure in production, signed with
 *   SESSION_SECRET; separate from the customer's `__session`, which never authenticates here.
 *   It holds the staff token ENCRYPTED (AES-256-GCM, `encryptJson`), the ops CSRF token and the
 *   login step in progress (challenge id, email; the sandbox code).
 * - `requireStaff(request, role?)` → `{ staff, api, session }`: redirect to /ops/login without a
 *   staff session (a customer session changes nothing), 403 page without the role.
 * - `api`: typed calls to /api/v1/ops with the staff bearer token. 401 → redirect to /ops/login
 *   (the token dropped from the cookie); 403 → a 403 response; other non-2xx → `OpsApiError`.
 * - CSRF: `verifyOpsCsrf` (the customer forms' `verifyCsrf`, against the ops session's token),
 *   called before an action reads its body; forms render `<OpsCsrfInput/>`.
 */
import { randomBytes } from "node:crypto";
import { createCookieSessionStorage, json, redirect, type Session } from "@remix-run/node";
import type { ApiErrorBody } from "../../server/api/v1/contract";
import { API_CALL_HEADERS, apiUrl, clientIpHeaders } from "./api.server";
import { config } from "./config.server";
import { verifyCsrf } from "./csrf.server";
import { decryptJson, encryptJson } from "./session.server";

/** Staff roles (server/domain/ops/auth.ts STAFF_ROLES). */
export type StaffRole = "ONBOARDING" | "COMPLIANCE" | "PAYMENTS" | "SUPPORT" | "ADMIN";

/** The signed-in staff user (GET /api/v1/ops/me). */
export interface OpsStaff {
  id: string;
  email: string;
  phone: string;
  roles: StaffRole[];
}

/** What the `__ops` cookie holds. */
export interface OpsSessionData {
  /** Encrypted staff bearer token. */
  tok: string;
  csrf: string;
  /** Login step 2 in progress. */
  login: { challengeId: string; email: string; expiresAt: string; debugCode?: string };
}
export type OpsSession = Session<OpsSessionData>;

let storage: ReturnType<typeof createCookieSessionStorage<OpsSessionData>> | undefined;
function opsStorage() {
  storage ??= createCookieSessionStorage<OpsSessionData>({
    cookie: {
      name: "__ops",
      httpOnly: true,
      sameSite: "strict",
      path: "/ops",
      secure: config().production,
      secrets: [config().SESSION_SECRET],
      maxAge: 8 * 60 * 60, // the staff session's absolute limit
    },
  });
  return storage;
}

/** The ops session of a request (never the customer's). */
export function getOpsSession(request: Request): Promise<OpsSession> {
  return opsStorage().getSession(request.headers.get("Cookie"));
}
/** Set-Cookie value for the ops session. */
export function commitOpsSession(session: OpsSession): Promise<string> {
  return opsStorage().commitSession(session);
}
/** Set-Cookie value that removes the ops session. */
export function destroyOpsSession(session: OpsSession): Promise<string> {
  return opsStorage().destroySession(session);
}

/** The session's CSRF token, created when missing (`created`: commit the session). */
export function ensureOpsCsrf(session: OpsSession): { token: string; created: boolean } {
  const existing = session.get("csrf");
  if (existing) return { token: existing, created: false };
  const token = randomBytes(32).toString("base64url");
  session.set("csrf", token);
  return { token, created: true };
}

/**
 * Verify an ops form post against the ops session's CSRF token (before the body is read).
 * @returns the ops session
 * @throws 403 JSON `{ code: 'CSRF' }`
 */
export async function verifyOpsCsrf(request: Request): Promise<OpsSession> {
  const session = await getOpsSession(request);
  await verifyCsrf(request, session);
  return session;
}

/** The staff token of a session, or null. */
export function getStaffToken(session: OpsSession): string | null {
  const sealed = session.get("tok");
  return sealed ? decryptJson<string>(sealed) : null;
}
/** Store (encrypted) the staff token; a fresh CSRF token goes with the new privileges. */
export function setStaffToken(session: OpsSession, token: string): void {
  session.set("tok", encryptJson(token));
  session.set("csrf", randomBytes(32).toString("base64url"));
}

/** A non-2xx answer of the ops API (other than the handled 401/403). */
export class OpsApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(`ops API ${status} ${body.code}`);
    this.name = "OpsApiError";
  }
}

/** Options of one ops call. */
export interface OpsCallOptions {
  query?: Record<string, string | number | undefined | null>;
  body?: unknown;
  /** Return the 2xx `Response` unread (file downloads). */
  raw?: boolean;
}

async function parsed(res: Response): Promise<unknown> {
  const text = res.status === 204 ? "" : await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorBody(status: number, body: unknown): ApiErrorBody {
  if (typeof body === "object" && body !== null && "code" in body) return body as ApiErrorBody;
  return { statusCode: status, code: "UNKNOWN", message: String(body ?? "") };
}

/** The staff API client of one request. */
export interface OpsApi {
  call<T>(method: string, path: string, options?: OpsCallOptions): Promise<T>;
  get<T>(path: string, query?: OpsCallOptions["query"]): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
}

/**
 * Call /api/v1/ops without a staff token (the two login steps).
 * @throws OpsApiError on any non-2xx (wrong password or code are form errors)
 */
export async function opsPublicCall<T>(method: string, path: string, body?: unknown, language?: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(apiUrl(`/ops${path}`), {
      method,
      headers: {
        ...API_CALL_HEADERS,
        // The staff member's address for the API's per-IP limits (server/api/v1/client-ip.ts).
        ...clientIpHeaders(),
        ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
        // The page's language: the staff code message comes in it.
        ...(language ? { "Accept-Language": language } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new OpsApiError(503, { statusCode: 503, code: "UNAVAILABLE", message: "unavailable" });
  }
  const data = await parsed(res);
  if (!res.ok) throw new OpsApiError(res.status, errorBody(res.status, data));
  return data as T;
}

/**
 * A redirect to /ops/login that drops the staff token (when there is one) but keeps the rest of
 * the ops session: its CSRF token and a login in progress survive a visit to a signed-in page.
 */
export async function opsLoginRedirect(session: OpsSession): Promise<Response> {
  if (!session.has("tok")) return redirect("/ops/login");
  session.unset("tok");
  return redirect("/ops/login", { headers: { "Set-Cookie": await commitOpsSession(session) } });
}

/** The ops client for `token`; `session` is cleared on a 401. */
export function opsApi(token: string, session: OpsSession): OpsApi {
  const call = async <T>(method: string, path: string, options: OpsCallOptions = {}): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(apiUrl(`/ops${path}`, options.query ?? undefined), {
        method,
        headers: {
          ...API_CALL_HEADERS,
          ...clientIpHeaders(),
          Authorization: `Bearer ${token}`,
          ...(options.body !== undefined && !(options.body instanceof FormData) ? { "Content-Type": "application/json" } : {}),
        },
        // A FormData goes as multipart (fetch sets its boundary).
        body:
          options.body instanceof FormData ? options.body : options.body !== undefined ? JSON.stringify(options.body) : undefined,
      });
    } catch {
      throw new OpsApiError(503, { statusCode: 503, code: "UNAVAILABLE", message: "unavailable" });
    }
    if (options.raw && res.ok) return res as T;
    const data = await parsed(res);
    if (res.status === 401) throw await opsLoginRedirect(session);
    if (res.status === 403) throw json({ code: "FORBIDDEN" }, { status: 403 });
    if (!res.ok) throw new OpsApiError(res.status, errorBody(res.status, data));
    return data as T;
  };
  return {
    call,
    get: (path, query) => call("GET", path, { query }),
    post: (path, body) => call("POST", path, { body: body ?? {} }),
  };
}

/** True when `staff` holds `role` (any of a list). */
export function staffHas(staff: Pick<OpsStaff, "roles">, role: StaffRole | readonly StaffRole[]): boolean {
  const wanted: readonly StaffRole[] = typeof role === "string" ? [role] : role;
  return wanted.some((r) => staff.roles.includes(r));
}

/**
 * The signed-in staff user of a request, or a redirect.
 * @param role the role the page needs (any of a list); without it: any staff user
 * @returns `{ staff, api, session }`
 * @throws redirect to /ops/login without a staff session (customer sessions are ignored);
 *   a 403 response when the staff user lacks the role
 */
export async function requireStaff(
  request: Request,
  role?: StaffRole | readonly StaffRole[],
): Promise<{ staff: OpsStaff; api: OpsApi; session: OpsSession }> {
  const session = await getOpsSession(request);
  const token = getStaffToken(session);
  if (!token) throw await opsLoginRedirect(session);
  const api = opsApi(token, session);
  const staff = await api.get<OpsStaff>("/me");
  if (role && !staffHas(staff, role)) throw json({ code: "FORBIDDEN" }, { status: 403 });
  return { staff, api, session };
}

/**
 * The staff user when signed in, else null (the layout's header; never redirects).
 */
export async function optionalStaff(session: OpsSession): Promise<OpsStaff | null> {
  const token = getStaffToken(session);
  if (!token) return null;
  try {
    return await opsApi(token, session).get<OpsStaff>("/me");
  } catch {
    return null;
  }
}

/** The message key (ops namespace) for an ops API error code. */
export function opsErrorKey(error: unknown): string {
  if (error instanceof OpsApiError) {
    const known = new Set([
      "INVALID_PASSWORD",
      "INVALID_CODE",
      "CODE_EXPIRED",
      "CODE_ATTEMPTS_EXCEEDED",
      "RATE_LIMITED",
      "NOT_FOUND",
      "VALIDATION_FAILED",
      "APPLICATION_STATUS_CONFLICT",
      "UNAVAILABLE",
    ]);
    return `ops:errors.${known.has(error.body.code) ? error.body.code : "UNKNOWN"}`;
  }
  throw error;
}
