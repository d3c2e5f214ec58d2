import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.js";
import { DomainError } from "../errors.js";
import { consumeRateLimit, RATE_LIMITS } from "./index.js";

describe("consumeRateLimit (database-counted sliding window)", () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openDatabase({ dataDir: "memory://" });
  });
  afterAll(async () => {
    await h.close();
  });

  const rule = { key: "test:a", limit: 3, windowMs: 60_000 };
  const t0 = new Date("2026-11-22T10:00:00Z");
  const at = (ms: number) => new Date(t0.getTime() + ms);

  it("allows `limit` attempts in the window, then answers 429 with the seconds to wait", async () => {
    for (let i = 0; i < 3; i++) await consumeRateLimit(h.db, rule, { now: at(i * 1000) });
    const error = await consumeRateLimit(h.db, rule, { now: at(10_000) }).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.code).toBe("RATE_LIMITED");
    // The oldest attempt (t0) leaves the window at t0 + 60 s: 50 s from t0 + 10 s.
    expect(error.extra.retryAfter).toBe(50);
  });

  it("slides: once the oldest attempt is out of the window, one more is allowed", async () => {
    await expect(consumeRateLimit(h.db, rule, { now: at(60_500) })).resolves.toBeUndefined();
    await expect(consumeRateLimit(h.db, rule, { now: at(60_600) })).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });

  it("counts each key on its own, and relaxed mode raises the ceiling (same code path)", async () => {
    await expect(consumeRateLimit(h.db, { ...rule, key: "test:b" }, { now: at(10_000) })).resolves.toBeUndefined();
    await expect(consumeRateLimit(h.db, rule, { now: at(60_700), relaxed: true })).resolves.toBeUndefined();
  });

  it("recipient lookups: 20 per user per 15 minutes", () => {
    expect(RATE_LIMITS.recipientLookup("u1")).toEqual({ key: "recipient-lookup:user:u1", limit: 20, windowMs: 900_000 });
  });
});
