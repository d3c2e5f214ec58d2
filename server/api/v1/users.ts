/**
 * /api/v1/users — the current user (spec 000 §3 "User", §7 GET /v1/users/whoami; contract WhoAmI).
 *
 * GET /users/whoami (bearer) → 200 WhoAmI | 401 UNAUTHENTICATED
 *   `organizations`: the caller's APPROVED memberships, earliest membership first (then
 *   organization createdAt, then id);
 *   `activeOrganization`: default-organization rule (spec 001 §3), see
 *   server/domain/organizations/default-organization.ts; `fullName` is companyName for
 *   CORPORATE, "firstName lastName" otherwise; `currentOfficial` comes from the caller's
 *   membership row.
 */
import { Router } from "express";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { organizationMembers, organizations, users } from "../../db/schema/index.js";
import type { OrganizationType, OtpChannel, WhoAmI } from "./contract.js";
import { DomainError, asyncHandler, getAuth, requireAuth, type ApiDeps } from "./http.js";
import { defaultOrganization } from "../../domain/organizations/default-organization.js";
import { toOrganizationSummary } from "../../domain/organizations/index.js";

/**
 * Build WhoAmI for `userId`.
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
  };
}

/** Router with the /users/* calls; mount at /api/v1 (paths carry their prefix). */
export function createUsersRouter(deps: ApiDeps): Router {
  const router = Router();
  router.get(
    "/users/whoami",
    requireAuth(deps),
    asyncHandler(async (_req, res) => {
      res.json(await loadWhoAmI(deps.db, getAuth(res).userId));
    }),
  );
  return router;
}
