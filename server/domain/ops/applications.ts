/**
 * Back-office decisions on onboarding applications (issue 13; docs/ops.md, role ONBOARDING).
 * Each decision calls the same domain function as `npm run bank -- application:…`
 * (server/domain/applications/review.ts) inside one transaction with its audit entry
 * (`recordStaffAction`): the decision and its entry commit together or not at all.
 * before/after: the application's status, declineReason, changesRequested, organizationId, and
 * for an approval the applicant's `identified`.
 */
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import { applications, users } from "../../db/schema/index.js";
import type { ApplicationStatus, ApplicationSummary } from "../../api/v1/contract.js";
import { summaryOf } from "../applications/index.js";
import { approveApplication, declineApplication, requestApplicationChanges, startReview } from "../applications/review.js";
import { isUuid } from "../accounts/index.js";
import { notFound } from "../organizations/access.js";
import { auditActor, recordStaffAction, type StaffActor } from "./audit.js";

/** Every application status, in queue order. */
export const APPLICATION_STATUSES: readonly ApplicationStatus[] = [
  "READY_TO_REVIEW",
  "REVIEW_IN_PROGRESS",
  "INCOMPLETE",
  "ACCEPTED",
  "DECLINED",
];

/** A queue row: the summary plus the applicant's phone. */
export type StaffApplicationRow = ApplicationSummary & { applicantPhone: string };

/**
 * The queue: applications of `status` (default READY_TO_REVIEW), oldest submission first for
 * the open statuses, newest first otherwise; at most 200.
 */
export async function listApplicationQueue(
  db: Database,
  status: ApplicationStatus = "READY_TO_REVIEW",
): Promise<StaffApplicationRow[]> {
  const open = status === "READY_TO_REVIEW" || status === "REVIEW_IN_PROGRESS";
  const rows = await db
    .select({ a: applications, phone: users.phone })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(eq(applications.status, status))
    .orderBy(open ? applications.submittedAt : desc(applications.updatedAt), applications.id)
    .limit(200);
  return rows.map((r) => ({ ...summaryOf(r.a), applicantPhone: r.phone }));
}

/** Number of applications per status (the dashboard and the queue tabs). */
export async function countApplicationsByStatus(db: Database): Promise<Record<ApplicationStatus, number>> {
  const rows = await db.select({ status: applications.status, n: count() }).from(applications).groupBy(applications.status);
  const out = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as Record<ApplicationStatus, number>;
  for (const r of rows) if (r.status in out) out[r.status as ApplicationStatus] = Number(r.n);
  return out;
}

/** The audited state of an application (and its applicant's `identified`). */
async function snapshot(tx: Database | Tx, id: string, where?: SQL): Promise<Record<string, unknown>> {
  if (!isUuid(id)) throw notFound("Application");
  const [r] = await tx
    .select({ a: applications, identified: users.identified })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(where ? and(eq(applications.id, id), where) : eq(applications.id, id));
  if (!r) throw notFound("Application");
  return {
    status: r.a.status,
    declineReason: r.a.declineReason,
    changesRequested: r.a.changesRequested,
    organizationId: r.a.organizationId,
    applicantIdentified: r.identified,
  };
}

/** Which decision, and its reason where it needs one. */
export type ApplicationDecision =
  | { decision: "review" }
  | { decision: "approve" }
  | { decision: "decline"; reason: string }
  | { decision: "request-changes"; reason: string };

/**
 * Take one decision on an application as `actor` (a staff user or the command line), audited as `application.<decision>`.
 * @returns the application summary after the decision
 * @throws 404 NOT_FOUND; 409 APPLICATION_STATUS_CONFLICT (see review.ts); 400 VALIDATION_FAILED (reason)
 */
export async function decideApplication(
  db: Database,
  actor: StaffActor,
  id: string,
  d: ApplicationDecision,
): Promise<ApplicationSummary> {
  return db.transaction(async (tx) => {
    const before = await snapshot(tx, id);
    // The review functions open their own transaction: inside ours it is a savepoint.
    const inner = tx as unknown as Database;
    const result =
      d.decision === "review"
        ? await startReview(inner, id)
        : d.decision === "approve"
          ? await approveApplication(inner, id)
          : d.decision === "decline"
            ? await declineApplication(inner, id, d.reason)
            : await requestApplicationChanges(inner, id, d.reason);
    const after = await snapshot(tx, id);
    await recordStaffAction(tx, {
      ...auditActor(actor),
      action: `application.${d.decision}`,
      subjectType: "application",
      subjectId: id,
      reason: "reason" in d ? d.reason.trim() : null,
      before,
      after,
    });
    return result;
  });
}
