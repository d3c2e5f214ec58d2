/**
 * Organizations as the caller sees them (contract OrganizationSummary, RecipientCheck;
 * spec 000 §3 "Organization", §7 /v1/clients-organizations).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import { organizationMembers, organizations, users } from "../../db/schema/index.js";
import type {
  CompanyOfficialType,
  OrganizationSummary,
  OrganizationType,
  RecipientCheck,
  SignatureType,
} from "../../api/v1/contract.js";
import { listMemberships, notFound } from "./access.js";

/**
 * Display name of an organization (contract `OrganizationSummary.fullName`): the company name
 * for CORPORATE, else the person's "First Last" (INDIVIDUAL, COMPANY_OFFICIAL), falling back
 * to the company name.
 */
export function organizationFullName(o: {
  type: string;
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
}): string {
  if (o.type === "CORPORATE" && o.companyName) return o.companyName;
  return [o.firstName, o.lastName].filter(Boolean).join(" ") || o.companyName || "";
}

/** An organization row and the caller's membership in it → contract `OrganizationSummary`. */
export function toOrganizationSummary(
  o: { id: string; type: string; companyName: string | null; firstName: string | null; lastName: string | null; createdAt: Date },
  m: { signatureType: string; companyOfficialType: string | null },
): OrganizationSummary {
  return {
    id: o.id,
    type: o.type as OrganizationType,
    fullName: organizationFullName(o),
    companyName: o.companyName,
    firstName: o.firstName,
    lastName: o.lastName,
    createdAt: o.createdAt.toISOString(),
    currentOfficial: {
      signatureType: m.signatureType as SignatureType,
      companyOfficialType: (m.companyOfficialType as CompanyOfficialType | null) ?? null,
    },
  };
}

/** "Oliver Thompson" → "Oliver T." (a phone lookup must not reveal full identities). */
export function shortDisplayName(firstName: string | null, lastName: string | null): string {
  const first = (firstName ?? "").trim();
  const initial = (lastName ?? "").trim().charAt(0);
  return [first, initial ? `${initial.toUpperCase()}.` : ""].filter(Boolean).join(" ") || "Customer";
}

/** The caller's organizations with their own official role (contract OrganizationSummary[]). */
export async function listOrganizationSummaries(db: Database, userId: string): Promise<OrganizationSummary[]> {
  const memberships = await listMemberships(db, userId);
  if (!memberships.length) return [];
  const rows = await db
    .select()
    .from(organizations)
    .where(
      inArray(
        organizations.id,
        memberships.map((m) => m.organizationId),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return memberships.map((m) => {
    return toOrganizationSummary(byId.get(m.organizationId)!, m);
  });
}

/**
 * The INDIVIDUAL organization of the user with phone `phone` (E.164), for internal transfers.
 * @returns { organizationId, displayName "Oliver T." } or null when none.
 */
export async function findIndividualRecipient(
  db: Database | Tx,
  phone: string,
): Promise<(RecipientCheck & { userId: string }) | null> {
  const [row] = await db
    .select({
      organizationId: organizations.id,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .innerJoin(organizationMembers, eq(organizationMembers.userId, users.id))
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(
      and(
        eq(users.phone, phone),
        eq(organizations.type, "INDIVIDUAL"),
        eq(organizationMembers.status, "APPROVED"),
        eq(users.status, "ACTIVE"),
      ),
    )
    .orderBy(organizations.createdAt)
    .limit(1);
  if (!row) return null;
  return { organizationId: row.organizationId, userId: row.userId, displayName: shortDisplayName(row.firstName, row.lastName) };
}

/**
 * The CORPORATE organization with Companies House number `companyNumber` (compared without
 * spaces, case-insensitive), for internal transfers to a company.
 * @returns { organizationId, displayName: the company name } or null when none.
 */
export async function findCorporateRecipient(db: Database | Tx, companyNumber: string): Promise<RecipientCheck | null> {
  const normalised = companyNumber.replace(/\s+/g, "").toUpperCase();
  if (!normalised) return null;
  const [row] = await db
    .select({ organizationId: organizations.id, companyName: organizations.companyName })
    .from(organizations)
    .where(and(eq(organizations.type, "CORPORATE"), sql`upper(replace(${organizations.companyNumber}, ' ', '')) = ${normalised}`))
    .orderBy(organizations.createdAt)
    .limit(1);
  if (!row) return null;
  return { organizationId: row.organizationId, displayName: row.companyName ?? "Company" };
}

/** RecipientCheck for GET /v1/clients-organizations/check-corp-recepient, or 404 NOT_FOUND. */
export async function checkCorporateRecipient(db: Database, companyNumber: string): Promise<RecipientCheck> {
  const r = await findCorporateRecipient(db, companyNumber);
  if (!r) throw notFound("Recipient");
  return r;
}

/** RecipientCheck for GET /v1/clients-organizations/check-invididual-recepient, or 404 NOT_FOUND. */
export async function checkIndividualRecipient(db: Database, phone: string): Promise<RecipientCheck> {
  const r = await findIndividualRecipient(db, phone);
  if (!r) throw notFound("Recipient");
  return { organizationId: r.organizationId, displayName: r.displayName };
}
