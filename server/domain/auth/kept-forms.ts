/**
 * Answers typed past the inactivity limit, kept for the customer's next login (the developers'
 * guide: "an applicant must never lose what they typed"; the 5-minute inactivity limit, PSD2
 * RTS Art. 4(3)(b); docs/decisions.md "Answers typed past the inactivity limit").
 *
 * The web app ends a session idle for too long. A long form (an application step, a payment
 * form, the beneficiary form) posted then saves nothing; its text fields are handed here with
 * the session's refresh token just before the web app revokes the session, and the same user
 * takes them back once, on that page, after logging in again. Nothing is applied: the page only
 * shows them, and the customer saves them with a live session.
 *
 * - `keepForm(db, refreshToken, form, now)` → true when kept: the refresh token must belong to a
 *   live session (not revoked, not expired) of an ACTIVE user, as for a refresh. One kept form
 *   per user: a later one replaces it.
 * - `takeKeptForm(db, userId, path, now)` → the fields kept for that page within
 *   `KEPT_FORM_TTL_MS`, deleted as they are read (one statement: two tabs cannot both take them);
 *   null when none.
 * - `purgeKeptForms(db, now)` → how many stale ones were deleted (housekeeping).
 */
import { and, eq, gt, isNull, lte } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { apiSessions, keptForms, users } from "../../db/schema/index.js";
import { hashToken } from "./sessions.js";

/** How long kept answers wait for the next login: 30 minutes (as the web's cookie fallback). */
export const KEPT_FORM_TTL_MS = 30 * 60_000;

/** A form's text fields, in order: repeated names for checkbox groups. */
export type KeptFields = [string, string][];

/**
 * Keep a form's fields for the user of a live session (see the module's comment).
 * @param refreshToken the session's refresh token (the credential: the access token may have
 *   expired while the customer typed)
 * @param form `path`: the web page posted to ("/identity/corporate/company"); `fields`: its text fields
 * @returns whether the form was kept (false: unknown, revoked or expired session, or a blocked user)
 */
export async function keepForm(
  db: Database,
  refreshToken: string,
  form: { path: string; fields: KeptFields },
  now: Date = new Date(),
): Promise<boolean> {
  const [session] = await db
    .select({ userId: apiSessions.userId })
    .from(apiSessions)
    .innerJoin(users, eq(users.id, apiSessions.userId))
    .where(
      and(
        eq(apiSessions.refreshTokenHash, hashToken(refreshToken)),
        isNull(apiSessions.revokedAt),
        gt(apiSessions.refreshExpiresAt, now),
        eq(users.status, "ACTIVE"),
      ),
    );
  if (!session) return false;
  const row = { userId: session.userId, path: form.path, fields: form.fields, keptAt: now };
  await db
    .insert(keptForms)
    .values(row)
    .onConflictDoUpdate({ target: keptForms.userId, set: { path: row.path, fields: row.fields, keptAt: row.keptAt } });
  return true;
}

/**
 * Take (read and delete) the fields kept for this user and page, once.
 * @param path the page being shown (pathname)
 * @returns the kept fields, or null when none are kept for this page within `KEPT_FORM_TTL_MS`
 *   (a form kept for another page is left for it)
 */
export async function takeKeptForm(
  db: Database,
  userId: string,
  path: string,
  now: Date = new Date(),
): Promise<KeptFields | null> {
  const [row] = await db
    .delete(keptForms)
    .where(
      and(
        eq(keptForms.userId, userId),
        eq(keptForms.path, path),
        gt(keptForms.keptAt, new Date(now.getTime() - KEPT_FORM_TTL_MS)),
      ),
    )
    .returning({ fields: keptForms.fields });
  return row?.fields ?? null;
}

/**
 * Delete kept forms older than `KEPT_FORM_TTL_MS` (nobody can take them any more).
 * @returns the number deleted
 */
export async function purgeKeptForms(db: Database, now: Date = new Date()): Promise<number> {
  const stale = await db
    .delete(keptForms)
    .where(lte(keptForms.keptAt, new Date(now.getTime() - KEPT_FORM_TTL_MS)))
    .returning({ userId: keptForms.userId });
  return stale.length;
}
