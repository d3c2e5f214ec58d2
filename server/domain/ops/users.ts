/**
 * Staff actions on a customer's user (docs/ops.md "Customers"; docs/decisions.md "Changing the
 * phone number"), each in one transaction with its audit entry (./audit.ts), for /ops and for
 * `npm run bank` alike.
 */
import type { Database } from "../../db/client.js";
import { fieldError } from "../errors.js";
import { afterPhoneChange, changeUserPhone, type PhoneChange } from "../users/phone-change.js";
import { auditActor, recordStaffAction, type StaffActor } from "./audit.js";

/** Longest reason a staff member may give (how the customer's identity was checked). */
export const PHONE_CHANGE_REASON_MAX = 500;

/**
 * Replace a customer's phone number after their identity was checked again (role COMPLIANCE):
 * `changeUserPhone` and the audit entry `user.phone-change` (old and new number, sessions
 * revoked, the reason) in one transaction; then the chat sockets close and the user's
 * organizations are told (`afterPhoneChange`).
 * @param input `phone` the current number, `newPhone` the new one (E.164), `reason` 1..500 characters
 * @throws DomainError VALIDATION_FAILED (`reason` missing or too long; `newPhone` not E.164, the same,
 *   or another user's), NOT_FOUND (no user has `phone`)
 */
export async function changePhoneAsStaff(
  db: Database,
  actor: StaffActor,
  input: { phone: string; newPhone: string; reason: string },
): Promise<PhoneChange> {
  const reason = input.reason.trim();
  if (!reason) throw fieldError("reason", "isNotEmpty", "reason is required");
  if (reason.length > PHONE_CHANGE_REASON_MAX)
    throw fieldError("reason", "maxLength", `reason must be at most ${PHONE_CHANGE_REASON_MAX} characters`);
  const change = await db.transaction(async (tx) => {
    const c = await changeUserPhone(tx, input.phone.trim(), input.newPhone);
    await recordStaffAction(tx, {
      ...auditActor(actor),
      action: "user.phone-change",
      subjectType: "user",
      subjectId: c.userId,
      reason,
      before: { phone: c.previousPhone },
      after: { phone: c.phone, sessionsRevoked: c.sessionsRevoked },
    });
    return c;
  });
  await afterPhoneChange(db, change);
  return change;
}
