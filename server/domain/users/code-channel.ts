/**
 * The channel one-time codes reach the user on: SMS or WHATSAPP (spec 000 §3 User "the SMS-code
 * delivery channel", §7 PATCH /v1/users/{id}; spec 001 §3 twilioAuthChannel; issue 10). Login
 * and signing send codes on it.
 *
 * Changing it needs a fresh one-time code (OWASP ASVS 5.0 §7.5.1: re-authenticate before a
 * change to an authentication factor), sent over the NEW channel — which also proves the user
 * receives messages there before the bank relies on it:
 * 1. `requestCodeChannelChange` issues a SETTINGS code bound to the new channel
 *    (binding `{ hash, otpChannel }`); same limits as signing codes (server/domain/otp).
 * 2. `confirmCodeChannelChange` checks the code (5 tries, 5 minutes, single use) and, in the
 *    same transaction, stores the channel the code was bound to — a code sent for WHATSAPP
 *    cannot switch to anything else.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import type { CodeChallenge, OtpChannel } from "../../api/v1/contract.js";
import { DomainError, fieldError } from "../errors.js";
import { issueCode, verifyCode, type OtpDeps } from "../otp/index.js";
import { codeTexts } from "../otp/texts.js";
import type { Language } from "../language.js";
import { isUuid } from "../accounts/index.js";
import { notFound } from "../organizations/access.js";

/** The binding of a SETTINGS code to a channel (SHA-256 hex of "otpChannel:<channel>"). */
function bindingOf(channel: OtpChannel): { hash: string; otpChannel: OtpChannel } {
  return { hash: createHash("sha256").update(`otpChannel:${channel}`).digest("hex"), otpChannel: channel };
}

/** The caller's own user row; another user's id is 404 (a user changes only their own settings). */
async function ownUser(db: Database, callerId: string, userId: string) {
  if (!isUuid(userId) || userId !== callerId) throw notFound("User");
  const [user] = await db
    .select({ id: users.id, phone: users.phone, otpChannel: users.otpChannel })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound("User");
  return user;
}

/**
 * Step 1: send a code over `channel` to confirm the change.
 * @returns contract CodeChallenge (token, expiresAt, resendAvailableAt, channel, debugCode in sandbox)
 * @throws 404 NOT_FOUND (not the caller), 400 VALIDATION_FAILED on `twilioAuthChannel` when it is
 *   already the channel, RATE_LIMITED, SMS_DELIVERY_FAILED
 */
export async function requestCodeChannelChange(
  db: Database,
  input: { callerId: string; userId: string; channel: OtpChannel; ip: string | null; language?: Language },
  deps: OtpDeps,
): Promise<CodeChallenge> {
  const user = await ownUser(db, input.callerId, input.userId);
  if (user.otpChannel === input.channel)
    throw fieldError("twilioAuthChannel", "isDifferent", "twilioAuthChannel is already the channel in use");
  return issueCode(
    db,
    {
      purpose: "SETTINGS",
      userId: user.id,
      phone: user.phone,
      ip: input.ip,
      channel: input.channel,
      binding: bindingOf(input.channel),
      message: (code) => codeTexts(input.language).codeChannel(code, input.channel),
    },
    deps,
  );
}

/**
 * Step 2: check the code and store the channel it was sent for.
 * @returns the channel now in force
 * @throws 404 NOT_FOUND (not the caller); INVALID_CODE (also when the code was sent for another
 *   channel), CODE_EXPIRED, CODE_ATTEMPTS_EXCEEDED (server/domain/otp)
 */
export async function confirmCodeChannelChange(
  db: Database,
  input: { callerId: string; userId: string; channel: OtpChannel; token: string; code: string },
  deps: Pick<OtpDeps, "config" | "now">,
): Promise<OtpChannel> {
  const user = await ownUser(db, input.callerId, input.userId);
  const expected = bindingOf(input.channel).hash;
  await verifyCode(
    db,
    { token: input.token, code: input.code, purpose: "SETTINGS", userId: user.id },
    {
      config: deps.config,
      now: deps.now,
      onVerified: async (tx, row) => {
        const bound = (row.binding as { hash?: string } | null)?.hash;
        if (bound !== expected) throw new DomainError("INVALID_CODE", "This code was sent for another channel");
        await tx.update(users).set({ otpChannel: input.channel }).where(eq(users.id, user.id));
      },
    },
  );
  return input.channel;
}
