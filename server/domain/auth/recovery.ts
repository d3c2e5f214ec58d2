/**
 * Account recovery: a customer who forgot the password sets a new one after a one-time code
 * (spec 000 §7 POST /v1/recover/send-code, /v1/recover/verify-code; issue 10 "Account recovery").
 *
 * - `startRecovery`: a RECOVERY code to the phone on the user's channel, under the login's limits
 *   (counted together with login codes: per phone 1 / 60 s and 5 / 15 min, per IP 20 / 15 min).
 *   An unknown phone gets an answer of the same shape and no message (no enumeration, ASVS 5.0
 *   §6.3).
 * - `finishRecovery`: the code (5 tries, 5 minutes, single use) and the new password together.
 *   The password is checked first (`passwordProblem`: NIST SP 800-63B §3.1.1.2 / ASVS 5.0 §6.2 —
 *   length 12 to 128, not the phone number, no composition rules); a refused password costs no
 *   try. On success, in the code's transaction: the argon2id hash is replaced and every session
 *   of the user is revoked (all devices log in again with the new password).
 */
import { hash as argon2Hash } from "@node-rs/argon2";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { apiSessions, users } from "../../db/schema/index.js";
import type { CodeChallenge, OtpChannel } from "../../api/v1/contract.js";
import { fieldError } from "../errors.js";
import { issueCode, openChallenge, verifyCode, type OtpDeps } from "../otp/index.js";
import { codeTexts } from "../otp/texts.js";
import type { Language } from "../language.js";
import { disconnectChatUsers } from "../chat/publisher.js";

/** Length limits of a new password (characters, Unicode code points). */
export const PASSWORD_POLICY = { minLength: 12, maxLength: 128 } as const;

/** The API's English text per refusal (the web app shows its translation of the rule id). */
const PASSWORD_PROBLEM_TEXT = {
  "too-short": `password must be at least ${PASSWORD_POLICY.minLength} characters`,
  "too-long": `password must be at most ${PASSWORD_POLICY.maxLength} characters`,
  "is-phone": "password must not be the phone number",
} as const;

/**
 * Why a new password is refused, or null when it is acceptable.
 * @returns "too-short" | "too-long" | "is-phone" | null
 */
export function passwordProblem(password: string, phone: string): "too-short" | "too-long" | "is-phone" | null {
  const length = [...password].length;
  if (length < PASSWORD_POLICY.minLength) return "too-short";
  if (length > PASSWORD_POLICY.maxLength) return "too-long";
  // The phone number itself (with or without "+", spaces, dashes or the leading 0 of a national form).
  const bare = password.replace(/[\s+()-]/g, "");
  const national = phone.replace(/\D/g, "").slice(-9);
  if (/^\d+$/.test(bare) && national.length >= 8 && bare.endsWith(national)) return "is-phone";
  return null;
}

/**
 * Step 1: send a recovery code to `phone` (E.164).
 * @returns contract CodeChallenge (same shape for unknown phones; debugCode only in sandbox for known ones)
 * @throws DomainError RATE_LIMITED, SMS_DELIVERY_FAILED
 */
export async function startRecovery(
  db: Database,
  input: { phone: string; ip: string | null; language?: Language },
  deps: OtpDeps,
): Promise<CodeChallenge> {
  const [user] = await db.select({ id: users.id, otpChannel: users.otpChannel }).from(users).where(eq(users.phone, input.phone));
  return issueCode(
    db,
    {
      purpose: "RECOVERY",
      userId: user?.id ?? null,
      phone: input.phone,
      ip: input.ip,
      channel: (user?.otpChannel as OtpChannel | undefined) ?? "SMS",
      message: codeTexts(input.language).recovery,
    },
    deps,
  );
}

/**
 * Step 2: check the code and set the new password; every session of the user ends.
 * @throws DomainError INVALID_CODE, CODE_EXPIRED, CODE_ATTEMPTS_EXCEEDED for a challenge that can
 *   no longer be tried (before anything else); then VALIDATION_FAILED on `password` (too-short,
 *   too-long, is-phone) before the code is tried; then INVALID_CODE (`attemptsLeft`) and the rest
 */
export async function finishRecovery(
  db: Database,
  input: { token: string; code: string; password: string },
  deps: Pick<OtpDeps, "config" | "now">,
): Promise<void> {
  const now = (deps.now ?? (() => new Date()))();
  // The challenge first: a password is hashed (argon2id, ~20 ms and 19 MiB) only for a code that
  // can still be tried, so a flood of calls with made-up or spent tokens costs a lookup each.
  const { phone } = await openChallenge(db, { token: input.token, purpose: "RECOVERY" }, now);
  const problem = passwordProblem(input.password, phone);
  if (problem) throw fieldError("password", problem, PASSWORD_PROBLEM_TEXT[problem]);
  const passwordHash = await argon2Hash(input.password);
  let recovered: string | null = null;
  await verifyCode(
    db,
    { token: input.token, code: input.code, purpose: "RECOVERY" },
    {
      config: deps.config,
      now: () => now,
      onVerified: async (tx, row) => {
        if (!row.userId) return; // never reached: a challenge without a user never verifies
        recovered = row.userId;
        await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
        await tx
          .update(apiSessions)
          .set({ revokedAt: now })
          .where(and(eq(apiSessions.userId, row.userId), isNull(apiSessions.revokedAt)));
      },
    },
  );
  // Every session was revoked: the user's open chat sockets end too (after commit).
  disconnectChatUsers([recovered]);
}
