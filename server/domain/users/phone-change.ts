/**
 * A customer's phone number changed by the bank's staff (docs/decisions.md "Changing the phone
 * number"). The spec shows no call for it (spec 001 §7 lists none), and the phone is both the
 * login name and the possession factor of every one-time code (PSD2 RTS Art. 4, ASVS 5.0 §6.4:
 * replacing an authentication factor needs the account holder's identity checked again). A
 * customer whose phone is lost cannot receive a code on it, so the change cannot be a
 * self-service call confirmed by a code to the old phone; it is a staff action after the bank has
 * checked the person's identity (`npm run bank -- user:phone`, audited).
 *
 * In one transaction, under the user's row lock: the phone is replaced; every session of the user
 * is revoked (every device logs in again, with the new phone); every one-time code not yet used
 * (login, signing, recovery, settings) expires, so a code sent to the old phone can no longer be
 * entered. After the commit the user's open chat sockets are closed and a notification names the
 * user and the new number's last four digits in the chat of each organization of the user, so the
 * change cannot go unnoticed by the customer or by a company's other officials.
 */
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import { apiSessions, oneTimeCodes, organizationMembers, users } from "../../db/schema/index.js";
import { DomainError, fieldError } from "../errors.js";
import { pgErrorCode } from "../ledger/index.js";
import { notifyPhoneChanged } from "../chat/notify.js";
import { disconnectChatUsers } from "../chat/publisher.js";

/** A phone number as stored: E.164 (`+` and 8 to 15 digits, no leading zero). */
const E164 = /^\+[1-9]\d{7,14}$/;

/** What `changeUserPhone` did. */
export interface PhoneChange {
  userId: string;
  /** The user's name as the notification shows it (the old phone when the user has none yet). */
  name: string;
  previousPhone: string;
  phone: string;
  /** Sessions revoked (devices that must log in again). */
  sessionsRevoked: number;
}

/**
 * Replace the phone of the user whose phone is `currentPhone` by `newPhone` (both E.164).
 * @param tx a transaction (the caller records the staff action in it: staff/commands.ts)
 * @returns what changed; the notification and the socket closing are the caller's, after commit
 *   (`afterPhoneChange`)
 * @throws DomainError VALIDATION_FAILED (`newPhone`: not E.164, or the same as the current one),
 *   NOT_FOUND (no user has `currentPhone`), VALIDATION_FAILED (`newPhone` isUnique: another user has
 *   `newPhone`; also when two changes race for it, the unique index decides)
 */
export async function changeUserPhone(tx: Tx | Database, currentPhone: string, newPhone: string): Promise<PhoneChange> {
  const phone = newPhone.trim();
  if (!E164.test(phone))
    throw fieldError("newPhone", "isPhoneNumber", "phone must be in international format, e.g. +447700900123");
  const [user] = await tx
    .select({ id: users.id, phone: users.phone, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.phone, currentPhone))
    .for("update");
  if (!user) throw new DomainError("NOT_FOUND", `No user has the phone ${currentPhone}`);
  if (user.phone === phone) throw fieldError("newPhone", "isDifferent", "the new phone is the current one");
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), ne(users.id, user.id)));
  if (taken) throw phoneTaken(phone);
  const now = new Date();
  try {
    await tx.update(users).set({ phone }).where(eq(users.id, user.id));
  } catch (err) {
    if (pgErrorCode(err) === "23505") throw phoneTaken(phone);
    throw err;
  }
  const revoked = await tx
    .update(apiSessions)
    .set({ revokedAt: now })
    .where(and(eq(apiSessions.userId, user.id), isNull(apiSessions.revokedAt)))
    .returning({ id: apiSessions.id });
  await tx
    .update(oneTimeCodes)
    .set({ expiresAt: now })
    .where(and(eq(oneTimeCodes.userId, user.id), isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, now)));
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.phone;
  return { userId: user.id, name, previousPhone: user.phone, phone, sessionsRevoked: revoked.length };
}

/**
 * After the change has committed: the user's chat sockets are closed (their sessions are gone)
 * and each of the user's organizations gets the notification "phone-changed" (last four digits
 * of the new number). Never throws for the notification (`notifyQuietly`).
 */
export async function afterPhoneChange(db: Database, change: PhoneChange): Promise<void> {
  disconnectChatUsers([change.userId]);
  const memberships = await db
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, change.userId));
  const notice = { name: change.name, last4: change.phone.slice(-4) };
  if (!memberships.length) await notifyPhoneChanged(db, { userId: change.userId }, notice);
  for (const { organizationId } of memberships) await notifyPhoneChanged(db, { organizationId }, notice);
}

function phoneTaken(phone: string): DomainError {
  return fieldError("newPhone", "isUnique", `another user has the phone ${phone}`);
}
