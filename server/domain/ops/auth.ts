/**
 * Staff authentication for the back office (docs/ops.md "Who may do what"; OWASP ASVS 5.0 §6–7;
 * PSD2 RTS Art. 4 applied to staff: knowledge + possession).
 *
 * Login: email + password (argon2id, @node-rs/argon2 as for customers) → a challenge and a
 * 6-digit one-time code by SMS to the staff phone → the code → a staff session token.
 *
 * - Staff are not customers: own tables (`staff_users`, `staff_login_challenges`,
 *   `staff_sessions`). A staff code is hashed with a distinct prefix (`staff:`) and lives in its
 *   own table, so it can never be accepted as a customer code, nor the reverse.
 * - Wrong email and wrong password get the same answer (401 INVALID_PASSWORD "Email or password
 *   is wrong"); an unknown email still costs one argon2 verification (no timing oracle).
 * - The code: 6 digits (CSPRNG), HMAC-SHA256(config.otpSecret, `staff:${id}:${code}`), 5 minutes,
 *   single use, 5 tries decided under the challenge's row lock (`SELECT … FOR UPDATE`, the same
 *   rule as server/domain/otp): simultaneous guesses are checked one after another, at most 5 are
 *   ever evaluated; beyond them every guess gets CODE_ATTEMPTS_EXCEEDED, right or wrong.
 * - Limits (server/domain/rate-limit, atomic): per email 5 logins / 15 min, per IP 20 / 15 min
 *   (the customer login's values), consumed before the password is checked.
 * - Session token: `ops_` + 32 random bytes base64url; only its SHA-256 is stored. Idle limit
 *   15 minutes (extended on every use), absolute limit 8 hours. A disabled staff user's
 *   sessions stop working at once.
 * - Audited (server/domain/ops/audit.ts): `staff.login`, `staff.login-failed` (wrong password,
 *   wrong or exhausted code), `staff.logout`.
 */
import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import { staffLoginChallenges, staffSessions, staffUsers } from "../../db/schema/index.js";
import type { SmsProvider } from "../../providers/sms.js";
import { DomainError } from "../errors.js";
import { consumeRateLimit, type RateLimitRule } from "../rate-limit/index.js";
import { recordStaffAction } from "./audit.js";
import { codeTexts } from "../otp/texts.js";
import type { Language } from "../language.js";

