/**
 * Authorization by organization membership: the ONE place that decides whether a user may
 * act for an organization (contract "Authorization"; spec 000 §6).
 *
 * - An `organizationId` the caller is not a member of → 403 FORBIDDEN.
 * - A resource (account, payment, statement item) outside the caller's organizations → 404
 *   NOT_FOUND, so existence does not leak (callers use `memberOrganizationIds` in the query).
 * Only memberships with status APPROVED count.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database, Tx } from "../../db/client.js";
import { organizationMembers, organizations } from "../../db/schema/index.js";
import { DomainError } from "../errors.js";

export interface Membership {
  organizationId: string;
  organizationType: "INDIVIDUAL" | "CORPORATE" | "COMPANY_OFFICIAL";
  companyOfficialType: string | null;
  signatureType: "NONE" | "SINGLE";
}

/**
 * The authenticated caller's memberships, read with the bearer-token lookup of the request
 * (`authenticateAccessToken`) and kept for that request only: `listMemberships` (and so
 * `requireMembership`, `memberOrganizationIds`) of the caller then costs no second statement.
 * Another user's memberships are always read from the database. A request that changes the
 * caller's own memberships calls `forgetCallerMemberships` after the write (officials,
 * application approval), so a later read in the same request sees the change (a unit test,
 * membership-writes.test.ts, fails on a domain module that writes them without the call).
 */
const callerScope = new AsyncLocalStorage<{ userId: string; memberships: readonly Membership[] | null }>();

/**
 * Run `fn` (an API request's handlers) with `memberships` as the caller's, read at
 * authentication. @param memberships in `listMemberships` order
 */
export function withCallerMemberships<T>(userId: string, memberships: readonly Membership[], fn: () => T): T {
  return callerScope.run({ userId, memberships }, fn);
}

/** After a write to organization_members: the rest of this request reads memberships from the database. */
export function forgetCallerMemberships(): void {
  const scope = callerScope.getStore();
  if (scope) scope.memberships = null;
}

/**
 * SQL for a JSON array of `userId`'s approved memberships in `listMemberships` order (for a
 * select that reads them with something else; `parseMemberships` turns a row into Memberships).
 * `userId` is a column or parameter of the outer query.
 */
export function membershipsJson(userId: SQL | AnyPgColumn): SQL<unknown> {
  return sql`coalesce((select json_agg(json_build_object('organizationId', ${organizationMembers.organizationId}, 'organizationType', ${organizations.type}, 'companyOfficialType', ${organizationMembers.companyOfficialType}, 'signatureType', ${organizationMembers.signatureType}) order by ${organizations.createdAt}, ${organizations.id}) from ${organizationMembers} inner join ${organizations} on ${organizations.id} = ${organizationMembers.organizationId} where ${organizationMembers.userId} = ${userId} and ${organizationMembers.status} = 'APPROVED'), '[]'::json)`;
}

/** Memberships from `membershipsJson` (drivers hand json back parsed; a string is parsed here). */
export function parseMemberships(value: unknown): Membership[] {
  const rows = (typeof value === "string" ? JSON.parse(value) : value) as Membership[];
  return rows.map((r) => ({
    organizationId: r.organizationId,
    organizationType: r.organizationType,
    companyOfficialType: r.companyOfficialType ?? null,
    signatureType: r.signatureType,
  }));
}

/**
 * All approved memberships of `userId`, organizations in creation order. The caller's own, in
 * an authenticated API request, come from its authentication (`withCallerMemberships`).
 */
