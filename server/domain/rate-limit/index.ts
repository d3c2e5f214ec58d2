/**
 * A sliding-window rate limiter counted in the database (`rate_limit_events`), so a limit
 * holds across every process of the bank (design note: nothing only in one process's memory).
 * One-time codes have their own limits in server/domain/otp (counted from the codes sent).
 *
 * `consumeRateLimit(db, { key, limit, windowMs }, { relaxed, now })` records one attempt and
 * throws DomainError RATE_LIMITED with `retryAfter` (seconds) when `limit` attempts already
 * happened in the last `windowMs` ms. `relaxed` (RATE_LIMITS=relaxed, tests) multiplies the
 * limit by 100: same code path, higher ceiling.
 */
import { and, count, eq, gt, min } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { rateLimitEvents } from "../../db/schema/index.js";
import { DomainError } from "../errors.js";

export interface RateLimitRule {
  /** What is limited and for whom, e.g. `recipient-lookup:user:<uuid>`. */
  key: string;
  /** Attempts allowed in the window. */
  limit: number;
  /** Window length in milliseconds. */
  windowMs: number;
}

/** Limits in force, with their reasons. */
export const RATE_LIMITS = {
  /** Looking up customers by phone: enough to pay a few people, too few to enumerate customers. */
  recipientLookup: (userId: string): RateLimitRule => ({
    key: `recipient-lookup:user:${userId}`,
    limit: 20,
    windowMs: 15 * 60_000,
  }),
} as const;

export async function consumeRateLimit(
  db: Database,
  rule: RateLimitRule,
  opts: { relaxed?: boolean; now?: Date } = {},
): Promise<void> {
  const now = opts.now ?? new Date();
  const since = new Date(now.getTime() - rule.windowMs);
  const limit = rule.limit * (opts.relaxed ? 100 : 1);
  const [row] = await db
    .select({ n: count(), oldest: min(rateLimitEvents.createdAt) })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, rule.key), gt(rateLimitEvents.createdAt, since)));
  if (Number(row?.n ?? 0) >= limit) {
    const oldest = row?.oldest ? new Date(row.oldest) : now;
    const retryAfter = Math.max(1, Math.ceil((oldest.getTime() + rule.windowMs - now.getTime()) / 1000));
    throw new DomainError("RATE_LIMITED", "Too many attempts. Try again later.", { retryAfter });
  }
  await db.insert(rateLimitEvents).values({ key: rule.key, createdAt: now });
}
