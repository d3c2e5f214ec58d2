/**
 * API sessions: opaque bearer access tokens and rotating refresh tokens (design note "Sessions",
 * OWASP ASVS 5.0 §7 session management).
 *
 * - Tokens are 32 random bytes, base64url (43 chars). Only their SHA-256 (hex) is stored, in
 *   `api_sessions.access_token_hash` / `refresh_token_hash`; a database leak yields no tokens.
 * - Access token lifetime 15 min, refresh token 12 h (`SESSION_POLICY`).
 * - One `api_sessions` row per issued token pair. Refreshing revokes the presented row and
 *   inserts a new one in the same family (`family_id`: one login), so every refresh token is
 *   single use.
 * - Refresh-token reuse detection: presenting a refresh token whose row is already revoked means
 *   the token was copied (or replayed after logout); every live session of that family is
 *   revoked and its chat sockets closed. The user's other logins (other devices) are not touched.
 * - Rotation grace (OAuth 2.0 Security BCP, RFC 9700 §4.14 refresh token protection; the grace
 *   period Okta and Auth0 offer): a refresh token spent by a refresh less than
 *   `SESSION_POLICY.rotationGraceMs` ago is honoured once more with a new pair in the same family,
 *   while the family is still live and fewer than `maxLiveRowsPerFamily` live rows were issued
 *   since the token was spent. Two tabs of one browser refreshing at once through two app instances, or an answer lost on a mobile
 *   network after the refresh committed, no longer end the session as "reuse"; a copy presented
 *   later still does (docs/decisions.md "Refresh token rotation grace").
 * - Logout revokes the whole family.
 * - A session authenticates only while not revoked, not expired, and the user is ACTIVE.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { apiSessions, paymentDrafts, users } from "../../db/schema/index.js";
import { DomainError } from "../errors.js";
import type { AuthTokens } from "../../api/v1/contract.js";
import { disconnectChatDevices } from "../chat/publisher.js";
import { membershipsJson, parseMemberships, type Membership } from "../organizations/access.js";

/**
 * Token lifetimes and the rotation grace, in milliseconds.
 * - rotationGraceMs: how long a spent refresh token is honoured again (parallel requests, a lost
 *   answer); 30 s, the default grace period of Okta's refresh token rotation.
 * - maxLiveRowsPerFamily: a graced refresh is refused (as reuse) once this many live rows of the
 *   family were issued since the token was spent, so a token copied within the grace cannot open
 *   sessions without limit (an earlier refresh's unused pair does not count).
 */
export const SESSION_POLICY = {
  accessTtlMs: 15 * 60_000,
  refreshTtlMs: 12 * 60 * 60_000,
  rotationGraceMs: 30_000,
  maxLiveRowsPerFamily: 4,
} as const;

/** SHA-256 hex of a token (what the database stores). */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** AuthTokens plus the id of the `api_sessions` row they belong to. */
export type IssuedSession = AuthTokens & { sessionId: string };

/**
 * Start a session for `userId` (after password + code: a new family; on refresh: `familyId`
 * of the rotated session, and its `deviceName`).
 * @param deviceName the client's name for the device (≤ 100 characters; shown in GET /v1/devices)
 * @returns contract `AuthTokens` (ISO expiry times) plus `sessionId`.
 */
export async function createSession(
  db: Pick<Database, "insert">,
  userId: string,
  now: Date = new Date(),
  familyId?: string,
  deviceName?: string | null,
): Promise<IssuedSession> {
  const accessToken = newToken();
  const refreshToken = newToken();
  const accessExpiresAt = new Date(now.getTime() + SESSION_POLICY.accessTtlMs);
  const refreshExpiresAt = new Date(now.getTime() + SESSION_POLICY.refreshTtlMs);
  const [row] = await db
    .insert(apiSessions)
    .values({
      userId,
      ...(familyId ? { familyId } : {}),
      accessTokenHash: hashToken(accessToken),
      accessExpiresAt,
      refreshTokenHash: hashToken(refreshToken),
      refreshExpiresAt,
      deviceName: deviceName ?? null,
      createdAt: now,
    })
    .returning({ id: apiSessions.id });
  return {
    sessionId: row.id,
    accessToken,
    accessTokenExpiresAt: accessExpiresAt.toISOString(),
    refreshToken,
    refreshTokenExpiresAt: refreshExpiresAt.toISOString(),
  };
}

/**
 * Resolve a bearer access token.
 * @returns `{ userId, sessionId, memberships }` (the user's approved memberships, as
 *   `listMemberships` returns them, read in the same statement: every API call checks them), or
 *   null when the token is unknown, expired, revoked, or the user is not ACTIVE. Never throws
 *   for bad tokens.
 */
