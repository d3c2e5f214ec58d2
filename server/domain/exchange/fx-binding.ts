/**
 * What signing (server/domain/signing) needs to know about FX rate requests (spec 001 §4 "FX
 * requests follow the core signing flow"): which requests a caller may request a code for
 * (`loadSignableFxRequests`), the requests a token's binding names (`fxRequestsByIds`), and the
 * shared refusals. Requests share the MFA binding of payments (PSD2 RTS Art. 5 dynamic linking):
 * the binding hash covers each request's sold sum and currency, bought sum and currency, and the
 * proposed rate. No import of signing (no cycle).
 */
import { eq, inArray } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import { currencies, fxRequests, organizationMembers, organizations, users } from "../../db/schema/index.js";
import { DomainError } from "../errors.js";
import { callerMembershipOn, checkSignable, forbidden, membershipColumns } from "../organizations/access.js";
import { customRateEnabled } from "../settings/index.js";

export type FxRequestRow = typeof fxRequests.$inferSelect;

/** 409 FX_REQUEST_STATUS_CONFLICT: the request's status does not allow `what`. */
export function fxStatusConflict(status: string, what: string): DomainError {
  return new DomainError("FX_REQUEST_STATUS_CONFLICT", `The FX rate request is ${status}: ${what}`);
}

/** 403 FORBIDDEN: FX rate requests are not enabled for the organization (EXCHANGE-CUSTOM-RATE-ENABLED). */
export function fxRequestsDisabled(): DomainError {
  return forbidden("FX rate requests are not available for this organization");
}

/**
 * Requests the caller may request a signing code for, in the order of `ids`: each in an
 * organization the caller is an APPROVED member of (else 404), with a signature duty there (403),
 * requests enabled for it (403) and still AWAITING_SIGNATURE (409 FX_REQUEST_STATUS_CONFLICT).
 * @returns the rows, the scale of their currencies, the caller's phone and preferred channel
 */
export async function loadSignableFxRequests(
  db: Database,
  userId: string,
  ids: string[],
): Promise<{ rows: FxRequestRow[]; scaleOf: Map<string, number>; phone: string; otpChannel: string }> {
  const found = await db
    .select({ row: fxRequests, ...membershipColumns, phone: users.phone, otpChannel: users.otpChannel })
    .from(fxRequests)
    .innerJoin(organizationMembers, callerMembershipOn(userId, fxRequests.organizationId))
    .innerJoin(organizations, eq(organizations.id, fxRequests.organizationId))
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(inArray(fxRequests.id, ids));
  const rows = await checkSignable(ids, found, {
    what: "FX rate request",
    dutyMessage: "You are not allowed to sign FX rate requests of this organization",
    enabled: (organizationId) => customRateEnabled(db, organizationId),
    disabled: fxRequestsDisabled,
    ready: (r) =>
      r.status === "AWAITING_SIGNATURE" ? null : fxStatusConflict(r.status, "only a request awaiting signature can be signed"),
  });
  const codes = [...new Set(rows.flatMap((r) => [r.fromCurrencyId, r.toCurrencyId]))];
  const scales = await db
    .select({ id: currencies.id, scale: currencies.scale })
    .from(currencies)
    .where(inArray(currencies.id, codes));
  return {
    rows,
    scaleOf: new Map(scales.map((s) => [s.id, s.scale])),
    phone: found[0].phone,
    otpChannel: found[0].otpChannel,
  };
}

/** The requests among `ids` as they are now (no access check: the ids come from a token's binding). */
export async function fxRequestsByIds(db: Database | Tx, ids: string[]): Promise<FxRequestRow[]> {
  if (!ids.length) return [];
  return db.select().from(fxRequests).where(inArray(fxRequests.id, ids));
}
