/**
 * Agreements for profiles (spec 001 §7 "Agreements: GET and sign, for applications and for
 * profiles; unsigned agreements list; agreement file download"; issue 10). Application
 * agreements are signed within an application (server/domain/applications); these are the ones
 * the bank asks an existing customer to accept, e.g. a new version of its terms: one
 * `user_agreements` row per person and agreement version (`requestAgreement`, staff command
 * `agreement:request`), signed by that person.
 *
 * - GET /v1/agreements/unsigned → the caller's requested agreements not yet signed, oldest first.
 * - POST /v1/agreements/:agreementId/sign → records who (the row's user), when (`signedAt`) and
 *   which version (`signedVersion`, copied from the agreement). Idempotent: signing again answers
 *   the first signature unchanged. An agreement not requested from the caller → 404.
 * - The file: GET /v1/agreements/:agreementId/file (shared with applications).
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import { agreements, userAgreements, users } from "../../db/schema/index.js";
import type { ProfileAgreement } from "../../api/v1/contract.js";
import { notFound } from "../organizations/access.js";

const columns = {
  id: agreements.id,
  title: agreements.title,
  version: agreements.version,
  requestedAt: userAgreements.requestedAt,
  signedAt: userAgreements.signedAt,
};

function toWire(r: { id: string; title: string; version: string; requestedAt: Date; signedAt: Date | null }): ProfileAgreement {
  return {
    id: r.id,
    title: r.title,
    version: r.version,
    requestedAt: r.requestedAt.toISOString(),
    signedAt: r.signedAt?.toISOString() ?? null,
  };
}

/** The caller's unsigned agreements, oldest request first. */
export async function listUnsignedAgreements(db: Database, userId: string): Promise<ProfileAgreement[]> {
  const rows = await db
    .select(columns)
    .from(userAgreements)
    .innerJoin(agreements, eq(agreements.id, userAgreements.agreementId))
    .where(and(eq(userAgreements.userId, userId), isNull(userAgreements.signedAt)))
    .orderBy(asc(userAgreements.requestedAt), asc(agreements.position), asc(agreements.id));
  return rows.map(toWire);
}

/**
 * Sign an agreement requested from the caller (idempotent: the first signature stands).
 * @returns the agreement with its `signedAt`
 * @throws 404 NOT_FOUND when it was not requested from the caller
 */
export async function signProfileAgreement(
  db: Database,
  userId: string,
  agreementId: string,
  now: Date = new Date(),
): Promise<ProfileAgreement> {
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(agreementId)) throw notFound("Agreement");
  return db.transaction(async (tx) => {
    const [a] = await tx.select({ version: agreements.version }).from(agreements).where(eq(agreements.id, agreementId));
    if (!a) throw notFound("Agreement");
    // Only the first signature sets signedAt (WHERE signed_at IS NULL): a repeat changes nothing.
    await tx
      .update(userAgreements)
      .set({ signedAt: now, signedVersion: a.version })
      .where(
        and(eq(userAgreements.userId, userId), eq(userAgreements.agreementId, agreementId), isNull(userAgreements.signedAt)),
      );
    const [row] = await tx
      .select(columns)
      .from(userAgreements)
      .innerJoin(agreements, eq(agreements.id, userAgreements.agreementId))
      .where(and(eq(userAgreements.userId, userId), eq(userAgreements.agreementId, agreementId)));
    if (!row) throw notFound("Agreement");
    return toWire(row);
  });
}

/**
 * Staff/seed: ask the user with `phone` to sign `agreementId` (again: an earlier signature of the
 * same version is cleared, e.g. for a demo reset).
 * @throws Error when the user or the agreement is unknown
 */
export async function requestAgreement(db: Database | Tx, phone: string, agreementId: string): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  if (!user) throw new Error(`no user with phone ${phone}`);
  const [a] = await db.select({ id: agreements.id }).from(agreements).where(eq(agreements.id, agreementId));
  if (!a) throw new Error(`no agreement ${agreementId}`);
  await db
    .insert(userAgreements)
    .values({ userId: user.id, agreementId, requestedAt: new Date() })
    .onConflictDoUpdate({
      target: [userAgreements.userId, userAgreements.agreementId],
      set: { signedAt: null, signedVersion: null, requestedAt: new Date() },
    });
}
