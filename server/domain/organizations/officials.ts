/**
 * Company users ("clients officials") of a CORPORATE organization (spec 001 §3 "Company
 * official", §6 MAIN_REPRESENTATIVE, §7 "Organizations and officials"; issue 10). Rows of
 * `organization_members`.
 *
 * Rules (docs/decisions.md "Company users and agreements (issue 10)")
 * - Listing: any APPROVED member of the organization (the list is who acts for the company).
 *   Managing (add, update, status): only an APPROVED member whose companyOfficialType is
 *   MAIN_REPRESENTATIVE, and only in a CORPORATE organization. A non-member → 403 FORBIDDEN; a
 *   member without the right → 403; an official id not of this organization → 404.
 * - Adding a person: by phone (E.164), with the names and e-mail the main representative
 *   declares. It is always an invitation first (status INVITED, no user, no access), whoever the
 *   phone belongs to: the answer must not tell whether that phone is a customer, nor show their
 *   profile. `linkInvitations` makes it an APPROVED membership of the user with that phone when
 *   that user is identified and logs in, or when their application is approved (an unknown
 *   person must first become a customer, e.g. by a COMPANY_OFFICIAL application).
 * - The person shown is the one declared (names, phone, e-mail as entered); memberships made by
 *   an application's approval declare nothing and show the customer's own profile. A PUT changes
 *   only the role (position, percentage, natureOfControl, signatureType, companyOfficialType); a
 *   different person is a new official.
 * - Status: APPROVED or SUSPENDED (SUSPENDED: no access, kept for the record). An invitation
 *   becomes APPROVED only by linking: APPROVED asked for a suspended invitation makes it INVITED
 *   again, for an invitation leaves it INVITED.
 * - The organization keeps at least one APPROVED MAIN_REPRESENTATIVE: demoting or suspending the
 *   last one (oneself included) is 409 OFFICIAL_CONFLICT. Changes lock the organization row
 *   (`SELECT … FOR UPDATE`), so two main representatives demoting each other at once cannot
 *   leave none.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.js";
import { organizationMembers, organizations, users } from "../../db/schema/index.js";
import type {
  CompanyOfficial,
  CompanyOfficialStatusRequest,
  CompanyOfficialType,
  CreateCompanyOfficialRequest,
  NatureOfControl,
  OfficialStatus,
  SignatureType,
  UpdateCompanyOfficialRequest,
} from "../../api/v1/contract.js";
import { isUuid } from "../accounts/index.js";
import { DomainError } from "../errors.js";
import { forbidden, forgetCallerMemberships, notFound, requireMembership } from "./access.js";
import { disconnectChatUsers } from "../chat/publisher.js";
import type { Language } from "../language.js";
import type { SmsProvider } from "../../providers/sms.js";
import { sendInvitationSms } from "./invitation-sms.js";

/** Control types of an official (spec 001 §3; the applications' list). */
export { NATURE_OF_CONTROL } from "../../rules/applications/steps.js";

/** Most officials (members and invitations) of one organization: a ceiling against abuse. */
export const MAX_OFFICIALS = 50;

type MemberRow = typeof organizationMembers.$inferSelect;

function conflict(message: string): DomainError {
  return new DomainError("OFFICIAL_CONFLICT", message);
}

const officialColumns = {
  member: organizationMembers,
  userFirstName: users.firstName,
  userLastName: users.lastName,
  userPhone: users.phone,
  userEmail: users.email,
};

function toWire(
  r: {
    member: MemberRow;
    userFirstName: string | null;
    userLastName: string | null;
    userPhone: string | null;
    userEmail: string | null;
  },
  callerId: string,
): CompanyOfficial {
  const m = r.member;
  const linked = m.userId !== null;
  return {
    id: m.id,
    organizationId: m.organizationId,
    firstName: m.firstName ?? r.userFirstName,
    lastName: m.lastName ?? r.userLastName,
    phone: m.phone ?? r.userPhone,
    email: m.firstName !== null || !linked ? m.email : r.userEmail,
    position: m.position,
    percentage: m.percentage === null ? null : Number(m.percentage).toFixed(2),
    natureOfControl: m.natureOfControl as NatureOfControl | null,
    status: m.status as OfficialStatus,
    signatureType: m.signatureType as SignatureType,
    companyOfficialType: m.companyOfficialType as CompanyOfficialType | null,
    isCurrentUser: m.userId === callerId,
    createdAt: m.createdAt.toISOString(),
  };
}

