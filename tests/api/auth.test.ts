/**
 * Auth API against a real database (PGlite always; PostgreSQL when TEST_DATABASE_URL is set),
 * through the shared harness (tests/api/helpers.ts: fresh DB, seed, createApp, relaxed limits):
 * phone → code → password → tokens → whoami, code limits, refresh rotation, logout (which also
 * deletes the user's payment drafts, spec 000 §9).
 * A second app on the same database runs with RATE_LIMITS=strict for the 429 test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { randomInt } from "node:crypto";
import pino from "pino";
import { hash } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import { loadConfig } from "../../server/config.js";
import { apiSessions, oneTimeCodes, users } from "../../server/db/schema/index.js";
import { MemorySmsProvider } from "../../server/providers/sms.js";
import { createApp } from "../../server/app.js";
import { createSession, hashToken, revokeSession, SESSION_POLICY } from "../../server/domain/auth/sessions.js";
import { createCustomer, type CreatedCustomer } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

const PASSWORD = "Bank-Demo-2026";
const BLOCKED = "+447700900098";

/** Same database, RATE_LIMITS=strict (the production setting). */
async function startStrictApp(t: TestServer): Promise<{ url: string; close: () => Promise<void> }> {
  const config = loadConfig({
    NODE_ENV: "test",
    SMS_DEBUG_CODES: "true",
    RATE_LIMITS: "strict",
    OTP_SECRET: "api-test-otp-secret-0123456789",
  } as NodeJS.ProcessEnv);
  const app = createApp({ db: t.db, config, sms: new MemorySmsProvider(), logger: pino({ level: "silent" }) });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections?.();
      await new Promise((r) => server.close(r));
    },
  };
}

interface Harness {
  t: TestServer;
  baseUrl: string;
  strictUrl: string;
  db: TestServer["db"];
  close: () => Promise<void>;
}

async function startHarness(kind: (typeof databases)[number]): Promise<Harness> {
  const t = await startTestServer({ db: kind });
  await t.db.insert(users).values({ phone: BLOCKED, passwordHash: await hash(PASSWORD), status: "BLOCKED", identified: true });
  const strict = await startStrictApp(t);
  return {
    t,
    db: t.db,
    baseUrl: t.baseUrl,
    strictUrl: strict.url,
    close: async () => {
      await strict.close();
      await t.close();
    },
  };
}

