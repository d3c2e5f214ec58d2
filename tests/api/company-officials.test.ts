/**
 * Company users (issue 10; spec 001 §3 "Company official", §6, §7 clients-officials;
 * server/domain/organizations/officials.ts) on PGlite and PostgreSQL: a main representative of a
 * CORPORATE organization adds, updates and changes the status of officials; every member may
 * list; a non-main-representative and another organization cannot manage (403), an official id
 * outside the organization is 404; a new person is an invitation until that phone's user is
 * identified and logs in; the last main representative cannot demote or suspend themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { organizations } from "../../server/db/schema/index.js";
import { INVITATION_TEXTS } from "../../server/domain/organizations/invitation-sms.js";
import { addMember, createCustomer, createUser, uniquePhone } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

const ROLE = { signatureType: "NONE", companyOfficialType: "DIRECTOR", position: "Finance director" } as const;

describe.each(databases)("company users on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  /** A CORPORATE company with its main representative (token) and a director (token). */
  async function company() {
    const main = await createCustomer(s.db, { type: "CORPORATE" });
    const director = await createUser(s.db, { firstName: "Dora", lastName: "Director", identified: true });
    const directorMember = await addMember(s.db, {
      organizationId: main.organization.id,
      userId: director.id,
      companyOfficialType: "DIRECTOR",
      signatureType: "NONE",
    });
    return {
      orgId: main.organization.id,
      mainId: main.member.id,
      directorId: directorMember.id,
      mainToken: await s.login(main.phone),
      directorToken: await s.login(director.phone),
    };
  }
  const path = (orgId: string, rest = "") => `/clients-organizations/${orgId}/clients-officials${rest}`;

  it("the invited person is told by SMS once, in the inviter's language, naming only the company", async () => {
    const c = await company();
    const [org] = await s.db.select().from(organizations).where(eq(organizations.id, c.orgId));
    const phone = uniquePhone();
    const before = s.sms.sent.length;
    const added = await s.call("POST", path(c.orgId), {
      token: c.mainToken,
      headers: { "Accept-Language": "de-DE,de;q=0.9" },
      body: { ...ROLE, firstName: "Ida", lastName: "Invited", phone },
    });
    expect(added.status).toBe(201);
    const sent = s.sms.sent.slice(before);
    expect(sent).toEqual([{ to: phone, channel: "SMS", text: INVITATION_TEXTS.de(org.companyName!) }]);
    expect(sent[0].text).not.toMatch(/Ida|Invited|https?:/);

    // Refused again (already a user), suspended and reactivated: no second message.
    const again = await s.call("POST", path(c.orgId), {
      token: c.mainToken,
      body: { ...ROLE, firstName: "I", lastName: "I", phone },
    });
    expect(again.status).toBe(400);
    for (const status of ["SUSPENDED", "APPROVED"])
      expect(
        (await s.call("PUT", path(c.orgId, `/${added.body.id}/status`), { token: c.mainToken, body: { status } })).status,
      ).toBe(200);
    expect(s.sms.sent.length).toBe(before + 1);

    // A message the provider refuses: the invitation stands.
    const send = s.sms.send;
    s.sms.send = () => Promise.reject(new Error("provider down"));
    try {
      const other = await s.call("POST", path(c.orgId), {
        token: c.mainToken,
        body: { ...ROLE, firstName: "Otto", lastName: "Offline", phone: uniquePhone() },
      });
      expect(other.status).toBe(201);
      expect(other.body.status).toBe("INVITED");
    } finally {
      s.sms.send = send;
    }
  });

  it("a main representative adds, updates and suspends an official; every member lists them", async () => {
    const c = await company();
    const phone = uniquePhone();
    const added = await s.call("POST", path(c.orgId), {
      token: c.mainToken,
      body: {
        ...ROLE,
        firstName: "Nia",
        lastName: "New",
        phone,
        email: "nia@example.com",
        percentage: "12.5",
        natureOfControl: "DIRECT_CONTROL",
      },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      firstName: "Nia",
      lastName: "New",
      phone,
      status: "INVITED",
      percentage: "12.50",
      natureOfControl: "DIRECT_CONTROL",
      signatureType: "NONE",
      companyOfficialType: "DIRECTOR",
      isCurrentUser: false,
    });
    const updated = await s.call("PUT", path(c.orgId, `/${added.body.id}`), {
      token: c.mainToken,
      body: {
        signatureType: "SINGLE",
        companyOfficialType: "SHAREHOLDER",
        percentage: "40",
        natureOfControl: "INDIRECT_CONTROL",
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      companyOfficialType: "SHAREHOLDER",
      percentage: "40.00",
      position: null,
      firstName: "Nia",
    });
    const suspended = await s.call("PUT", path(c.orgId, `/${added.body.id}/status`), {
      token: c.mainToken,
      body: { status: "SUSPENDED" },
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body.status).toBe("SUSPENDED");
    const again = await s.call("PUT", path(c.orgId, `/${added.body.id}/status`), {
      token: c.mainToken,
      body: { status: "SUSPENDED" },
    });
    expect(again.status).toBe(200);
    // The director reads the same list (three rows, oldest first), and sees who they are.
    const list = await s.call("GET", path(c.orgId), { token: c.directorToken });
    expect(list.status).toBe(200);
    expect(list.body.data.map((o: any) => [o.companyOfficialType, o.status, o.isCurrentUser])).toEqual([
      ["MAIN_REPRESENTATIVE", "APPROVED", false],
      ["DIRECTOR", "APPROVED", true],
      ["SHAREHOLDER", "SUSPENDED", false],
    ]);
  });

  it("a member who is not a main representative cannot manage officials (403)", async () => {
    const c = await company();
    const add = await s.call("POST", path(c.orgId), {
      token: c.directorToken,
      body: { ...ROLE, firstName: "X", lastName: "Y", phone: uniquePhone() },
    });
    expect(add.status).toBe(403);
    const put = await s.call("PUT", path(c.orgId, `/${c.directorId}`), {
      token: c.directorToken,
      body: { signatureType: "SINGLE", companyOfficialType: "MAIN_REPRESENTATIVE" },
    });
    expect(put.status).toBe(403);
    const status = await s.call("PUT", path(c.orgId, `/${c.mainId}/status`), {
      token: c.directorToken,
      body: { status: "SUSPENDED" },
    });
    expect(status.status).toBe(403);
    const list = await s.call("GET", path(c.orgId), { token: c.mainToken });
    expect(list.body.data.map((o: any) => [o.companyOfficialType, o.status])).toEqual([
      ["MAIN_REPRESENTATIVE", "APPROVED"],
      ["DIRECTOR", "APPROVED"],
    ]);
  });

  it("another organization cannot read or manage (403); an official id outside the organization is 404", async () => {
    const c = await company();
    const other = await company();
    expect((await s.call("GET", path(c.orgId), { token: other.mainToken })).status).toBe(403);
    const add = await s.call("POST", path(c.orgId), {
      token: other.mainToken,
      body: { ...ROLE, firstName: "X", lastName: "Y", phone: uniquePhone() },
    });
    expect(add.status).toBe(403);
    expect((await s.call("PUT", path(c.orgId, `/${c.directorId}`), { token: other.mainToken, body: ROLE })).status).toBe(403);
    // Through the caller's own organization, another organization's official is not found.
    expect((await s.call("PUT", path(other.orgId, `/${c.directorId}`), { token: other.mainToken, body: ROLE })).status).toBe(404);
    const status = await s.call("PUT", path(other.orgId, `/${c.directorId}/status`), {
      token: other.mainToken,
      body: { status: "SUSPENDED" },
    });
    expect(status.status).toBe(404);
    expect((await s.call("PUT", path(other.orgId, "/not-a-uuid"), { token: other.mainToken, body: ROLE })).status).toBe(404);
    // An INDIVIDUAL organization has no company users to manage.
    const individual = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const token = await s.login(individual.phone);
    const own = await s.call("POST", path(individual.organization.id), {
      token,
      body: { ...ROLE, firstName: "X", lastName: "Y", phone: uniquePhone() },
    });
    expect(own.status).toBe(403);
  });

  it("the last main representative cannot demote or suspend themselves; with a second one they can", async () => {
    const c = await company();
    const demote = await s.call("PUT", path(c.orgId, `/${c.mainId}`), { token: c.mainToken, body: ROLE });
    expect(demote.status).toBe(409);
    expect(demote.body.code).toBe("OFFICIAL_CONFLICT");
    const suspend = await s.call("PUT", path(c.orgId, `/${c.mainId}/status`), {
      token: c.mainToken,
      body: { status: "SUSPENDED" },
    });
    expect(suspend.status).toBe(409);
    const promote = await s.call("PUT", path(c.orgId, `/${c.directorId}`), {
      token: c.mainToken,
      body: { signatureType: "SINGLE", companyOfficialType: "MAIN_REPRESENTATIVE" },
    });
    expect(promote.status).toBe(200);
    const demoteNow = await s.call("PUT", path(c.orgId, `/${c.mainId}`), { token: c.mainToken, body: ROLE });
    expect(demoteNow.status).toBe(200);
    // No longer a main representative: no more managing.
    const after = await s.call("PUT", path(c.orgId, `/${c.directorId}/status`), {
      token: c.mainToken,
      body: { status: "SUSPENDED" },
    });
    expect(after.status).toBe(403);
  });

  it("an invitation becomes a membership when that phone's identified user logs in, not by hand", async () => {
    const c = await company();
    const person = await createUser(s.db, { firstName: "Ivo", lastName: "Invited", identified: true });
    const added = await s.call("POST", path(c.orgId), {
      token: c.mainToken,
      body: { ...ROLE, firstName: "Ivo", lastName: "Invited", phone: person.phone },
    });
    expect(added.body.status).toBe("INVITED");
    const approve = await s.call("PUT", path(c.orgId, `/${added.body.id}/status`), {
      token: c.mainToken,
      body: { status: "APPROVED" },
    });
    expect(approve.body.status).toBe("INVITED");
    // Suspended (withdrawn), then reactivated: invited again, still no access.
    const status = (v: string) =>
      s.call("PUT", path(c.orgId, `/${added.body.id}/status`), { token: c.mainToken, body: { status: v } });
    expect((await status("SUSPENDED")).body.status).toBe("SUSPENDED");
    expect((await status("APPROVED")).body.status).toBe("INVITED");
    const twice = await s.call("POST", path(c.orgId), {
      token: c.mainToken,
      body: { ...ROLE, firstName: "I", lastName: "I", phone: person.phone },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message[0].property).toBe("phone");
    // Logging in through the API's three steps links the invitation.
    const start = await s.call("POST", "/auth/phone", { body: { phone: person.phone } });
    const verified = await s.call("POST", "/auth/verify-code", { body: { token: start.body.token, code: start.body.debugCode } });
    const tokens = await s.call("POST", "/auth/verify-password", {
      body: { token: verified.body.token, password: "Bank-Demo-2026" },
    });
    expect(tokens.status).toBe(200);
    const orgs = await s.call("GET", "/clients-organizations?all=true", { token: tokens.body.accessToken });
    expect(orgs.body.data.map((o: any) => o.id)).toContain(c.orgId);
    const list = await s.call("GET", path(c.orgId), { token: tokens.body.accessToken });
    expect(list.body.data.find((o: any) => o.id === added.body.id)).toMatchObject({ status: "APPROVED", isCurrentUser: true });
  });

  it("refuses invalid bodies field by field (400)", async () => {
    const c = await company();
    const bad = await s.call("POST", path(c.orgId), {
      token: c.mainToken,
      body: {
        signatureType: "MAYBE",
        companyOfficialType: "KING",
        firstName: "",
        lastName: "L",
        phone: "07700",
        percentage: "101",
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message.map((e: any) => e.property).sort()).toEqual(
      ["companyOfficialType", "firstName", "percentage", "phone", "signatureType"].sort(),
    );
  });
});
