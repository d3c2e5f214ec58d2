/**
 * Finding a customer in the back office (docs/ops.md "Customers"; role COMPLIANCE): the people
 * (users) matching a phone number, a name, an e-mail or one of their organizations' company
 * names or numbers, each with their organizations and role in each — what staff need before a
 * phone number change (./users.ts `changePhoneAsStaff`). A read: nothing is written (no staff
 * read is audited; docs/ops.md "Customer search").
 */
import { and, eq, exists, ilike, inArray, like, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { organizationMembers, organizations, users } from "../../db/schema/index.js";
import type { OpsCustomerSearch, OpsFoundCustomer, OrganizationType } from "../../api/v1/contract.js";
import { fieldError } from "../errors.js";
import { organizationFullName } from "../organizations/index.js";
import { encodeCursor, newestFirst } from "../pagination.js";
import { CUSTOMER_QUERY_MAX, CUSTOMER_QUERY_MIN, customerQueryProblem, phoneQuery } from "../../rules/customer-search.js";

/** Results per page unless the caller asks for fewer or more (1..50). */
export const CUSTOMER_PAGE_SIZE = 20;

/** `text` with the LIKE wildcards `%`, `_` and the escape character `\` taken literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Customers (users) matching `query`, newest first (creation time, then id), cursor-paged.
 * Matches, case-insensitively, with `%` `_` `\` in the query taken literally: the person's name
 * (first last, or last first) or e-mail containing the query; their phone (server/rules/customer-search.ts `phoneQuery`); or
 * an organization they belong to (any membership status) whose company name or company number
 * contains it. Each result carries every organization of the person with its type and the
 * person's role there.
 * @param query 2..100 characters after trimming, no control characters
 * @param page.take 1..50 (default 20); page.cursor a previous page's nextCursor
 * @returns contract OpsCustomerSearch `{ data, nextCursor }` (nextCursor null on the last page)
 * @throws DomainError VALIDATION_FAILED on `q` (length, control characters), `take` or `cursor`
 */
export async function searchCustomers(
  db: Database,
  query: string,
  page: { cursor?: string; take?: number } = {},
): Promise<OpsCustomerSearch> {
  const problem = customerQueryProblem(query);
  if (problem === "malformed") throw fieldError("q", "isPlainText", "q must not contain control characters");
  if (problem === "length")
    throw fieldError("q", "length", `q must have ${CUSTOMER_QUERY_MIN} to ${CUSTOMER_QUERY_MAX} characters`);
  const q = query.trim();
  const take = page.take ?? CUSTOMER_PAGE_SIZE;
  if (!Number.isInteger(take) || take < 1 || take > 50) throw fieldError("take", "isInt", "take must be an integer from 1 to 50");
  const { order, after } = newestFirst(users.createdAt, users.id, page.cursor);

  const pattern = `%${escapeLike(q)}%`;
  const matches: SQL[] = [
    ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, pattern),
    ilike(sql`coalesce(${users.lastName}, '') || ' ' || coalesce(${users.firstName}, '')`, pattern),
    ilike(users.email, pattern),
    exists(
      db
        .select({ one: sql`1` })
        .from(organizationMembers)
        .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
        .where(
          and(
            eq(organizationMembers.userId, users.id),
            or(ilike(organizations.companyName, pattern), ilike(organizations.companyNumber, pattern)),
          ),
        ),
    ),
  ];
  const phone = phoneQuery(q);
  if (phone) matches.push("exact" in phone ? eq(users.phone, phone.exact) : like(users.phone, `%${escapeLike(phone.endsWith)}`));

  const rows = await db
    .select({
      id: users.id,
      createdAt: users.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      email: users.email,
      identified: users.identified,
      status: users.status,
    })
    .from(users)
    .where(and(or(...matches), after))
    .orderBy(...order)
    .limit(take + 1);
  const shown = rows.slice(0, take);

  const memberships = shown.length
    ? await db
        .select({
          userId: organizationMembers.userId,
          id: organizations.id,
          type: organizations.type,
          companyName: organizations.companyName,
          firstName: organizations.firstName,
          lastName: organizations.lastName,
          companyNumber: organizations.companyNumber,
          role: organizationMembers.companyOfficialType,
          membershipStatus: organizationMembers.status,
        })
        .from(organizationMembers)
        .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
        .where(
          inArray(
            organizationMembers.userId,
            shown.map((r) => r.id),
          ),
        )
        .orderBy(organizationMembers.createdAt, organizationMembers.id)
    : [];

  const data: OpsFoundCustomer[] = shown.map((u) => ({
    userId: u.id,
    name: [u.firstName, u.lastName].filter(Boolean).join(" ") || null,
    phone: u.phone,
    email: u.email,
    identified: u.identified,
    status: u.status,
    organizations: memberships
      .filter((m) => m.userId === u.id)
      .map((m) => ({
        id: m.id,
        type: m.type as OrganizationType,
        name: organizationFullName(m),
        companyNumber: m.companyNumber,
        role: m.role,
        membershipStatus: m.membershipStatus,
      })),
  }));
  const last = shown[shown.length - 1];
  return { data, nextCursor: rows.length > take && last ? encodeCursor(last.createdAt, last.id) : null };
}
