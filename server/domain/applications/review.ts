/**
 * Staff decisions on onboarding applications (spec 001 "server-side processing of applications
 * is not shown": decided here as a careful bank would; issue 8 "Review"). Reached by
 * `npm run bank -- application:approve|decline|review` (server/staff/commands.ts) until the back
 * office (/ops) calls the same functions.
 *
 * - review: READY_TO_REVIEW → REVIEW_IN_PROGRESS.
 * - approve: READY_TO_REVIEW | REVIEW_IN_PROGRESS → ACCEPTED, in one transaction: the
 *   organization (INDIVIDUAL, CORPORATE with the applicant as MAIN_REPRESENTATIVE, or
 *   COMPANY_OFFICIAL; CORPORATE with the registered address and the "business/correspondence
 *   address same as registered" answers copied onto it), the applicant's membership, for INDIVIDUAL and CORPORATE the first
 *   account with a zero balance per scheme currency (a COMPANY_OFFICIAL organization holds no
 *   accounts: spec 001 §6), and the user marked identified with the profile filled from the
 *   application where empty; invitations as a company user for the user's phone become
 *   memberships (organizations/officials.ts `linkInvitations`).
 * - decline: READY_TO_REVIEW | REVIEW_IN_PROGRESS → DECLINED with a reason the applicant sees.
 */
import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { composeIBAN } from "ibantools";
import type { Database, Tx } from "../../db/client.js";
import {
  accounts,
  applicationOfficials,
  applications,
  applicationSchemes,
  balances,
  organizationMembers,
  organizations,
  users,
} from "../../db/schema/index.js";
import type { ApplicationSummary } from "../../api/v1/contract.js";
import { isUuid } from "../accounts/index.js";
import { DomainError } from "../errors.js";
import { forgetCallerMemberships, notFound } from "../organizations/access.js";
import { linkInvitations } from "../organizations/officials.js";
import { summaryOf } from "./index.js";
import { BANK_BIC, BANK_SORT_CODE } from "../bank-details.js";
import { BASE_CURRENCY_ID } from "../settings/index.js";
import { notifyApplicationDecision } from "../chat/notify.js";

const DECIDABLE = ["READY_TO_REVIEW", "REVIEW_IN_PROGRESS"];

function conflict(status: string, wanted: string): DomainError {
  return new DomainError("APPLICATION_STATUS_CONFLICT", `The application is ${status}; it cannot be ${wanted}`);
}

async function lockedRow(tx: Tx, id: string) {
  if (!isUuid(id)) throw notFound("Application");
  const [row] = await tx.select().from(applications).where(eq(applications.id, id)).for("update");
  if (!row) throw notFound("Application");
  return row;
}

/**
 * A new 8-digit account number in 20000000–89999999 (the seed and factories use other ranges),
 * not yet used; the unique index on accounts.number is the final guard.
 */
async function freshAccountNumber(tx: Tx): Promise<string> {
  for (let i = 0; i < 20; i += 1) {
    const number = String(randomInt(20_000_000, 90_000_000));
    const [taken] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.number, number)).limit(1);
    if (!taken) return number;
  }
  throw new Error("no free account number after 20 tries");
}

/**
 * Open an organization's first account: GB IBAN from the bank code BDEM, sort code and number
 * (ISO 13616 check digits by ibantools), one zero balance per currency.
 */
export async function openFirstAccount(tx: Tx, organizationId: string, currencyIds: readonly string[]) {
  const number = await freshAccountNumber(tx);
  const iban = composeIBAN({ countryCode: "GB", bban: `BDEM${BANK_SORT_CODE}${number}` });
  if (!iban) throw new Error("IBAN composition failed");
  const [account] = await tx
    .insert(accounts)
    .values({ organizationId, name: "Main account", number, iban, bic: BANK_BIC, sortCode: BANK_SORT_CODE })
    .returning();
  const t0 = Date.now();
  if (currencyIds.length)
    await tx
      .insert(balances)
      .values(currencyIds.map((currencyId, i) => ({ accountId: account.id, currencyId, createdAt: new Date(t0 + i) })));
  return account;
}

