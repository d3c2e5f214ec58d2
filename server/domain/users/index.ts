/**
 * The current user as the API shows it (spec 000 §3 "User", §7 GET /v1/users/whoami; contract WhoAmI).
 * `organizations`: the user's APPROVED memberships, earliest membership first (then organization
 * createdAt, then id); `activeOrganization`: default-organization rule (spec 001 §3, see
 * ../organizations/default-organization.ts); `fullName` is companyName for CORPORATE,
 * "firstName lastName" otherwise; `currentOfficial` comes from the user's membership row.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { organizationMembers, organizations, users } from "../../db/schema/index.js";
import type { OrganizationType, OtpChannel, WhoAmI } from "../../api/v1/contract.js";
import { DomainError } from "../errors.js";
import { defaultOrganization } from "../organizations/default-organization.js";
import { toOrganizationSummary } from "../organizations/index.js";

/**
 * Build WhoAmI for `userId` (two queries: the user, then their approved memberships with organizations).
 * @throws DomainError UNAUTHENTICATED when the user no longer exists.
 */
export async function loadWhoAmI(db: Database, userId: string): Promise<WhoAmI> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new DomainError("UNAUTHENTICATED", "Authentication required");
  const rows = await db
    .select({ org: organizations, member: organizationMembers })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(and(eq(organizationMembers.userId, userId), eq(organizationMembers.status, "APPROVED")))
    .orderBy(asc(organizationMembers.createdAt), asc(organizations.createdAt), asc(organizations.id));
  const orgs = rows.map(({ org, member }) => ({
    id: org.id,
    type: org.type as OrganizationType,
    membershipCreatedAt: member.createdAt,
    organizationCreatedAt: org.createdAt,
    summary: toOrganizationSummary(org, member),
  }));
  return {
    id: user.id,
    phone: user.phone,
    email: user.email,
    status: user.status as WhoAmI["status"],
    identified: user.identified,
    profile: { firstName: user.firstName, lastName: user.lastName, dob: user.dob, nationalityId: user.nationalityId },
    organizations: orgs.map((o) => o.summary),
    activeOrganization: defaultOrganization(orgs)?.summary ?? null,
    twilioAuthChannel: user.otpChannel as OtpChannel,
    verifiedNoticeDue: user.verifiedAt !== null && user.verifiedNoticeAt === null,
  };
}

/**
 * POST /v1/users/verified-notice: the person closed the "you are verified" popup (spec 000 §2
 * popups); it is not shown again. Idempotent (the first close is kept).
 * @param userId the caller
 */
export async function closeVerifiedNotice(db: Database, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ verifiedNoticeAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.verifiedNoticeAt)));
}
