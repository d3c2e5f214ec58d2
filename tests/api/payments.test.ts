/**
 * Payments and signing (SCA) against a real database: idempotent creation, the signing flow
 * (send-code → validate → sign posts exactly once), MFA token bound to its payments, code
 * attempt limit, per-kind validation, signature duty (spec 000 §4), decline.
 *
 * Every test pays from fresh customers made by the factories (server/seed/factories.ts) with
 * exact starting balances, so no test depends on (or changes) the seeded demo customers or
 * another test's payments; balances are asserted as exact amounts. Only reference data
 * (currencies, payment types, system clearing accounts) comes from the seed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { payments } from "../../server/db/schema/index.js";
import {
  addMember,
  createAccount,
  createBeneficiary,
  createCustomer,
  createUser,
  createOrganization,
  fund,
  type CreateCustomerInput,
  type CreatedCustomer,
} from "../../server/seed/factories.js";
import { systemBalanceId } from "../../server/domain/ledger/system.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

/** A fresh payer: one customer, logged in, with a "Main account" and (optionally) a GBP "Savings" account. */
interface Payer {
  customer: CreatedCustomer;
  token: string;
  orgId: string;
  mainId: string;
  savingsId: string;
}

describe.each(databases)("payments API on %s", (kind) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  /**
   * INDIVIDUAL customer (unless `type` says otherwise) whose Main account holds exactly
   * `balances` (default GBP 100.00), plus a GBP account "Savings" holding exactly `savings`
   * (default 0.00).
   */
  async function newPayer(
    opts: Omit<CreateCustomerInput, "balances"> & { balances?: Record<string, string>; savings?: string } = {},
  ): Promise<Payer> {
    const { savings = "0", balances = { GBP: "100.00" }, ...input } = opts;
    const customer = await createCustomer(s.db, { type: "INDIVIDUAL", ...input, balances });
    const second = await createAccount(s.db, { organizationId: customer.organization.id, name: "Savings", currencies: ["GBP"] });
    if (Number(savings) > 0)
      await fund(s.db, { balanceId: second.balances.GBP.id, amount: savings, counterpartyName: "Savings top-up" });
    return {
      customer,
      token: await s.login(customer.phone),
      orgId: customer.organization.id,
      mainId: customer.account!.id,
      savingsId: second.account.id,
    };
  }

  const balanceOf = async (token: string, accountId: string, currency: string) => {
    const r = await s.call("GET", `/accounts/${accountId}/balances`, { token });
    expect(r.status).toBe(200);
    return r.body.data.find((b: any) => b.currencyId === currency).amount as string;
  };
  const between = (p: Payer, amount: string, extra: Record<string, unknown> = {}) => ({
    organizationId: p.orgId,
    kind: "BETWEEN_ACCOUNTS",
    accountId: p.mainId,
    toAccountId: p.savingsId,
    currencyId: "GBP",
    amount,
    reference: "Test",
    ...extra,
  });
  const create = (token: string, body: unknown, key: string) =>
    s.call("POST", "/payments", { token, body, headers: { "Idempotency-Key": key } });
  async function mfaFor(token: string, paymentIds: string[]) {
    const c = await s.call("POST", "/signatures/send-code", { token, body: { paymentIds, mfa: "PHONE", channel: "SMS" } });
    expect(c.status).toBe(200);
    const v = await s.call("POST", "/signatures/validate", { token, body: { token: c.body.token, code: c.body.debugCode } });
    expect(v.status).toBe(200);
    return v.body.token as string;
  }
  const sign = (token: string, id: string, mfaToken: string, signedAt = new Date().toISOString()) =>
    s.call("POST", `/payments/${id}/sign`, { token, body: { mfaToken, signedAt } });

  it("accounts carry balances as scaled decimal strings", async () => {
    const p = await newPayer({ balances: { GBP: "2500", EUR: "1800.5", USD: "900.00" } });
    const accounts = await s.call("GET", `/accounts?organizationId=${p.orgId}&all=true`, { token: p.token });
    expect(accounts.status).toBe(200);
    const main = accounts.body.data.find((a: any) => a.id === p.mainId);
    const savings = accounts.body.data.find((a: any) => a.id === p.savingsId);
    expect(main.name).toBe("Main account");
    expect(main.iban).toMatch(/^GB\d{2}BDEM\d{14}$/);
    expect(main.balances.map((b: any) => [b.currencyId, b.amount])).toEqual([
      ["GBP", "2500.00"],
      ["EUR", "1800.50"],
      ["USD", "900.00"],
    ]);
    expect(savings.balances.map((b: any) => [b.currencyId, b.amount])).toEqual([["GBP", "0.00"]]);
  });

  it("idempotent creation: same key + same body → same payment (200), other body → 409", async () => {
    const p = await newPayer();
    const first = await create(p.token, between(p, "10.00"), "idem-1");
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      status: "AWAITING_SIGNATURE",
      amount: "10.00",
      sum: "10.00",
      currencyId: "GBP",
      requiresSignature: true,
    });
    const replay = await create(p.token, between(p, "10"), "idem-1"); // same amount, other spelling
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(first.body.id);
    const conflict = await create(p.token, between(p, "11.00"), "idem-1");
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const rows = await s.db
      .select()
      .from(payments)
      .where(and(eq(payments.organizationId, p.orgId), eq(payments.idempotencyKey, "idem-1")));
    expect(rows).toHaveLength(1);
    // Creating a payment does not move money; only signing posts it.
    expect(await balanceOf(p.token, p.mainId, "GBP")).toBe("100.00");
  });

  it("concurrent requests with one key create one payment", async () => {
    const p = await newPayer();
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(p.token, between(p, "2.00"), "idem-race")));
    expect(answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const rows = await s.db
      .select()
      .from(payments)
      .where(and(eq(payments.organizationId, p.orgId), eq(payments.idempotencyKey, "idem-race")));
    expect(rows).toHaveLength(1);
  });

  it("requires an Idempotency-Key (header or body.idempotencyKey)", async () => {
    const p = await newPayer();
    const none = await s.call("POST", "/payments", { token: p.token, body: between(p, "1.00") });
    expect(none.status).toBe(400);
    expect(none.body.message[0].property).toBe("idempotencyKey");
    const inBody = await s.call("POST", "/payments", {
      token: p.token,
      body: { ...between(p, "1.00"), idempotencyKey: "body-key-1" },
    });
    expect(inBody.status).toBe(201);
    const rows = await s.db.select().from(payments).where(eq(payments.organizationId, p.orgId));
    expect(rows.map((r) => r.idempotencyKey)).toEqual(["body-key-1"]);
  });

  it("create → send-code → validate → sign posts exactly once; a second sign is 409", async () => {
    const p = await newPayer({ firstName: "Oliver", lastName: "Thompson", balances: { GBP: "500.00" }, savings: "30.00" });
    const created = await create(p.token, between(p, "120.00"), "flow-1");
    expect(created.status).toBe(201);
    const c = await s.call("POST", "/signatures/send-code", {
      token: p.token,
      body: { paymentIds: [created.body.id], mfa: "PHONE", channel: "SMS" },
    });
    expect(c.status).toBe(200);
    expect(c.body.debugCode).toMatch(/^\d{4}$/);
    const sms = s.sms.sent[s.sms.sent.length - 1];
    expect(sms.text).toBe(`Code ${c.body.debugCode} to pay GBP 120.00 to Savings. Never share this code.`);
    const v = await s.call("POST", "/signatures/validate", {
      token: p.token,
      body: { token: c.body.token, code: c.body.debugCode },
    });
    expect(v.status).toBe(200);
    expect(Date.parse(v.body.expiresAt)).toBeGreaterThan(Date.now());
    const signed = await sign(p.token, created.body.id, v.body.token);
    expect(signed.status).toBe(200);
    expect(signed.body.status).toBe("COMPLETED");
    expect(signed.body.signedAt).not.toBeNull();
    expect(signed.body.transferDate).not.toBeNull();
    const again = await sign(p.token, created.body.id, v.body.token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("PAYMENT_NOT_PENDING");
    expect(await balanceOf(p.token, p.mainId, "GBP")).toBe("380.00");
    expect(await balanceOf(p.token, p.savingsId, "GBP")).toBe("150.00");
    const sigs = await s.call("GET", `/payments/${created.body.id}/signatures`, { token: p.token });
    expect(sigs.body.edges).toHaveLength(1);
    expect(sigs.body.edges[0].node.user.profile).toEqual({ firstName: "Oliver", lastName: "Thompson" });
    // History: the two funding transfers and exactly one posting per side of the payment.
    const items = await s.call("GET", `/statements-items?organizationId=${p.orgId}&take=10`, { token: p.token });
    expect(items.body.data).toHaveLength(4);
    const mine = items.body.data.filter((i: any) => i.paymentId === created.body.id);
    expect(mine.map((i: any) => [i.amount, i.status, i.balanceAfter]).sort()).toEqual([
      ["-120.00", "SENT", "380.00"],
      ["120.00", "ADDED", "150.00"],
    ]);
    const declined = await s.call("DELETE", `/payments/${created.body.id}/decline`, { token: p.token });
    expect(declined.status).toBe(409);
  });

  it("an MFA token only signs the payments its code was sent for", async () => {
    const p = await newPayer();
    const x = await create(p.token, between(p, "5.00"), "bind-x");
    const y = await create(p.token, between(p, "6.00"), "bind-y");
    const mfa = await mfaFor(p.token, [x.body.id]);
    const wrong = await sign(p.token, y.body.id, mfa);
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe("MFA_TOKEN_INVALID");
    expect((await s.call("GET", `/payments/${y.body.id}`, { token: p.token })).body.status).toBe("AWAITING_SIGNATURE");
    // Another user cannot use it either (and does not even see the payment).
    const other = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "100.00" } });
    expect((await sign(await s.login(other.phone), x.body.id, mfa)).status).toBe(404);
    // Changed amount after the code was sent → binding no longer matches.
    await s.db.update(payments).set({ amount: "5.01" }).where(eq(payments.id, x.body.id));
    const changed = await sign(p.token, x.body.id, mfa);
    expect(changed.status).toBe(401);
    expect(changed.body.code).toBe("MFA_TOKEN_INVALID");
    await s.db.update(payments).set({ amount: "5.00" }).where(eq(payments.id, x.body.id));
    expect(await balanceOf(p.token, p.mainId, "GBP")).toBe("100.00");
    expect((await sign(p.token, x.body.id, mfa)).status).toBe(200);
    expect(await balanceOf(p.token, p.mainId, "GBP")).toBe("95.00");
    expect(await balanceOf(p.token, p.savingsId, "GBP")).toBe("5.00");
  });

  it("one code can authorise several payments (SMS names count and totals)", async () => {
    const p = await newPayer();
    const a = await create(p.token, between(p, "1.50"), "multi-a");
    const b = await create(p.token, between(p, "2.25"), "multi-b");
    const mfa = await mfaFor(p.token, [a.body.id, b.body.id]);
    expect(s.sms.sent[s.sms.sent.length - 1].text).toMatch(/to sign 2 payments: GBP 3\.75 in total/);
    expect((await sign(p.token, a.body.id, mfa)).body.status).toBe("COMPLETED");
    expect((await sign(p.token, b.body.id, mfa)).body.status).toBe("COMPLETED");
    expect(await balanceOf(p.token, p.mainId, "GBP")).toBe("96.25");
    expect(await balanceOf(p.token, p.savingsId, "GBP")).toBe("3.75");
  });

  it("5 wrong codes invalidate the code", async () => {
    const p = await newPayer();
    const created = await create(p.token, between(p, "3.00"), "wrong-code");
    const c = await s.call("POST", "/signatures/send-code", {
      token: p.token,
      body: { paymentIds: [created.body.id], mfa: "PHONE", channel: "SMS" },
    });
    expect(c.status).toBe(200);
    const wrong = c.body.debugCode === "0000" ? "1111" : "0000";
    for (let left = 4; left >= 1; left--) {
      const r = await s.call("POST", "/signatures/validate", { token: p.token, body: { token: c.body.token, code: wrong } });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ code: "INVALID_CODE", attemptsLeft: left });
    }
    const fifth = await s.call("POST", "/signatures/validate", { token: p.token, body: { token: c.body.token, code: wrong } });
    expect(fifth.body.code).toBe("CODE_ATTEMPTS_EXCEEDED");
    const right = await s.call("POST", "/signatures/validate", {
      token: p.token,
      body: { token: c.body.token, code: c.body.debugCode },
    });
    expect(right.status).toBe(401);
    expect(right.body.code).toBe("CODE_ATTEMPTS_EXCEEDED");
    expect((await s.call("GET", `/payments/${created.body.id}`, { token: p.token })).body.status).toBe("AWAITING_SIGNATURE");
    expect(await balanceOf(p.token, p.mainId, "GBP")).toBe("100.00");
  });

  it("signedAt must be a current ISO time", async () => {
    const p = await newPayer();
    const created = await create(p.token, between(p, "1.00"), "signed-at");
    const mfa = await mfaFor(p.token, [created.body.id]);
    const old = await sign(p.token, created.body.id, mfa, new Date(Date.now() - 60 * 60_000).toISOString());
    expect(old.status).toBe(400);
    expect(old.body.message[0].property).toBe("signedAt");
    expect((await sign(p.token, created.body.id, mfa, "yesterday")).status).toBe(400);
    expect(await balanceOf(p.token, p.mainId, "GBP")).toBe("100.00");
    expect((await sign(p.token, created.body.id, mfa)).status).toBe(200);
    expect(await balanceOf(p.token, p.mainId, "GBP")).toBe("99.00");
  });

  it("validates amounts: scale, positive, available funds", async () => {
    const p = await newPayer({ balances: { GBP: "100.00" } });
    const scale = await create(p.token, between(p, "1.001"), "amt-scale");
    expect(scale.status).toBe(400);
    expect(scale.body.message[0]).toMatchObject({ property: "amount" });
    expect((await create(p.token, between(p, "0"), "amt-zero")).status).toBe(400);
    expect((await create(p.token, between(p, "1e3"), "amt-exp")).status).toBe(400);
    // The balance is exactly 100.00 (no overdraft): one penny more is refused, the whole balance is not.
    const tooMuch = await create(p.token, between(p, "100.01"), "amt-funds");
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.code).toBe("INSUFFICIENT_FUNDS");
    expect(tooMuch.body.message[0].property).toBe("amount");
    expect((await create(p.token, between(p, "1000000.00"), "amt-funds-big")).body.code).toBe("INSUFFICIENT_FUNDS");
    expect((await create(p.token, between(p, "100.00"), "amt-all")).status).toBe(201);
  });

  it("EURO payment: IBAN/BIC validated, SEPA_SCT, posted to the SEPA clearing account", async () => {
    const p = await newPayer({ balances: { GBP: "50.00", EUR: "1800.00" } });
    const euro = (extra: Record<string, unknown>) => ({
      organizationId: p.orgId,
      kind: "EURO",
      accountId: p.mainId,
      currencyId: "EUR",
      amount: "120.00",
      beneficiaryName: "Hans Müller",
      iban: "DE89 3704 0044 0532 0130 00",
      bic: "COBADEFFXXX",
      ...extra,
    });
    const badIban = await create(p.token, euro({ iban: "DE89370400440532013001" }), "eur-bad-iban");
    expect(badIban.status).toBe(400);
    expect(badIban.body.message[0].property).toBe("iban");
    const badBic = await create(p.token, euro({ bic: "NOTABIC" }), "eur-bad-bic");
    expect(badBic.body.message[0].property).toBe("bic");
    const gbp = await create(p.token, euro({ currencyId: "GBP" }), "eur-gbp");
    expect(gbp.body.message[0].property).toBe("currencyId");
    const ok = await create(p.token, euro({}), "eur-ok");
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      paymentType: "SEPA_SCT",
      beneficiaryAccount: "DE89370400440532013000",
      benificiaryFullName: "Hans Müller",
    });
    const [row] = await s.db.select().from(payments).where(eq(payments.id, ok.body.id));
    expect(row.creditBalanceId).toBe(await systemBalanceId(s.db, "SEPA_CLEARING", "EUR"));
    const c = await s.call("POST", "/signatures/send-code", {
      token: p.token,
      body: { paymentIds: [ok.body.id], mfa: "PHONE", channel: "SMS" },
    });
    expect(s.sms.sent[s.sms.sent.length - 1].text).toContain("to pay EUR 120.00 to Hans Müller");
    const v = await s.call("POST", "/signatures/validate", {
      token: p.token,
      body: { token: c.body.token, code: c.body.debugCode },
    });
    expect((await sign(p.token, ok.body.id, v.body.token)).body.status).toBe("COMPLETED");
    expect(await balanceOf(p.token, p.mainId, "EUR")).toBe("1680.00");
    expect(await balanceOf(p.token, p.mainId, "GBP")).toBe("50.00");
  });

  it("EURO payment to a saved beneficiary: only an approved one of the payer's organization", async () => {
    const p = await newPayer({ balances: { EUR: "300.00" } });
    const approved = await createBeneficiary(s.db, {
      organizationId: p.orgId,
      name: "Müller Logistik GmbH",
      iban: "DE02120300000000202051",
      bic: "BYLADEM1001",
      countryId: "DE",
    });
    const draft = await createBeneficiary(s.db, { organizationId: p.orgId, status: "DRAFT" });
    const stranger = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const foreign = await createBeneficiary(s.db, { organizationId: stranger.organization.id });
    const byBeneficiary = (beneficiaryId: string) => ({
      organizationId: p.orgId,
      kind: "EURO",
      accountId: p.mainId,
      currencyId: "EUR",
      amount: "75.00",
      beneficiaryId,
    });
    for (const [b, key] of [
      [draft, "ben-draft"],
      [foreign, "ben-foreign"],
    ] as const) {
      const r = await create(p.token, byBeneficiary(b.id), key);
      expect(r.status, key).toBe(400);
      expect(r.body.message[0].property).toBe("beneficiaryId");
    }
    const ok = await create(p.token, byBeneficiary(approved.id), "ben-ok");
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      paymentType: "SEPA_SCT",
      beneficiaryAccount: "DE02120300000000202051",
      benificiaryFullName: "Müller Logistik GmbH",
    });
    const mfa = await mfaFor(p.token, [ok.body.id]);
    expect((await sign(p.token, ok.body.id, mfa)).body.status).toBe("COMPLETED");
    expect(await balanceOf(p.token, p.mainId, "EUR")).toBe("225.00");
  });

  it("INTERNAL payment goes to the recipient's individual account; errors on recipientPhone", async () => {
    const p = await newPayer({ balances: { GBP: "200.00" } });
    // Recipient: own INDIVIDUAL organization (Personal account) and also an official of a CORPORATE one.
    const recipient = await createCustomer(s.db, {
      type: "INDIVIDUAL",
      firstName: "James",
      lastName: "Patel",
      accountName: "Personal account",
      balances: { GBP: "1350.00" },
    });
    const company = await createOrganization(s.db, { type: "CORPORATE", companyName: "Patel Test Consulting Ltd" });
    await addMember(s.db, { organizationId: company.id, userId: recipient.user.id, companyOfficialType: "MAIN_REPRESENTATIVE" });
    const companyAccount = await createAccount(s.db, {
      organizationId: company.id,
      name: "Business account",
      currencies: ["GBP"],
    });
    await fund(s.db, { balanceId: companyAccount.balances.GBP.id, amount: "7500.00", counterpartyName: "Initech Ltd" });
    // A user who is only an official of a CORPORATE organization is no INTERNAL recipient.
    const corporateOnly = await createCustomer(s.db, { type: "CORPORATE", balances: { GBP: "10.00" } });

    const internal = (recipientPhone: string, amount = "10.00") => ({
      organizationId: p.orgId,
      kind: "INTERNAL",
      accountId: p.mainId,
      currencyId: "GBP",
      amount,
      recipientPhone,
    });
    const self = await create(p.token, internal(p.customer.phone), "int-self");
    expect(self.status).toBe(400);
    expect(self.body.message[0].property).toBe("recipientPhone");
    const corporate = await create(p.token, internal(corporateOnly.phone), "int-corp");
    expect(corporate.status).toBe(400);
    expect(corporate.body.message[0].property).toBe("recipientPhone");
    const unknown = await create(p.token, internal("+447700900999"), "int-unknown");
    expect(unknown.status).toBe(400);
    expect(unknown.body.message[0].property).toBe("recipientPhone");
    const ok = await create(p.token, internal(recipient.phone), "int-ok");
    expect(ok.status).toBe(201);
    expect(ok.body.benificiaryFullName).toBe("James P.");
    const mfa = await mfaFor(p.token, [ok.body.id]);
    expect((await sign(p.token, ok.body.id, mfa)).body.status).toBe("COMPLETED");
    expect(await balanceOf(p.token, p.mainId, "GBP")).toBe("190.00");
    const recipientToken = await s.login(recipient.phone);
    const accounts = (await s.call("GET", "/accounts?all=true", { token: recipientToken })).body.data;
    const gbpOf = (name: string) =>
      accounts.find((a: any) => a.name === name).balances.find((b: any) => b.currencyId === "GBP").amount;
    expect(gbpOf("Personal account")).toBe("1360.00");
    expect(gbpOf("Business account")).toBe("7500.00");
  });

  it("a payer without a signature duty (signatureType NONE): the payment waits for a member who signs; no money moves without a code", async () => {
    const company = await createCustomer(s.db, {
      type: "CORPORATE",
      signatureType: "NONE",
      companyName: "None Signature Test Ltd",
      balances: { GBP: "7500.00" },
    });
    const recipient = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "25.00" } });
    const token = await s.login(company.phone);
    const orgs = (await s.call("GET", "/clients-organizations?all=true", { token })).body.data;
    const org = orgs.find((o: any) => o.id === company.organization.id);
    expect(org).toMatchObject({ type: "CORPORATE", companyName: "None Signature Test Ltd" });
    expect(org.currentOfficial.signatureType).toBe("NONE");
    const body = {
      organizationId: org.id,
      kind: "INTERNAL",
      accountId: company.account!.id,
      currencyId: "GBP",
      amount: "50.00",
      recipientPhone: recipient.phone,
    };
    const p = await create(token, body, "none-1");
    expect(p.status).toBe(201);
    // Strong customer authentication (PSD2 RTS Art. 4–5): created, nothing posted.
    expect(p.body).toMatchObject({ status: "AWAITING_SIGNATURE", requiresSignature: true, transferDate: null });
    const code = await s.call("POST", "/signatures/send-code", {
      token,
      body: { paymentIds: [p.body.id], mfa: "PHONE", channel: "SMS" },
    });
    expect(code.status).toBe(403);
    expect(await balanceOf(token, company.account!.id, "GBP")).toBe("7500.00");
    expect((await create(token, body, "none-1")).body).toMatchObject({ id: p.body.id, status: "AWAITING_SIGNATURE" });

    // A director with a signature duty signs it with his code: now the money moves, once.
    const director = await createUser(s.db, { firstName: "Sam", lastName: "Signer" });
    await addMember(s.db, {
      organizationId: org.id,
      userId: director.id,
      companyOfficialType: "DIRECTOR",
      signatureType: "SINGLE",
    });
    const directorToken = await s.login(director.phone);
    const signed = await sign(directorToken, p.body.id, await mfaFor(directorToken, [p.body.id]));
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ status: "COMPLETED", requiresSignature: true });
    expect(await balanceOf(token, company.account!.id, "GBP")).toBe("7450.00");
    expect(await balanceOf(await s.login(recipient.phone), recipient.account!.id, "GBP")).toBe("75.00");
    const replay = await create(token, body, "none-1");
    expect(replay.body).toMatchObject({ id: p.body.id, status: "COMPLETED" });
    const notices = (await s.call("GET", `/notifications?organizationId=${org.id}`, { token })).body.data as { key: string }[];
    expect(notices.filter((n) => n.key === "Notifications.payment-completed")).toHaveLength(1);
  });

  it("decline: only a pending payment; list filters by status with cursor pagination", async () => {
    const p = await newPayer();
    const others: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await create(p.token, between(p, `${i + 1}.00`), `list-${i}`);
      expect(r.status).toBe(201);
      others.push(r.body.id);
    }
    const created = await create(p.token, between(p, "4.00"), "decline-1");
    const d = await s.call("DELETE", `/payments/${created.body.id}/decline`, { token: p.token });
    expect(d.status).toBe(200);
    expect(d.body.status).toBe("DECLINED");
    expect((await s.call("DELETE", `/payments/${created.body.id}/decline`, { token: p.token })).body.code).toBe(
      "PAYMENT_NOT_PENDING",
    );
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: any = await s.call("GET", `/payments?organizationId=${p.orgId}&take=3${cursor ? `&cursor=${cursor}` : ""}`, {
        token: p.token,
      });
      expect(page.status).toBe(200);
      pages++;
      for (const x of page.body.data) {
        expect(seen.has(x.id)).toBe(false);
        seen.add(x.id);
      }
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(pages).toBe(3);
    expect([...seen].sort()).toEqual([...others, created.body.id].sort());
    const total = await s.db.select().from(payments).where(eq(payments.organizationId, p.orgId));
    expect(seen.size).toBe(total.length);
    const declined = await s.call("GET", `/payments?organizationId=${p.orgId}&status=DECLINED`, { token: p.token });
    expect(declined.body.data.map((x: any) => x.id)).toEqual([created.body.id]);
    const pending = await s.call("GET", `/payments?organizationId=${p.orgId}&status=AWAITING_SIGNATURE`, { token: p.token });
    expect(pending.body.data.map((x: any) => x.id).sort()).toEqual([...others].sort());
    expect((await s.call("GET", `/payments?take=101`, { token: p.token })).status).toBe(400);
    expect(await balanceOf(p.token, p.mainId, "GBP")).toBe("100.00");
  });
});
