/**
 * Rate limits that hold under concurrency and across every process of the bank (design note
 * "Limits hold under concurrency"; OWASP ASVS 5.0 §2.4 anti-automation).
 *
 * Counting is done by rate-limiter-flexible, never by our own count-then-insert:
 * - with Redis configured (`useRedisForRateLimits(client)`, from `REDIS_URL`): its Redis store
 *   (one Lua script per consume, atomic in Redis, shared by every instance);
 * - otherwise: its Drizzle store on our database (table `rate_limits`): each consume is ONE atomic
 *   `INSERT … ON CONFLICT DO UPDATE … RETURNING`, so fifty simultaneous requests in several
 *   processes see fifty distinct counts and only `limit` of them pass.
 * Windows are fixed (they start with the first attempt under a key and last `windowMs`).
 *
 * `consumeRateLimit(db, rule, { relaxed })` (db: the database, or a transaction — then the count
 * commits or rolls back with it; Redis counts at once) records one attempt under `rule.key` and throws
 * DomainError RATE_LIMITED `{ retryAfter }` (seconds until the window ends) when it is the
 * `limit + 1`-th or later in the window. `relaxed` (RATE_LIMITS=relaxed, tests) multiplies the
 * limit by 100: same code path, higher ceiling. A failing store (Redis or the database down)
 * rejects with the store's error: the request fails closed.
 */
import { RateLimiterDrizzle, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import type { Database, Tx } from "../../db/client.js";
import { rateLimits } from "../../db/schema/index.js";
import { DomainError } from "../errors.js";

export interface RateLimitRule {
  /** Family of the limit (the store's key prefix), e.g. `recipient-lookup`. */
  name: string;
  /** Who or what is counted inside the family, e.g. a user id, a phone, an IP. */
  subject: string;
  /** Attempts allowed in the window. */
  limit: number;
  /** Window length in milliseconds (whole seconds). */
  windowMs: number;
  /**
   * Once an attempt is refused, this process refuses the subject's later attempts in the same
   * window from memory, without asking the store (rate-limiter-flexible `inMemoryBlockOnConsumed`):
   * a flood beyond the ceiling costs no Redis or database round trip. Other processes still ask
   * the store once each, then block alike. For limits on unauthenticated floods (chat handshakes).
   */
  blockInMemory?: boolean;
}

/** Factor applied to every limit under RATE_LIMITS=relaxed (tests). */
export const RELAXED_FACTOR = 100;

/** Limits in force, with their reasons. One-time-code limits are in server/domain/otp. */
export const RATE_LIMITS = {
  /** Looking up customers by phone: enough to pay a few people, too few to enumerate customers. */
  recipientLookup: (userId: string): RateLimitRule => ({
    name: "recipient-lookup",
    subject: `user:${userId}`,
    limit: 20,
    windowMs: 15 * 60_000,
  }),
  /**
   * A customer writing in the chat (messages, questions, document attachments; HTTP and socket
   * alike): a fast typist sends a few a minute; a script flooding support gets 429 / `Chat.rate-limited`.
   */
  chatMessages: (userId: string): RateLimitRule => ({
    name: "chat-messages",
    subject: `user:${userId}`,
    limit: 30,
    windowMs: 60_000,
  }),
  /**
   * Documents a user has drawn or exported (statement PDF, XLSX and CSV, receipts, top-up
   * instructions): a customer downloads a few at a time, sixty in ten minutes is a busy
   * bookkeeper; a script asking for statements without end gets 429 instead of keeping the
   * process's bounded drawing queue full for everyone (docs/decisions.md "Documents off the event
   * loop").
   */
  documents: (userId: string): RateLimitRule => ({
    name: "documents",
    subject: `user:${userId}`,
    limit: 60,
    windowMs: 10 * 60_000,
  }),
  /**
   * Files a user uploads (payment documents, contracts, chat attachments, onboarding documents),
   * counted in MiB begun (`uploadCost`): 200 MiB an hour is twenty full 10 MiB files, more than a
   * customer attaches in a day; a script storing files without end gets 429. Unattached uploads
   * are purged after a day (housekeeping), so this bounds what one user can pile up.
   */
  uploadMegabytes: (userId: string): RateLimitRule => ({
    name: "upload-megabytes",
    subject: `user:${userId}`,
    limit: 200,
    windowMs: 60 * 60_000,
  }),
  /**
   * Answers handed in with an ending session's refresh token (POST /auth/kept-forms: public, the
   * token is the credential). The web app hands a session's answers in once, just before it ends
   * that session; a token asking again and again is a script rewriting the row. Counted under the
   * token's SHA-256 (never the token itself).
   */
  keptFormsPerToken: (refreshTokenHash: string): RateLimitRule => ({
    name: "kept-forms-token",
    subject: refreshTokenHash,
    limit: 5,
    windowMs: 15 * 60_000,
  }),
  /**
   * The same call per client IP: a made-up token gets its own count above, so this bounds the
   * lookups a script can make with made-up tokens. The web app's server is one IP for all its
   * customers; a refusal there loses nothing (the web keeps the answers in the browser's
   * cookies instead), and 100 in 15 minutes is far more than sessions ending on a long form.
   */
  keptFormsPerIp: (ip: string): RateLimitRule => ({
    name: "kept-forms-ip",
    subject: ip,
    limit: 100,
    windowMs: 15 * 60_000,
  }),
  /**
   * Chat gateway handshakes per client IP (server/messaging/gateway.ts; docs/chat.md "Limits"),
   * each one that carries a well-signed messaging token (a forged one is refused before any count
   * or lookup): each would cost the gateway one database lookup (`chatConnectionAllowed`).
   * 300 a minute: the socket is opened by the customer's browser, so everyone behind one address
   * (an office's NAT, a mobile carrier's CGNAT) shares this count, and after a deploy or a network
   * blip every open chat on that address reconnects within the same few seconds — an office of a
   * hundred people with up to three chat tabs each still reconnects in one window, and one person
   * may hold 20 sockets (the per-user ceiling). Past it a script is held to five lookups a second
   * per address, and refused from memory (`blockInMemory`) for the rest of the minute; a refused
   * browser tries again after `retryAfter`, so an even larger office is slowed, never locked out.
   */
  chatHandshakes: (ip: string): RateLimitRule => ({
    name: "chat-handshakes",
    subject: ip,
    limit: 300,
    windowMs: 60_000,
    blockInMemory: true,
  }),
} as const;

/** The cost of an upload under `RATE_LIMITS.uploadMegabytes`: its bytes in MiB begun (at least 1). */
export function uploadCost(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / (1024 * 1024)));
}

