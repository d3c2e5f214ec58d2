/**
 * "To another customer" (INTERNAL) to oneself, on PGlite and PostgreSQL (docs/decisions.md
 * "Paying oneself as another customer"): a recipient that resolves to the organization that pays
 * is refused on the recipient's field (`isNotSelf`: a transfer between one's own accounts is
 * "Between my own accounts"), by phone and by company number, on POST /payments and
 * /payments/check alike; a payment between two different organizations of one person (their
 * company paying their personal account, or the other way round) is a real payment and goes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createAccount, createCustomer, createOrganization, fund } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

describe.each(databases)("INTERNAL payments to oneself on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  /** A person with a personal account (GBP 100) who is also the signing director of a company (GBP 500). */
  async function personWithCompany() {
    const person = await createCustomer(s.db, {
      type: "INDIVIDUAL",
      firstName: "Priya",
      lastName: "Owner",
      balances: { GBP: "100.00" },
    });
    const company = await createOrganization(s.db, { type: "CORPORATE", companyName: "Owner Trading Ltd" });
    await addMember(s.db, { organizationId: company.id, userId: person.user.id, companyOfficialType: "DIRECTOR" });
    const companyAccount = await createAccount(s.db, {
      organizationId: company.id,
      name: "Business account",
      currencies: ["GBP"],
    });
    await fund(s.db, { balanceId: companyAccount.balances.GBP.id, amount: "500.00", counterpartyName: "Client Ltd" });
    return { person, company, companyAccountId: companyAccount.account.id, token: await s.login(person.phone) };
  }
  const create = (token: string, body: unknown, key: string) =>
    s.call("POST", "/payments", { token, body, headers: { "Idempotency-Key": key } });
  const balanceOf = async (token: string, accountId: string) => {
    const r = await s.call("GET", `/accounts/${accountId}/balances`, { token });
    return r.body.data.find((b: any) => b.currencyId === "GBP").amount as string;
  };
  const refusedOn = (answer: { status: number; body: any }, property: string) => {
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("VALIDATION_FAILED");
    expect(answer.body.message).toEqual([expect.objectContaining({ property, constraints: { isNotSelf: expect.any(String) } })]);
  };

  it("the personal account to one's own phone, a company to its own number: refused on the recipient's field, nothing made", async () => {
    const o = await personWithCompany();
    const fromPerson = {
      organizationId: o.person.organization.id,
      kind: "INTERNAL",
      accountId: o.person.account!.id,
      currencyId: "GBP",
      amount: "10.00",
      recipientPhone: o.person.phone,
    };
    refusedOn(await create(o.token, fromPerson, "self-phone"), "recipientPhone");
    refusedOn(await s.call("POST", "/payments/check", { token: o.token, body: fromPerson }), "recipientPhone");
    const fromCompany = {
      organizationId: o.company.id,
      kind: "INTERNAL",
      accountId: o.companyAccountId,
      currencyId: "GBP",
      amount: "10.00",
      recipientCompanyNumber: o.company.companyNumber,
    };
    refusedOn(await create(o.token, fromCompany, "self-company"), "recipientCompanyNumber");
    const list = await s.call("GET", `/payments?organizationId=${o.person.organization.id}`, { token: o.token });
    expect(list.body.data ?? list.body.edges ?? []).toHaveLength(0);
  });

  it("the company to its director's own phone (their personal account), and back by company number: payments between two organizations", async () => {
    const o = await personWithCompany();
    const toPerson = await create(
      o.token,
      {
        organizationId: o.company.id,
        kind: "INTERNAL",
        accountId: o.companyAccountId,
        currencyId: "GBP",
        amount: "40.00",
        reference: "Expenses",
        recipientPhone: o.person.phone,
      },
      "company-to-director",
    );
    expect(toPerson.status).toBe(201);
    expect(toPerson.body).toMatchObject({ status: "AWAITING_SIGNATURE", benificiaryFullName: "Priya O." });
    const code = await s.call("POST", "/signatures/send-code", {
      token: o.token,
      body: { paymentIds: [toPerson.body.id], mfa: "PHONE", channel: "SMS" },
    });
    const mfa = await s.call("POST", "/signatures/validate", {
      token: o.token,
      body: { token: code.body.token, code: code.body.debugCode },
    });
    const signed = await s.call("POST", `/payments/${toPerson.body.id}/sign`, {
      token: o.token,
      body: { mfaToken: mfa.body.token, signedAt: new Date().toISOString() },
    });
    expect(signed.body.status).toBe("COMPLETED");
    expect(await balanceOf(o.token, o.companyAccountId)).toBe("460.00");
    expect(await balanceOf(o.token, o.person.account!.id)).toBe("140.00");

    const toCompany = await create(
      o.token,
      {
        organizationId: o.person.organization.id,
        kind: "INTERNAL",
        accountId: o.person.account!.id,
        currencyId: "GBP",
        amount: "5.00",
        recipientCompanyNumber: o.company.companyNumber,
      },
      "director-to-company",
    );
    expect(toCompany.status).toBe(201);
  });
});
