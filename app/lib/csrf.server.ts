/**
 * CSRF protection (OWASP synchronizer token): one random token per session, rendered as a
 * hidden `csrf` field in every form (<AuthenticityTokenInput/>) and verified in every action.
 * The Origin header, when present, must match the request host. Failures answer 403.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { json } from "@remix-run/node";
import type { AppSession } from "./session.server";

/** Name of the hidden form field. */
export const CSRF_FIELD = "csrf";

/**
 * Return the session's token, creating one if missing.
 * @returns `{ token, created }` — commit the session when `created`
 */
export function ensureCsrfToken(session: AppSession): { token: string; created: boolean } {
  const existing = session.get("csrf");
  if (existing) return { token: existing, created: false };
  const token = randomBytes(32).toString("base64url");
  session.set("csrf", token);
  return { token, created: true };
}

/** Replace the token (call when the session gains privileges, i.e. at login). */
export function rotateCsrfToken(session: AppSession): string {
  const token = randomBytes(32).toString("base64url");
  session.set("csrf", token);
  return token;
}

/** Constant-time string comparison. */
function same(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/**
 * Verify a form submission. Reads the body from a CLONE so remix-auth can still read it.
 * @param form the body already parsed, when the action has read it itself (a multipart upload
 *   parsed with size limits: `request.formData()` would buffer a body of any size)
 * @throws 403 JSON response `{ code: 'CSRF' }` on a missing/mismatching token or foreign Origin
 */
export async function verifyCsrf(
  request: Request,
  session: AppSession | { get(name: "csrf"): string | undefined },
  form?: FormData,
): Promise<void> {
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") {
    const host = request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host") ?? new URL(request.url).host;
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = null;
    }
    if (originHost !== host) throw json({ code: "CSRF", message: "Bad origin" }, { status: 403 });
  }
  const body =
    form ??
    (await request
      .clone()
      .formData()
      .catch(() => null));
  const sent = body?.get(CSRF_FIELD);
  const expected: unknown = session.get("csrf");
  if (typeof sent !== "string" || typeof expected !== "string" || !expected || !same(sent, expected)) {
    throw json({ code: "CSRF", message: "Invalid form token" }, { status: 403 });
  }
}
