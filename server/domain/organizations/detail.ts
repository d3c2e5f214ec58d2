/**
 * One organization as its member sees it (spec 001 §3 "Organization"; spec 001 §7
 * GET /v1/clients-organizations/{id}): the summary (id, type, names, fullName, createdAt,
 * currentOfficial), companyNumber, the tariff with its fees and the custom fees (as the fees tab,
 * server/domain/fees), and the first account (id, fullNumber, organizationId) or null.
 * CORPORATE: the registered address kept on the organization (copied at approval); the same
 * fields null for the other types.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { accounts, organizationMembers, organizations } from "../../db/schema/index.js";
import type { OrganizationDetail, OrganizationRegisteredAddress } from "../../api/v1/contract.js";
import { organizationFees } from "../fees/index.js";
import { isUuid } from "../accounts/index.js";
import { forbidden, requireMembership } from "./access.js";
import { toOrganizationSummary } from "./index.js";

/** The registered address of a CORPORATE organization; every field null for the other types. */
export function registeredAddressOf(org: typeof organizations.$inferSelect): OrganizationRegisteredAddress {
  const corporate = org.type === "CORPORATE";
  return {
    registeredAddress1: corporate ? org.registeredAddress1 : null,
    registeredAddress2: corporate ? org.registeredAddress2 : null,
    registeredCity: corporate ? org.registeredCity : null,
    registeredPostalCode: corporate ? org.registeredPostalCode : null,
    registeredCountryId: corporate ? org.registeredCountryId : null,
    businessAddressSameAsRegistered: corporate ? org.businessAddressSameAsRegistered : null,
    correspondenceAddressSameAsRegistered: corporate ? org.correspondenceAddressSameAsRegistered : null,
  };
}

/**
 * @param userId the caller; must be an APPROVED member of `organizationId`
 * @returns contract OrganizationDetail
 * @throws DomainError FORBIDDEN (403) when the caller is not a member (or the id is not a uuid)
 */
export async function getOrganizationDetail(db: Database, userId: string, organizationId: string): Promise<OrganizationDetail> {
  if (!isUuid(organizationId)) throw forbidden();
  await requireMembership(db, userId, organizationId);
  const [row] = await db
    .select({ org: organizations, member: organizationMembers })
    .from(organizations)
    .innerJoin(
      organizationMembers,
      and(eq(organizationMembers.organizationId, organizations.id), eq(organizationMembers.userId, userId)),
    )
    .where(eq(organizations.id, organizationId));
  if (!row) throw forbidden();
  const [account] = await db
    .select({ id: accounts.id, number: accounts.number, iban: accounts.iban })
    .from(accounts)
    .where(and(eq(accounts.organizationId, organizationId), eq(accounts.system, false)))
    .orderBy(asc(accounts.createdAt), asc(accounts.id))
    .limit(1);
  const { tariff, customFees } = await organizationFees(db, userId, organizationId);
  return {
    ...toOrganizationSummary(row.org, row.member),
    companyNumber: row.org.companyNumber,
    ...registeredAddressOf(row.org),
    tariff,
    customFees,
    account: account ? { id: account.id, fullNumber: account.iban ?? account.number, organizationId } : null,
  };
}
