/**
 * Login: phone → one-time code → password → session (spec 000 §7 "Auth and user";
 * PSD2 RTS Art. 4: two independent factors, possession (code) and knowledge (password);
 * OWASP ASVS 5.0 §6.5–6.6).
 *
 * Challenge life cycle (one `one_time_codes` row, purpose LOGIN):
 *   issued ──verify-code ok──► verified (`verified_at`) ──verify-password ok──► consumed (`used_at`)
 * - The code expires 5 min after issue (server/domain/otp); the password step must follow within
 *   10 min of the code verification (`LOGIN_POLICY.passwordStepMs`).
 * - Wrong codes AND wrong passwords count toward the same 5-try limit of the challenge; each try
 *   is reserved atomically before it is checked, so simultaneous guesses never exceed 5.
 * - A blocked user who gives the right code and password gets 403 FORBIDDEN (and no session);
 *   the status is revealed only after both factors.
 * - Unknown phones get a challenge of the same shape that can never verify (no enumeration).
 */
import { verify as argon2Verify } from "@node-rs/argon2";
import { and, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { oneTimeCodes, users } from "../../db/schema/index.js";
import { DomainError } from "../errors.js";
import type { CodeChallenge, OtpChannel, VerifyCodeResponse } from "../../api/v1/contract.js";
import { attemptsExceeded, issueCode, OTP_POLICY, verifyCode, type OneTimeCodeRow, type OtpDeps } from "../otp/index.js";
import { createSession, type IssuedSession } from "./sessions.js";
import { linkInvitations } from "../organizations/officials.js";
import { codeTexts } from "../otp/texts.js";
import type { Language } from "../language.js";

export const LOGIN_POLICY = {
  /** Time allowed between code verification and password (ms). */
  passwordStepMs: 10 * 60_000,
} as const;

/**
 * Step 1: send a login code to `phone` (E.164) on `channel` (default: the user's preferred
 * channel, else SMS). Answer shape is identical for unknown phones.
 * @throws DomainError RATE_LIMITED (`retryAfter` s), 502 SMS_DELIVERY_FAILED
 */
export async function startLogin(
  db: Database,
  input: { phone: string; channel?: OtpChannel; ip: string | null; language?: Language },
  deps: OtpDeps,
): Promise<CodeChallenge> {
  const [user] = await db.select({ id: users.id, otpChannel: users.otpChannel }).from(users).where(eq(users.phone, input.phone));
  const channel = input.channel ?? (user?.otpChannel as OtpChannel | undefined) ?? "SMS";
  return issueCode(
    db,
    {
      purpose: "LOGIN",
      userId: user?.id ?? null,
      phone: input.phone,
      ip: input.ip,
      channel,
      message: codeTexts(input.language).login,
    },
    deps,
  );
}

/**
 * Step 2: check the code; marks the challenge verified (not consumed).
 * @returns `{ token, passwordRequired: true }` — the same token is used for the password step.
 * @throws DomainError INVALID_CODE (`attemptsLeft`) | CODE_EXPIRED | CODE_ATTEMPTS_EXCEEDED
 */
export async function verifyLoginCode(
  db: Database,
  input: { token: string; code: string },
  deps: Pick<OtpDeps, "config" | "now">,
): Promise<VerifyCodeResponse> {
  const row = await verifyCode(db, { token: input.token, code: input.code, purpose: "LOGIN", mark: "verified" }, deps);
  return { token: row.id, passwordRequired: true };
}

/**
 * Step 3: check the password (argon2id) on a verified, unconsumed, unexpired challenge;
 * on success consume it and start a session (a new device: `deviceName` as the client gave it).
 * @returns contract AuthTokens + sessionId
 * @throws DomainError INVALID_CODE (token unknown / code not verified yet), CODE_EXPIRED
 *   (consumed, or more than 10 min since the code step), CODE_ATTEMPTS_EXCEEDED,
 *   INVALID_PASSWORD (`attemptsLeft`); 403 FORBIDDEN when the user is blocked.
 */
export async function verifyLoginPassword(
  db: Database,
  input: { token: string; password: string; deviceName?: string | null },
  deps: { now?: () => Date } = {},
): Promise<IssuedSession> {
  const now = (deps.now ?? (() => new Date()))();
  const invalid = () => new DomainError("INVALID_CODE", "Verify the code first");
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(input.token)) throw invalid();
  // Reserve one try before the password is checked, so simultaneous guesses cannot exceed
  // the 5 tries (the same rule as codes: server/domain/otp).
  const challenge = await reservePasswordTry(db, input.token);
  if (!challenge) {
    const [row] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, input.token));
    if (!row || row.purpose !== "LOGIN" || !row.userId || !row.verifiedAt) throw invalid();
    if (row.attempts >= OTP_POLICY.maxAttempts) throw attemptsExceeded();
    throw new DomainError("CODE_EXPIRED", "This login attempt has ended. Request a new code.");
  }
  if (challenge.purpose !== "LOGIN" || !challenge.userId || !challenge.verifiedAt) throw invalid();
  if (challenge.verifiedAt.getTime() + LOGIN_POLICY.passwordStepMs <= now.getTime()) {
    throw new DomainError("CODE_EXPIRED", "This login attempt has expired. Request a new code.");
  }

  const [user] = await db.select().from(users).where(eq(users.id, challenge.userId));
  const ok = user ? await argon2Verify(user.passwordHash, input.password).catch(() => false) : false;
  if (!ok) {
    if (challenge.attempts >= OTP_POLICY.maxAttempts) throw attemptsExceeded();
    throw new DomainError("INVALID_PASSWORD", "Wrong password", { attemptsLeft: OTP_POLICY.maxAttempts - challenge.attempts });
  }
  if (user.status !== "ACTIVE") throw new DomainError("FORBIDDEN", "This user is blocked. Contact support.");

  return db.transaction(async (tx) => {
    // The user's row again, shared until commit: a phone change or a password recovery that
    // committed since the checks above ends this attempt (its code went to the old phone, or its
    // password is the old one), and one still running waits for this login and then ends the
    // session it starts (sessions.ts, rotateRefreshToken takes the same lock).
    const [current] = await tx
      .select({ phone: users.phone, passwordHash: users.passwordHash, status: users.status })
      .from(users)
      .where(eq(users.id, user.id))
      .for("share");
    if (
      !current ||
      current.phone !== challenge.phone ||
      current.passwordHash !== user.passwordHash ||
      current.status !== "ACTIVE"
    )
      throw new DomainError("CODE_EXPIRED", "This login attempt has ended. Request a new code.");
    const [consumed] = await tx
      .update(oneTimeCodes)
      .set({ usedAt: now })
      // This try was reserved above (it may be the fifth): only a concurrent success can stop it.
      .where(and(eq(oneTimeCodes.id, challenge.id), isNull(oneTimeCodes.usedAt)))
      .returning({ id: oneTimeCodes.id });
    if (!consumed) throw new DomainError("CODE_EXPIRED", "This login attempt has ended. Request a new code.");
    // Company-user invitations for this phone become memberships (identified users only).
    await linkInvitations(tx, user.id);
    return createSession(tx, user.id, now, undefined, input.deviceName);
  });
}

/**
 * Take one try of a login challenge for the password step, atomically: `attempts + 1` only on a
 * LOGIN challenge whose code was verified, not yet used, with fewer than 5 tries taken. The try
 * is taken BEFORE the (slow) argon2 check, so simultaneous passwords never exceed the 5 tries.
 * Returns the row after the increment, or null when no try is left or the challenge is unknown,
 * unverified or closed.
 */
async function reservePasswordTry(db: Database, challengeId: string): Promise<OneTimeCodeRow | null> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, challengeId),
        eq(oneTimeCodes.purpose, "LOGIN"),
        lt(oneTimeCodes.attempts, OTP_POLICY.maxAttempts),
        isNull(oneTimeCodes.usedAt),
        isNotNull(oneTimeCodes.verifiedAt),
      ),
    )
    .returning();
  return row ?? null;
}
