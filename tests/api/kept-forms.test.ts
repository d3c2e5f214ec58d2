/**
 * Answers typed past the inactivity limit, kept for the next login (server/domain/auth/kept-forms.ts;
 * POST /auth/kept-forms, POST /auth/kept-forms/take) on PGlite and PostgreSQL: kept only with a
 * live session's refresh token; taken back by the same user once, on its page only; a later one
 * replaces an earlier one; gone after 30 minutes; never another user's.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer } from "../../server/seed/factories.js";
import { createSession, revokeSession } from "../../server/domain/auth/sessions.js";
import { KEPT_FORM_TTL_MS, keepForm, takeKeptForm } from "../../server/domain/auth/kept-forms.js";
import { keptForms, users } from "../../server/db/schema/index.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

const STEP = "/identity/corporate/company";

describe.each(databases)("kept forms on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  const keep = (refreshToken: string, fields: [string, string][], path = STEP) =>
    s.call("POST", "/auth/kept-forms", { body: { refreshToken, path, fields } });
  const take = (token: string, path = STEP) => s.call("POST", "/auth/kept-forms/take", { token, body: { path } });

  it("keeps a long form for the same user's next login, once, on its page only", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const ending = await createSession(s.db, c.user.id);
    // Far more than the web's cookies could carry (about 7 KB): a long business description.
    const description = "We import and distribute industrial fasteners. ".repeat(1_000);
    const fields: [string, string][] = [
      ["companyName", "Fasteners & Söhne <Ltd>"],
      ["businessDescription", description],
      ["countriesOfInterest", "DE"],
      ["countriesOfInterest", "FR"],
    ];
    const kept = await keep(ending.refreshToken, fields);
    expect(kept.status).toBe(201);
    expect(kept.body).toEqual({ kept: true });
    // The web app ends that session; the customer logs in again.
    await revokeSession(s.db, ending.sessionId);
    const next = await s.login(c.phone);

    expect((await take(next, "/identity/corporate/documents")).body).toEqual({ fields: null });
    expect((await take(next, `${STEP}?applicationId=0e6f2a8c-1b2d-4c3e-9f40-5a6b7c8d9e01`)).body).toEqual({ fields: null });
    const taken = await take(next);
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({ fields });
    expect((await take(next)).body).toEqual({ fields: null });
  });

  it("keeps nothing for a revoked, unknown or blocked user's session, and never gives one user's form to another", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const revoked = await createSession(s.db, c.user.id);
    await revokeSession(s.db, revoked.sessionId);
    expect((await keep(revoked.refreshToken, [["firstName", "Ann"]])).status).toBe(401);
    const unknown = await keep("not-a-refresh-token-of-anyone", [["firstName", "Ann"]]);
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe("UNAUTHENTICATED");

    const blocked = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const blockedSession = await createSession(s.db, blocked.user.id);
    await s.db.update(users).set({ status: "BLOCKED" }).where(eq(users.id, blocked.user.id));
    expect((await keep(blockedSession.refreshToken, [["firstName", "Bea"]])).status).toBe(401);
    expect(await s.db.select().from(keptForms).where(eq(keptForms.userId, c.user.id))).toEqual([]);
    expect(await s.db.select().from(keptForms).where(eq(keptForms.userId, blocked.user.id))).toEqual([]);

    const owner = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const ownerSession = await createSession(s.db, owner.user.id);
    expect((await keep(ownerSession.refreshToken, [["firstName", "Owner's answer"]])).status).toBe(201);
    const stranger = await s.login(c.phone);
    expect((await take(stranger)).body).toEqual({ fields: null });
    expect((await take(ownerSession.accessToken)).body).toEqual({ fields: [["firstName", "Owner's answer"]] });
  });

  it("a step's application is part of its page", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const session = await createSession(s.db, c.user.id);
    const page = `${STEP}?applicationId=7d1e3f5a-2c4b-4d6e-8f90-1a2b3c4d5e6f`;
    expect((await keep(session.refreshToken, [["companyName", "B"]], page)).status).toBe(201);
    expect((await take(session.accessToken)).body).toEqual({ fields: null });
    expect((await take(session.accessToken, page)).body).toEqual({ fields: [["companyName", "B"]] });
  });

  it("a later form replaces an earlier one; a form older than 30 minutes cannot be taken", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const session = await createSession(s.db, c.user.id);
    expect((await keep(session.refreshToken, [["beneficiaryName", "first"]], "/payments/euro")).status).toBe(201);
    expect((await keep(session.refreshToken, [["firstName", "second"]])).status).toBe(201);
    expect((await take(session.accessToken, "/payments/euro")).body).toEqual({ fields: null });
    expect((await take(session.accessToken)).body).toEqual({ fields: [["firstName", "second"]] });

    const then = new Date();
    expect(await keepForm(s.db, session.refreshToken, { path: STEP, fields: [["firstName", "stale"]] }, then)).toBe(true);
    expect(await takeKeptForm(s.db, c.user.id, STEP, new Date(then.getTime() + KEPT_FORM_TTL_MS))).toBeNull();
    expect(await takeKeptForm(s.db, c.user.id, STEP, new Date(then.getTime() + KEPT_FORM_TTL_MS - 1_000))).toEqual([
      ["firstName", "stale"],
    ]);
  });

  it("refuses a malformed kept form with 400 and keeps nothing", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const session = await createSession(s.db, c.user.id);
    for (const body of [
      { refreshToken: session.refreshToken, path: "https://elsewhere.example/x", fields: [["a", "b"]] },
      { refreshToken: session.refreshToken, path: `${STEP}?returnTo=https://elsewhere.example/`, fields: [["a", "b"]] },
      { refreshToken: session.refreshToken, path: STEP, fields: [] },
      { refreshToken: session.refreshToken, path: STEP, fields: [["a"]] },
      { refreshToken: session.refreshToken, path: STEP, fields: Array.from({ length: 2_001 }, () => ["a", "b"]) },
      { refreshToken: session.refreshToken, path: STEP, fields: { a: "b" } },
    ]) {
      const res = await s.call("POST", "/auth/kept-forms", { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await s.db.select().from(keptForms).where(eq(keptForms.userId, c.user.id))).toEqual([]);
  });
});

// A public call whose credential is a refresh token: counted per token and per client IP, with the
// production ceilings (RATE_LIMITS=strict), in the bank's usual 429 RATE_LIMITED shape.
describe.each(databases)("kept-form limits on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind, rateLimits: "strict" });
  });
  afterAll(async () => s?.close());

  const keep = (refreshToken: string, fields: [string, string][] = [["firstName", "Ann"]]) =>
    s.call("POST", "/auth/kept-forms", { body: { refreshToken, path: STEP, fields } });

  it("one refresh token keeps answers 5 times in 15 minutes, the 6th is 429 RATE_LIMITED; another session is not affected", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const session = await createSession(s.db, c.user.id);
    for (let i = 0; i < 5; i++) expect((await keep(session.refreshToken, [["firstName", `try ${i}`]])).status).toBe(201);
    const refused = await keep(session.refreshToken, [["firstName", "one too many"]]);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
    expect(refused.body.retryAfter).toBeGreaterThan(0);
    // The refused answers were not kept: the last kept ones stay.
    expect(await s.db.select({ fields: keptForms.fields }).from(keptForms).where(eq(keptForms.userId, c.user.id))).toEqual([
      { fields: [["firstName", "try 4"]] },
    ]);

    const other = await createSession(s.db, c.user.id);
    expect((await keep(other.refreshToken)).status).toBe(201);
  });

  it("made-up tokens from one IP: 401 until the IP's 100 in 15 minutes are spent, then 429 for every token", async () => {
    // Earlier calls of this file from this IP count too: spend what is left with made-up tokens.
    let answer = await keep(`made-up-${randomUUID()}`);
    let calls = 1;
    while (answer.status === 401 && calls < 200) {
      answer = await keep(`made-up-${randomUUID()}`);
      calls++;
    }
    expect(answer.status).toBe(429);
    expect(answer.body.code).toBe("RATE_LIMITED");
    expect(calls).toBeLessThanOrEqual(101);
    expect(calls).toBeGreaterThan(90);
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const live = await createSession(s.db, c.user.id);
    expect((await keep(live.refreshToken)).status).toBe(429);
  });
});
