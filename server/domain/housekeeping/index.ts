/**
 * Housekeeping: delete security records that can no longer matter, so the tables that grow
 * with every login and code stay small. Safe to run from several processes at once (plain
 * idempotent DELETEs). Kept on purpose: anything that is evidence of a signature (the MFA
 * token spent on a payment and the one-time code behind it), and sessions until a day after
 * their refresh token expired (a revoked row is what lets refresh-token reuse be detected).
 *
 * `purgeExpired(db, now)` → counts of deleted rows per table.
 * Retention: 1 day past expiry (sessions, MFA tokens), 1 day after creation (one-time codes;
 * the longest rate-limit window counted from them is 15 minutes), rate-limit counters as soon as their window ended.
 */
import { and, isNotNull, lt, notInArray } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { apiSessions, mfaTokens, oneTimeCodes, paymentSignatures, rateLimits } from "../../db/schema/index.js";

export const RETENTION_MS = 24 * 60 * 60_000;

export interface PurgeResult {
  apiSessions: number;
  mfaTokens: number;
  oneTimeCodes: number;
  rateLimits: number;
}

export async function purgeExpired(db: Database, now: Date = new Date()): Promise<PurgeResult> {
  const cutoff = new Date(now.getTime() - RETENTION_MS);
  const sessions = await db.delete(apiSessions).where(lt(apiSessions.refreshExpiresAt, cutoff)).returning({ id: apiSessions.id });
  const spentTokens = db
    .select({ id: paymentSignatures.mfaTokenId })
    .from(paymentSignatures)
    .where(isNotNull(paymentSignatures.mfaTokenId));
  const tokens = await db
    .delete(mfaTokens)
    .where(and(lt(mfaTokens.expiresAt, cutoff), notInArray(mfaTokens.id, spentTokens)))
    .returning({ id: mfaTokens.id });
  const codesBehindTokens = db.select({ id: mfaTokens.codeId }).from(mfaTokens);
  const codes = await db
    .delete(oneTimeCodes)
    .where(and(lt(oneTimeCodes.createdAt, cutoff), notInArray(oneTimeCodes.id, codesBehindTokens)))
    .returning({ id: oneTimeCodes.id });
  // Rate-limit windows that ended: their counters no longer refuse anything.
  const windows = await db.delete(rateLimits).where(lt(rateLimits.expire, now)).returning({ key: rateLimits.key });
  return { apiSessions: sessions.length, mfaTokens: tokens.length, oneTimeCodes: codes.length, rateLimits: windows.length };
}
