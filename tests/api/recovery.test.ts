/**
 * Account recovery (issue 10; server/domain/auth/recovery.ts) on PGlite and PostgreSQL: a code to
 * the phone, then the code and a new password; the old password stops working, every session of
 * the user ends, the new password logs in. A weak password is refused before the code is tried;
 * wrong codes count to 5; an unknown phone gets the same answer and no message; the login's
 * sending limits apply (counted with login codes).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { TestServer } from "./helpers.js";

// The password hash counted (the real one still runs): recovery must not hash for a dead challenge.
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return { ...real, hash: vi.fn(real.hash) };
});
// The API test files of one process share its modules (vitest.config.ts: the api project does not
// isolate them), so the server's modules may already hold the real hash: they are loaded afresh
// here, after the mock, and the spy is read from the same registry as the server's.
vi.resetModules();
const { hash: argon2Hash } = await import("@node-rs/argon2");
const { users } = await import("../../server/db/schema/index.js");
const { createSession } = await import("../../server/domain/auth/sessions.js");
const { createCustomer } = await import("../../server/seed/factories.js");
const { databases, startTestServer } = await import("./helpers.js");

describe.each(databases)("account recovery on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  const loginWith = async (phone: string, password: string) => {
    const start = await s.call("POST", "/auth/phone", { body: { phone } });
    const verified = await s.call("POST", "/auth/verify-code", { body: { token: start.body.token, code: start.body.debugCode } });
    return s.call("POST", "/auth/verify-password", { body: { token: verified.body.token, password } });
  };

  it("hashes no password for a token that cannot be tried (made up, unknown, spent): the code's answer first", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const start = await s.call("POST", "/recover/send-code", { body: { phone: c.phone } });
    const wrongCode = start.body.debugCode === "0000" ? "1111" : "0000";
    for (let i = 0; i < 5; i++)
      await s.call("POST", "/recover/verify-code", {
        body: { token: start.body.token, code: wrongCode, password: "a brand new passphrase" },
      });
    const hashes = vi.mocked(argon2Hash).mock.calls.length;
    const attempt = (token: string, password = "a brand new passphrase") =>
      s.call("POST", "/recover/verify-code", { body: { token, code: "1234", password } });
    expect((await attempt("x")).body.code).toBe("INVALID_CODE");
    expect((await attempt("00000000-0000-4000-8000-000000000000")).body.code).toBe("INVALID_CODE");
    // Its five tries spent: refused as spent, even with a password its rules would refuse.
    expect((await attempt(start.body.token)).body.code).toBe("CODE_ATTEMPTS_EXCEEDED");
    expect((await attempt(start.body.token, "short")).body.code).toBe("CODE_ATTEMPTS_EXCEEDED");
    expect(vi.mocked(argon2Hash).mock.calls.length).toBe(hashes);
  });

  it("sets a new password after the code; the old one and every session stop working", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const session = await s.login(c.phone);
    // The spy is the hash the server uses (so the test above, which counts none, could fail).
    const hashesBefore = vi.mocked(argon2Hash).mock.calls.length;
    const start = await s.call("POST", "/recover/send-code", { body: { phone: c.phone } });
    expect(start.status).toBe(200);
    expect(s.sms.sent.at(-1)).toMatchObject({ to: c.phone });
    expect(s.sms.sent.at(-1)!.text).toContain("new password");

    // A weak password is refused on its field, and costs no try.
    const weak = await s.call("POST", "/recover/verify-code", {
      body: { token: start.body.token, code: start.body.debugCode, password: "short" },
    });
    expect(weak.status).toBe(400);
    expect(JSON.stringify(weak.body)).toContain("password");
    const wrong = await s.call("POST", "/recover/verify-code", {
      body: {
        token: start.body.token,
        code: start.body.debugCode === "0000" ? "1111" : "0000",
        password: "a brand new passphrase",
      },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: "INVALID_CODE", attemptsLeft: 4 });

    const done = await s.call("POST", "/recover/verify-code", {
      body: { token: start.body.token, code: start.body.debugCode, password: "a brand new passphrase" },
    });
    expect(done.status).toBe(204);
    expect(vi.mocked(argon2Hash).mock.calls.length, "the new password hashed through the spy").toBeGreaterThan(hashesBefore);
    expect((await s.call("GET", "/users/whoami", { token: session })).status).toBe(401);
    expect((await loginWith(c.phone, "Bank-Demo-2026")).status).toBe(401);
    expect((await loginWith(c.phone, "a brand new passphrase")).status).toBe(200);
    // Single use.
    const again = await s.call("POST", "/recover/verify-code", {
      body: { token: start.body.token, code: start.body.debugCode, password: "yet another passphrase" },
    });
    expect(again.body.code).toBe("CODE_EXPIRED");
  });

  it("refreshes at the same moment as the recovery leave no live session (PostgreSQL runs them in parallel)", async () => {
    for (let i = 0; i < 6; i++) {
      const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
      const [u] = await s.db.select({ id: users.id }).from(users).where(eq(users.phone, c.phone));
      // Twenty devices, each refreshing once, spread over the time the recovery takes (the
      // password's hash comes before its transaction): some meet its transaction.
      const devices = await Promise.all(Array.from({ length: 20 }, () => createSession(s.db, u.id)));
      const start = await s.call("POST", "/recover/send-code", { body: { phone: c.phone } });
      const [done, ...refreshed] = await Promise.all([
        s.call("POST", "/recover/verify-code", {
          body: { token: start.body.token, code: start.body.debugCode, password: "a brand new passphrase" },
        }),
        ...devices.map((d, n) =>
          new Promise((r) => setTimeout(r, n * 3)).then(() =>
            s.call("POST", "/auth/refresh", { body: { refreshToken: d.refreshToken } }),
          ),
        ),
      ]);
      expect(done.status).toBe(204);
      for (const r of refreshed.filter((a) => a.status === 200)) {
        expect((await s.call("GET", "/users/whoami", { token: r.body.accessToken })).status, `round ${i}`).toBe(401);
        const again = await s.call("POST", "/auth/refresh", { body: { refreshToken: r.body.refreshToken } });
        expect(again.status, `round ${i}`).toBe(401);
      }
    }
  });

  it("an unknown phone gets the same answer and no message; a login challenge cannot set a password", async () => {
    const sent = s.sms.sent.length;
    const unknown = await s.call("POST", "/recover/send-code", { body: { phone: "+447700955555" } });
    expect(unknown.status).toBe(200);
    expect(Object.keys(unknown.body).sort()).toEqual(["channel", "expiresAt", "resendAvailableAt", "token"]);
    expect(s.sms.sent.length).toBe(sent);
    const never = await s.call("POST", "/recover/verify-code", {
      body: { token: unknown.body.token, code: "1234", password: "a brand new passphrase" },
    });
    expect(never.status).toBe(401);

    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const login = await s.call("POST", "/auth/phone", { body: { phone: c.phone } });
    const crossed = await s.call("POST", "/recover/verify-code", {
      body: { token: login.body.token, code: login.body.debugCode, password: "a brand new passphrase" },
    });
    expect(crossed.status).toBe(401);
    expect((await loginWith(c.phone, "Bank-Demo-2026")).status).toBe(200);
  });
});
