/**
 * One-time codes (OTP) shared by login (purpose LOGIN) and payment signing (purpose SIGNATURE).
 *
 * Rules and their sources:
 * - 4 digits (spec 000 §9 "SMS code length 4"), drawn with `crypto.randomInt` (CSPRNG).
 * - Stored only as HMAC-SHA256(config.otpSecret, `${id}:${code}`) in `one_time_codes.code_hash`;
 *   compared in constant time (OWASP ASVS 5.0 §6.5 "out-of-band authenticators").
 * - Lifetime 5 minutes (`OTP_POLICY.lifetimeMs`; PSD2 RTS Art. 4 and design note: at most 10 min).
 * - Resend available 60 s after sending (spec 000 §4 "SMS code popup", §9).
 * - 5 tries per code (PSD2 RTS Art. 4(3)(b), OWASP ASVS 5.0 §6.6), decided atomically: a code is
 *   checked inside a short transaction holding the challenge's row lock (`SELECT … FOR UPDATE`),
 *   so simultaneous guesses are checked one after another and at most 5 are ever evaluated;
 *   every guess beyond them gets the same CODE_ATTEMPTS_EXCEEDED, right or wrong. Only wrong
 *   guesses spend a try (the login's password step shares the budget; its argon2 check is too
 *   slow to hold a lock over, so it reserves its try first: server/domain/auth/login.ts).
 * - Single use: success marks `used_at` (or `verified_at` for the login two-step) with a
 *   conditional UPDATE, so two concurrent verifications cannot both succeed.
 * - A new LOGIN code for a phone invalidates that phone's earlier unused login codes. A new
 *   SIGNATURE code invalidates only the user's earlier unused codes for the SAME payments
 *   (same binding hash): a customer may sign different payments in parallel (two tabs, a batch).
 * - Sending limits (server/domain/rate-limit: rate-limiter-flexible, atomic, shared by every
 *   process), strict values in `OTP_LIMITS`:
 *   LOGIN and RECOVERY (together): per IP 20 / 15 min; per phone 1 / 60 s (resend) and 5 / 15 min.
 *   SIGNATURE and SETTINGS: per user and bound thing (payment set, new setting) 1 / 60 s
 *   (resend); per user 10 / min and 40 / hour, both purposes together (several tabs, yet no
 *   SMS pumping).
 *   relaxed (RATE_LIMITS=relaxed, tests): ceilings ×100 — same code path.
 * - Unknown phone (userId null): a row is created (so rate limits and the answer shape are the
 *   same) but nothing is sent, no debug code is returned and the challenge can never verify
 *   (no account enumeration, OWASP ASVS 5.0 §6.3).
 *
 * Errors (DomainError codes; their HTTP statuses live in server/api/v1/http.ts):
 *   INVALID_CODE (unknown token, other purpose/user, wrong code; with `attemptsLeft`),
 *   CODE_EXPIRED (expired, or already used — deliberately the same code so clients show
 *   "request a new code", spec 000 §8 "Token expired"), CODE_ATTEMPTS_EXCEEDED (5 wrong tries),
 *   RATE_LIMITED with `retryAfter` seconds.
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { config as processConfig, type Config } from "../../config.js";
import type { Database, Tx } from "../../db/client.js";
import { oneTimeCodes } from "../../db/schema/index.js";
import type { SmsProvider } from "../../providers/sms.js";
import { DomainError } from "../errors.js";
import { consumeRateLimit, type RateLimitRule } from "../rate-limit/index.js";
import type { CodeChallenge, OtpChannel } from "../../api/v1/contract.js";

/**
 * LOGIN: the login's code; RECOVERY: setting a new password after a forgotten one (the login's
 * limits, counted together with it); SIGNATURE: signing payments, orders or requests (bound to
 * them); SETTINGS: confirming a change of the user's one-time-code settings (bound to the new value).
 */
export type OtpPurpose = "LOGIN" | "RECOVERY" | "SIGNATURE" | "SETTINGS";
export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;

/** Constants of the one-time-code policy (times in milliseconds). */
export const OTP_POLICY = {
  codeLength: 4,
  lifetimeMs: 5 * 60_000,
  resendAfterMs: 60_000,
  maxAttempts: 5,
} as const;

