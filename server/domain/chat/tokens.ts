/**
 * Messaging tokens (docs/chat.md; design note "The chat socket authenticates with a short-lived
 * token from POST /v1/tokens/messaging"; spec 000 §7): the credential a browser presents when it
 * opens the chat socket, instead of its API bearer token (which the web app never gives to page
 * scripts).
 *
 * A token is `<payload>.<mac>`: base64url JSON `{ sub: userId, exp: ms since epoch, jti }` and
 * its HMAC-SHA-256 under a key derived from the server's OTP secret (config `otpSecret`, shared
 * by every instance of one bank), so any instance verifies a token another one issued without a
 * database row. Nothing is stored, so there is no hash to keep. Valid `MESSAGING_TOKEN_TTL_MS`
 * (60 s) from issue, for opening connections only: an open socket stays open; a new one (after a
 * drop) needs a new token.
 */
import crypto from "node:crypto";

/** How long a messaging token opens connections: 60 s. */
export const MESSAGING_TOKEN_TTL_MS = 60_000;

/** The MAC key: derived, so the OTP secret itself never signs anything else. */
function macKey(secret: string): Buffer {
  return crypto.createHmac("sha256", secret).update("bank chat messaging token v1").digest();
}

function mac(secret: string, payload: string): string {
  return crypto.createHmac("sha256", macKey(secret)).update(payload).digest("base64url");
}

/**
 * Issue a token for `userId` (POST /v1/tokens/messaging; the caller is authenticated already).
 * @param secret the server's OTP secret (config.otpSecret)
 * @returns `{ token, expiresAt }` (ISO), expiring `MESSAGING_TOKEN_TTL_MS` after `now`
 */
export function issueMessagingToken(secret: string, userId: string, now = Date.now()): { token: string; expiresAt: string } {
  const exp = now + MESSAGING_TOKEN_TTL_MS;
  const payload = Buffer.from(JSON.stringify({ sub: userId, exp, jti: crypto.randomBytes(12).toString("base64url") })).toString(
    "base64url",
  );
  return { token: `${payload}.${mac(secret, payload)}`, expiresAt: new Date(exp).toISOString() };
}

/**
 * Check a token (the gateway, at connection).
 * @returns the user id, or null when the token is missing, malformed, forged or expired
 */
export function verifyMessagingToken(secret: string, token: unknown, now = Date.now()): string | null {
  if (typeof token !== "string" || token.length > 512) return null;
  const [payload, given, ...rest] = token.split(".");
  if (!payload || !given || rest.length) return null;
  const expected = Buffer.from(mac(secret, payload));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { sub?: unknown; exp?: unknown };
    if (typeof claims.sub !== "string" || typeof claims.exp !== "number" || claims.exp <= now) return null;
    return claims.sub;
  } catch {
    return null;
  }
}
