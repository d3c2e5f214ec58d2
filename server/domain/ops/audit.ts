/**
 * The append-only audit log of every staff action (docs/ops.md "Audit log"; issue 13).
 *
 * - One `staff_audit_log` row per action: who (`staffUserId`), when (`at`, the database's now),
 *   what (`action` like `application.approve`, `subjectType`, `subjectId`), why (`reason`) and
 *   the subject before and after (`before`/`after`: its status and the fields the action changed).
 * - Append-only: a trigger (migration 0016) raises on UPDATE and DELETE, for every client.
 * - `recordStaffAction` takes the decision's own transaction, so a decision without its entry
 *   (or an entry without its decision) cannot be committed.
 */
import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import { staffAuditLog, staffUsers } from "../../db/schema/index.js";
import { fieldError } from "../errors.js";

/** One action to record. `before`/`after`: plain JSON values (no Dates: pass ISO strings). */
export interface StaffActionEntry {
  /** The acting staff user (null only for a failed login of an unknown email). */
  staffUserId: string | null;
  /** `<area>.<verb>`, e.g. `application.approve`, `payment.refund`, `staff.login`. */
  action: string;
  /** What was acted on: `application`, `beneficiary`, `payment`, `staff_session`, … */
  subjectType: string;
  subjectId?: string | null;
  /** The reason the staff member gave (reject, decline, request changes), when any. */
  reason?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** One audit entry as the API shows it. */
export interface AuditEntry {
  id: string;
  at: string;
  staffUserId: string | null;
  staffEmail: string | null;
  action: string;
  subjectType: string;
  subjectId: string | null;
  reason: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * Append one entry, inside the caller's transaction (or alone when given the database).
 * @returns the entry's id (bigint as a decimal string)
 */
export async function recordStaffAction(tx: Tx | Database, entry: StaffActionEntry): Promise<string> {
  const [row] = await tx
    .insert(staffAuditLog)
    .values({
      staffUserId: entry.staffUserId,
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId ?? null,
      reason: entry.reason ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })
    .returning({ id: staffAuditLog.id });
  return String(row.id);
}

/** Filters of the audit list (all optional, combined with AND). */
export interface AuditFilter {
  staffUserId?: string;
  action?: string;
  subjectType?: string;
  subjectId?: string;
}

/**
 * Entries newest first, `take` per page (1–100, default 50); `cursor` is the previous page's
 * `nextCursor` (the last entry's id).
 * @returns `{ data, nextCursor }` (`nextCursor` null on the last page)
 * @throws DomainError VALIDATION_FAILED (cursor) when the cursor is not a positive integer
 */
export async function listAuditEntries(
  db: Database,
  filter: AuditFilter,
  page: { cursor?: string; take?: number } = {},
): Promise<{ data: AuditEntry[]; nextCursor: string | null }> {
  const take = Math.min(Math.max(page.take ?? 50, 1), 100);
  const conditions: SQL[] = [];
  if (page.cursor !== undefined) {
    if (!/^[1-9]\d{0,15}$/.test(page.cursor)) throw fieldError("cursor", "isCursor", "cursor is invalid");
    conditions.push(lt(staffAuditLog.id, Number(page.cursor)));
  }
  if (filter.staffUserId) conditions.push(eq(staffAuditLog.staffUserId, filter.staffUserId));
  if (filter.action) conditions.push(eq(staffAuditLog.action, filter.action));
  if (filter.subjectType) conditions.push(eq(staffAuditLog.subjectType, filter.subjectType));
  if (filter.subjectId) conditions.push(eq(staffAuditLog.subjectId, filter.subjectId));
  const rows = await db
    .select({ entry: staffAuditLog, staffEmail: staffUsers.email })
    .from(staffAuditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, staffAuditLog.staffUserId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(staffAuditLog.id))
    .limit(take + 1);
  const data = rows.slice(0, take).map(({ entry, staffEmail }) => ({
    id: String(entry.id),
    at: entry.at.toISOString(),
    staffUserId: entry.staffUserId,
    staffEmail,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    reason: entry.reason,
    before: entry.before ?? null,
    after: entry.after ?? null,
  }));
  return { data, nextCursor: rows.length > take ? data[data.length - 1].id : null };
}