/** Sending limits of one-time codes (see module docstring), as rate-limit rules. */
export const OTP_LIMITS = {
  perIp: (ip: string): RateLimitRule => ({ name: "otp-ip", subject: ip, limit: 20, windowMs: 15 * 60_000 }),
  loginResend: (phone: string): RateLimitRule => ({
    name: "otp-login-resend",
    subject: phone,
    limit: 1,
    windowMs: OTP_POLICY.resendAfterMs,
  }),
  loginPerPhone: (phone: string): RateLimitRule => ({ name: "otp-login-phone", subject: phone, limit: 5, windowMs: 15 * 60_000 }),
  signatureResend: (userId: string, bindingHash: string): RateLimitRule => ({
    name: "otp-sign-resend",
    subject: `${userId}:${bindingHash}`,
    limit: 1,
    windowMs: OTP_POLICY.resendAfterMs,
  }),
  signaturePerMinute: (userId: string): RateLimitRule => ({
    name: "otp-sign-user-1m",
    subject: userId,
    limit: 10,
    windowMs: 60_000,
  }),
  signaturePerHour: (userId: string): RateLimitRule => ({
    name: "otp-sign-user-1h",
    subject: userId,
    limit: 40,
    windowMs: 60 * 60_000,
  }),
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
  /** What the code authorises (SIGNATURE: payment ids + binding `hash`), stored as JSON. */
  binding?: { hash: string } & Record<string, unknown>;
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
  const id = randomUUID();
  const code = String(randomInt(0, 10 ** OTP_POLICY.codeLength)).padStart(OTP_POLICY.codeLength, "0");
  const expiresAt = new Date(now.getTime() + OTP_POLICY.lifetimeMs);
  const resendAvailableAt = new Date(now.getTime() + (relaxed ? 0 : OTP_POLICY.resendAfterMs));

  // Narrowest limit first. The limits are consumed in the same transaction as the code is
  // stored (database store): one commit per code, and a refused request counts nothing.
  const byPhone = input.purpose === "LOGIN" || input.purpose === "RECOVERY";
  const rules: RateLimitRule[] = byPhone
    ? [
        OTP_LIMITS.loginResend(input.phone),
        OTP_LIMITS.loginPerPhone(input.phone),
        ...(input.ip ? [OTP_LIMITS.perIp(input.ip)] : []),
      ]
    : [
        OTP_LIMITS.signatureResend(input.userId ?? input.phone, `${input.purpose}:${input.binding?.hash ?? ""}`),
        OTP_LIMITS.signaturePerMinute(input.userId ?? input.phone),
        OTP_LIMITS.signaturePerHour(input.userId ?? input.phone),
      ];

  await db.transaction(async (tx) => {
    for (const rule of rules) {
      await consumeRateLimit(tx, rule, { relaxed }).catch((err: unknown) => {
        if (err instanceof DomainError && err.code === "RATE_LIMITED") {
          throw new DomainError("RATE_LIMITED", "Too many codes requested. Try again later.", err.extra);
        }
        throw err;
      });
    }
    // A new code replaces the earlier unused ones for the same thing: the phone's login, the
    // user's signature of the same payments (other payments keep their codes), or the same
    // settings change.
    const replaced = byPhone
      ? and(eq(oneTimeCodes.phone, input.phone), eq(oneTimeCodes.purpose, input.purpose), isNull(oneTimeCodes.usedAt))
      : and(
          eq(oneTimeCodes.phone, input.phone),
          eq(oneTimeCodes.purpose, input.purpose),
          isNull(oneTimeCodes.usedAt),
          sql`${oneTimeCodes.binding}->>'hash' = ${input.binding?.hash ?? ""}`,
        );
    await tx.update(oneTimeCodes).set({ usedAt: now }).where(replaced);

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
  /**
   * Work to commit together with the successful check (e.g. minting the MFA token), inside the
   * same transaction; if it throws, the code stays unused.
   */
  onVerified?: (tx: Tx, row: OneTimeCodeRow) => Promise<void>;
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

  // One short transaction holding the challenge's row lock: simultaneous guesses are checked
  // one after another, each seeing the tries taken before it, so at most 5 are ever evaluated.
  // A wrong guess's try is committed before its refusal is answered.
  const outcome = await db.transaction(async (tx): Promise<{ row: OneTimeCodeRow } | { refusal: DomainError }> => {
    const [row] = await tx
      .select()
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.id, input.token),
          eq(oneTimeCodes.purpose, input.purpose),
          input.userId !== undefined ? eq(oneTimeCodes.userId, input.userId) : undefined,
        ),
      )
      .for("update");
    if (!row) return { refusal: invalid() };
    const closed = closedChallengeRefusal(row, now);
    if (closed) return { refusal: closed };

    const expected = Buffer.from(row.codeHash, "hex");
    const actual = Buffer.from(hashCode(secret, row.id, String(input.code)), "hex");
    // A challenge for an unknown phone (userId null) never verifies: no code was sent.
    const matches = expected.length === actual.length && timingSafeEqual(expected, actual) && row.userId !== null;
    if (!matches) {
      const attempts = row.attempts + 1;
      await tx.update(oneTimeCodes).set({ attempts }).where(eq(oneTimeCodes.id, row.id));
      if (attempts >= OTP_POLICY.maxAttempts) return { refusal: attemptsExceeded() };
      return { refusal: new DomainError("INVALID_CODE", "Invalid code", { attemptsLeft: OTP_POLICY.maxAttempts - attempts }) };
    }
    const set = input.mark === "verified" ? { verifiedAt: now } : { usedAt: now };
    const [marked] = await tx.update(oneTimeCodes).set(set).where(eq(oneTimeCodes.id, row.id)).returning();
    if (deps.onVerified) await deps.onVerified(tx, marked);
    return { row: marked };
  });
  if ("refusal" in outcome) throw outcome.refusal;
  return outcome.row;
}