describe.each(databases)("auth API on %s", (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());

  async function call(path: string, body?: unknown, token?: string, base = h.baseUrl) {
    const res = await fetch(`${base}/api/v1${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  }

  async function phone(p: string) {
    const r = await call("/auth/phone", { phone: p });
    expect(r.status).toBe(200);
    return r.body as { token: string; debugCode?: string; expiresAt: string; resendAvailableAt: string; channel: string };
  }

  async function login(p: string) {
    const c = await phone(p);
    const v = await call("/auth/verify-code", { token: c.token, code: c.debugCode });
    expect(v.status).toBe(200);
    const t = await call("/auth/verify-password", { token: v.body.token, password: PASSWORD });
    expect(t.status).toBe(200);
    return t.body as { accessToken: string; refreshToken: string };
  }

  const wrongCode = (c: string) => (c === "0000" ? "1111" : "0000");

  it("phone → code → password → tokens → whoami", async () => {
    const c = await phone("+447700900001");
    expect(c.debugCode).toMatch(/^\d{4}$/);
    expect(c.channel).toBe("SMS");
    const v = await call("/auth/verify-code", { token: c.token, code: c.debugCode });
    expect(v.body).toEqual({ token: c.token, passwordRequired: true });
    const t = await call("/auth/verify-password", { token: c.token, password: PASSWORD });
    expect(t.status).toBe(200);
    expect(t.body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(t.body.accessTokenExpiresAt)).toBeGreaterThan(Date.now());
    const me = await call("/users/whoami", undefined, t.body.accessToken);
    expect(me.status).toBe(200);
    expect(me.body.phone).toBe("+447700900001");
    expect(me.body.activeOrganization.type).toBe("INDIVIDUAL");
    // the challenge is consumed: the password step cannot be replayed
    const again = await call("/auth/verify-password", { token: c.token, password: PASSWORD });
    expect(again.status).toBe(401);
  });

  it("an access token works until it expires or is revoked, then answers 401", async () => {
    const [user] = await h.db.select({ id: users.id }).from(users).where(eq(users.phone, "+447700900001"));
    const now = Date.now();
    // Issued 16 minutes ago: expired a minute ago (access tokens live 15 minutes).
    const expired = await createSession(h.db, user.id, new Date(now - 16 * 60_000));
    expect((await call("/users/whoami", undefined, expired.accessToken)).status).toBe(401);
    // Issued 14 minutes ago: a minute left.
    const live = await createSession(h.db, user.id, new Date(now - 14 * 60_000));
    expect((await call("/users/whoami", undefined, live.accessToken)).status).toBe(200);
    await revokeSession(h.db, live.sessionId);
    expect((await call("/users/whoami", undefined, live.accessToken)).status).toBe(401);
  });

  it("invalid phone is a field error on `phone`", async () => {
    const r = await call("/auth/phone", { phone: "07700900001" });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_FAILED");
    expect(r.body.message[0].property).toBe("phone");
  });

  it("5 wrong codes invalidate the code; the right code then fails", async () => {
    const c = await phone("+447700900001");
    for (let i = 1; i <= 4; i++) {
      const r = await call("/auth/verify-code", { token: c.token, code: wrongCode(c.debugCode!) });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ code: "INVALID_CODE", attemptsLeft: 5 - i });
    }
    const fifth = await call("/auth/verify-code", { token: c.token, code: wrongCode(c.debugCode!) });
    expect(fifth.body.code).toBe("CODE_ATTEMPTS_EXCEEDED");
    const right = await call("/auth/verify-code", { token: c.token, code: c.debugCode });
    expect(right.status).toBe(401);
    expect(right.body.code).toBe("CODE_ATTEMPTS_EXCEEDED");
  });

  it("a code is single use", async () => {
    const c = await phone("+447700900001");
    expect((await call("/auth/verify-code", { token: c.token, code: c.debugCode })).status).toBe(200);
    const second = await call("/auth/verify-code", { token: c.token, code: c.debugCode });
    expect(second.status).toBe(401);
    expect(second.body.code).toBe("CODE_EXPIRED");
  });

  it("an expired code is refused", async () => {
    const c = await phone("+447700900001");
    await h.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.id, c.token));
    const r = await call("/auth/verify-code", { token: c.token, code: c.debugCode });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe("CODE_EXPIRED");
  });

  it("the password step expires 10 minutes after the code step", async () => {
    const c = await phone("+447700900001");
    await call("/auth/verify-code", { token: c.token, code: c.debugCode });
    await h.db
      .update(oneTimeCodes)
      .set({ verifiedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(oneTimeCodes.id, c.token));
    const r = await call("/auth/verify-password", { token: c.token, password: PASSWORD });
    expect(r.body.code).toBe("CODE_EXPIRED");
  });

  it("unknown phone: same answer shape, no debug code, cannot verify", async () => {
    const known = await phone("+447700900001");
    const unknown = await phone("+447700999999");
    expect(Object.keys(unknown).sort()).toEqual(
      Object.keys(known)
        .filter((k) => k !== "debugCode")
        .sort(),
    );
    expect(unknown.debugCode).toBeUndefined();
    for (const code of ["0000", "1234", known.debugCode]) {
      const r = await call("/auth/verify-code", { token: unknown.token, code });
      expect(r.status).toBe(401);
      expect(r.body.code).toMatch(/INVALID_CODE|CODE_ATTEMPTS_EXCEEDED/);
    }
  });

  it("password step needs a verified code", async () => {
    const c = await phone("+447700900001");
    const r = await call("/auth/verify-password", { token: c.token, password: PASSWORD });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe("INVALID_CODE");
  });

  it("wrong password: 401 INVALID_PASSWORD with attemptsLeft, counting toward the 5 tries", async () => {
    const c = await phone("+447700900001");
    await call("/auth/verify-code", { token: c.token, code: c.debugCode });
    const r = await call("/auth/verify-password", { token: c.token, password: "wrong-password" });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: "INVALID_PASSWORD", attemptsLeft: 4 });
    for (let i = 0; i < 3; i++) await call("/auth/verify-password", { token: c.token, password: "wrong" });
    const fifth = await call("/auth/verify-password", { token: c.token, password: "wrong" });
    expect(fifth.body.code).toBe("CODE_ATTEMPTS_EXCEEDED");
    const right = await call("/auth/verify-password", { token: c.token, password: PASSWORD });
    expect(right.status).toBe(401);
  });

  it("blocked user: 403 after both factors", async () => {
    const c = await phone(BLOCKED);
    await call("/auth/verify-code", { token: c.token, code: c.debugCode });
    const r = await call("/auth/verify-password", { token: c.token, password: PASSWORD });
    expect(r.status).toBe(403);
  });

  it("strict mode: a second code within 60 s is 429 RATE_LIMITED with Retry-After", async () => {
    // Age this IP's rate-limit log so earlier relaxed-mode tests do not count.
    await h.db.execute(
      sql`update one_time_codes set created_at = created_at - interval '1 hour' where created_at > now() - interval '1 hour'`,
    );
    const p = `+4477009${randomInt(10000, 99999)}`;
    const first = await call("/auth/phone", { phone: p }, undefined, h.strictUrl);
    expect(first.status).toBe(200);
    const second = await call("/auth/phone", { phone: p }, undefined, h.strictUrl);
    expect(second.status).toBe(429);
    expect(second.body.code).toBe("RATE_LIMITED");
    expect(second.body.retryAfter).toBeGreaterThan(0);
    expect(second.headers.get("retry-after")).toBe(String(second.body.retryAfter));
  });

  /** Move a spent refresh token's rotation (and revocation) `seconds` into the past. */
  async function ageRotation(refreshToken: string, seconds: number) {
    await h.db
      .update(apiSessions)
      .set({
        rotatedAt: sql`rotated_at - make_interval(secs => ${seconds})`,
        revokedAt: sql`revoked_at - make_interval(secs => ${seconds})`,
      })
      .where(eq(apiSessions.refreshTokenHash, hashToken(refreshToken)));
  }

  it("refresh rotates; reusing the old refresh token after the grace is refused and ends that session only", async () => {
    const otherDevice = await login("+447700900001");
    const t1 = await login("+447700900001");
    const r = await call("/auth/refresh", { refreshToken: t1.refreshToken });
    expect(r.status).toBe(200);
    expect(r.body.refreshToken).not.toBe(t1.refreshToken);
    expect((await call("/users/whoami", undefined, r.body.accessToken)).status).toBe(200);
    expect((await call("/users/whoami", undefined, t1.accessToken)).status).toBe(401);
    await ageRotation(t1.refreshToken, SESSION_POLICY.rotationGraceMs / 1000 + 1);
    const reuse = await call("/auth/refresh", { refreshToken: t1.refreshToken });
    expect(reuse.status).toBe(401);
    // reuse detection revoked the rotated session too
    expect((await call("/users/whoami", undefined, r.body.accessToken)).status).toBe(401);
    expect((await call("/auth/refresh", { refreshToken: r.body.refreshToken })).status).toBe(401);
    // the user's other login (another family) is untouched
    expect((await call("/users/whoami", undefined, otherDevice.accessToken)).status).toBe(200);
  });

  it("rotation grace: a spent refresh token presented again within 30 s gets a new pair; both pairs work", async () => {
    const t1 = await login("+447700900001");
    const first = await call("/auth/refresh", { refreshToken: t1.refreshToken });
    expect(first.status).toBe(200);
    // A parallel request (another tab, another app instance) or a retry after a lost answer.
    await ageRotation(t1.refreshToken, SESSION_POLICY.rotationGraceMs / 1000 - 5);
    const again = await call("/auth/refresh", { refreshToken: t1.refreshToken });
    expect(again.status).toBe(200);
    expect(again.body.refreshToken).not.toBe(first.body.refreshToken);
    expect((await call("/users/whoami", undefined, first.body.accessToken)).status).toBe(200);
    expect((await call("/users/whoami", undefined, again.body.accessToken)).status).toBe(200);
    // Both successors refresh normally, and stay one device.
    expect((await call("/auth/refresh", { refreshToken: first.body.refreshToken })).status).toBe(200);
    expect((await call("/auth/refresh", { refreshToken: again.body.refreshToken })).status).toBe(200);
    const [family] = await h.db
      .select({ familyId: apiSessions.familyId })
      .from(apiSessions)
      .where(eq(apiSessions.refreshTokenHash, hashToken(t1.refreshToken)));
    const rows = await h.db
      .select({ familyId: apiSessions.familyId })
      .from(apiSessions)
      .where(eq(apiSessions.familyId, family.familyId));
    expect(rows.length).toBe(5);
  });

  it("rotation grace: at most four live pairs per device; beyond that the token counts as reused", async () => {
    const t1 = await login("+447700900001");
    const first = await call("/auth/refresh", { refreshToken: t1.refreshToken });
    expect(first.status).toBe(200);
    const graced = [];
    for (let i = 0; i < SESSION_POLICY.maxLiveRowsPerFamily - 1; i++) {
      const r = await call("/auth/refresh", { refreshToken: t1.refreshToken });
      expect(r.status).toBe(200);
      graced.push(r.body.accessToken as string);
    }
    const over = await call("/auth/refresh", { refreshToken: t1.refreshToken });
    expect(over.status).toBe(401);
    // Treated as reuse: the whole device is logged out.
    for (const token of [first.body.accessToken, ...graced]) {
      expect((await call("/users/whoami", undefined, token)).status).toBe(401);
    }
  });

  it("rotation grace: the unused pairs of earlier parallel refreshes do not count toward the limit (a long session)", async () => {
    // Every 15 minutes two tabs refresh at once: each time one pair is kept by the browser and the
    // other stays live, unused, until it expires. Six such episodes must not end the session.
    let current = (await login("+447700900001")).refreshToken;
    for (let episode = 0; episode < 6; episode++) {
      const kept = await call("/auth/refresh", { refreshToken: current });
      const unused = await call("/auth/refresh", { refreshToken: current });
      expect([kept.status, unused.status], `episode ${episode}`).toEqual([200, 200]);
      current = kept.body.refreshToken;
    }
    const last = await call("/auth/refresh", { refreshToken: current });
    expect(last.status).toBe(200);
    expect((await call("/users/whoami", undefined, last.body.accessToken)).status).toBe(200);
  });

  it("rotation grace ends with the session: after a logout the spent token is refused at once", async () => {
    const t1 = await login("+447700900001");
    const first = await call("/auth/refresh", { refreshToken: t1.refreshToken });
    expect((await call("/auth/logout", { refreshToken: first.body.refreshToken })).status).toBe(204);
    expect((await call("/auth/refresh", { refreshToken: t1.refreshToken })).status).toBe(401);
    // A token never spent by a refresh but revoked by the logout gets no grace either.
    expect((await call("/auth/refresh", { refreshToken: first.body.refreshToken })).status).toBe(401);
  });

  it("a logout at the same moment as a refresh of the same device leaves nothing live (PostgreSQL runs them in parallel)", async () => {
    for (let i = 0; i < 12; i++) {
      const t1 = await login("+447700900001");
      const first = await call("/auth/refresh", { refreshToken: t1.refreshToken });
      expect(first.status).toBe(200);
      // Odd rounds: a graced refresh of the spent token; even rounds: a normal refresh of the live one.
      const refreshWith = i % 2 ? t1.refreshToken : first.body.refreshToken;
      const [logout, refreshed] = await Promise.all([
        call("/auth/logout", { refreshToken: first.body.refreshToken }),
        call("/auth/refresh", { refreshToken: refreshWith }),
      ]);
      expect(logout.status).toBe(204);
      if (refreshed.status === 200) {
        // The refresh went first: the logout that followed ended its new pair too.
        expect((await call("/users/whoami", undefined, refreshed.body.accessToken)).status, `round ${i}`).toBe(401);
        expect((await call("/auth/refresh", { refreshToken: refreshed.body.refreshToken })).status, `round ${i}`).toBe(401);
      } else expect(refreshed.status).toBe(401);
    }
  });

  it("parallel refreshes with one refresh token all succeed (two tabs through two app instances)", async () => {
    const t1 = await login("+447700900001");
    const answers = await Promise.all(Array.from({ length: 3 }, () => call("/auth/refresh", { refreshToken: t1.refreshToken })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.refreshToken)).size).toBe(3);
    for (const a of answers) expect((await call("/users/whoami", undefined, a.body.accessToken)).status).toBe(200);
  });

  it("logout by refresh token (access token expired) ends the session; unknown tokens are ignored", async () => {
    const t = await login("+447700900001");
    const other = await login("+447700900001");
    expect((await call("/auth/logout", { refreshToken: t.refreshToken })).status).toBe(204);
    expect((await call("/users/whoami", undefined, t.accessToken)).status).toBe(401);
    expect((await call("/auth/refresh", { refreshToken: t.refreshToken })).status).toBe(401);
    expect((await call("/users/whoami", undefined, other.accessToken)).status).toBe(200);
    expect((await call("/auth/logout", { refreshToken: "x".repeat(43) })).status).toBe(204);
  });

  it("logout revokes the session, including tokens rotated from it", async () => {
    const first = await login("+447700900001");
    const t = (await call("/auth/refresh", { refreshToken: first.refreshToken })).body as {
      accessToken: string;
      refreshToken: string;
    };
    expect((await call("/auth/logout", {}, t.accessToken)).status).toBe(204);
    expect((await call("/users/whoami", undefined, t.accessToken)).status).toBe(401);
    expect((await call("/auth/refresh", { refreshToken: t.refreshToken })).status).toBe(401);
    expect((await call("/auth/logout", {})).status).toBe(401);
  });

  it("logout deletes the user's payment drafts, by access or refresh token; another user's stay (spec 000 §9)", async () => {
    const [a, b] = [await createCustomer(h.db), await createCustomer(h.db)];
    const sessions = async (c: CreatedCustomer) => createSession(h.db, c.user.id);
    const draft = (token: string, form: string) => h.t.call("GET", `/payment-drafts/${form}`, { token }).then((r) => r.status);
    const save = async (c: CreatedCustomer, token: string, form: string) => {
      const r = await h.t.call("PUT", `/payment-drafts/${form}`, {
        token,
        body: { organizationId: c.organization.id, data: { beneficiaryName: `Half typed by ${c.phone}` } },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    const first = await sessions(a);
    await save(a, first.accessToken, "euro");
    await save(a, first.accessToken, "gbp");
    const bs = await sessions(b);
    await save(b, bs.accessToken, "euro");
    expect((await call("/auth/logout", {}, first.accessToken)).status).toBe(204);
    const again = await sessions(a);
    expect(await draft(again.accessToken, "euro")).toBe(404);
    expect(await draft(again.accessToken, "gbp")).toBe(404);
    expect(await draft(bs.accessToken, "euro")).toBe(200);
    // A logout by refresh token (the access token expired) too.
    await save(a, again.accessToken, "internal");
    expect((await call("/auth/logout", { refreshToken: again.refreshToken })).status).toBe(204);
    expect(await draft((await sessions(a)).accessToken, "internal")).toBe(404);
    expect(await draft(bs.accessToken, "euro")).toBe(200);
  });

  it("whoami for +447700900003 picks the INDIVIDUAL organization", async () => {
    const t = await login("+447700900003");
    const me = await call("/users/whoami", undefined, t.accessToken);
    expect(me.body.organizations.length).toBeGreaterThanOrEqual(2);
    expect(me.body.activeOrganization.type).toBe("INDIVIDUAL");
    expect(me.body.activeOrganization.fullName).toBe("James Patel");
    const corp = me.body.organizations.find((o: { type: string }) => o.type === "CORPORATE");
    expect(corp.fullName).toBe("Patel Consulting Ltd");
    expect(corp.currentOfficial).toEqual({ signatureType: "SINGLE", companyOfficialType: "MAIN_REPRESENTATIVE" });
  });

  it("whoami for +447700900002 (corporate official only) picks the CORPORATE organization", async () => {
    const t = await login("+447700900002");
    const me = await call("/users/whoami", undefined, t.accessToken);
    expect(me.body.activeOrganization).toMatchObject({
      type: "CORPORATE",
      fullName: "Northwind Trading Ltd",
      currentOfficial: { signatureType: "SINGLE", companyOfficialType: "MAIN_REPRESENTATIVE" },
    });
  });

  it("whoami for +447700900004: identified=false", async () => {
    const t = await login("+447700900004");
    const me = await call("/users/whoami", undefined, t.accessToken);
    expect(me.status).toBe(200);
    expect(me.body.identified).toBe(false);
    expect(me.body.organizations).toEqual([]);
    expect(me.body.activeOrganization).toBeNull();
  });

  it("whoami for +447700900005 (company official only): COMPANY_OFFICIAL organization, no accounts", async () => {
    const t = await login("+447700900005");
    const me = await call("/users/whoami", undefined, t.accessToken);
    expect(me.status).toBe(200);
    expect(me.body.identified).toBe(true);
    expect(me.body.organizations).toHaveLength(1);
    expect(me.body.activeOrganization).toMatchObject({
      type: "COMPANY_OFFICIAL",
      fullName: "Ada Whitfield",
      currentOfficial: { signatureType: "SINGLE", companyOfficialType: "DIRECTOR" },
    });
    const list = await call(`/accounts?organizationId=${me.body.activeOrganization.id}`, undefined, t.accessToken);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ data: [] });
  });

  it("whoami without a token is 401", async () => {
    expect((await call("/users/whoami")).status).toBe(401);
    expect((await call("/users/whoami", undefined, "x".repeat(43))).status).toBe(401);
  });
});
