/**
 * Messaging tokens (docs/chat.md; design note "The chat socket authenticates with a short-lived
 * token from POST /v1/tokens/messaging"; spec 000 §7): the credential a browser presents when it
 * opens the chat socket, instead of its API bearer token (which the web app never gives to page
 * scripts).
 *
 * A token is `<payload>.<mac>`: base64url JSON `{ sub: userId, dev: deviceId, exp: ms since
 * epoch, jti }` and its HMAC-SHA-256 under a key derived from the server's OTP secret (config
 * `otpSecret`, shared by every instance of one bank), so any instance verifies a token another one
 * issued without a database row. Nothing is stored, so there is no hash to keep. Valid
 * `MESSAGING_TOKEN_TTL_MS` (60 s) from issue, for opening connections only.
 *
 * `dev` is the device (the API session family, GET /v1/devices) the token was asked from: a
 * connection opens only while that device is still signed in (`chatConnectionAllowed`), and
 * logging that device out closes its sockets only (`disconnectChatDevices`), not the user's
 * other devices'.
 */
import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { apiSessions, users } from "../../db/schema/index.js";
import { DomainError } from "../errors.js";

/** How long a messaging token opens connections: 60 s. */
export const MESSAGING_TOKEN_TTL_MS = 60_000;

/** The MAC key: derived, so the OTP secret itself never signs anything else. */
function macKey(secret: string): Buffer {
  return crypto.createHmac("sha256", secret).update("bank chat messaging token v1").digest();
}

function mac(secret: string, payload: string): string {
  return crypto.createHmac("sha256", macKey(secret)).update(payload).digest("base64url");
}

/** Who a messaging token was issued to: the user and the device (API session family). */
export interface MessagingClaims {
  userId: string;
  deviceId: string;
}

/**
 * Issue a token for `userId` on device `deviceId` (the caller is authenticated already).
 * @param secret the server's OTP secret (config.otpSecret)
 * @returns `{ token, expiresAt }` (ISO), expiring `MESSAGING_TOKEN_TTL_MS` after `now`
 */
export function issueMessagingToken(
  secret: string,
  userId: string,
  deviceId: string,
  now = Date.now(),
): { token: string; expiresAt: string } {
  const exp = now + MESSAGING_TOKEN_TTL_MS;
  const claims = { sub: userId, dev: deviceId, exp, jti: crypto.randomBytes(12).toString("base64url") };
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return { token: `${payload}.${mac(secret, payload)}`, expiresAt: new Date(exp).toISOString() };
}

/**
 * POST /v1/tokens/messaging: a token for the caller's device (the family of the API session the
 * call was made with).
 * @throws DomainError UNAUTHENTICATED when the session is gone (revoked between the two reads)
 */
export async function messagingTokenForSession(
  db: Database,
  secret: string,
  auth: { userId: string; sessionId: string },
): Promise<{ token: string; expiresAt: string }> {
  const [row] = await db
    .select({ familyId: apiSessions.familyId })
    .from(apiSessions)
    .where(and(eq(apiSessions.id, auth.sessionId), eq(apiSessions.userId, auth.userId)));
  if (!row) throw new DomainError("UNAUTHENTICATED", "Session expired");
  return issueMessagingToken(secret, auth.userId, row.familyId);
}

/**
 * Check a token (the gateway, at connection).
 * @returns the user and device, or null when the token is missing, malformed, forged or expired
 */
export function verifyMessagingToken(secret: string, token: unknown, now = Date.now()): MessagingClaims | null {
  if (typeof token !== "string" || token.length > 512) return null;
  const [payload, given, ...rest] = token.split(".");
  if (!payload || !given || rest.length) return null;
  const expected = Buffer.from(mac(secret, payload));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
      sub?: unknown;
      dev?: unknown;
      exp?: unknown;
    };
    if (typeof claims.sub !== "string" || typeof claims.dev !== "string" || typeof claims.exp !== "number" || claims.exp <= now)
      return null;
    return { userId: claims.sub, deviceId: claims.dev };
  } catch {
    return null;
  }
}

/**
 * Whether a socket may open for `claims` now: the user is ACTIVE and the device is still signed
 * in (a session of its family not revoked and not past its refresh expiry). One statement.
 */
export async function chatConnectionAllowed(db: Database, claims: MessagingClaims, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({
      status: users.status,
      live: sql<boolean>`exists (select 1 from ${apiSessions} where ${and(
        eq(apiSessions.familyId, claims.deviceId),
        eq(apiSessions.userId, claims.userId),
        isNull(apiSessions.revokedAt),
        gt(apiSessions.refreshExpiresAt, now),
      )})`,
    })
    .from(users)
    .where(eq(users.id, claims.userId))
    .limit(1);
  return row?.status === "ACTIVE" && row.live === true;
}