/**
 * The refusal a challenge gets before any code is compared: its tries spent, already used, or
 * expired (in that order, as `verifyCode` answers); null while it can still be tried.
 */
function closedChallengeRefusal(row: Pick<OneTimeCodeRow, "attempts" | "usedAt" | "verifiedAt" | "expiresAt">, now: Date) {
  if (row.attempts >= OTP_POLICY.maxAttempts) return attemptsExceeded();
  if (row.usedAt || row.verifiedAt) return codeExpired("This code has already been used. Request a new one.");
  if (row.expiresAt <= now) return codeExpired("The code has expired. Request a new one.");
  return null;
}

/**
 * A challenge that can still be tried, read without a lock (it may close before the code is
 * checked: `verifyCode` decides under its row lock). For work that must not be spent on a dead
 * challenge, such as hashing a new password before the recovery code is checked.
 * @returns the challenge's phone, whatever its user (known or not: the answers must not differ)
 * @throws DomainError as `verifyCode` would without trying the code: INVALID_CODE (unknown token,
 *   other purpose), CODE_ATTEMPTS_EXCEEDED, CODE_EXPIRED
 */
export async function openChallenge(
  db: Database,
  input: { token: string; purpose: OtpPurpose },
  now: Date,
): Promise<{ phone: string }> {
  if (!UUID_RE.test(input.token)) throw new DomainError("INVALID_CODE", "Invalid code");
  const [row] = await db
    .select({
      phone: oneTimeCodes.phone,
      attempts: oneTimeCodes.attempts,
      usedAt: oneTimeCodes.usedAt,
      verifiedAt: oneTimeCodes.verifiedAt,
      expiresAt: oneTimeCodes.expiresAt,
    })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.id, input.token), eq(oneTimeCodes.purpose, input.purpose)));
  if (!row) throw new DomainError("INVALID_CODE", "Invalid code");
  const closed = closedChallengeRefusal(row, now);
  if (closed) throw closed;
  return { phone: row.phone };
}

function codeExpired(message: string): DomainError {
  return new DomainError("CODE_EXPIRED", message);
}

/** 401 CODE_ATTEMPTS_EXCEEDED with attemptsLeft 0. */
export function attemptsExceeded(): DomainError {
  return new DomainError("CODE_ATTEMPTS_EXCEEDED", "Too many wrong attempts. Request a new code.", { attemptsLeft: 0 });
}
