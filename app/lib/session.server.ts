/**
 * Cookie session `__session` (httpOnly, SameSite=Lax, secure in production, signed with
 * SESSION_SECRET). API tokens are stored ENCRYPTED with AES-256-GCM under a key derived from
 * SESSION_SECRET (HKDF-SHA256), so neither page scripts (httpOnly) nor the user (encryption)
 * can read them. Also holds the CSRF token and one-time-code challenge tokens.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { createCookieSessionStorage, redirect, type Session } from "@remix-run/node";
import type { AuthTokens, CodeChallenge } from "../../server/api/v1/contract";
import { config } from "./config.server";

/** Login progress kept between the /auth/phone steps (challenge tokens never reach the HTML). */
export interface LoginState {
  step: "code" | "password";
  phone: string;
  /** Challenge token from /auth/phone (step code) or verify-code (step password). */
  token: string;
  expiresAt?: string;
  resendAvailableAt?: string;
  channel?: CodeChallenge["channel"];
  debugCode?: string;
}

/** Signing challenge kept per payment id (spec 000 §4 signing flow). */
export interface SignChallenge {
  token: string;
  expiresAt: string;
  resendAvailableAt: string;
  channel: CodeChallenge["channel"];
  debugCode?: string;
}

/** The payment forms (spec 000 §9 draft keys); each has its own idempotency key and draft. */
export type PaymentFormId = "euro" | "gbp" | "usd" | "international" | "internal" | "between-accounts" | "casp" | "cash-over";

/**
 * A kept form key (lib/form-key.server.ts `keptFormKey`): the key, the organization it was made
 * in, and the id of what it made (none while unused).
 */
export interface KeptFormKey {
  key: string;
  organizationId: string;
  madeId?: string;
}

/** Session data; `tok` is the encrypted AuthTokens. */
export interface SessionData {
  tok: string;
  csrf: string;
  login: LoginState;
  sign: Record<string, SignChallenge>;
  /** Idempotency key per payment form and the payment it created (payments.server.ts `paymentFormKey`). */
  formKeys: Partial<Record<PaymentFormId, { key: string; paymentId?: string }>>;
  /** True while the user may have payment drafts on the server (cleared on leaving /payments/). */
  drafts: boolean;
  /** The payment declined by "Change details" whose form opens next with its values (payments.server.ts `changePayment`). */
  changing: string;
  /**
   * "Change details" made the payment's organization the active one (it was another of the
   * customer's): the reopened form says so, once (payments.server.ts `changedDraft`).
   */
  changingSwitched: { paymentId: string; organizationId: string; name: string };
  /**
   * Idempotency keys of the forms that create one thing at a time, each with its organization and
   * what it made (lib/form-key.server.ts `keptFormKey`): the new remittance order form, the new FX
   * rate request form and the card order form.
   */
  remittanceKey: KeptFormKey;
  fxRequestKey: KeptFormKey;
  cardOrderKey: KeptFormKey;
  /** A change of the one-time-code channel waiting for its code (/profile/code-channel). */
  codeChannel: SignChallenge;
  /** A password recovery waiting for its code and new password (/auth/recover). */
  recover: { phone: string; token: string; debugCode?: string };
  /** Last user activity (epoch ms): the inactivity limit (lib/session-rules.ts) counts from it. */
  seen: number;
  /** The organization chosen in the profile popup (checked against the memberships on every request). */
  orgId: string;
  /** Where to go after the next login (a safe relative path, set when a session expired). */
  returnTo: string;
  /** The phone number the session logged in with (binds answers kept at expiry: kept-form.server.ts). */
  phone: string;
}

export type AppSession = Session<SessionData, { flash: string }>;

/** The session cookie's name. */
export const SESSION_COOKIE = "__session";

let storage: ReturnType<typeof createCookieSessionStorage<SessionData, { flash: string }>> | undefined;
function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData, { flash: string }>({
    cookie: {
      name: SESSION_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: config().production,
      secrets: [config().SESSION_SECRET],
      maxAge: 60 * 60 * 12, // refresh token lifetime (~12 h)
    },
  });
  return storage;
}

/** Read the session of a request. */
export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}
/** Serialize the session into a Set-Cookie value. */
export function commitSession(session: AppSession): Promise<string> {
  return sessionStorage().commitSession(session);
}
/** Set-Cookie value that removes the session. */
export function destroySession(session: AppSession): Promise<string> {
  return sessionStorage().destroySession(session);
}

let key: Buffer | undefined;
function tokenKey(): Buffer {
  key ??= Buffer.from(hkdfSync("sha256", config().SESSION_SECRET, "bank-web", "session-token-encryption", 32));
  return key;
}

/**
 * Encrypt a JSON value: base64url(iv[12] | tag[16] | ciphertext), AES-256-GCM.
 * @param secretKey 32-byte key (defaults to the session key)
 */
export function encryptJson(value: unknown, secretKey: Buffer = tokenKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secretKey, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64url");
}

/** Decrypt `encryptJson` output; returns null when tampered with or under another key. */
export function decryptJson<T>(sealed: string, secretKey: Buffer = tokenKey()): T | null {
  try {
    const raw = Buffer.from(sealed, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", secretKey, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** Tokens of a signed-in session, or null. */
export function getTokens(session: AppSession): AuthTokens | null {
  const sealed = session.get("tok");
  return sealed ? decryptJson<AuthTokens>(sealed) : null;
}
/** Store (encrypted) tokens in the session. */
export function setTokens(session: AppSession, tokens: AuthTokens): void {
  session.set("tok", encryptJson(tokens));
}

/**
 * Set-Cookie values that clear the client-side state spec 000 §9 lists for logout: the cookies
 * for accounts, application, representative, organization, user and token expiry. This app
 * keeps that state in the httpOnly session; the named cookies are expired anyway so a value
 * left by another client of the same origin does not outlive the session.
 */
export const LOGOUT_COOKIES = [
  "accountsIds",
  "accountsNumbers",
  "activeAccount",
  "currentApplication",
  "mainRepresentativeId",
  "organizationId",
  "userId",
  "accessTokenExpiresAt",
  "refreshTokenExpiresAt",
] as const;

/**
 * Headers of a logout answer: the destroyed session plus every cookie of `LOGOUT_COOKIES`
 * expired, and `Clear-Site-Data: "storage"` so the browser drops the origin's local storage
 * (the sidebar's opened accounts) however the session ended: logout, a 401 no refresh cured, the
 * inactivity limit (spec 000 §8 "401 anywhere: clear stored local data and cookies", §9). Cookies
 * are expired by name rather than by `"cookies"` there, so the cookie of an application step's
 * answers kept at expiry (kept-form.server.ts) survives for the next login.
 */
export async function logoutHeaders(session: AppSession): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(session));
  for (const name of LOGOUT_COOKIES) headers.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; SameSite=Lax`);
  headers.set("Clear-Site-Data", '"storage"');
  return headers;
}

/** Redirect to login, clearing the session and the other cookies a logout clears (spec 000 §8 "401 anywhere", §9). */
export async function logoutRedirect(session: AppSession): Promise<Response> {
  return redirect("/auth/phone", { headers: await logoutHeaders(session) });
}