export async function authenticateAccessToken(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<{ userId: string; sessionId: string; memberships: Membership[] } | null> {
  if (!token) return null;
  const [row] = await accessTokenQuery(db).execute({ hash: hashToken(token), now });
  return row ? { userId: row.userId, sessionId: row.sessionId, memberships: parseMemberships(row.memberships) } : null;
}

/**
 * The access-token lookup, built once per database handle and prepared (it runs on every API
 * call: Drizzle skips rebuilding the SQL, and PostgreSQL keeps the plan per connection).
 */
const accessTokenQueries = new WeakMap<Database, ReturnType<typeof buildAccessTokenQuery>>();
function accessTokenQuery(db: Database) {
  let query = accessTokenQueries.get(db);
  if (!query) accessTokenQueries.set(db, (query = buildAccessTokenQuery(db)));
  return query;
}
function buildAccessTokenQuery(db: Database) {
  return db
    .select({ userId: apiSessions.userId, sessionId: apiSessions.id, memberships: membershipsJson(apiSessions.userId) })
    .from(apiSessions)
    .innerJoin(users, eq(users.id, apiSessions.userId))
    .where(
      and(
        eq(apiSessions.accessTokenHash, sql.placeholder("hash")),
        isNull(apiSessions.revokedAt),
        gt(apiSessions.accessExpiresAt, sql.placeholder("now")),
        eq(users.status, "ACTIVE"),
      ),
    )
    .prepare("authenticate_access_token");
}

/**
 * Exchange a refresh token for a new token pair; the presented one is revoked (single use).
 * @returns new `AuthTokens` + `sessionId` (a new session row).
 * `onReuse(userId)` is called after a reuse was detected (for a security log line).
 * A token already spent by a refresh is honoured again within the rotation grace (see the
 * module note): a new pair in the same family; the pair issued by the first refresh stays valid.
 * @throws DomainError UNAUTHENTICATED when the token is unknown, expired, the user is not
 *   ACTIVE, or the token was already used outside the grace (reuse: the token's family is revoked
 *   first and, after commit, that device's open chat sockets are disconnected:
 *   `disconnectChatDevices`).
 */
export async function rotateRefreshToken(
  db: Database,
  refreshToken: string,
  now: Date = new Date(),
  onReuse?: (userId: string) => void,
): Promise<IssuedSession> {
  const unauthenticated = (m = "Session expired. Log in again.") => new DomainError("UNAUTHENTICATED", m);
  if (!refreshToken) throw unauthenticated();
  const outcome = await db.transaction(async (tx) => {
    // The device's (family's) lock first, then the row read fresh under it: a logout or a revoked
    // device running at the same moment either waits for this refresh and then ends the pair it
    // issues too, or goes first and this refresh finds the family revoked (lockSessionFamily).
    // Then the user's row, shared: a change that ends every session of the user (phone change,
    // password recovery) writes that row first, so the two take turns the same way. Taken before
    // any session row is locked: the new pair's foreign key would otherwise wait for the user's
    // row while the change waits for the session row (a deadlock on PostgreSQL).
    const [family] = await tx
      .select({ familyId: apiSessions.familyId, userId: apiSessions.userId })
      .from(apiSessions)
      .where(eq(apiSessions.refreshTokenHash, hashToken(refreshToken)));
    if (!family) return { kind: "unknown" as const };
    await lockSessionFamily(tx, family.familyId);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, family.userId)).for("share");
    const [row] = await tx
      .select({
        id: apiSessions.id,
        familyId: apiSessions.familyId,
        userId: apiSessions.userId,
        revokedAt: apiSessions.revokedAt,
        rotatedAt: apiSessions.rotatedAt,
        refreshExpiresAt: apiSessions.refreshExpiresAt,
        deviceName: apiSessions.deviceName,
        status: users.status,
      })
      .from(apiSessions)
      .innerJoin(users, eq(users.id, apiSessions.userId))
      .where(eq(apiSessions.refreshTokenHash, hashToken(refreshToken)))
      .for("update", { of: apiSessions });
    if (!row) return { kind: "unknown" as const };
    if (row.revokedAt && row.status === "ACTIVE" && (await withinRotationGrace(tx, row, now))) {
      return { kind: "ok" as const, session: await createSession(tx, row.userId, now, row.familyId, row.deviceName) };
    }
    if (row.revokedAt) {
      await tx
        .update(apiSessions)
        .set({ revokedAt: now })
        .where(and(eq(apiSessions.familyId, row.familyId), isNull(apiSessions.revokedAt)));
      return { kind: "reused" as const, userId: row.userId, familyId: row.familyId };
    }
    if (row.refreshExpiresAt <= now || row.status !== "ACTIVE") return { kind: "unknown" as const };
    await tx.update(apiSessions).set({ revokedAt: now, rotatedAt: now }).where(eq(apiSessions.id, row.id));
    return { kind: "ok" as const, session: await createSession(tx, row.userId, now, row.familyId, row.deviceName) };
  });
  if (outcome.kind === "reused") {
    // After commit, as logout: the revoked device's chat sockets end (they could not reopen, but
    // open ones would keep receiving); the user's other devices keep theirs.
    disconnectChatDevices([outcome.familyId]);
    onReuse?.(outcome.userId);
    throw unauthenticated("Refresh token already used. The session was ended; log in again.");
  }
  if (outcome.kind !== "ok") throw unauthenticated();
  return outcome.session;
}

