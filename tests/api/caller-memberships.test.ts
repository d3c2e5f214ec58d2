/**
 * The caller's memberships are read with the bearer-token lookup, once per API request
 * (server/domain/auth/sessions.ts `authenticateAccessToken`, server/domain/organizations/access.ts
 * `withCallerMemberships`), on PGlite and PostgreSQL:
 * - an authorization check of the caller's organization sends no statement of its own;
 * - what the token's statement returns is exactly `listMemberships` (same rows, same order);
 * - nothing is kept between requests: a membership suspended or granted between two calls counts
 *   on the next one;
 * - inside one request, another user's memberships and the caller's after `forgetCallerMemberships`
 *   are read from the database.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationMembers } from "../../server/db/schema/index.js";
import { authenticateAccessToken } from "../../server/domain/auth/sessions.js";
import { forgetCallerMemberships, listMemberships, withCallerMemberships } from "../../server/domain/organizations/access.js";
import { addMember, createCustomer } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

describe.each(databases)("the caller's memberships, read with the token, on %s", (kind) => {
  let s: TestServer;
  const statements: string[] = [];
  beforeAll(async () => {
    s = await startTestServer({ db: kind, onQuery: (q) => statements.push(q) });
  });
  afterAll(async () => s?.close());

  /** `listMemberships`' own statement (a user's approved memberships with their organizations' types). */
  const membershipReads = () =>
    statements.filter((q) => q.startsWith('select "organization_members"."organization_id", "organizations"."type"'));

  it("an organization check of the caller sends no membership statement of its own", async () => {
    const c = await createCustomer(s.db, { type: "CORPORATE", balances: { GBP: "100.00" } });
    const recipient = await createCustomer(s.db, { balances: { GBP: "0" } });
    const token = await s.login(c.phone);
    statements.length = 0;
    const accounts = await s.call("GET", `/accounts?organizationId=${c.organization.id}`, { token });
    expect(accounts.status).toBe(200);
    const created = await s.call("POST", "/payments", {
      token,
      headers: { "idempotency-key": `caller-memberships-${kind}` },
      body: {
        organizationId: c.organization.id,
        kind: "INTERNAL",
        accountId: c.account!.id,
        currencyId: "GBP",
        amount: "1.00",
        recipientPhone: recipient.phone,
      },
    });
    expect(created.status).toBe(201);
    expect(statements.some((q) => q.includes('"api_sessions"') && q.includes('"organization_members"'))).toBe(true);
    expect(membershipReads()).toEqual([]);

    const stranger = await s.login((await createCustomer(s.db)).phone);
    expect((await s.call("GET", `/accounts?organizationId=${c.organization.id}`, { token: stranger })).status).toBe(403);
  });

  it("the token's statement answers listMemberships' rows in its order", async () => {
    const c = await createCustomer(s.db, { type: "CORPORATE" });
    const other = await createCustomer(s.db, { type: "INDIVIDUAL" });
    await addMember(s.db, { organizationId: other.organization.id, userId: c.user.id, signatureType: "NONE" });
    const token = await s.login(c.phone);
    const auth = await authenticateAccessToken(s.db, token);
    expect(auth?.memberships).toEqual(await listMemberships(s.db, c.user.id));
    expect(auth?.memberships.map((m) => m.organizationId)).toEqual([c.organization.id, other.organization.id]);
    expect(auth?.memberships[1]).toMatchObject({ organizationType: "INDIVIDUAL", signatureType: "NONE" });
  });

  it("a membership suspended or granted between two calls counts on the next call", async () => {
    const c = await createCustomer(s.db, { type: "CORPORATE", balances: { GBP: "1.00" } });
    const token = await s.login(c.phone);
    const path = `/accounts?organizationId=${c.organization.id}`;
    expect((await s.call("GET", path, { token })).status).toBe(200);
    const membership = and(eq(organizationMembers.organizationId, c.organization.id), eq(organizationMembers.userId, c.user.id));
    await s.db.update(organizationMembers).set({ status: "SUSPENDED" }).where(membership);
    expect((await s.call("GET", path, { token })).status).toBe(403);
    await s.db.update(organizationMembers).set({ status: "APPROVED" }).where(membership);
    expect((await s.call("GET", path, { token })).status).toBe(200);
  });

  it("inside a request: another user's memberships and the caller's after forgetCallerMemberships come from the database", async () => {
    const caller = await createCustomer(s.db);
    const other = await createCustomer(s.db);
    const kept = [{ ...(await listMemberships(s.db, caller.user.id))[0], signatureType: "NONE" as const }];
    await withCallerMemberships(caller.user.id, kept, async () => {
      statements.length = 0;
      expect(await listMemberships(s.db, caller.user.id)).toEqual(kept);
      expect(membershipReads()).toEqual([]);
      expect((await listMemberships(s.db, other.user.id))[0].organizationId).toBe(other.organization.id);
      expect(membershipReads()).toHaveLength(1);
      forgetCallerMemberships();
      expect((await listMemberships(s.db, caller.user.id))[0].signatureType).toBe("SINGLE");
      expect(membershipReads()).toHaveLength(2);
    });
  });
});