async function readOfficials(db: Database | Tx, organizationId: string, callerId: string, officialId?: string) {
  const rows = await db
    .select(officialColumns)
    .from(organizationMembers)
    .leftJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        officialId ? eq(organizationMembers.id, officialId) : undefined,
      ),
    )
    .orderBy(asc(organizationMembers.createdAt), asc(organizationMembers.id));
  return rows.map((r) => toWire(r, callerId));
}

/**
 * The caller may manage officials of `organizationId`: a CORPORATE organization's APPROVED
 * MAIN_REPRESENTATIVE. Locks the organization row for the rest of the transaction.
 * @returns the organization's registered name (the invitation SMS names it)
 * @throws 403 FORBIDDEN otherwise (also for a non-member or an unknown organization id)
 */
async function requireManager(tx: Tx, userId: string, organizationId: string): Promise<{ companyName: string | null }> {
  if (!isUuid(organizationId)) throw forbidden();
  const m = await requireMembership(tx, userId, organizationId);
  if (m.organizationType !== "CORPORATE" || m.companyOfficialType !== "MAIN_REPRESENTATIVE")
    throw forbidden("Only a main representative of the company may manage its users");
  const [org] = await tx
    .select({ companyName: organizations.companyName })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for("update");
  return { companyName: org?.companyName ?? null };
}

/**
 * Refuse a change that takes `row` out of the APPROVED main representatives when no other one is
 * left (the caller holds the organization's lock, `requireManager`).
 * @throws 409 OFFICIAL_CONFLICT
 */
async function keepMainRepresentative(tx: Tx, row: MemberRow): Promise<void> {
  if (row.companyOfficialType !== "MAIN_REPRESENTATIVE" || row.status !== "APPROVED") return;
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, row.organizationId),
        eq(organizationMembers.status, "APPROVED"),
        eq(organizationMembers.companyOfficialType, "MAIN_REPRESENTATIVE"),
        sql`${organizationMembers.id} <> ${row.id}`,
        sql`${organizationMembers.userId} is not null`,
      ),
    );
  if (n === 0) throw conflict("The company needs at least one main representative");
}

async function lockedOfficial(tx: Tx, organizationId: string, officialId: string): Promise<MemberRow> {
  if (!isUuid(officialId)) throw notFound("Official");
  const [row] = await tx
    .select()
    .from(organizationMembers)
    .where(and(eq(organizationMembers.id, officialId), eq(organizationMembers.organizationId, organizationId)))
    .for("update");
  if (!row) throw notFound("Official");
  return row;
}

/**
 * GET /v1/clients-organizations/:id/clients-officials: every official (members and
 * invitations), oldest first.
 * @throws 403 FORBIDDEN when the caller is not an APPROVED member
 */
export async function listOfficials(db: Database, userId: string, organizationId: string): Promise<CompanyOfficial[]> {
  if (!isUuid(organizationId)) throw forbidden();
  await requireMembership(db, userId, organizationId);
  return readOfficials(db, organizationId, userId);
}

function roleValues(input: UpdateCompanyOfficialRequest) {
  return {
    position: input.position ?? null,
    percentage: input.percentage ?? null,
    natureOfControl: input.natureOfControl ?? null,
    signatureType: input.signatureType,
    companyOfficialType: input.companyOfficialType,
  };
}

/**
 * POST …/clients-officials: add a person by phone (see module rules: member or invitation).
 * After commit the person is told by SMS (./invitation-sms.ts) when `invite` is given; a refused
 * message is passed to `invite.onError` and the invitation stands.
 * @param invite the SMS provider, the request's language and what to do with a delivery error
 * @returns 201 CompanyOfficial
 * @throws 403; 409 OFFICIAL_CONFLICT when that phone is already an official of the organization
 *   or the organization has MAX_OFFICIALS
 */
