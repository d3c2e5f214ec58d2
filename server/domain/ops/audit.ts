/**
 * The append-only audit log of every staff action (docs/ops.md "Audit log"; issue 13).
 *
 * - One `staff_audit_log` row per action: who (`staffUserId`), when (`at`, the database's now),
 *   what (`action` like `application.approve`, `subjectType`, `subjectId`), why (`reason`) and
 *   the subject before and after (`before`/`after`: its status and the fields the action changed).
 * - Append-only: a trigger (migration 0016) raises on UPDATE and DELETE, for every client.
 * - Where it came from (`source`, migration 0019): `ops` (a staff user in the back office) or `cli`
 *   (`npm run bank`, run on the server or sent to POST /api/staff/bank): the command line has no
 *   signed-in staff user, so its entries have `staffUserId` null and `source` `cli` — unless the
 *   command names the staff user at the keyboard (`--staff <email>`): then their id and `cli`.
 *   The decision functions take a `StaffActor` (a staff user id, `CLI_ACTOR`, or a `CliStaffActor`).
 * - `recordStaffAction` takes the decision's own transaction, so a decision without its entry
 *   (or an entry without its decision) cannot be committed.
 */
import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import { staffAuditLog, staffUsers } from "../../db/schema/index.js";
import { fieldError } from "../errors.js";

/** Where an audited action came from: the back office, or the `npm run bank` command line. */
export type AuditSource = "ops" | "cli";

/** The `npm run bank` command line as the actor of a decision (no staff user signed in). */
export const CLI_ACTOR = { source: "cli" } as const;

/** The command line run by a named staff user (`npm run bank -- --staff <email>`). */
export interface CliStaffActor {
  source: "cli";
  staffUserId: string;
}

/** Who takes a decision: a signed-in staff user's id (/ops), or the command line (anonymous or named). */
export type StaffActor = string | typeof CLI_ACTOR | CliStaffActor;

/** A staff user as a decision's caller: signed in to /ops, or named at the command line (`source` cli). */
export interface StaffCaller {
  id: string;
  source?: "cli";
}

/** The actor of `staff`: their id (/ops), a `CliStaffActor` (named at the command line), or `CLI_ACTOR` itself. */
export function actorOf(staff: StaffCaller | typeof CLI_ACTOR): StaffActor {
  if (!("id" in staff)) return staff;
  return staff.source === "cli" ? { source: "cli", staffUserId: staff.id } : staff.id;
}

/** The audit entry's actor fields of `actor`. */
export function auditActor(actor: StaffActor): { staffUserId: string | null; source: AuditSource } {
  if (typeof actor === "string") return { staffUserId: actor, source: "ops" };
  return { staffUserId: "staffUserId" in actor ? actor.staffUserId : null, source: "cli" };
}

/**
 * The actor a decision records on its subject (a remittance order's history, an FX request, a
 * payment's settlement): `staff:<staff user id>` (from /ops, or named at the command line), or
 * `staff:cli` from the anonymous command line.
 */
export function subjectActor(actor: StaffActor): string {
  const id = auditActor(actor).staffUserId;
  return id ? `staff:${id}` : "staff:cli";
}

/** One action to record. `before`/`after`: plain JSON values (no Dates: pass ISO strings). */
export interface StaffActionEntry {
  /** The acting staff user (null for a failed login of an unknown email, and from the command line unless it names one). */
  staffUserId: string | null;
  /** Where it came from (default `ops`). */
  source?: AuditSource;
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
  source: AuditSource;
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
      source: entry.source ?? "ops",
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
    source: entry.source,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    reason: entry.reason,
    before: entry.before ?? null,
    after: entry.after ?? null,
  }));
  return { data, nextCursor: rows.length > take ? data[data.length - 1].id : null };
}
