/**
 * Back-office staff authentication (issue 13; docs/ops.md; server/domain/ops/auth.ts): login
 * with email + password and a one-time code, the 5-try limit under concurrency, sessions (idle
 * limit, logout), roles, customer tokens refused, staff and customer codes never interchangeable,
 * every login/failure/logout audited, and the audit log append-only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { databases, startTestServer, type TestServer } from "./helpers.js";
import { staffLogin } from "./ops-helpers.js";
import { staffAuditLog, staffLoginChallenges, staffSessions, staffUsers } from "../../server/db/schema/index.js";
import { DEFAULT_PASSWORD } from "../../server/seed/factories.js";
import { parseBankArgs, runBankCommand } from "../../server/staff/commands.js";

describe.each(databases)("staff authentication on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  const auditOf = async (action: string, staffEmail?: string) => {
    const rows = await s.db
      .select({ e: staffAuditLog, email: staffUsers.email })
      .from(staffAuditLog)
      .leftJoin(staffUsers, eq(staffUsers.id, staffAuditLog.staffUserId))
      .where(eq(staffAuditLog.action, action));
    return rows.filter((r) => !staffEmail || r.email === staffEmail).map((r) => r.e);
  };

  it("logs a seeded staff user in with password and code; the token works on /ops and is audited", async () => {
    const start = await s.call("POST", "/ops/auth/login", {
      body: { email: "Onboarding@OPS.example", password: DEFAULT_PASSWORD },
    });
    expect(start.status).toBe(200);
    expect(start.body.challengeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(start.body.debugCode).toMatch(/^\d{6}$/);
    expect(s.sms.sent.at(-1)).toMatchObject({ to: "+447700900901" });
    expect(s.sms.sent.at(-1)!.text).toContain(start.body.debugCode);
    const done = await s.call("POST", "/ops/auth/code", {
      body: { challengeId: start.body.challengeId, code: start.body.debugCode },
    });
    expect(done.status).toBe(200);
    expect(done.body.token).toMatch(/^ops_[A-Za-z0-9_-]{43}$/);
    expect(done.body.staff).toMatchObject({ email: "onboarding@ops.example", roles: ["ONBOARDING"] });
    const me = await s.call("GET", "/ops/me", { token: done.body.token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe("onboarding@ops.example");
    // The code is single use.
    const again = await s.call("POST", "/ops/auth/code", {
      body: { challengeId: start.body.challengeId, code: start.body.debugCode },
    });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe("CODE_EXPIRED");
    // Only the hash of the token is stored.
    const sessions = await s.db.select().from(staffSessions);
    expect(JSON.stringify(sessions)).not.toContain(done.body.token);
    expect((await auditOf("staff.login", "onboarding@ops.example")).length).toBeGreaterThanOrEqual(1);
  });

  it("a wrong password and an unknown email get the same answer; the known one is audited", async () => {
    const wrong = await s.call("POST", "/ops/auth/login", {
      body: { email: "payments@ops.example", password: "nope-nope-nope" },
    });
    const unknown = await s.call("POST", "/ops/auth/login", {
      body: { email: "nobody@ops.example", password: "nope-nope-nope" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.code).toBe("INVALID_PASSWORD");
    const failed = await auditOf("staff.login-failed", "payments@ops.example");
    expect(failed.at(-1)!.after).toMatchObject({ step: "password" });
    // A customer's phone and password never log in here.
    const customer = await s.call("POST", "/ops/auth/login", { body: { email: "+447700900001", password: DEFAULT_PASSWORD } });
    expect(customer.status).toBe(400);
  });

  it("5 wrong codes end the challenge, then even the right code is refused", async () => {
    const start = await s.call("POST", "/ops/auth/login", { body: { email: "support@ops.example", password: DEFAULT_PASSWORD } });
    const wrongCode = start.body.debugCode === "000000" ? "111111" : "000000";
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await s.call("POST", "/ops/auth/code", { body: { challengeId: start.body.challengeId, code: wrongCode } }));
    expect(answers.map((a) => a.body.code)).toEqual([
      "INVALID_CODE",
      "INVALID_CODE",
      "INVALID_CODE",
      "INVALID_CODE",
      "CODE_ATTEMPTS_EXCEEDED",
    ]);
    expect(answers[0].body.attemptsLeft).toBe(4);
    const right = await s.call("POST", "/ops/auth/code", {
      body: { challengeId: start.body.challengeId, code: start.body.debugCode },
    });
    expect(right.status).toBe(401);
    expect(right.body.code).toBe("CODE_ATTEMPTS_EXCEEDED");
  });

  it("50 simultaneous wrong guesses: at most 5 are evaluated (and audited)", async () => {
    const start = await s.call("POST", "/ops/auth/login", {
      body: { email: "compliance@ops.example", password: DEFAULT_PASSWORD },
    });
    const challengeId = start.body.challengeId as string;
    const wrongCode = start.body.debugCode === "000000" ? "111111" : "000000";
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => s.call("POST", "/ops/auth/code", { body: { challengeId, code: wrongCode } })),
    );
    expect(answers.every((a) => a.status === 401)).toBe(true);
    expect(answers.filter((a) => a.body.code === "INVALID_CODE")).toHaveLength(4);
    const [row] = await s.db.select().from(staffLoginChallenges).where(eq(staffLoginChallenges.id, challengeId));
    expect(row.attempts).toBe(5);
    const evaluated = (await auditOf("staff.login-failed")).filter(
      (e) => (e.after as { challengeId?: string })?.challengeId === challengeId,
    );
    expect(evaluated).toHaveLength(5);
    const right = await s.call("POST", "/ops/auth/code", { body: { challengeId, code: start.body.debugCode } });
    expect(right.body.code).toBe("CODE_ATTEMPTS_EXCEEDED");
  });

  it("staff and customer codes and tokens are never interchangeable", async () => {
    const customerToken = await s.login("+447700900001");
    for (const path of ["/ops/me", "/ops/audit", "/ops/applications", "/ops/dashboard"]) {
      const res = await s.call("GET", path, { token: customerToken });
      expect(res.status, path).toBe(401);
      expect(res.body.code).toBe("UNAUTHENTICATED");
    }
    const staffToken = await staffLogin(s, "admin@ops.example");
    const whoami = await s.call("GET", "/users/whoami", { token: staffToken });
    expect(whoami.status).toBe(401);
    // A staff challenge is no customer login challenge, and the reverse.
    const staffStart = await s.call("POST", "/ops/auth/login", {
      body: { email: "admin@ops.example", password: DEFAULT_PASSWORD },
    });
    const asCustomer = await s.call("POST", "/auth/verify-code", {
      body: { token: staffStart.body.challengeId, code: staffStart.body.debugCode.slice(0, 4) },
    });
    expect(asCustomer.status).toBe(401);
    const customerStart = await s.call("POST", "/auth/phone", { body: { phone: "+447700900002" } });
    const asStaff = await s.call("POST", "/ops/auth/code", {
      body: { challengeId: customerStart.body.token, code: `${customerStart.body.debugCode}00` },
    });
    expect(asStaff.status).toBe(401);
    expect(asStaff.body.code).toBe("INVALID_CODE");
  });

  it("roles: a staff user without the route's role gets 403; ANY routes answer every staff user", async () => {
    const support = await staffLogin(s, "support@ops.example");
    expect((await s.call("GET", "/ops/applications", { token: support })).status).toBe(403);
    expect((await s.call("GET", "/ops/audit", { token: support })).status).toBe(200);
    expect((await s.call("GET", "/ops/dashboard", { token: support })).status).toBe(200);
    const onboarding = await staffLogin(s, "onboarding@ops.example");
    expect((await s.call("GET", "/ops/applications", { token: onboarding })).status).toBe(200);
  });

  it("logout ends the session (audited); an idle or disabled session stops working", async () => {
    const token = await staffLogin(s, "payments@ops.example");
    expect((await s.call("POST", "/ops/auth/logout", { token })).status).toBe(204);
    expect((await s.call("GET", "/ops/me", { token })).status).toBe(401);
    expect((await auditOf("staff.logout", "payments@ops.example")).length).toBe(1);

    const idle = await staffLogin(s, "payments@ops.example");
    await s.db
      .update(staffSessions)
      .set({ idleExpiresAt: new Date(Date.now() - 1000) })
      .where(sql`revoked_at is null`);
    expect((await s.call("GET", "/ops/me", { token: idle })).status).toBe(401);

    const disabled = await staffLogin(s, "payments@ops.example");
    expect((await s.call("GET", "/ops/me", { token: disabled })).status).toBe(200);
    await s.db.update(staffUsers).set({ disabledAt: new Date() }).where(eq(staffUsers.email, "payments@ops.example"));
    expect((await s.call("GET", "/ops/me", { token: disabled })).status).toBe(401);
    const relog = await s.call("POST", "/ops/auth/login", {
      body: { email: "payments@ops.example", password: DEFAULT_PASSWORD },
    });
    expect(relog.body.code).toBe("INVALID_PASSWORD");
    await s.db.update(staffUsers).set({ disabledAt: null }).where(eq(staffUsers.email, "payments@ops.example"));
  });

  it("each use pushes the idle expiry forward, never past the absolute limit", async () => {
    const token = await staffLogin(s, "onboarding@ops.example");
    const near = new Date(Date.now() + 60_000);
    await s.db
      .update(staffSessions)
      .set({ idleExpiresAt: near, absoluteExpiresAt: new Date(Date.now() + 120_000) })
      .where(sql`revoked_at is null`);
    expect((await s.call("GET", "/ops/me", { token })).status).toBe(200);
    const rows = await s.db
      .select()
      .from(staffSessions)
      .where(sql`revoked_at is null`);
    for (const r of rows) {
      expect(r.idleExpiresAt.getTime()).toBeGreaterThan(near.getTime() - 1);
      expect(r.idleExpiresAt.getTime()).toBeLessThanOrEqual(r.absoluteExpiresAt.getTime());
    }
  });

  it("the audit log is append-only: UPDATE and DELETE fail", async () => {
    const [entry] = await s.db.select().from(staffAuditLog).limit(1);
    expect(entry).toBeDefined();
    // Drizzle wraps the database's error ("Failed query: …"); the trigger's message is its cause.
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => "accepted",
        (e: { message: string; cause?: { message?: string } }) => `${e.message} ${e.cause?.message ?? ""}`,
      );
    expect(await refusal(s.db.execute(sql`update staff_audit_log set action = 'x' where id = ${entry.id}`))).toMatch(
      /append-only/,
    );
    expect(await refusal(s.db.execute(sql`delete from staff_audit_log where id = ${entry.id}`))).toMatch(/append-only/);
    const [still] = await s.db.select().from(staffAuditLog).where(eq(staffAuditLog.id, entry.id));
    expect(still.action).toBe(entry.action);
  });

  it("npm run bank -- staff:create adds a staff user who can log in", async () => {
    const cmd = parseBankArgs([
      "staff:create",
      "--email",
      "new.clerk@ops.example",
      "--phone",
      "+447700900950",
      "--roles",
      "ADMIN,SUPPORT",
    ]);
    if (cmd.command !== "staff:create") throw new Error("not parsed as staff:create");
    const out = await runBankCommand(s.db, cmd, { STAFF_PASSWORD: "A-long-staff-password-1" });
    expect(out).toContain("new.clerk@ops.example");
    expect(out).not.toContain("A-long-staff-password-1");
    const token = await staffLogin(s, "new.clerk@ops.example", "A-long-staff-password-1");
    const me = await s.call("GET", "/ops/me", { token });
    expect(me.body.roles).toEqual(["SUPPORT", "ADMIN"]);
    await expect(runBankCommand(s.db, cmd, { STAFF_PASSWORD: "A-long-staff-password-1" })).rejects.toThrow();
    const second = parseBankArgs([
      "staff:create",
      "--email",
      "gen@ops.example",
      "--phone",
      "+447700900951",
      "--roles",
      "PAYMENTS",
    ]);
    if (second.command !== "staff:create") throw new Error("not parsed as staff:create");
    const generated = await runBankCommand(s.db, second, {});
    expect(generated).toMatch(/password \(shown once\): \S{16,}/);
    expect(() =>
      parseBankArgs(["staff:create", "--email", "x@ops.example", "--phone", "+447700900952", "--roles", "BOSS"]),
    ).toThrow();
  });
});
