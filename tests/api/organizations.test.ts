/**
 * GET /v1/clients-organizations/:id (spec 001 §3 Organization; server/domain/organizations/detail.ts)
 * on PGlite and PostgreSQL: a member gets the organization with its tariff, custom fees and first
 * account, and for a CORPORATE one its registered address (null fields for the others); a
 * non-member gets 403 and nothing of it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizations } from "../../server/db/schema/index.js";
import { createCustomer, createFee } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

describe.each(databases)("GET /clients-organizations/:id on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  it("answers the member's organization; another customer gets 403", async () => {
    const c = await createCustomer(s.db, { type: "CORPORATE", balances: { GBP: "1.00" } });
    await createFee(s.db, {
      organizationId: c.organization.id,
      name: "Negotiated SEPA",
      paymentKind: "EURO",
      feeAmountType: "FIXED",
      feeFixedAmount: "0.10",
      feeCurrencyId: "EUR",
    });
    const token = await s.login(c.phone);
    const res = await s.call("GET", `/clients-organizations/${c.organization.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: c.organization.id,
      type: "CORPORATE",
      fullName: c.organization.companyName,
      account: { id: c.account!.id, fullNumber: c.account!.iban, organizationId: c.organization.id },
      tariff: { name: "Standard" },
    });
    expect(res.body.customFees.map((f: { name: string }) => f.name)).toEqual(["Negotiated SEPA"]);
    expect(res.body.currentOfficial).toHaveProperty("signatureType");

    const stranger = await s.login((await createCustomer(s.db, { type: "INDIVIDUAL" })).phone);
    const refused = await s.call("GET", `/clients-organizations/${c.organization.id}`, { token: stranger });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain("Negotiated");
    expect((await s.call("GET", "/clients-organizations/not-a-uuid", { token })).status).toBe(403);
  });

  it("answers a corporate organization's registered address to its members only; other types have none", async () => {
    const c = await createCustomer(s.db, { type: "CORPORATE" });
    await s.db
      .update(organizations)
      .set({
        registeredAddress1: "1 Quay Street",
        registeredCity: "Hull",
        registeredPostalCode: "HU1 1AA",
        registeredCountryId: "GB",
        businessAddressSameAsRegistered: true,
        correspondenceAddressSameAsRegistered: false,
      })
      .where(eq(organizations.id, c.organization.id));
    const token = await s.login(c.phone);
    const res = await s.call("GET", `/clients-organizations/${c.organization.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      registeredAddress1: "1 Quay Street",
      registeredAddress2: null,
      registeredCity: "Hull",
      registeredPostalCode: "HU1 1AA",
      registeredCountryId: "GB",
      businessAddressSameAsRegistered: true,
      correspondenceAddressSameAsRegistered: false,
    });

    const other = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const otherToken = await s.login(other.phone);
    const refused = await s.call("GET", `/clients-organizations/${c.organization.id}`, { token: otherToken });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain("Quay");
    // An individual has no registered address, even with a stray one in its row.
    await s.db.update(organizations).set({ registeredAddress1: "Nowhere 1" }).where(eq(organizations.id, other.organization.id));
    const own = await s.call("GET", `/clients-organizations/${other.organization.id}`, { token: otherToken });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ registeredAddress1: null, registeredCity: null, businessAddressSameAsRegistered: null });
  });

  it("the demo corporate customers show a registered address", async () => {
    for (const [phone, name, city] of [
      ["+447700900002", "Northwind Trading Ltd", "Bristol"],
      ["+447700900003", "Patel Consulting Ltd", "Manchester"],
    ]) {
      const [org] = await s.db.select().from(organizations).where(eq(organizations.companyName, name));
      const res = await s.call("GET", `/clients-organizations/${org.id}`, { token: await s.login(phone) });
      expect(res.status).toBe(200);
      expect(res.body.registeredCity).toBe(city);
      expect(res.body.registeredAddress1).toBeTruthy();
      expect(res.body.registeredPostalCode).toBeTruthy();
    }
  });
});
