/**
 * Housekeeping: delete security records that can no longer matter, so the tables that grow
 * with every login and code stay small, and uploads nobody attached. Safe to run from several
 * processes at once (idempotent DELETEs). Kept on purpose: anything that is evidence of a
 * signature (the MFA token spent on a payment and the one-time code behind it), and sessions
 * until a day after their refresh token expired (a revoked row is what lets refresh-token reuse
 * be detected).
 *
 * `purgeExpired(db, now)` → counts of deleted rows per table.
 * Retention: 1 day past expiry (sessions, MFA tokens), 1 day after creation (one-time codes;
 * the longest rate-limit window counted from them is 15 minutes), rate-limit counters as soon as their window ended,
 * kept forms 30 minutes after they were kept (nobody can take them back any more).
 *
 * `purgeOrphanUploads(db, { now, maxAgeMs })` → the number of uploads deleted: uploads attached
 * nowhere (`unreferencedUpload`, server/domain/uploads) created more than `maxAgeMs` ago
 * (`ORPHAN_UPLOAD_MAX_AGE_MS`, default 24 hours: docs/decisions.md "Uploads left behind"), in
 * bounded batches, each its own short transaction.
 *
 * Both run in the leading process only (server/index.ts, server/db/leader.ts), and are harmless
 * run twice or at once: a second run finds nothing left to delete.
 */
import { and, asc, isNotNull, lt, notInArray } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { apiSessions, mfaTokens, oneTimeCodes, paymentSignatures, rateLimits, uploads } from "../../db/schema/index.js";
import { deleteUnreferencedUploads, unreferencedUpload } from "../uploads/index.js";
import { purgeKeptForms } from "../auth/kept-forms.js";

/** How long expired security records are kept (see the module's comment). */
export const RETENTION_MS = 24 * 60 * 60_000;
/** Default age from which an upload attached nowhere is deleted: 24 hours (a working day to attach it). */
export const ORPHAN_UPLOAD_MAX_AGE_MS = 24 * 60 * 60_000;
/** Uploads deleted per transaction by `purgeOrphanUploads`. */
export const ORPHAN_UPLOAD_BATCH = 100;
/** Most batches of one `purgeOrphanUploads` run: a larger backlog is left for the next run. */
export const ORPHAN_UPLOAD_MAX_BATCHES = 50;

export interface PurgeResult {
  apiSessions: number;
  mfaTokens: number;
  oneTimeCodes: number;
  rateLimits: number;
  /** Answers kept at an expired session that nobody took back within 30 minutes (domain/auth/kept-forms.ts). */
  keptForms: number;
}

/**
 * Delete the security records that can no longer matter (see the module's comment).
 * @param now the clock (tests pass a fixed time)
 * @returns counts of deleted rows per table
 */
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
  const keptForms = await purgeKeptForms(db, now);
  return {
    apiSessions: sessions.length,
    mfaTokens: tokens.length,
    oneTimeCodes: codes.length,
    rateLimits: windows.length,
    keptForms,
  };
}

/**
 * Delete uploads attached nowhere — no payment, beneficiary or application document, remittance
 * order file or chat document names them (`unreferencedUpload`) — created before
 * `now - maxAgeMs`: files uploaded for a call that then failed (409, 429, a network error, a tab
 * closed), copies nobody will attach any more. Customer and staff uploads alike (staff uploads
 * are written with the chat document that holds them, so one is attached nowhere only when
 * that document went: nothing can reach it). The bytes live in the row (`uploads.data`): the
 * delete removes them, nothing is stored elsewhere.
 *
 * In batches of `batchSize`, each its own transaction: the oldest candidates are locked first
 * (FOR UPDATE SKIP LOCKED: a row an attach in flight holds is skipped, and so is a row another
 * run holds), then deleted when still attached nowhere (the references are read after the lock,
 * so an attach that committed meanwhile keeps its upload; one that has not committed waits and
 * is then refused by its foreign key, as with `discardUnattachedUploads`). Stops at the first
 * short batch, or after `maxBatches`.
 * @param opts.now the clock; opts.maxAgeMs the age from which an orphan goes (default
 *   `ORPHAN_UPLOAD_MAX_AGE_MS`); opts.batchSize, opts.maxBatches the bounds
 * @returns the number of uploads deleted
 */
export async function purgeOrphanUploads(
  db: Database,
  opts: { now?: Date; maxAgeMs?: number; batchSize?: number; maxBatches?: number } = {},
): Promise<number> {
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - (opts.maxAgeMs ?? ORPHAN_UPLOAD_MAX_AGE_MS));
  const batchSize = opts.batchSize ?? ORPHAN_UPLOAD_BATCH;
  const maxBatches = opts.maxBatches ?? ORPHAN_UPLOAD_MAX_BATCHES;
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const { found, deleted } = await db.transaction(async (tx) => {
      const candidates = await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(lt(uploads.createdAt, cutoff), unreferencedUpload(tx)))
        .orderBy(asc(uploads.createdAt), asc(uploads.id))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      if (!candidates.length) return { found: 0, deleted: 0 };
      const gone = await deleteUnreferencedUploads(
        tx,
        candidates.map((c) => c.id),
      );
      return { found: candidates.length, deleted: gone.length };
    });
    total += deleted;
    if (found < batchSize) break;
  }
  return total;
}
