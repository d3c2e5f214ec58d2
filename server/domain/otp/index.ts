/**
 * One-time codes (OTP) shared by login (purpose LOGIN) and payment signing (purpose SIGNATURE).
 *
 * Rules and their sources:
 * - 4 digits (spec 000 §9 "SMS code length 4"), drawn with `crypto.randomInt` (CSPRNG).
 * - Stored only as HMAC-SHA256(config.otpSecret, `${id}:${code}`) in `one_time_codes.code_hash`;
 *   compared in constant time (OWASP ASVS 5.0 §6.5 "out-of-band authenticators").
 * - Lifetime 5 minutes (`OTP_POLICY.lifetimeMs`; PSD2 RTS Art. 4 and design note: at most 10 min).
 * - Resend available 60 s after sending (spec 000 §4 "SMS code popup", §9).
 * - 5 wrong tries invalidate the code (PSD2 RTS Art. 4(3)(b), OWASP ASVS 5.0 §6.6).
 * - Single use: success marks `used_at` (or `verified_at` for the login two-step) with a
 *   conditional UPDATE, so two concurrent verifications cannot both succeed.
 * - A new code for the same phone + purpose invalidates the earlier unused ones.
 * - Rate limits are counted from `one_time_codes` rows, so they hold across processes
 *   (design note "nothing may live only in one process's memory"):
 *   strict: per phone + purpose 1 send / 60 s and 5 / 15 min; per IP 20 / 15 min.
 *   relaxed (RATE_LIMITS=relaxed, tests): ceilings ×100 and no 60 s spacing — same code path.
 * - Unknown phone (userId null): a row is created (so rate limits and the answer shape are the
 *   same) but nothing is sent, no debug code is returned and the challenge can never verify
 *   (no account enumeration, OWASP ASVS 5.0 §6.3).
 *
 * Error answers (DomainError, all 401 except 429):
 *   INVALID_CODE (unknown token, other purpose/user, wrong code; with `attemptsLeft`),
 *   CODE_EXPIRED (expired, or already used — deliberately the same code so clients show
 *   "request a new code", spec 000 §8 "Token expired"), CODE_ATTEMPTS_EXCEEDED (5 wrong tries),
 *   RATE_LIMITED 429 with `retryAfter` seconds.
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, count, eq, gt, isNull, lt, max, min, sql } from "drizzle-orm";
import { config as processConfig, type Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import { oneTimeCodes } from "../../db/schema/index.js";
import type { SmsProvider } from "../../providers/sms.js";
import { DomainError } from "../errors.js";
import type { CodeChallenge, OtpChannel } from "../../api/v1/contract.js";

export type OtpPurpose = "LOGIN" | "SIGNATURE";
export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;

/** Constants of the one-time-code policy (times in milliseconds). */
export const OTP_POLICY = {
  codeLength: 4,
  lifetimeMs: 5 * 60_000,
  resendAfterMs: 60_000,
  maxAttempts: 5,
  windowMs: 15 * 60_000,
  perPhoneInWindow: 5,
  perIpInWindow: 20,
  relaxedFactor: 100,
} as const;

export interface IssueCodeInput {
  purpose: OtpPurpose;
  /** Owner of the phone, or null when no user has it (then nothing is sent). */
  userId: string | null;
  /** E.164 phone the code goes to. */
  phone: string;
  /** Caller IP (rate limit per IP); null when unknown. */
  ip: string | null;
  channel: OtpChannel;
  /** What the code authorises (SIGNATURE: payment ids + binding hash), stored as JSON. */
  binding?: unknown;
  /** Builds the message text from the code (e.g. "Your bank login code is 1234. Never share it."). */
  message: (code: string) => string;
}

export interface OtpDeps {
  sms: SmsProvider;
  config: Pick<Config, "otpSecret" | "smsDebugCodes" | "RATE_LIMITS">;
  now?: () => Date;
}