export async function addCompanyOfficial(
  db: Database,
  userId: string,
  organizationId: string,
  input: CreateCompanyOfficialRequest,
  invite?: { sms: SmsProvider; language: Language; onError: (error: unknown) => void },
): Promise<CompanyOfficial> {
  const { official, company } = await db.transaction(async (tx) => {
    const { companyName } = await requireManager(tx, userId, organizationId);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, organizationId));
    if (n >= MAX_OFFICIALS) throw conflict(`At most ${MAX_OFFICIALS} company users`);
    const [person] = await tx.select().from(users).where(eq(users.phone, input.phone));
    const [already] = await tx
      .select({ id: organizationMembers.id })
      .from(organizationMembers)
      .where(
        and(
          eq(organizationMembers.organizationId, organizationId),
          person
            ? sql`(${organizationMembers.userId} = ${person.id} or ${organizationMembers.phone} = ${input.phone})`
            : eq(organizationMembers.phone, input.phone),
        ),
      );
    if (already)
      throw new DomainError("VALIDATION_FAILED", [
        { property: "phone", constraints: { isTaken: "This person is already a user of the company" } },
      ]);
    const [row] = await tx
      .insert(organizationMembers)
      .values({
        organizationId,
        ...roleValues(input),
        userId: null,
        status: "INVITED",
        phone: input.phone,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email ?? null,
      })
      .returning({ id: organizationMembers.id });
    return { official: (await readOfficials(tx, organizationId, userId, row.id))[0], company: companyName };
  });
  if (invite && company) {
    const error = await sendInvitationSms(invite.sms, { phone: input.phone, company, language: invite.language });
    if (error) invite.onError(error);
  }
  return official;
}

/**
 * PUT …/clients-officials/:officialId: change the role.
 * @throws 403; 404 (not of this organization); 409 OFFICIAL_CONFLICT when it would demote the
 *   last APPROVED main representative
 */
export async function updateCompanyOfficial(
  db: Database,
  userId: string,
  organizationId: string,
  officialId: string,
  input: UpdateCompanyOfficialRequest,
): Promise<CompanyOfficial> {
  return db.transaction(async (tx) => {
    await requireManager(tx, userId, organizationId);
    const row = await lockedOfficial(tx, organizationId, officialId);
    if (input.companyOfficialType !== "MAIN_REPRESENTATIVE") await keepMainRepresentative(tx, row);
    await tx.update(organizationMembers).set(roleValues(input)).where(eq(organizationMembers.id, row.id));
    forgetCallerMemberships();
    return (await readOfficials(tx, organizationId, userId, row.id))[0];
  });
}

/**
 * PUT …/clients-officials/:officialId/status { status: APPROVED | SUSPENDED }. The same status
 * again answers the official unchanged. Suspending ends the official's open chat sockets after
 * commit (`disconnectChatUsers`): they must not keep receiving the organization's messages.
 * @throws 403; 404; 409 OFFICIAL_CONFLICT (suspending the last main representative)
 */
export async function setCompanyOfficialStatus(
  db: Database,
  userId: string,
  organizationId: string,
  officialId: string,
  input: CompanyOfficialStatusRequest,
): Promise<CompanyOfficial> {
  const { official, suspendedUserId } = await db.transaction(async (tx) => {
    await requireManager(tx, userId, organizationId);
    const row = await lockedOfficial(tx, organizationId, officialId);
    // An invitation (no user yet) cannot be APPROVED by hand: reactivating it restores the invitation.
    const wanted = input.status === "APPROVED" && row.userId === null ? "INVITED" : input.status;
    if (row.status !== wanted) {
      if (input.status === "SUSPENDED") await keepMainRepresentative(tx, row);
      await tx.update(organizationMembers).set({ status: wanted }).where(eq(organizationMembers.id, row.id));
      forgetCallerMemberships();
    }
    const suspendedUserId = row.status !== wanted && wanted === "SUSPENDED" ? row.userId : null;
    return { official: (await readOfficials(tx, organizationId, userId, row.id))[0], suspendedUserId };
  });
  // After commit: the suspended official's open chat sockets (subscribed to this organization's
  // channels) end; a reconnection re-checks each channel's access.
  disconnectChatUsers([suspendedUserId]);
  return official;
}

/**
 * Turn the INVITED officials with the phone of `userId` into APPROVED memberships of that user,
 * once the user is identified (called at login, server/domain/auth/login.ts, and by application
 * approval, server/domain/applications/review.ts).
 * Suspended invitations stay as they are.
 * @returns how many were linked
 */
export async function linkInvitations(tx: Tx, userId: string): Promise<number> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user || !user.identified || user.status !== "ACTIVE") return 0;
  forgetCallerMemberships();
  const linked = await tx
    .update(organizationMembers)
    .set({ userId, status: "APPROVED" })
    .where(
      and(
        eq(organizationMembers.phone, user.phone),
        eq(organizationMembers.status, "INVITED"),
        isNull(organizationMembers.userId),
        // Not where the user is already a member (org_members_uq).
        sql`not exists (select 1 from ${organizationMembers} m2 where m2.organization_id = ${organizationMembers.organizationId} and m2.user_id = ${userId})`,
      ),
    )
    .returning({ id: organizationMembers.id });
  return linked.length;
}
