/**
 * Default-organization rule (spec 001 §3, spec 000 §6): the INDIVIDUAL organization;
 * otherwise the first CORPORATE; otherwise the first COMPANY_OFFICIAL.
 * "First" = earliest membership `createdAt`; ties (e.g. memberships created in one transaction)
 * broken by the organization's `createdAt` when given, then by organization id (stable across
 * calls and processes). Pure function: no database.
 */
import type { OrganizationType } from "../../api/v1/contract.js";

/** What the rule needs from each of the caller's organizations. */
export interface DefaultOrganizationCandidate {
  id: string;
  type: OrganizationType;
  /** When the caller became a member (organization_members.created_at). */
  membershipCreatedAt: Date;
  /** The organization's own creation time (organizations.created_at), second sort key. */
  organizationCreatedAt?: Date;
}

const PRIORITY: OrganizationType[] = ["INDIVIDUAL", "CORPORATE", "COMPANY_OFFICIAL"];

/**
 * @param orgs the caller's organizations (any order)
 * @returns the default one, or null when the list is empty or has no known type
 */
export function defaultOrganization<T extends DefaultOrganizationCandidate>(orgs: readonly T[]): T | null {
  const earliest = (a: T, b: T) =>
    a.membershipCreatedAt.getTime() - b.membershipCreatedAt.getTime() ||
    (a.organizationCreatedAt?.getTime() ?? 0) - (b.organizationCreatedAt?.getTime() ?? 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  for (const type of PRIORITY) {
    const ofType = orgs.filter((o) => o.type === type).sort(earliest);
    if (ofType.length) return ofType[0];
  }
  return null;
}