/**
 * Take the transaction's lock on one device's sessions (a session family): a refresh and a
 * logout or device revocation of the same family run one after the other. Without it, on
 * PostgreSQL (READ COMMITTED) a logout's UPDATE does not see the pair a refresh has inserted but
 * not yet committed, and that pair would outlive the logout. Released at commit.
 */
export async function lockSessionFamily(tx: Pick<Database, "execute">, familyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`session-family:${familyId}`}, 0))`);
}

/**
 * Whether a spent refresh token may be honoured again (the rotation grace of the module note):
 * its row was revoked by its own rotation (`rotatedAt`, not by a logout or a reuse), at most
 * `rotationGraceMs` ago, its refresh expiry not passed, and its family still has a live row
 * (a logout or a revoked device ends the grace at once) while fewer than `maxLiveRowsPerFamily`
 * live rows were issued since the token was spent.
 * Runs under the spent row's lock (`rotateRefreshToken`), so parallel presentations of one token
 * are counted one after the other.
 */
async function withinRotationGrace(
  tx: Pick<Database, "select">,
  row: { familyId: string; revokedAt: Date | null; rotatedAt: Date | null; refreshExpiresAt: Date },
  now: Date,
): Promise<boolean> {
  if (!row.rotatedAt || row.revokedAt?.getTime() !== row.rotatedAt.getTime()) return false;
  if (now.getTime() - row.rotatedAt.getTime() > SESSION_POLICY.rotationGraceMs) return false;
  if (row.refreshExpiresAt <= now) return false;
  // Live rows of the family, and of those the ones issued since this token was spent (its
  // successors): an earlier graced refresh's unused pair stays live until it expires and must not
  // count, or a long session with a few parallel refreshes would end as "reuse".
  const [live] = await tx
    .select({
      all: sql<number>`count(*)::int`,
      sinceRotation: sql<number>`(count(*) filter (where ${apiSessions.createdAt} >= ${row.rotatedAt.toISOString()}::timestamptz))::int`,
    })
    .from(apiSessions)
    .where(and(eq(apiSessions.familyId, row.familyId), isNull(apiSessions.revokedAt), gt(apiSessions.refreshExpiresAt, now)));
  return live.all > 0 && live.sinceRotation < SESSION_POLICY.maxLiveRowsPerFamily;
}

/**
 * End a session (logout): every token of its family stops working, and the user's payment form
 * drafts are deleted (spec 000 §9: transfer drafts are cleared on logout), and the user's open
 * chat sockets of this device are disconnected (`disconnectChatDevices`). Idempotent.
 */
export async function revokeSession(db: Database, sessionId: string, now: Date = new Date()): Promise<void> {
  const [row] = await db
    .select({ familyId: apiSessions.familyId, userId: apiSessions.userId })
    .from(apiSessions)
    .where(eq(apiSessions.id, sessionId));
  if (!row) return;
  await db.transaction(async (tx) => {
    // Under the family's lock: a refresh of this device in flight finishes first and its new
    // pair is revoked here too, instead of surviving the logout (lockSessionFamily).
    await lockSessionFamily(tx, row.familyId);
    await tx
      .update(apiSessions)
      .set({ revokedAt: now })
      .where(and(eq(apiSessions.familyId, row.familyId), isNull(apiSessions.revokedAt)));
  });
  await db.delete(paymentDrafts).where(eq(paymentDrafts.userId, row.userId));
  // The chat sockets of this device (session family) end; the user's other devices keep theirs.
  disconnectChatDevices([row.familyId]);
}

/**
 * Logout by refresh token, for a client whose access token has already expired: ends the
 * token's family. Unknown tokens are ignored (logout is idempotent and reveals nothing).
 */
export async function revokeByRefreshToken(db: Database, refreshToken: string, now: Date = new Date()): Promise<void> {
  const [row] = await db
    .select({ id: apiSessions.id })
    .from(apiSessions)
    .where(eq(apiSessions.refreshTokenHash, hashToken(refreshToken)));
  if (row) await revokeSession(db, row.id, now);
}