/** The staff roles (docs/ops.md). ADMIN alone does not imply the others. */
export const STAFF_ROLES = ["ONBOARDING", "COMPLIANCE", "PAYMENTS", "SUPPORT", "ADMIN"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Times in milliseconds, tries and code length of staff login. */
export const STAFF_AUTH_POLICY = {
  codeLength: 6,
  codeLifetimeMs: 5 * 60_000,
  maxAttempts: 5,
  sessionIdleMs: 15 * 60_000,
  sessionAbsoluteMs: 8 * 60 * 60_000,
} as const;

/** Login limits (per email and per IP), as rate-limit rules. */
export const STAFF_LOGIN_LIMITS = {
  perEmail: (email: string): RateLimitRule => ({ name: "staff-login-email", subject: email, limit: 5, windowMs: 15 * 60_000 }),
  perIp: (ip: string): RateLimitRule => ({ name: "staff-login-ip", subject: ip, limit: 20, windowMs: 15 * 60_000 }),
} as const;

/** Prefix of every staff session token (customer tokens never have it). */
export const STAFF_TOKEN_PREFIX = "ops_";

/** A staff user as the API shows it (no secrets). */
export interface StaffUser {
  id: string;
  email: string;
  phone: string;
  roles: StaffRole[];
}

/** The staff caller of an /api/v1/ops request. */
export interface StaffContext extends StaffUser {
  sessionId: string;
}

export interface StaffAuthDeps {
  sms: SmsProvider;
  config: Pick<Config, "otpSecret" | "smsDebugCodes" | "RATE_LIMITS">;
  now?: () => Date;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A fixed argon2id hash checked for unknown emails, so they take as long as known ones. */
let dummyHash: Promise<string> | null = null;
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= argon2Hash("staff-dummy-password-never-valid");
  return dummyHash;
}

function staffCodeHash(secret: string, id: string, code: string): string {
  return createHmac("sha256", secret).update(`staff:${id}:${code}`).digest("hex");
}

/** SHA-256 hex of a staff token (what `staff_sessions.token_hash` holds). */
export function hashStaffToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Lower-cased, trimmed email (staff emails are stored so). */
export function normalizeStaffEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Known role names only, in STAFF_ROLES order. */
export function toRoles(raw: unknown): StaffRole[] {
  const list = Array.isArray(raw) ? raw : [];
  return STAFF_ROLES.filter((r) => list.includes(r));
}

const wrongCredentials = () => new DomainError("INVALID_PASSWORD", "Email or password is wrong");
const invalidCode = (attemptsLeft?: number) =>
  new DomainError("INVALID_CODE", "Invalid code", attemptsLeft === undefined ? {} : { attemptsLeft });
const attemptsExceeded = () =>
  new DomainError("CODE_ATTEMPTS_EXCEEDED", "Too many wrong attempts. Log in again.", { attemptsLeft: 0 });

/** The answer of step 1. `debugCode` only in the sandbox (config.smsDebugCodes). */
export interface StaffChallenge {
  challengeId: string;
  expiresAt: string;
  debugCode?: string;
}

/**
 * Step 1: check email + password; on success send a code to the staff phone.
 * @param input email (any case), password, caller IP (null when unknown)
 * @returns the challenge id and its expiry (+5 min)
 * @throws DomainError RATE_LIMITED (`retryAfter` s); INVALID_PASSWORD (unknown email, wrong
 *   password or disabled user: one answer; audited as staff.login-failed for a known email);
 *   SMS_DELIVERY_FAILED
 */
export async function startStaffLogin(
  db: Database,
  input: { email: string; password: string; ip: string | null; language?: Language },
  deps: StaffAuthDeps,
): Promise<StaffChallenge> {
  const now = (deps.now ?? (() => new Date()))();
  const email = normalizeStaffEmail(input.email);
  const relaxed = deps.config.RATE_LIMITS === "relaxed";
  await consumeRateLimit(db, STAFF_LOGIN_LIMITS.perEmail(email), { relaxed });
  if (input.ip) await consumeRateLimit(db, STAFF_LOGIN_LIMITS.perIp(input.ip), { relaxed });

  const [staff] = await db.select().from(staffUsers).where(eq(staffUsers.email, email));
  const ok = await argon2Verify(staff?.passwordHash ?? (await dummyPasswordHash()), input.password).catch(() => false);
  if (!staff || !ok || staff.disabledAt) {
    if (staff) {
      await recordStaffAction(db, {
        staffUserId: staff.id,
        action: "staff.login-failed",
        subjectType: "staff_user",
        subjectId: staff.id,
        after: { step: "password", disabled: staff.disabledAt !== null },
      });
    }
    throw wrongCredentials();
  }

  const id = randomUUID();
  const code = String(randomInt(0, 10 ** STAFF_AUTH_POLICY.codeLength)).padStart(STAFF_AUTH_POLICY.codeLength, "0");
  const expiresAt = new Date(now.getTime() + STAFF_AUTH_POLICY.codeLifetimeMs);
  await db.transaction(async (tx) => {
    // A new code ends the staff user's earlier unused ones.
    await tx
      .update(staffLoginChallenges)
      .set({ usedAt: now })
      .where(and(eq(staffLoginChallenges.staffUserId, staff.id), isNull(staffLoginChallenges.usedAt)));
    await tx.insert(staffLoginChallenges).values({
      id,
      staffUserId: staff.id,
      email,
      ip: input.ip,
      codeHash: staffCodeHash(deps.config.otpSecret, id, code),
      expiresAt,
      createdAt: now,
    });
  });
  try {
    await deps.sms.send({ to: staff.phone, channel: "SMS", text: codeTexts(input.language).staffLogin(code) });
  } catch {
    throw new DomainError("SMS_DELIVERY_FAILED", "The code could not be sent. Try again.");
  }
  return {
    challengeId: id,
    expiresAt: expiresAt.toISOString(),
    ...(deps.config.smsDebugCodes ? { debugCode: code } : {}),
  };
}

/** The answer of step 2: the bearer token for /api/v1/ops, its idle expiry, the staff user. */
export interface StaffLogin {
  token: string;
  expiresAt: string;
  absoluteExpiresAt: string;
  staff: StaffUser;
}

/**
 * Step 2: check the code (see module rules) and open a staff session.
 * @returns token (`ops_…`), idle expiry (+15 min), absolute expiry (+8 h), the staff user
 * @throws DomainError INVALID_CODE (`attemptsLeft`; also for an unknown challenge),
 *   CODE_EXPIRED (expired or used), CODE_ATTEMPTS_EXCEEDED (5 wrong tries)
 */
export async function verifyStaffCode(
  db: Database,
  input: { challengeId: string; code: string },
  deps: Pick<StaffAuthDeps, "config" | "now">,
): Promise<StaffLogin> {
  const now = (deps.now ?? (() => new Date()))();
  if (!UUID_RE.test(input.challengeId)) throw invalidCode();
  const outcome = await db.transaction(async (tx): Promise<{ login: StaffLogin } | { refusal: DomainError }> => {
    const [row] = await tx
      .select()
      .from(staffLoginChallenges)
      .where(eq(staffLoginChallenges.id, input.challengeId))
      .for("update");
    if (!row || !row.staffUserId) return { refusal: invalidCode() };
    if (row.attempts >= STAFF_AUTH_POLICY.maxAttempts) return { refusal: attemptsExceeded() };
    if (row.usedAt) return { refusal: new DomainError("CODE_EXPIRED", "This code has already been used. Log in again.") };
    if (row.expiresAt <= now) return { refusal: new DomainError("CODE_EXPIRED", "The code has expired. Log in again.") };
    const expected = Buffer.from(row.codeHash, "hex");
    const actual = Buffer.from(staffCodeHash(deps.config.otpSecret, row.id, String(input.code)), "hex");
    if (!(expected.length === actual.length && timingSafeEqual(expected, actual))) {
      const attempts = row.attempts + 1;
      await tx.update(staffLoginChallenges).set({ attempts }).where(eq(staffLoginChallenges.id, row.id));
      await recordStaffAction(tx, {
        staffUserId: row.staffUserId,
        action: "staff.login-failed",
        subjectType: "staff_user",
        subjectId: row.staffUserId,
        after: { step: "code", challengeId: row.id, attempts },
      });
      if (attempts >= STAFF_AUTH_POLICY.maxAttempts) return { refusal: attemptsExceeded() };
      return { refusal: invalidCode(STAFF_AUTH_POLICY.maxAttempts - attempts) };
    }
    const [staff] = await tx.select().from(staffUsers).where(eq(staffUsers.id, row.staffUserId));
    if (!staff || staff.disabledAt) return { refusal: invalidCode() };
    await tx.update(staffLoginChallenges).set({ usedAt: now }).where(eq(staffLoginChallenges.id, row.id));
    const token = `${STAFF_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
    const idleExpiresAt = new Date(now.getTime() + STAFF_AUTH_POLICY.sessionIdleMs);
    const absoluteExpiresAt = new Date(now.getTime() + STAFF_AUTH_POLICY.sessionAbsoluteMs);
    const [session] = await tx
      .insert(staffSessions)
      .values({
        staffUserId: staff.id,
        tokenHash: hashStaffToken(token),
        idleExpiresAt,
        absoluteExpiresAt,
        lastSeenAt: now,
        createdAt: now,
      })
      .returning({ id: staffSessions.id });
    await recordStaffAction(tx, {
      staffUserId: staff.id,
      action: "staff.login",
      subjectType: "staff_session",
      subjectId: session.id,
      after: { absoluteExpiresAt: absoluteExpiresAt.toISOString() },
    });
    return {
      login: {
        token,
        expiresAt: idleExpiresAt.toISOString(),
        absoluteExpiresAt: absoluteExpiresAt.toISOString(),
        staff: { id: staff.id, email: staff.email, phone: staff.phone, roles: toRoles(staff.roles) },
      },
    };
  });
  if ("refusal" in outcome) throw outcome.refusal;
  return outcome.login;
}

/**
 * Resolve a staff bearer token and push its idle expiry forward (never past the absolute one).
 * @returns the staff caller, or null when the token is not a staff token, unknown, revoked,
 *   idle for 15 min, older than 8 h, or its staff user is disabled. Never throws for bad tokens.
 */
export async function authenticateStaffToken(db: Database, token: string, now: Date = new Date()): Promise<StaffContext | null> {
  if (!token.startsWith(STAFF_TOKEN_PREFIX) || token.length > 200) return null;
  const idle = new Date(now.getTime() + STAFF_AUTH_POLICY.sessionIdleMs);
  const [session] = await db
    .update(staffSessions)
    .set({
      lastSeenAt: now,
      idleExpiresAt: sql`least(${idle.toISOString()}::timestamptz, ${staffSessions.absoluteExpiresAt})`,
    })
    .where(
      and(
        eq(staffSessions.tokenHash, hashStaffToken(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.idleExpiresAt, now),
        gt(staffSessions.absoluteExpiresAt, now),
      ),
    )
    .returning({ id: staffSessions.id, staffUserId: staffSessions.staffUserId });
  if (!session) return null;
  const [staff] = await db
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.id, session.staffUserId), isNull(staffUsers.disabledAt)));
  if (!staff) return null;
  return { id: staff.id, email: staff.email, phone: staff.phone, roles: toRoles(staff.roles), sessionId: session.id };
}

/**
 * End a staff session (audited as staff.logout, same transaction). Ending an ended session is a no-op.
 * @param staff the caller (from `authenticateStaffToken`)
 */
export async function logoutStaff(db: Database, staff: StaffContext, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(and(eq(staffSessions.id, staff.sessionId), isNull(staffSessions.revokedAt)))
      .returning({ id: staffSessions.id });
    if (ended.length)
      await recordStaffAction(tx, {
        staffUserId: staff.id,
        action: "staff.logout",
        subjectType: "staff_session",
        subjectId: staff.sessionId,
      });
  });
}

/**
 * Create a staff user (seed, `npm run bank -- staff:create`).
 * @param input email (stored lower-cased, unique), E.164 phone, plain password (argon2id-hashed), roles
 * @returns the staff user
 * @throws DomainError VALIDATION_FAILED (bad email, phone, password shorter than 12, unknown or no role; email taken)
 */
export async function createStaffUser(
  db: Database,
  input: { email: string; phone: string; password: string; roles: readonly string[] },
): Promise<StaffUser> {
  const email = normalizeStaffEmail(input.email);
  const invalid = (property: string, message: string) =>
    new DomainError("VALIDATION_FAILED", [{ property, constraints: { invalid: message } }]);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) throw invalid("email", "email must be an email address");
  if (!/^\+[1-9]\d{7,14}$/.test(input.phone)) throw invalid("phone", "phone must be in international format");
  if (input.password.length < 12) throw invalid("password", "password must be at least 12 characters");
  const roles = toRoles(input.roles);
  if (!roles.length || roles.length !== new Set(input.roles).size)
    throw invalid("roles", `roles must be some of ${STAFF_ROLES.join(", ")}`);
  const [taken] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
  if (taken) throw invalid("email", "a staff user with this email exists");
  const [row] = await db
    .insert(staffUsers)
    .values({ email, phone: input.phone, passwordHash: await argon2Hash(input.password), roles })
    .returning();
  return { id: row.id, email: row.email, phone: row.phone, roles: toRoles(row.roles) };
}

/**
 * The staff user named at the command line (`npm run bank -- --staff <email>`): an existing one
 * that is not suspended. A name, not a login: whoever runs the command already holds the
 * database or the staff API token.
 * @param email any case, spaces around ignored
 * @returns the staff user (id, email, phone, roles)
 * @throws DomainError NOT_FOUND (no staff user with that email), FORBIDDEN (suspended: `disabled_at` set)
 */
export async function activeStaffByEmail(db: Database, email: string): Promise<StaffUser> {
  const wanted = normalizeStaffEmail(email);
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.email, wanted));
  if (!row) throw new DomainError("NOT_FOUND", `No staff user has the email ${wanted}`);
  if (row.disabledAt) throw new DomainError("FORBIDDEN", `Staff user ${wanted} is suspended`);
  return { id: row.id, email: row.email, phone: row.phone, roles: toRoles(row.roles) };
}