export async function listMemberships(db: Database | Tx, userId: string): Promise<Membership[]> {
  const scope = callerScope.getStore();
  if (scope?.memberships && scope.userId === userId) return [...scope.memberships];
  const rows = await db
    .select({
      organizationId: organizationMembers.organizationId,
      organizationType: organizations.type,
      companyOfficialType: organizationMembers.companyOfficialType,
      signatureType: organizationMembers.signatureType,
      createdAt: organizations.createdAt,
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(and(eq(organizationMembers.userId, userId), eq(organizationMembers.status, "APPROVED")))
    .orderBy(organizations.createdAt, organizations.id);
  return rows.map((r) => ({
    organizationId: r.organizationId,
    organizationType: r.organizationType as Membership["organizationType"],
    companyOfficialType: r.companyOfficialType,
    signatureType: r.signatureType as Membership["signatureType"],
  }));
}

/** Ids of the organizations `userId` may act for (use in WHERE … IN to scope resources). */
export async function memberOrganizationIds(db: Database | Tx, userId: string): Promise<string[]> {
  return (await listMemberships(db, userId)).map((m) => m.organizationId);
}

/**
 * The same ids as `memberOrganizationIds`, as a subquery to scope a resource in the query that
 * reads it (`inArray(table.organizationId, memberOrganizationIdsQuery(db, userId))`): one
 * round trip instead of two.
 */
export function memberOrganizationIdsQuery(db: Database | Tx, userId: string) {
  return db
    .select({ id: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.userId, userId), eq(organizationMembers.status, "APPROVED")));
}

/** The caller's membership in `organizationId`, or 403 FORBIDDEN. */
export async function requireMembership(db: Database | Tx, userId: string, organizationId: string): Promise<Membership> {
  const m = (await listMemberships(db, userId)).find((x) => x.organizationId === organizationId);
  if (!m) throw forbidden();
  return m;
}

/**
 * Join condition for queries that must see only the caller's organizations: the caller's
 * APPROVED membership of the organization in `organizationId` (the rule of `listMemberships`).
 * A row without such a membership is not returned at all (→ 404 for the caller).
 */
export function callerMembershipOn(userId: string, organizationId: AnyPgColumn): SQL {
  return and(
    eq(organizationMembers.organizationId, organizationId),
    eq(organizationMembers.userId, userId),
    eq(organizationMembers.status, "APPROVED"),
  )!;
}

/** Columns to select with `callerMembershipOn` (and a join of `organizations`) to build a Membership. */
export const membershipColumns = {
  organizationType: organizations.type,
  companyOfficialType: organizationMembers.companyOfficialType,
  signatureType: organizationMembers.signatureType,
};

/** A Membership of `organizationId` from a row selected with `membershipColumns`. */
export function toMembership(
  organizationId: string,
  row: { organizationType: string; companyOfficialType: string | null; signatureType: string },
): Membership {
  return {
    organizationId,
    organizationType: row.organizationType as Membership["organizationType"],
    companyOfficialType: row.companyOfficialType,
    signatureType: row.signatureType as Membership["signatureType"],
  };
}

/**
 * Signature duty (spec 000 §4, §6): INDIVIDUAL members always sign with an SMS code;
 * CORPORATE (and COMPANY_OFFICIAL) officials sign when their signatureType is not NONE.
 */
export function hasSignatureDuty(m: Membership): boolean {
  return m.organizationType === "INDIVIDUAL" || m.signatureType !== "NONE";
}

/** 403 FORBIDDEN (organization the caller may not act for). */
export function forbidden(message = "You do not have access to this organization"): DomainError {
  return new DomainError("FORBIDDEN", message);
}

/** 404 NOT_FOUND "<what> not found" (also for resources of other customers: existence does not leak). */
export function notFound(what = "Resource"): DomainError {
  return new DomainError("NOT_FOUND", `${what} not found`);
}

/** A row found for signing with the caller's membership columns (`membershipColumns`). */
export type SignableFound<R> = { row: R; organizationType: string; companyOfficialType: string | null; signatureType: string };

/**
 * What the caller may request one signing code for (remittance orders, FX rate requests), in the
 * order of `ids`: each found with the caller's membership (else 404 `rules.what`), a signature
 * duty there (else 403 `rules.dutyMessage`), the feature enabled for its organization (else
 * `rules.disabled()`, asked once per organization) and ready to sign (`rules.ready` null, else its error).
 * @param found the rows in the caller's organizations, each with the caller's membership columns
 */
export async function checkSignable<R extends { id: string; organizationId: string }>(
  ids: string[],
  found: SignableFound<R>[],
  rules: {
    what: string;
    dutyMessage: string;
    enabled: (organizationId: string) => Promise<boolean>;
    disabled: () => DomainError;
    ready: (row: R) => DomainError | null;
  },
): Promise<R[]> {
  const byId = new Map(found.map((f) => [f.row.id, f]));
  const enabled = new Map<string, boolean>();
  const rows: R[] = [];
  for (const id of ids) {
    const f = byId.get(id);
    if (!f) throw notFound(rules.what);
    const orgId = f.row.organizationId;
    if (!hasSignatureDuty(toMembership(orgId, f))) throw forbidden(rules.dutyMessage);
    if (!enabled.has(orgId)) enabled.set(orgId, await rules.enabled(orgId));
    if (!enabled.get(orgId)) throw rules.disabled();
    const notReady = rules.ready(f.row);
    if (notReady) throw notReady;
    rows.push(f.row);
  }
  return rows;
}
