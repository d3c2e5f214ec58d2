import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../../db/client.js";
import { oneTimeCodes, users } from "../../db/schema/index.js";
import { MemorySmsProvider } from "../../providers/sms.js";
import { DomainError } from "../errors.js";
import { issueCode, verifyCode, OTP_POLICY, type IssueCodeInput } from "./index.js";

let handle: DatabaseHandle;
let userId: string;
const config = { otpSecret: "unit-test-otp-secret-0123456789", smsDebugCodes: true, RATE_LIMITS: "strict" as const };
let clock = new Date("2026-11-22T12:00:00.000Z");
const now = () => clock;
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

beforeAll(async () => {
  handle = await openDatabase({ dataDir: "memory://" });
  const [u] = await handle.db.insert(users).values({ phone: "+447700900101", passwordHash: "x" }).returning();
  userId = u.id;
}, 60_000);
afterAll(async () => handle?.close());
beforeEach(async () => {
  await handle.db.execute(sql`delete from one_time_codes`);
  await handle.db.execute(sql`delete from rate_limits`);
  advance(60 * 60_000);
});

function input(over: Partial<IssueCodeInput> = {}): IssueCodeInput {
  return {
    purpose: "LOGIN",
    userId,
    phone: "+447700900101",
    ip: "10.0.0.1",
    channel: "SMS",
    message: (c) => `Code ${c}`,
    ...over,
  };
}

async function rejects(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error("expected a DomainError");
}

describe("issueCode", () => {
  it("sends a 4-digit code, stores only its HMAC, returns debugCode in sandbox", async () => {
    const sms = new MemorySmsProvider();
    const c = await issueCode(handle.db, input(), { sms, config, now });
    expect(c.debugCode).toMatch(/^\d{4}$/);
    expect(sms.sent).toHaveLength(1);
    expect(sms.sent[0].text).toBe(`Code ${c.debugCode}`);
    expect(new Date(c.expiresAt).getTime() - clock.getTime()).toBe(OTP_POLICY.lifetimeMs);
    expect(new Date(c.resendAvailableAt).getTime() - clock.getTime()).toBe(60_000);
    const [row] = await handle.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, c.token));
    expect(row.codeHash).not.toContain(c.debugCode!);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("omits debugCode when smsDebugCodes is off", async () => {
    const c = await issueCode(handle.db, input(), {
      sms: new MemorySmsProvider(),
      config: { ...config, smsDebugCodes: false },
      now,
    });
    expect(c.debugCode).toBeUndefined();
  });

  it("unknown phone: same shape, nothing sent, never verifies", async () => {
    const sms = new MemorySmsProvider();
    const c = await issueCode(handle.db, input({ userId: null, phone: "+447700900199" }), { sms, config, now });
    expect(Object.keys(c).sort()).toEqual(["channel", "expiresAt", "resendAvailableAt", "token"]);
    expect(sms.sent).toHaveLength(0);
    for (let i = 0; i < 4; i++) {
      const e = await rejects(
        verifyCode(handle.db, { token: c.token, code: String(i).padStart(4, "0"), purpose: "LOGIN" }, { config, now }),
      );
      expect(e.code).toBe("INVALID_CODE");
    }
  });

  // The limiter keeps its own (real) clock; "60 s passing" is simulated by ending the resend window.
  const endResendWindow = () => handle.db.execute(sql`delete from rate_limits where key like 'otp-login-resend%'`);

  it("strict: 1 per 60 s and 5 per 15 min per phone, with retryAfter", async () => {
    const deps = { sms: new MemorySmsProvider(), config, now };
    await issueCode(handle.db, input(), deps);
    const e = await rejects(issueCode(handle.db, input(), deps));
    expect(e.code).toBe("RATE_LIMITED");
    expect(e.code).toBe("RATE_LIMITED");
    expect(e.extra.retryAfter).toBeGreaterThan(55);
    expect(e.extra.retryAfter).toBeLessThanOrEqual(60);
    for (let i = 0; i < 4; i++) {
      await endResendWindow();
      await issueCode(handle.db, input(), deps);
    }
    await endResendWindow();
    const e2 = await rejects(issueCode(handle.db, input(), deps));
    expect(e2.code).toBe("RATE_LIMITED");
    expect(e2.extra.retryAfter).toBeGreaterThan(60);
  });

  it("strict: fifty simultaneous sends for one phone → exactly one code", async () => {
    const sms = new MemorySmsProvider();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => issueCode(handle.db, input(), { sms, config, now })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(sms.sent).toHaveLength(1);
  });

  it("strict: at most 20 per IP in 15 min, also when sixty arrive at once", async () => {
    const deps = { sms: new MemorySmsProvider(), config, now };
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        issueCode(handle.db, input({ userId: null, phone: `+44770090${String(1000 + i)}` }), deps),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(20);
    const e = await rejects(issueCode(handle.db, input({ userId: null, phone: "+447700909999" }), deps));
    expect(e.code).toBe("RATE_LIMITED");
  });

  it("relaxed: no 60 s spacing, same code path", async () => {
    const deps = { sms: new MemorySmsProvider(), config: { ...config, RATE_LIMITS: "relaxed" as const }, now };
    for (let i = 0; i < 10; i++) await issueCode(handle.db, input(), deps);
  });

  it("a new code invalidates the earlier one", async () => {
    const deps = { sms: new MemorySmsProvider(), config: { ...config, RATE_LIMITS: "relaxed" as const }, now };
    const a = await issueCode(handle.db, input(), deps);
    await issueCode(handle.db, input(), deps);
    const e = await rejects(verifyCode(handle.db, { token: a.token, code: a.debugCode!, purpose: "LOGIN" }, { config, now }));
    expect(e.code).toBe("CODE_EXPIRED");
  });
});