/**
 * Staff: start reviewing (READY_TO_REVIEW → REVIEW_IN_PROGRESS).
 * @throws 404; 409 APPLICATION_STATUS_CONFLICT from any other status
 */
export async function startReview(db: Database, id: string): Promise<ApplicationSummary> {
  return db.transaction(async (tx) => {
    const row = await lockedRow(tx, id);
    if (row.status !== "READY_TO_REVIEW") throw conflict(row.status, "taken into review");
    const [next] = await tx
      .update(applications)
      .set({ status: "REVIEW_IN_PROGRESS", updatedAt: new Date() })
      .where(eq(applications.id, id))
      .returning();
    return summaryOf(next);
  });
}

/**
 * Staff: approve (see module rules). After commit, notifies the new organization
 * (server/domain/chat/notify.ts, Notifications.application-approved).
 * @returns the application (ACCEPTED, organizationId set)
 * @throws 404; 409 APPLICATION_STATUS_CONFLICT unless READY_TO_REVIEW or REVIEW_IN_PROGRESS
 */
export async function approveApplication(
  db: Database,
  id: string,
  now: Date = new Date(),
): Promise<ApplicationSummary & { organizationId: string }> {
  const approved = await db.transaction(async (tx) => {
    const row = await lockedRow(tx, id);
    if (!DECIDABLE.includes(row.status)) throw conflict(row.status, "approved");
    const [scheme] = await tx.select().from(applicationSchemes).where(eq(applicationSchemes.id, row.schemeId));
    const a = row.answers;
    const s = (k: string) => (typeof a[k] === "string" && a[k] !== "" ? (a[k] as string) : null);
    const yes = (k: string) => (a[k] === "YES" ? true : a[k] === "NO" ? false : null);
    const [org] = await tx
      .insert(organizations)
      .values(
        row.type === "CORPORATE"
          ? {
              type: "CORPORATE",
              companyName: s("companyName"),
              companyNumber: s("companyNumber"),
              // The registered address is the organization's from now on (the back office may change it).
              registeredAddress1: s("registeredAddress1"),
              registeredAddress2: s("registeredAddress2"),
              registeredCity: s("registeredCity"),
              registeredPostalCode: s("registeredPostalCode"),
              registeredCountryId: s("registeredCountryId"),
              businessAddressSameAsRegistered: yes("businessAddressSameAsRegistered"),
              correspondenceAddressSameAsRegistered: yes("correspondenceAddressSameAsRegistered"),
            }
          : row.type === "COMPANY_OFFICIAL"
            ? { type: "COMPANY_OFFICIAL", firstName: s("firstName"), lastName: s("lastName"), companyName: s("companyName") }
            : { type: "INDIVIDUAL", firstName: s("firstName"), lastName: s("lastName") },
      )
      .returning();
    await tx
      .insert(organizationMembers)
      .values({
        organizationId: org.id,
        userId: row.userId,
        companyOfficialType:
          row.type === "CORPORATE" ? "MAIN_REPRESENTATIVE" : row.type === "COMPANY_OFFICIAL" ? "OFFICIAL" : null,
        signatureType: row.type === "COMPANY_OFFICIAL" ? "NONE" : "SINGLE",
        status: "APPROVED",
      })
      .onConflictDoNothing();
    forgetCallerMemberships();
    if (row.type !== "COMPANY_OFFICIAL") await openFirstAccount(tx, org.id, scheme?.currencies ?? [BASE_CURRENCY_ID]);

    // The person: for CORPORATE the main representative's details, else the applicant's own.
    let person = {
      firstName: s("firstName"),
      lastName: s("lastName"),
      email: s("email"),
      dob: s("dob"),
      nationalityId: s("nationalityId"),
    };
    if (row.type === "CORPORATE") {
      const [main] = await tx
        .select()
        .from(applicationOfficials)
        .where(and(eq(applicationOfficials.applicationId, id), eq(applicationOfficials.role, "MAIN_REPRESENTATIVE")));
      if (main)
        person = {
          firstName: main.firstName,
          lastName: main.lastName,
          email: main.email,
          dob: main.dob,
          nationalityId: main.nationalityId,
        };
    }
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
    await tx
      .update(users)
      .set({
        identified: true,
        // The first identification: the person is told once ("you are verified", /home).
        verifiedAt: user.identified ? user.verifiedAt : new Date(),
        firstName: user.firstName ?? person.firstName,
        lastName: user.lastName ?? person.lastName,
        email: user.email ?? person.email,
        dob: user.dob ?? person.dob,
        nationalityId: user.nationalityId ?? person.nationalityId,
      })
      .where(eq(users.id, row.userId));
    // Company users invited by this phone become members now that the person is identified.
    await linkInvitations(tx, row.userId);
    const [next] = await tx
      .update(applications)
      .set({ status: "ACCEPTED", organizationId: org.id, decidedAt: now, updatedAt: now })
      .where(eq(applications.id, id))
      .returning();
    return { ...summaryOf(next), organizationId: org.id, applicantId: row.userId };
  });
  const { applicantId, ...summary } = approved;
  await notifyApplicationDecision(db, { status: "ACCEPTED", organizationId: summary.organizationId, userId: applicantId });
  return summary;
}