let redis: Redis | null = null;
let redisPrefix = "bank";
const redisLimiters = new Map<string, RateLimiterAbstract>();
const dbLimiters = new WeakMap<Database | Tx, Map<string, RateLimiterAbstract>>();

/**
 * Count every limit in Redis from now on (all processes of one bank must use the same Redis and
 * the same prefix). Pass null to go back to the database store (tests).
 * @param prefix config REDIS_PREFIX: counters live under `<prefix>:rl:<rule>:<key>` (default "bank")
 */
export function useRedisForRateLimits(client: Redis | null, prefix = "bank"): void {
  redis = client;
  redisPrefix = prefix;
  redisLimiters.clear();
}

function limiterFor(db: Database | Tx, rule: RateLimitRule, points: number): RateLimiterAbstract {
  const id = `${rule.name}:${points}:${rule.windowMs}:${rule.blockInMemory ? "memory" : "store"}`;
  const duration = Math.max(1, Math.ceil(rule.windowMs / 1000));
  // The first refused attempt (points + 1) blocks the key in this process until the window ends.
  const memoryBlock = rule.blockInMemory ? { inMemoryBlockOnConsumed: points + 1 } : {};
  if (redis) {
    let limiter = redisLimiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${redisPrefix}:rl:${rule.name}`,
        points,
        duration,
        ...memoryBlock,
      });
      redisLimiters.set(id, limiter);
    }
    return limiter;
  }
  let perDb = dbLimiters.get(db);
  if (!perDb) dbLimiters.set(db, (perDb = new Map()));
  let limiter = perDb.get(id);
  if (!limiter) {
    // Expired rows are purged by housekeeping (server/domain/housekeeping), not by a timer here.
    limiter = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix: rule.name,
      points,
      duration,
      clearExpiredByTimeout: false,
      ...memoryBlock,
    });
    perDb.set(id, limiter);
  }
  return limiter;
}

/**
 * Record one attempt under `rule` (or `cost` points of it: `uploadCost`) and refuse it when the
 * window's limit is spent.
 * @throws DomainError RATE_LIMITED `{ retryAfter }` (whole seconds, at least 1).
 */
export async function consumeRateLimit(
  db: Database | Tx,
  rule: RateLimitRule,
  opts: { relaxed?: boolean; cost?: number } = {},
): Promise<void> {
  const points = rule.limit * (opts.relaxed ? RELAXED_FACTOR : 1);
  try {
    await limiterFor(db, rule, points).consume(rule.subject, opts.cost ?? 1);
  } catch (err) {
    if (err instanceof RateLimiterRes) {
      const retryAfter = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      throw new DomainError("RATE_LIMITED", "Too many attempts. Try again later.", { retryAfter });
    }
    throw err;
  }
}