describe("verifyCode", () => {
  const deps = () => ({ sms: new MemorySmsProvider(), config, now });

  it("right code succeeds once (single use)", async () => {
    const c = await issueCode(handle.db, input(), deps());
    const row = await verifyCode(handle.db, { token: c.token, code: c.debugCode!, purpose: "LOGIN" }, { config, now });
    expect(row.usedAt).toBeInstanceOf(Date);
    const e = await rejects(verifyCode(handle.db, { token: c.token, code: c.debugCode!, purpose: "LOGIN" }, { config, now }));
    expect(e.code).toBe("CODE_EXPIRED");
  });

  it("concurrent right codes: exactly one wins", async () => {
    const c = await issueCode(handle.db, input(), deps());
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => verifyCode(handle.db, { token: c.token, code: c.debugCode!, purpose: "LOGIN" }, { config, now })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("expired code is refused", async () => {
    const c = await issueCode(handle.db, input(), deps());
    advance(OTP_POLICY.lifetimeMs + 1);
    const e = await rejects(verifyCode(handle.db, { token: c.token, code: c.debugCode!, purpose: "LOGIN" }, { config, now }));
    expect(e.code).toBe("CODE_EXPIRED");
  });

  it("5 wrong tries invalidate the code; the right one then fails", async () => {
    const c = await issueCode(handle.db, input(), deps());
    const wrong = c.debugCode === "0000" ? "0001" : "0000";
    for (let i = 1; i <= 4; i++) {
      const e = await rejects(verifyCode(handle.db, { token: c.token, code: wrong, purpose: "LOGIN" }, { config, now }));
      expect(e.code).toBe("INVALID_CODE");
      expect(e.extra.attemptsLeft).toBe(5 - i);
    }
    const fifth = await rejects(verifyCode(handle.db, { token: c.token, code: wrong, purpose: "LOGIN" }, { config, now }));
    expect(fifth.code).toBe("CODE_ATTEMPTS_EXCEEDED");
    const right = await rejects(verifyCode(handle.db, { token: c.token, code: c.debugCode!, purpose: "LOGIN" }, { config, now }));
    expect(right.code).toBe("CODE_ATTEMPTS_EXCEEDED");
  });

  it("other purpose, other user, malformed token → INVALID_CODE", async () => {
    const c = await issueCode(handle.db, input(), deps());
    for (const bad of [
      { token: c.token, code: c.debugCode!, purpose: "SIGNATURE" as const },
      { token: c.token, code: c.debugCode!, purpose: "LOGIN" as const, userId: "00000000-0000-4000-8000-000000000000" },
      { token: "not-a-uuid", code: c.debugCode!, purpose: "LOGIN" as const },
    ]) {
      const e = await rejects(verifyCode(handle.db, bad, { config, now }));
      expect(e.code).toBe("INVALID_CODE");
    }
    // still usable by its owner afterwards (those were not tries on this challenge's code)
    await verifyCode(handle.db, { token: c.token, code: c.debugCode!, purpose: "LOGIN", userId }, { config, now });
  });

  it("mark 'verified' sets verifiedAt and blocks a second verification", async () => {
    const c = await issueCode(handle.db, input(), deps());
    const row = await verifyCode(
      handle.db,
      { token: c.token, code: c.debugCode!, purpose: "LOGIN", mark: "verified" },
      { config, now },
    );
    expect(row.verifiedAt).toBeInstanceOf(Date);
    expect(row.usedAt).toBeNull();
    const e = await rejects(
      verifyCode(handle.db, { token: c.token, code: c.debugCode!, purpose: "LOGIN", mark: "verified" }, { config, now }),
    );
    expect(e.code).toBe("CODE_EXPIRED");
  });
});
