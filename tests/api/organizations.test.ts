/**
 * GET /v1/clients-organizations/:id (spec 001 §3 Organization; server/domain/organizations/detail.ts)
 * on PGlite and PostgreSQL: a member gets the organization with its tariff, custom fees and first
 * account; a non-member gets 403 and nothing of it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
});
