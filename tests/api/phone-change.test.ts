/**
 * A customer's phone number changed by staff (server/domain/users/phone-change.ts; `npm run bank
 * -- user:phone`; docs/decisions.md "Changing the phone number") on PGlite and PostgreSQL: every
 * session ends, a code sent to the old phone can no longer be used, the new phone logs in and the
 * old one is unknown; the change is audited with its reason and told in the customer's chat.
 * Refused: a phone not in E.164, the same phone, a phone another user has (also two changes
 * racing for one number), an unknown current phone, a missing reason, a staff user without the
 * COMPLIANCE role.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { staffAuditLog, users } from "../../server/db/schema/index.js";
import { createSession } from "../../server/domain/auth/sessions.js";
import { DomainError } from "../../server/domain/errors.js";
import { createStaffUser } from "../../server/domain/ops/auth.js";
import { addMember, createCustomer, createUser, uniquePhone } from "../../server/seed/factories.js";
import { parseBankArgs, runBankCommand, UsageError } from "../../server/staff/commands.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";
import { staffLogin } from "./ops-helpers.js";

describe.each(databases)("phone number change by staff on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  /** A refusal as text: the error's code and its body (field errors included). */
  const refusal = (err: unknown) =>
    err instanceof DomainError ? `${err.code} ${JSON.stringify(err.body)}` : err instanceof Error ? err.message : String(err);
  const bank = (argv: string[]) => runBankCommand(s.db, parseBankArgs(argv) as never);
  const loginStatus = async (phone: string) => {
    const start = await s.call("POST", "/auth/phone", { body: { phone } });
    // An unknown phone gets a challenge of the same shape, but no code is sent (none to enter).
    if (!start.body.debugCode) return "no code sent";
    const verified = await s.call("POST", "/auth/verify-code", { body: { token: start.body.token, code: start.body.debugCode } });
    if (verified.status !== 200) return verified.status;
    return (await s.call("POST", "/auth/verify-password", { body: { token: verified.body.token, password: "Bank-Demo-2026" } }))
      .status;
  };

  it("logs every device out, expires codes sent to the old phone, and the new phone logs in; audited and told in the chat", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const session = await s.login(c.phone);
    const other = await s.login(c.phone);
    // A login code on its way to the old phone (a lost phone someone else now holds).
    const pending = await s.call("POST", "/auth/phone", { body: { phone: c.phone } });
    const newPhone = uniquePhone();

    const out = await bank(["user:phone", c.phone, newPhone, "--reason", "Passport checked in branch, ticket 4711"]);
    expect(out).toContain(`to ${newPhone}: 2 session(s) logged out`);

    for (const token of [session, other]) expect((await s.call("GET", "/users/whoami", { token })).status).toBe(401);
    const late = await s.call("POST", "/auth/verify-code", { body: { token: pending.body.token, code: pending.body.debugCode } });
    expect(late.status, JSON.stringify(late.body)).toBe(401);
    expect(await loginStatus(c.phone)).toBe("no code sent");
    expect(await loginStatus(newPhone)).toBe(200);
    const token = await s.login(newPhone);
    expect((await s.call("GET", "/users/whoami", { token })).body.phone).toBe(newPhone);

    const [entry] = await s.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, "user.phone-change"))
      .orderBy(desc(staffAuditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      subjectType: "user",
      subjectId: c.user.id,
      source: "cli",
      reason: "Passport checked in branch, ticket 4711",
      before: { phone: c.phone },
      after: { phone: newPhone, sessionsRevoked: 2 },
    });

    const notices = (await s.call("GET", `/notifications?organizationId=${c.organization.id}`, { token })).body.data as {
      key: string;
      params: Record<string, string>;
    }[];
    expect(notices.filter((n) => n.key === "Notifications.phone-changed").map((n) => n.params)).toEqual([
      { name: `${c.user.firstName} ${c.user.lastName}`, last4: newPhone.slice(-4) },
    ]);
  });

  it("a company's other officials are told too (each organization of the user)", async () => {
    const company = await createCustomer(s.db, { type: "CORPORATE" });
    const official = await createUser(s.db, { firstName: "Ola", lastName: "Official" });
    await addMember(s.db, {
      organizationId: company.organization.id,
      userId: official.id,
      companyOfficialType: "DIRECTOR",
      signatureType: "SINGLE",
    });
    await bank(["user:phone", official.phone, uniquePhone(), "--reason", "Video identification"]);
    const colleague = await s.login(company.phone);
    const notices = (await s.call("GET", `/notifications?organizationId=${company.organization.id}`, { token: colleague })).body
      .data as { key: string; params: Record<string, string> }[];
    expect(notices.find((n) => n.key === "Notifications.phone-changed")?.params.name).toBe("Ola Official");
  });

  it("refuses a bad, same or taken phone, an unknown user, no reason, and a staff user without COMPLIANCE", async () => {
    const a = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const b = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const refused = (argv: string[]) =>
      bank(argv).then(
        () => "done",
        (err: unknown) => refusal(err),
      );
    expect(await refused(["user:phone", a.phone, "07700 900123", "--reason", "x"])).toMatch(/phone/);
    expect(await refused(["user:phone", a.phone, a.phone, "--reason", "x"])).toMatch(/phone/);
    expect(await refused(["user:phone", a.phone, b.phone, "--reason", "x"])).toMatch(/isUnique.*another user has the phone/);
    expect(await refused(["user:phone", "+447700955501", uniquePhone(), "--reason", "x"])).toMatch(/No user has the phone/);
    expect(() => parseBankArgs(["user:phone", a.phone, uniquePhone()])).toThrow(UsageError);
    await createStaffUser(s.db, {
      email: `support.${kind}@ops.example`,
      phone: uniquePhone(),
      password: "A-long-staff-password-1",
      roles: ["SUPPORT"],
    });
    expect(
      await refused(["--staff", `support.${kind}@ops.example`, "user:phone", a.phone, uniquePhone(), "--reason", "x"]),
    ).toMatch(/needs the staff role COMPLIANCE/);
    // Nothing changed: both still log in with their phones.
    expect(await loginStatus(a.phone)).toBe(200);
    expect(await loginStatus(b.phone)).toBe(200);
  });

  it("through /ops (POST /ops/customers/phone, role COMPLIANCE): field errors on the form's fields, audited with the staff user", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const other = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const compliance = await staffLogin(s, "compliance@ops.example");
    const payments = await staffLogin(s, "payments@ops.example");
    const post = (token: string, body: unknown) => s.call("POST", "/ops/customers/phone", { token, body });
    const newPhone = uniquePhone();
    expect((await post(payments, { phone: c.phone, newPhone, reason: "x" })).status).toBe(403);
    const fields = async (body: unknown) => {
      const r = await post(compliance, body);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      return (r.body.message as { property: string; constraints: Record<string, string> }[]).map(
        (e) => `${e.property}:${Object.keys(e.constraints)[0]}`,
      );
    };
    expect(await fields({ phone: c.phone, newPhone: "0770", reason: "x" })).toEqual(["newPhone:isPhoneNumber"]);
    expect(await fields({ phone: c.phone, newPhone: other.phone, reason: "x" })).toEqual(["newPhone:isUnique"]);
    expect(await fields({ phone: c.phone, newPhone, reason: " " })).toEqual(["reason:too_small"]);
    expect((await post(compliance, { phone: "+447700955502", newPhone, reason: "x" })).status).toBe(404);
    const done = await post(compliance, { phone: c.phone, newPhone, reason: "Passport seen on video call" });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ userId: c.user.id, previousPhone: c.phone, phone: newPhone, sessionsRevoked: 0 });
    const [entry] = await s.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.subjectId, c.user.id))
      .orderBy(desc(staffAuditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ action: "user.phone-change", source: "ops", reason: "Passport seen on video call" });
    expect(entry.staffUserId).not.toBeNull();
    expect(await loginStatus(newPhone)).toBe(200);
  });

  it("two changes racing for one new phone: one wins, the other is refused, nobody loses their phone", async () => {
    const a = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const b = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const wanted = uniquePhone();
    const results = await Promise.allSettled([
      bank(["user:phone", a.phone, wanted, "--reason", "race a"]),
      bank(["user:phone", b.phone, wanted, "--reason", "race b"]),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refusal(lost.reason)).toMatch(/isUnique.*another user has the phone/);
    expect(await loginStatus(wanted)).toBe(200);
    const winnerWasA = results[0].status === "fulfilled";
    expect(await loginStatus(winnerWasA ? b.phone : a.phone)).toBe(200);
    expect(await loginStatus(winnerWasA ? a.phone : b.phone)).toBe("no code sent");
  });
  it("a login whose code was verified on the old phone cannot finish after the change", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const start = await s.call("POST", "/auth/phone", { body: { phone: c.phone } });
    const verified = await s.call("POST", "/auth/verify-code", { body: { token: start.body.token, code: start.body.debugCode } });
    expect(verified.status).toBe(200);
    await bank(["user:phone", c.phone, uniquePhone(), "--reason", "Phone stolen, reported in branch"]);
    const password = await s.call("POST", "/auth/verify-password", {
      body: { token: verified.body.token, password: "Bank-Demo-2026" },
    });
    expect(password.status).toBe(401);
    expect(password.body.code).toBe("CODE_EXPIRED");
  });

  it("a refresh at the same moment as the change leaves no live session (PostgreSQL runs them in parallel)", async () => {
    for (let i = 0; i < 12; i++) {
      const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
      const [u] = await s.db.select({ id: users.id }).from(users).where(eq(users.phone, c.phone));
      const before = await createSession(s.db, u.id);
      const [changed, refreshed] = await Promise.all([
        bank(["user:phone", c.phone, uniquePhone(), "--reason", `race ${i}`]),
        s.call("POST", "/auth/refresh", { body: { refreshToken: before.refreshToken } }),
      ]);
      expect(changed).toContain("logged out");
      if (refreshed.status === 200) {
        // The refresh went first: the change that followed ended the pair it issued too.
        expect((await s.call("GET", "/users/whoami", { token: refreshed.body.accessToken })).status, `round ${i}`).toBe(401);
        const again = await s.call("POST", "/auth/refresh", { body: { refreshToken: refreshed.body.refreshToken } });
        expect(again.status, `round ${i}`).toBe(401);
      } else expect(refreshed.status, `round ${i}`).toBe(401);
    }
  });
});
