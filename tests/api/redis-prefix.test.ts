/**
 * REDIS_PREFIX (server/config.ts): every Redis key and channel the bank uses carries the prefix —
 * the rate-limit counters (`<prefix>:rl:…`) and the chat gateway's adapter channels
 * (`<prefix>:socket.io…`). Needs a Redis at TEST_REDIS_URL (skipped with a printed reason
 * without it); only keys under this test's own prefix are touched.
 */
import http from "node:http";
import { randomUUID } from "node:crypto";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Redis as RedisClient } from "ioredis";
import { openDatabase } from "../../server/db/client.js";
import { consumeRateLimit, RATE_LIMITS, useRedisForRateLimits } from "../../server/domain/rate-limit/index.js";
import { attachGateway } from "../../server/messaging/gateway.js";

const url = process.env.TEST_REDIS_URL;
if (!url) console.warn("REDIS_PREFIX tests skipped: TEST_REDIS_URL not set");
const PREFIX = `prefix-test-${randomUUID().slice(0, 8)}`;

describe.skipIf(!url)("REDIS_PREFIX", () => {
  let redis: RedisClient;
  beforeAll(async () => {
    const { Redis } = await import("ioredis");
    redis = new Redis(url!, { maxRetriesPerRequest: 2 });
  });
  afterAll(async () => {
    useRedisForRateLimits(null);
    const keys = await redis.keys(`${PREFIX}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it("rate-limit counters live under <prefix>:rl:", async () => {
    useRedisForRateLimits(redis, PREFIX);
    const handle = await openDatabase({ dataDir: "memory://" });
    try {
      await consumeRateLimit(handle.db, RATE_LIMITS.chatMessages(randomUUID()));
    } finally {
      useRedisForRateLimits(null);
      await handle.close();
    }
    expect((await redis.keys(`${PREFIX}:rl:*`)).length).toBe(1);
  });

  it("the chat gateway's adapter subscribes to <prefix>:socket.io channels", async () => {
    const server = http.createServer();
    const handle = await openDatabase({ dataDir: "memory://" });
    const gateway = await attachGateway(server, {
      db: handle.db,
      secret: "redis-prefix-test-secret-0123456789",
      logger: pino({ level: "silent" }),
      redisUrl: url,
      redisPrefix: PREFIX,
    });
    try {
      let channels: string[] = [];
      for (let i = 0; i < 50 && !channels.length; i++) {
        channels = (await redis.pubsub("CHANNELS", `${PREFIX}:socket.io*`)) as string[];
        if (!channels.length) await new Promise((r) => setTimeout(r, 100));
      }
      expect(channels.length).toBeGreaterThan(0);
    } finally {
      await gateway.close();
      await handle.close();
    }
  });
});
