/**
 * Back-office decisions on onboarding applications (issue 13; server/domain/ops/applications.ts,
 * /api/v1/ops/applications): the queue by status, the full detail with documents and their
 * download, and each decision — take into review, request changes, approve, decline — with its
 * effect on the customer's side and its audit entry (who, what, reason, before/after), written in
 * the same transaction (a refused decision writes none).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import {
  accounts,
  applicationDocuments,
  applications,
  organizationMembers,
  staffAuditLog,
  staffUsers,
  users,
} from "../../server/db/schema/index.js";
import { createUser } from "../../server/seed/factories.js";
import { defaultScheme } from "../../server/domain/applications/index.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";
import { staffLogin } from "./ops-helpers.js";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

describe.each(databases)("back-office application decisions on %s", (kind) => {
  let s: TestServer;
  let staff: string;
  let staffId: string;

  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    staff = await staffLogin(s, "onboarding@ops.example");
    [{ id: staffId }] = await s.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.email, "onboarding@ops.example"));
  });
  afterAll(async () => s?.close());

  /** A not-yet-identified applicant with a submitted INDIVIDUAL application and one document. */
  const submitted = async (firstName: string) => {
    const user = await createUser(s.db, { identified: false, firstName: undefined, email: null });
    const token = await s.login(user.phone);
    const scheme = await defaultScheme(s.db, "INDIVIDUAL");
    const [app] = await s.db
      .insert(applications)
      .values({
        userId: user.id,
        type: "INDIVIDUAL",
        status: "READY_TO_REVIEW",
        schemeId: scheme.id,
        answers: {
          firstName,
          lastName: "Applicant",
          email: `${firstName.toLowerCase()}@example.com`,
          dob: "1990-01-02",
          nationalityId: "GB",
        },
        submittedAt: new Date(),
      })
      .returning();
    const form = new FormData();
    form.append("files", new Blob([PDF], { type: "application/pdf" }), "passport.pdf");
    const up = await fetch(`${s.baseUrl}/api/v1/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const uploadId = ((await up.json()) as { data: { id: string }[] }).data[0].id;
    const [doc] = await s.db
      .insert(applicationDocuments)
      .values({ applicationId: app.id, uploadId, category: "PASSPORT" })
      .returning();
    return { user, token, id: app.id, documentId: doc.id };
  };

  const entriesFor = (id: string) =>
    s.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.subjectType, "application"), eq(staffAuditLog.subjectId, id)));

  it("lists the queue by status and shows every answer and document (downloadable)", async () => {
    const a = await submitted("Queue");
    const queue = await s.call("GET", "/ops/applications?status=READY_TO_REVIEW", { token: staff });
    expect(queue.status).toBe(200);
    expect(queue.body.data.map((r: { id: string }) => r.id)).toContain(a.id);
    expect(queue.body.counts.READY_TO_REVIEW).toBeGreaterThanOrEqual(1);
    expect(queue.body.data.find((r: { id: string }) => r.id === a.id)).toMatchObject({
      applicantPhone: a.user.phone,
      name: "Queue Applicant",
    });
    expect((await s.call("GET", "/ops/applications?status=NOPE", { token: staff })).status).toBe(400);

    const detail = await s.call("GET", `/ops/applications/${a.id}`, { token: staff });
    expect(detail.status).toBe(200);
    expect(detail.body.answers).toMatchObject({ firstName: "Queue", dob: "1990-01-02" });
    expect(detail.body.applicant).toEqual({ id: a.user.id, phone: a.user.phone, identified: false });
    expect(detail.body.documents).toEqual([expect.objectContaining({ id: a.documentId, category: "PASSPORT" })]);
    const file = await fetch(`${s.baseUrl}/api/v1/ops/applications/${a.id}/documents/${a.documentId}/file`, {
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("attachment");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    expect((await s.call("GET", `/ops/applications/${a.id}/documents/${a.id}/file`, { token: staff })).status).toBe(404);
    expect((await s.call("GET", "/ops/applications/not-a-uuid", { token: staff })).status).toBe(404);
    // Reading is not a decision: nothing audited.
    expect(await entriesFor(a.id)).toHaveLength(0);
  });

  it("the approval that identifies a person makes the verified popup due until they close it, once", async () => {
    const a = await submitted("Verified");
    const whoami = async () => (await s.call("GET", "/users/whoami", { token: a.token })).body;
    expect((await whoami()).verifiedNoticeDue).toBe(false);
    expect((await s.call("POST", `/ops/applications/${a.id}/review`, { token: staff })).status).toBe(200);
    expect((await s.call("POST", `/ops/applications/${a.id}/approve`, { token: staff })).status).toBe(200);
    expect(await whoami()).toMatchObject({ identified: true, verifiedNoticeDue: true });
    expect((await s.call("POST", "/users/verified-notice", { token: a.token })).status).toBe(204);
    expect((await whoami()).verifiedNoticeDue).toBe(false);
    const [closed] = await s.db.select().from(users).where(eq(users.id, a.user.id));
    expect(closed.verifiedNoticeAt).toBeInstanceOf(Date);
    // Again: the first close stands.
    expect((await s.call("POST", "/users/verified-notice", { token: a.token })).status).toBe(204);
    const [still] = await s.db.select().from(users).where(eq(users.id, a.user.id));
    expect(still.verifiedNoticeAt).toEqual(closed.verifiedNoticeAt);
    // A person identified otherwise (the seeds, the factories) is never told; nor logged out callers.
    const known = await createUser(s.db, { identified: true });
    expect((await s.call("GET", "/users/whoami", { token: await s.login(known.phone) })).body.verifiedNoticeDue).toBe(false);
    expect((await s.call("POST", "/users/verified-notice", {})).status).toBe(401);
  });

  it("take into review, then approve: organization, first account, membership, user identified; both audited", async () => {
    const a = await submitted("Approve");
    const review = await s.call("POST", `/ops/applications/${a.id}/review`, { token: staff });
    expect(review.status).toBe(200);
    expect(review.body.status).toBe("REVIEW_IN_PROGRESS");
    const again = await s.call("POST", `/ops/applications/${a.id}/review`, { token: staff });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("APPLICATION_STATUS_CONFLICT");

    const approved = await s.call("POST", `/ops/applications/${a.id}/approve`, { token: staff });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: "ACCEPTED", organizationId: expect.any(String) });
    const [user] = await s.db.select().from(users).where(eq(users.id, a.user.id));
    expect(user.identified).toBe(true);
    const [member] = await s.db.select().from(organizationMembers).where(eq(organizationMembers.userId, a.user.id));
    expect(member.organizationId).toBe(approved.body.organizationId);
    const accs = await s.db.select().from(accounts).where(eq(accounts.organizationId, approved.body.organizationId));
    expect(accs).toHaveLength(1);

    // The customer's side: the application is ACCEPTED and the new account is theirs.
    const mine = await s.call("GET", "/clients-applications?all=true", { token: a.token });
    expect(mine.body.data.find((x: { id: string }) => x.id === a.id).status).toBe("ACCEPTED");
    const whoami = await s.call("GET", "/users/whoami", { token: a.token });
    expect(whoami.body.identified).toBe(true);

    const entries = await entriesFor(a.id);
    expect(entries.map((e) => e.action)).toEqual(["application.review", "application.approve"]);
    expect(entries.every((e) => e.staffUserId === staffId)).toBe(true);
    expect(entries[0]).toMatchObject({ before: { status: "READY_TO_REVIEW" }, after: { status: "REVIEW_IN_PROGRESS" } });
    expect(entries[1]).toMatchObject({
      before: { status: "REVIEW_IN_PROGRESS", applicantIdentified: false, organizationId: null },
      after: { status: "ACCEPTED", applicantIdentified: true, organizationId: approved.body.organizationId },
      reason: null,
    });
    // The audit API shows them, newest first, filtered by subject.
    const audit = await s.call("GET", `/ops/audit?subjectType=application&subjectId=${a.id}`, { token: staff });
    expect(audit.body.data.map((e: { action: string; staffEmail: string }) => [e.action, e.staffEmail])).toEqual([
      ["application.approve", "onboarding@ops.example"],
      ["application.review", "onboarding@ops.example"],
    ]);

    // Decided: no second decision, and a refused one writes no entry.
    const late = await s.call("POST", `/ops/applications/${a.id}/decline`, { token: staff, body: { reason: "Too late" } });
    expect(late.status).toBe(409);
    expect(await entriesFor(a.id)).toHaveLength(2);
  });

  it("decline with a reason: the applicant sees it; a missing reason is refused and not audited", async () => {
    const a = await submitted("Decline");
    const empty = await s.call("POST", `/ops/applications/${a.id}/decline`, { token: staff, body: { reason: "  " } });
    expect(empty.status).toBe(400);
    expect(empty.body.message[0].property).toBe("reason");
    const long = await s.call("POST", `/ops/applications/${a.id}/decline`, { token: staff, body: { reason: "x".repeat(501) } });
    expect(long.status).toBe(400);
    expect(await entriesFor(a.id)).toHaveLength(0);

    const declined = await s.call("POST", `/ops/applications/${a.id}/decline`, {
      token: staff,
      body: { reason: "The proof of address is older than three months" },
    });
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe("DECLINED");
    const mine = await s.call("GET", "/clients-applications?all=true", { token: a.token });
    expect(mine.body.data.find((x: { id: string }) => x.id === a.id)).toMatchObject({
      status: "DECLINED",
      declineReason: "The proof of address is older than three months",
    });
    const [entry] = await entriesFor(a.id);
    expect(entry).toMatchObject({
      action: "application.decline",
      reason: "The proof of address is older than three months",
      before: { status: "READY_TO_REVIEW", declineReason: null },
      after: { status: "DECLINED", declineReason: "The proof of address is older than three months" },
    });
  });

  it("request changes: back to the applicant (INCOMPLETE, editable) with the reason the applicant sees", async () => {
    const a = await submitted("Changes");
    const res = await s.call("POST", `/ops/applications/${a.id}/request-changes`, {
      token: staff,
      body: { reason: "Upload the passport's photo page" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "INCOMPLETE", changesRequested: "Upload the passport's photo page" });
    const mine = await s.call("GET", `/clients-applications/${a.id}`, { token: a.token });
    expect(mine.body).toMatchObject({
      status: "INCOMPLETE",
      editable: true,
      changesRequested: "Upload the passport's photo page",
    });
    const [entry] = await entriesFor(a.id);
    expect(entry).toMatchObject({
      action: "application.request-changes",
      reason: "Upload the passport's photo page",
      before: { status: "READY_TO_REVIEW", changesRequested: null },
      after: { status: "INCOMPLETE", changesRequested: "Upload the passport's photo page" },
    });
    // Not decidable while with the applicant.
    expect((await s.call("POST", `/ops/applications/${a.id}/approve`, { token: staff })).status).toBe(409);
  });

  it("a decision is refused to staff without ONBOARDING and to customers, changing nothing", async () => {
    const a = await submitted("Guard");
    const payments = await staffLogin(s, "payments@ops.example");
    expect((await s.call("POST", `/ops/applications/${a.id}/approve`, { token: payments })).status).toBe(403);
    expect((await s.call("POST", `/ops/applications/${a.id}/approve`, { token: a.token })).status).toBe(401);
    const [row] = await s.db.select().from(applications).where(eq(applications.id, a.id));
    expect(row.status).toBe("READY_TO_REVIEW");
    expect(await entriesFor(a.id)).toHaveLength(0);
  });
});