/**
 * Staff: decline with a reason the applicant sees on /identity. After commit, notifies the
 * applicant's own notifications (Notifications.application-declined).
 * @param reason 1–500 characters (trimmed)
 * @throws 404; 409 APPLICATION_STATUS_CONFLICT unless READY_TO_REVIEW or REVIEW_IN_PROGRESS;
 *   Error on an empty or too long reason (the command line checks it first)
 */
export async function declineApplication(
  db: Database,
  id: string,
  reason: string,
  now: Date = new Date(),
): Promise<ApplicationSummary> {
  const text = reason.trim();
  if (!text || text.length > 500)
    throw new DomainError("VALIDATION_FAILED", [
      { property: "reason", constraints: { length: "reason must be 1 to 500 characters" } },
    ]);
  const declined = await db.transaction(async (tx) => {
    const row = await lockedRow(tx, id);
    if (!DECIDABLE.includes(row.status)) throw conflict(row.status, "declined");
    const [next] = await tx
      .update(applications)
      .set({ status: "DECLINED", declineReason: text, decidedAt: now, updatedAt: now })
      .where(eq(applications.id, id))
      .returning();
    return next;
  });
  await notifyApplicationDecision(db, { status: "DECLINED", userId: declined.userId, declineReason: text });
  return summaryOf(declined);
}

/**
 * Staff: send a submitted application back to the applicant for changes (issue 13; spec 001
 * shows no server-side processing, decided as a careful bank would): READY_TO_REVIEW |
 * REVIEW_IN_PROGRESS → INCOMPLETE with `changesRequested` = the reason, which the applicant sees
 * on /identity; the application is editable again and the next submission clears the reason.
 * @param reason 1–500 characters (trimmed)
 * @returns the application (INCOMPLETE, changesRequested set)
 * @throws 404; 409 APPLICATION_STATUS_CONFLICT unless READY_TO_REVIEW or REVIEW_IN_PROGRESS;
 *   400 VALIDATION_FAILED (reason) when empty or too long
 */
export async function requestApplicationChanges(
  db: Database,
  id: string,
  reason: string,
  now: Date = new Date(),
): Promise<ApplicationSummary> {
  const text = reason.trim();
  if (!text || text.length > 500)
    throw new DomainError("VALIDATION_FAILED", [
      { property: "reason", constraints: { length: "reason must be 1 to 500 characters" } },
    ]);
  return db.transaction(async (tx) => {
    const row = await lockedRow(tx, id);
    if (!DECIDABLE.includes(row.status)) throw conflict(row.status, "sent back for changes");
    const [next] = await tx
      .update(applications)
      .set({ status: "INCOMPLETE", changesRequested: text, submittedAt: null, updatedAt: now })
      .where(eq(applications.id, id))
      .returning();
    return summaryOf(next);
  });
}