/** HMAC-SHA256(secret, `${id}:${code}`) as hex. */
function hashCode(secret: string, id: string, code: string): string {
  return createHmac("sha256", secret).update(`${id}:${code}`).digest("hex");
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function secondsUntil(t: Date, now: Date): number {
  return Math.max(1, Math.ceil((t.getTime() - now.getTime()) / 1000));
}

function rateLimited(retryAfter: number): DomainError {
  return new DomainError("RATE_LIMITED", "Too many codes requested. Try again later.", { retryAfter });
}

/**
 * Issue a one-time code and send it (unless the phone is unknown).
 *
 * @returns contract `CodeChallenge`: `token` (challenge id, uuid), `expiresAt` (+5 min),
 *   `resendAvailableAt` (+60 s), `channel`, and `debugCode` only when `config.smsDebugCodes`
 *   and the phone belongs to a user.
 * @throws DomainError RATE_LIMITED `{ retryAfter }` over the per-phone or per-IP limits;
 *   DomainError SMS_DELIVERY_FAILED when the provider rejects the message.
 */
export async function issueCode(db: Database, input: IssueCodeInput, deps: OtpDeps): Promise<CodeChallenge> {
  const now = (deps.now ?? (() => new Date()))();
  const relaxed = deps.config.RATE_LIMITS === "relaxed";
  const factor = relaxed ? OTP_POLICY.relaxedFactor : 1;
  const windowStart = new Date(now.getTime() - OTP_POLICY.windowMs);
  const id = randomUUID();
  const code = String(randomInt(0, 10 ** OTP_POLICY.codeLength)).padStart(OTP_POLICY.codeLength, "0");
  const expiresAt = new Date(now.getTime() + OTP_POLICY.lifetimeMs);
  const resendAvailableAt = new Date(now.getTime() + (relaxed ? 0 : OTP_POLICY.resendAfterMs));

  await db.transaction(async (tx) => {
    // Serialise issuers for one phone so concurrent requests cannot both pass the counts.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"otp:" + input.phone}))`);

    const [byPhone] = await tx
      .select({ n: count(), oldest: min(oneTimeCodes.createdAt), newest: max(oneTimeCodes.createdAt) })
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.phone, input.phone),
          eq(oneTimeCodes.purpose, input.purpose),
          gt(oneTimeCodes.createdAt, windowStart),
        ),
      );
    if (!relaxed && byPhone.newest) {
      const next = new Date(new Date(byPhone.newest).getTime() + OTP_POLICY.resendAfterMs);
      if (next > now) throw rateLimited(secondsUntil(next, now));
    }
    if (Number(byPhone.n) >= OTP_POLICY.perPhoneInWindow * factor && byPhone.oldest) {
      throw rateLimited(secondsUntil(new Date(new Date(byPhone.oldest).getTime() + OTP_POLICY.windowMs), now));
    }
    if (input.ip) {
      const [byIp] = await tx
        .select({ n: count(), oldest: min(oneTimeCodes.createdAt) })
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.ip, input.ip), gt(oneTimeCodes.createdAt, windowStart)));
      if (Number(byIp.n) >= OTP_POLICY.perIpInWindow * factor && byIp.oldest) {
        throw rateLimited(secondsUntil(new Date(new Date(byIp.oldest).getTime() + OTP_POLICY.windowMs), now));
      }
    }

    // A new code replaces the earlier unused ones for this phone and purpose.
    await tx
      .update(oneTimeCodes)
      .set({ usedAt: now })
      .where(and(eq(oneTimeCodes.phone, input.phone), eq(oneTimeCodes.purpose, input.purpose), isNull(oneTimeCodes.usedAt)));

    await tx.insert(oneTimeCodes).values({
      id,
      purpose: input.purpose,
      userId: input.userId,
      phone: input.phone,
      ip: input.ip,
      channel: input.channel,
      codeHash: hashCode(deps.config.otpSecret, id, code),
      expiresAt,
      binding: input.binding ?? null,
      createdAt: now,
    });
  });

  if (input.userId) {
    try {
      await deps.sms.send({ to: input.phone, channel: input.channel, text: input.message(code) });
    } catch {
      throw new DomainError("SMS_DELIVERY_FAILED", "The code could not be sent. Try again.");
    }
  }

  const challenge: CodeChallenge = {
    token: id,
    expiresAt: expiresAt.toISOString(),
    resendAvailableAt: resendAvailableAt.toISOString(),
    channel: input.channel,
  };
  if (deps.config.smsDebugCodes && input.userId) challenge.debugCode = code;
  return challenge;
}

