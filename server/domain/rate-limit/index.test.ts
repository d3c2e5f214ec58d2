import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.js";
import { DomainError } from "../errors.js";
import { consumeRateLimit, RATE_LIMITS } from "./index.js";

describe("consumeRateLimit (rate-limiter-flexible, database store)", () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openDatabase({ dataDir: "memory://" });
  });
  afterAll(async () => {
    await h.close();
  });

  const rule = { name: "test", subject: "a", limit: 3, windowMs: 60_000 };

  it("allows `limit` attempts in the window, then answers 429 with the seconds until the window ends", async () => {
    for (let i = 0; i < 3; i++) await consumeRateLimit(h.db, rule);
    const error = await consumeRateLimit(h.db, rule).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.extra.retryAfter).toBeGreaterThan(55);
    expect(error.extra.retryAfter).toBeLessThanOrEqual(60);
  });

  it("counts each subject on its own, and relaxed mode raises the ceiling (same code path)", async () => {
    await expect(consumeRateLimit(h.db, { ...rule, subject: "b" })).resolves.toBeUndefined();
    await expect(consumeRateLimit(h.db, rule, { relaxed: true })).resolves.toBeUndefined();
  });

  it("a window that ended counts from zero again", async () => {
    const short = { name: "short", subject: "x", limit: 1, windowMs: 1000 };
    await consumeRateLimit(h.db, short);
    await expect(consumeRateLimit(h.db, short)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await new Promise((r) => setTimeout(r, 1100));
    await expect(consumeRateLimit(h.db, short)).resolves.toBeUndefined();
  });

  it("fifty simultaneous attempts: exactly `limit` pass", async () => {
    const burst = { name: "burst", subject: "y", limit: 7, windowMs: 60_000 };
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => consumeRateLimit(h.db, burst)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(7);
  });

  it("recipient lookups: 20 per user per 15 minutes", () => {
    expect(RATE_LIMITS.recipientLookup("u1")).toEqual({
      name: "recipient-lookup",
      subject: "user:u1",
      limit: 20,
      windowMs: 900_000,
    });
  });
});
