/**
 * The back office's customer search (GET /api/v1/ops/customers?q=; server/domain/ops/customers.ts;
 * docs/ops.md "Customer search") on PGlite and PostgreSQL: by full phone, trailing digits (also a
 * national number with its leading 0), name (either order, any case), e-mail, company name and
 * company number; each person with every organization, its type and their role; LIKE wildcards
 * literal; 20 a page with a cursor; a short, long, NUL, control-character or malformed query, a
 * bad cursor or take are 400 on their field; COMPLIANCE only; nothing written (not audited).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { DomainError } from "../../server/domain/errors.js";
import { escapeLike, searchCustomers } from "../../server/domain/ops/customers.js";
import { phoneQuery } from "../../server/rules/customer-search.js";
import { addMember, createCustomer, createOrganization, createUser } from "../../server/seed/factories.js";
import type { OpsFoundCustomer } from "../../server/api/v1/contract.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";
import { staffLogin } from "./ops-helpers.js";

describe.each(databases)("customer search by staff on %s", (kind) => {
  let s: TestServer;
  let compliance: string;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    compliance = await staffLogin(s, "compliance@ops.example");
  });
  afterAll(async () => s?.close());

  const search = async (query: string, token = compliance) => {
    const res = await s.call("GET", `/ops/customers?${query}`, { token });
    return res as { status: number; body: { data: OpsFoundCustomer[]; nextCursor: string | null } & Record<string, unknown> };
  };
  const phones = async (q: string) => (await search(`q=${encodeURIComponent(q)}`)).body.data.map((c) => c.phone);

  it("finds a person by full phone, trailing digits (national 0 dropped), name, e-mail, company name and number", async () => {
    const byPhone = await search(`q=${encodeURIComponent("+447700900003")}`);
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.data).toHaveLength(1);
    const james = byPhone.body.data[0];
    expect(james).toMatchObject({ name: "James Patel", phone: "+447700900003", identified: true, status: "ACTIVE" });
    expect(james.organizations.map((o) => [o.name, o.type, o.role, o.membershipStatus]).sort()).toEqual([
      ["James Patel", "INDIVIDUAL", null, "APPROVED"],
      ["Patel Consulting Ltd", "CORPORATE", "MAIN_REPRESENTATIVE", "APPROVED"],
    ]);
    expect(james.organizations.find((o) => o.type === "CORPORATE")?.companyNumber).toBe("12345678");

    expect(await phones("+44 7700 900003")).toEqual(["+447700900003"]);
    expect(await phones("0003")).toContain("+447700900003");
    expect(await phones("07700 900003")).toEqual(["+447700900003"]);
    expect(await phones("+4477009000")).toEqual([]); // a "+" number is a full number, not a prefix
    expect(await phones("grace HOPPER")).toEqual(["+447700900004"]);
    expect(await phones("patel james")).toEqual(["+447700900003"]);
    expect((await phones("northwind")).sort()).toEqual(["+447700900002", "+447700900006"]);
    expect((await phones("09876543")).sort()).toEqual(["+447700900002", "+447700900006"]);

    const withEmail = await createUser(s.db, { firstName: "Edith", lastName: "Mailer", email: "edith.mailer@example.org" });
    expect(await phones("MAILER@example")).toEqual([withEmail.phone]);

    const grace = (await search("q=hopper-lee")).body.data[0];
    expect(grace).toMatchObject({ identified: false, organizations: [] });
  });

  it("shows a suspended membership and a blocked login as they are", async () => {
    const c = await createCustomer(s.db, { type: "CORPORATE", companyName: "Quillfeather Suspended Ltd" });
    const blocked = await createUser(s.db, { firstName: "Bram", lastName: "Quillfeather", status: "BLOCKED" });
    await addMember(s.db, {
      organizationId: c.organization.id,
      userId: blocked.id,
      companyOfficialType: "DIRECTOR",
      status: "SUSPENDED",
    });
    const found = (await search("q=quillfeather")).body.data;
    expect(found.map((f) => f.phone).sort()).toEqual([c.phone, blocked.phone].sort());
    expect(found.find((f) => f.userId === blocked.id)).toMatchObject({
      status: "BLOCKED",
      organizations: [{ name: "Quillfeather Suspended Ltd", type: "CORPORATE", role: "DIRECTOR", membershipStatus: "SUSPENDED" }],
    });
  });

  it("takes LIKE wildcards and the escape character literally", async () => {
    const literal = await createUser(s.db, { firstName: "Wil_d", lastName: "Card%\\Case" });
    await createUser(s.db, { firstName: "Wilxd", lastName: "Cardy" });
    expect(await phones("wil_d")).toEqual([literal.phone]);
    expect(await phones("card%\\")).toEqual([literal.phone]);
    expect(await phones("%%")).toEqual([]);
    expect(await phones("__")).toEqual([]);
    expect(escapeLike("a%b_c\\")).toBe("a\\%b\\_c\\\\");
    expect(phoneQuery("123")).toBeNull();
    expect(phoneQuery("(0) 7700-900.021")).toEqual({ endsWith: "7700900021" });
  });

  it("pages 20 at a time newest first, with a cursor that continues where the page ended", async () => {
    const made: string[] = [];
    const org = await createOrganization(s.db, { type: "CORPORATE", companyName: "Pagewright Holdings Ltd" });
    for (let i = 0; i < 23; i++) {
      const u = await createUser(s.db, { firstName: "Page", lastName: `Person ${i}` });
      await addMember(s.db, { organizationId: org.id, userId: u.id, companyOfficialType: "SHAREHOLDER" });
      made.push(u.phone);
    }
    const first = await search("q=pagewright");
    expect(first.body.data).toHaveLength(20);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await search(`q=pagewright&cursor=${encodeURIComponent(first.body.nextCursor!)}`);
    expect(second.status).toBe(200);
    expect(second.body.data).toHaveLength(3);
    expect(second.body.nextCursor).toBeNull();
    const all = [...first.body.data, ...second.body.data].map((c) => c.phone);
    expect(new Set(all).size).toBe(23);
    expect(all.sort()).toEqual([...made].sort());
    const small = await search("q=pagewright&take=5");
    expect(small.body.data).toHaveLength(5);
  });

  it("refuses a short, long, NUL, control-character or malformed query, a bad cursor or take: 400 on the field", async () => {
    const onField = async (query: string, field: string) => {
      const res = await search(query);
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.code).toBe("VALIDATION_FAILED");
      expect(
        (res.body.message as { property: string }[]).map((e) => e.property),
        query,
      ).toContain(field);
    };
    await onField("", "q");
    await onField("q=", "q");
    await onField("q=x", "q");
    await onField("q=%20%20x%20%20", "q");
    await onField(`q=${"a".repeat(101)}`, "q");
    await onField(`q=${"a".repeat(5000)}`, "q");
    await onField("q=ab%00cd", "q");
    await onField("q=ab%01cd", "q");
    await onField("q=ab%C2%85cd", "q"); // C1 control (NEL)
    await onField("q=a&q=b", "q"); // an array
    await onField("q[x]=ab", "q");
    await onField("q=abc&cursor=not-a-cursor", "cursor");
    await onField(`q=abc&cursor=${Buffer.from("2026-01-01T00:00:00.000Z|x").toString("base64url")}`, "cursor");
    await onField("q=abc&take=0", "take");
    await onField("q=abc&take=51", "take");
    // Malformed percent-encoding and invalid UTF-8 are taken as text, never a 5xx.
    for (const q of ["q=%E0%A4%A", "q=%FF%FEab", "q=%ED%A0%80ab"]) expect((await search(q)).status, q).toBeLessThan(500);
    // The domain refuses NUL and lone surrogates itself, whoever calls it.
    for (const q of ["ab\u0000cd", "ab\uD800cd"]) {
      const err = await searchCustomers(s.db, q).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).body).toEqual([{ property: "q", constraints: { isPlainText: expect.any(String) } }]);
    }
  });

  it("is COMPLIANCE's only, and writes nothing (searches are not audited)", async () => {
    for (const email of ["support@ops.example", "onboarding@ops.example", "payments@ops.example"]) {
      const res = await search("q=northwind", await staffLogin(s, email));
      expect(res.status, email).toBe(403);
    }
    expect((await search("q=northwind", await staffLogin(s, "admin@ops.example"))).status).toBe(200);
    const count = async () =>
      Number(
        ((await s.db.execute(sql`select count(*)::int as n from staff_audit_log`)) as unknown as { rows: { n: number }[] })
          .rows[0].n,
      );
    const before = await count();
    await search("q=northwind");
    await search("q=x");
    expect(await count()).toBe(before);
    const customer = await s.login("+447700900001");
    expect((await search("q=northwind", customer)).status).toBe(401);
  });
});