export interface VerifyCodeInput {
  /** Challenge token from `issueCode`. */
  token: string;
  /** Code typed by the user (digits). */
  code: string;
  purpose: OtpPurpose;
  /** When given, the challenge must belong to this user (signing). */
  userId?: string;
  /**
   * What success marks: "used" (default; consumes the code) or "verified" (login step 1:
   * sets `verified_at`; the password step then consumes it with `used_at`).
   */
  mark?: "used" | "verified";
}

/** Options of `verifyCode`: `config` (defaults to the process config from server/config.ts) and a clock. */
export interface VerifyCodeOptions {
  config?: Pick<Config, "otpSecret">;
  now?: () => Date;
}

/**
 * Check a one-time code. Third argument: a Date (the clock, "now"), or `{ config, now }`;
 * `config.otpSecret` must be the one `issueCode` used (default: the process config).
 *
 * @returns the challenge row after marking it (usedAt or verifiedAt set).
 * @throws DomainError INVALID_CODE (`attemptsLeft`), CODE_EXPIRED, CODE_ATTEMPTS_EXCEEDED
 *   (see module docstring).
 */
export async function verifyCode(
  db: Database,
  input: VerifyCodeInput,
  opts: Date | VerifyCodeOptions = {},
): Promise<OneTimeCodeRow> {
  const deps: VerifyCodeOptions = opts instanceof Date ? { now: () => opts } : opts;
  const now = (deps.now ?? (() => new Date()))();
  const secret = (deps.config ?? processConfig).otpSecret;
  const invalid = () => new DomainError("INVALID_CODE", "Invalid code");
  if (!UUID_RE.test(input.token)) throw invalid();
  const [row] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, input.token));
  if (!row || row.purpose !== input.purpose) throw invalid();
  if (input.userId !== undefined && row.userId !== input.userId) throw invalid();

  if (row.usedAt || row.verifiedAt)
    throw new DomainError("CODE_EXPIRED", "This code has already been used. Request a new one.");
  if (row.attempts >= OTP_POLICY.maxAttempts) throw attemptsExceeded();
  if (row.expiresAt <= now) throw new DomainError("CODE_EXPIRED", "The code has expired. Request a new one.");

  const expected = Buffer.from(row.codeHash, "hex");
  const actual = Buffer.from(hashCode(secret, row.id, String(input.code)), "hex");
  // A challenge for an unknown phone (userId null) never verifies: no code was sent.
  const matches = expected.length === actual.length && timingSafeEqual(expected, actual) && row.userId !== null;

  if (!matches) {
    const attempts = await recordFailedAttempt(db, row.id);
    if (attempts === null || attempts >= OTP_POLICY.maxAttempts) throw attemptsExceeded();
    throw new DomainError("INVALID_CODE", "Invalid code", { attemptsLeft: OTP_POLICY.maxAttempts - attempts });
  }

  const set = input.mark === "verified" ? { verifiedAt: now } : { usedAt: now };
  const [marked] = await db
    .update(oneTimeCodes)
    .set(set)
    .where(
      and(
        eq(oneTimeCodes.id, row.id),
        isNull(oneTimeCodes.usedAt),
        isNull(oneTimeCodes.verifiedAt),
        lt(oneTimeCodes.attempts, OTP_POLICY.maxAttempts),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .returning();
  if (!marked) throw new DomainError("CODE_EXPIRED", "This code has already been used. Request a new one.");
  return marked;
}

/**
 * Count one wrong try on a challenge atomically (`attempts = attempts + 1`), also used for
 * wrong passwords in the login step. Returns the new attempt count, or null when the challenge
 * is already exhausted or consumed.
 */
export async function recordFailedAttempt(db: Database, challengeId: string): Promise<number | null> {
  const [r] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, challengeId), lt(oneTimeCodes.attempts, OTP_POLICY.maxAttempts), isNull(oneTimeCodes.usedAt)))
    .returning({ attempts: oneTimeCodes.attempts });
  return r ? r.attempts : null;
}

/** 401 CODE_ATTEMPTS_EXCEEDED with attemptsLeft 0. */
export function attemptsExceeded(): DomainError {
  return new DomainError("CODE_ATTEMPTS_EXCEEDED", "Too many wrong attempts. Request a new code.", { attemptsLeft: 0 });
}
