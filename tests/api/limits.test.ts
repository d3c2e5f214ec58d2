/**
 * Limits with the production setting (RATE_LIMITS=strict), one at a time and under bursts of
 * simultaneous requests (on PostgreSQL these really run in parallel; PGlite interleaves them):
 * - looking customers up by phone — directly or through an INTERNAL payment — 20 per user per
 *   15 min, so the customer base cannot be enumerated;
 * - login codes sent per IP: 20 per 15 min;
 * - tries on one login challenge (code step and password step): 5, and a guess beyond them is
 *   never evaluated — every refused guess, right or wrong, gets the same answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { oneTimeCodes } from "../../server/db/schema/index.js";
import { createCustomer, DEFAULT_PASSWORD } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

describe.each(databases)("recipient lookup limits on %s", (kind) => {
  let h: TestServer;
  beforeAll(async () => {
    h = await startTestServer({ db: kind, rateLimits: "strict" });
  });
  afterAll(async () => {
    await h.close();
  });

  it("20 lookups pass, the 21st is 429 RATE_LIMITED; another user is not affected", async () => {
    const a = await createCustomer(h.db, { type: "INDIVIDUAL", balances: { GBP: "50.00" } });
    const tokenA = await h.login(a.phone);
    for (let i = 0; i < 20; i++) {
      const r = await h.call(
        "GET",
        `/clients-organizations/check-invididual-recepient?phone=%2B4477009${String(i).padStart(5, "0")}`,
        { token: tokenA },
      );
      expect([200, 404]).toContain(r.status);
    }
    const blocked = await h.call("GET", "/clients-organizations/check-invididual-recepient?phone=%2B447700900003", {
      token: tokenA,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe("RATE_LIMITED");
    expect(blocked.body.retryAfter).toBeGreaterThan(0);

    // An INTERNAL payment to a phone is a lookup too.
    const viaPayment = await h.call("POST", "/payments", {
      token: tokenA,
      headers: { "idempotency-key": `limit-${a.user.id}` },
      body: {
        organizationId: a.organization.id,
        kind: "INTERNAL",
        accountId: a.account!.id,
        currencyId: "GBP",
        amount: "1.00",
        recipientPhone: "+447700900003",
      },
    });
    expect(viaPayment.status).toBe(429);

    const b = await createCustomer(h.db, { type: "INDIVIDUAL" });
    const other = await h.call("GET", "/clients-organizations/check-invididual-recepient?phone=%2B447700900003", {
      token: await h.login(b.phone),
    });
    expect(other.status).toBe(200);
  });

  it("200 simultaneous lookups by one user: exactly 20 pass", async () => {
    const a = await createCustomer(h.db, { type: "INDIVIDUAL" });
    const token = await h.login(a.phone);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        h.call("GET", `/clients-organizations/check-invididual-recepient?phone=%2B4477008${String(i).padStart(5, "0")}`, {
          token,
        }),
      ),
    );
    expect(answers.filter((r) => r.status !== 429)).toHaveLength(20);
    expect(answers.filter((r) => r.status === 429).every((r) => r.body.code === "RATE_LIMITED")).toBe(true);
  });

  it("60 simultaneous login codes from one IP for different phones: exactly 20 are sent", async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        h.call("POST", "/auth/phone", { body: { phone: `+4477006${String(i).padStart(5, "0")}` } }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(20);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(40);
  });
});

describe.each(databases)("attempt limits under simultaneous guesses on %s", (kind) => {
  let h: TestServer;
  beforeAll(async () => {
    h = await startTestServer({ db: kind, rateLimits: "strict" });
  });
  afterAll(async () => {
    await h.close();
  });

  const wrongCode = (right: string) => String((Number(right) + 1) % 10_000).padStart(4, "0");

  it("code step: of 50 simultaneous guesses at most 5 are evaluated; the right one, if refused, gets the same answer as the wrong ones", async () => {
    // The right guess sits at several places in the burst (one challenge each), so that some
    // round has it arriving while the first wrong guesses are still being counted.
    for (const rightAt of [3, 5, 6, 7, 8, 10, 15, 25]) {
      const c = await createCustomer(h.db, { type: "INDIVIDUAL" });
      const challenge = (await h.call("POST", "/auth/phone", { body: { phone: c.phone } })).body;
      const wrong = wrongCode(challenge.debugCode);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          h.call("POST", "/auth/verify-code", {
            body: { token: challenge.token, code: i === rightAt ? challenge.debugCode : wrong },
          }),
        ),
      );
      const evaluatedWrong = answers.filter((r) => r.body?.code === "INVALID_CODE");
      const succeeded = answers.filter((r) => r.status === 200);
      expect(evaluatedWrong.length + succeeded.length).toBeLessThanOrEqual(5);
      const [row] = await h.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, challenge.token));
      expect(row.attempts).toBeLessThanOrEqual(5);
      if (succeeded.length === 0) {
        const right = answers[rightAt];
        expect({ rightAt, code: right.body.code }).toEqual({ rightAt, code: "CODE_ATTEMPTS_EXCEEDED" });
        const refusedWrong = answers.filter((r, i) => i !== rightAt && r.body?.code === "CODE_ATTEMPTS_EXCEEDED");
        for (const r of refusedWrong) expect(r.body).toEqual(right.body);
      }
    }
  });

  it("password step: of 30 simultaneous passwords at most the remaining tries are evaluated", async () => {
    const c = await createCustomer(h.db, { type: "INDIVIDUAL" });
    const challenge = (await h.call("POST", "/auth/phone", { body: { phone: c.phone } })).body;
    expect(
      (await h.call("POST", "/auth/verify-code", { body: { token: challenge.token, code: challenge.debugCode } })).status,
    ).toBe(200);
    const rightAt = 20;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        h.call("POST", "/auth/verify-password", {
          body: { token: challenge.token, password: i === rightAt ? DEFAULT_PASSWORD : `wrong-${i}` },
        }),
      ),
    );
    const evaluatedWrong = answers.filter((r) => r.body?.code === "INVALID_PASSWORD");
    const succeeded = answers.filter((r) => r.status === 200);
    expect(evaluatedWrong.length + succeeded.length).toBeLessThanOrEqual(5);
    if (succeeded.length === 0) {
      const right = answers[rightAt];
      expect(right.body.code).toBe("CODE_ATTEMPTS_EXCEEDED");
      for (const r of answers.filter((r, i) => i !== rightAt && r.body?.code === "CODE_ATTEMPTS_EXCEEDED")) {
        expect(r.body).toEqual(right.body);
      }
    }
  });

  it("the fifth try, when right, still logs in (4 wrong passwords, then the right one)", async () => {
    const c = await createCustomer(h.db, { type: "INDIVIDUAL" });
    const challenge = (await h.call("POST", "/auth/phone", { body: { phone: c.phone } })).body;
    await h.call("POST", "/auth/verify-code", { body: { token: challenge.token, code: challenge.debugCode } });
    for (let i = 0; i < 4; i++) {
      const r = await h.call("POST", "/auth/verify-password", { body: { token: challenge.token, password: "wrong" } });
      expect(r.body.code).toBe("INVALID_PASSWORD");
    }
    const right = await h.call("POST", "/auth/verify-password", { body: { token: challenge.token, password: DEFAULT_PASSWORD } });
    expect(right.status).toBe(200);
  });
});
