/**
 * The back office's COMPLIANCE, PAYMENTS and ADMIN decisions over /api/v1/ops against a real
 * database (issue 13; docs/ops.md): who may take them (no token and customer tokens 401, a staff
 * user without the role 403, the AML step COMPLIANCE's only), what the customer then sees through
 * the customer API (a beneficiary approved or rejected with its reason, a contract, a remittance
 * order moved to ACCEPTED or REJECTED and refunded, a new rate quoted, a new fee charged, a flag
 * switched), and the audit entry each decision writes in the same transaction (who, what,
 * before/after, reason). PGlite always; PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { beneficiaryContracts, organizationSettings, staffAuditLog } from "../../server/db/schema/index.js";
import { createBeneficiary, createCustomer } from "../../server/seed/factories.js";
import { databases, mfaTokenFor, startTestServer, type TestServer } from "./helpers.js";
import { staffLogin } from "./ops-helpers.js";

const PAYEE = { name: "Amina Njoroge", address: "12 Moi Avenue", city: "Nairobi", country: "ke", phone: "+254 712 345 678" };

describe.each(databases)("ops decisions API on %s", (kind) => {
  let s: TestServer;
  let admin: string;
  let compliance: string;
  let payments: string;
  let support: string;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    admin = await staffLogin(s, "admin@ops.example");
    compliance = await staffLogin(s, "compliance@ops.example");
    payments = await staffLogin(s, "payments@ops.example");
    support = await staffLogin(s, "support@ops.example");
  });
  afterAll(async () => s?.close());

  async function customer(opts: Parameters<typeof createCustomer>[1] = {}) {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "500.00", EUR: "100.00" }, ...opts });
    return { c, token: await s.login(c.phone), orgId: c.organization.id, accountId: c.account!.id };
  }
  /** The newest audit entry of a subject. */
  async function lastAudit(subjectId: string) {
    const [row] = await s.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.subjectId, subjectId))
      .orderBy(desc(staffAuditLog.id))
      .limit(1);
    return row;
  }

  it("authorization: no token and a customer token 401, a staff user without the role 403", async () => {
    const who = await customer();
    const b = await createBeneficiary(s.db, { organizationId: who.orgId, status: "UNDER_REVIEW" });
    const routes: [string, string, unknown, string, string][] = [
      ["GET", "/ops/beneficiaries", undefined, compliance, support],
      ["POST", `/ops/beneficiaries/${b.id}/approve`, {}, compliance, payments],
      ["GET", "/ops/contracts", undefined, compliance, payments],
      ["GET", "/ops/remittance", undefined, payments, support],
      ["GET", "/ops/rates", undefined, admin, compliance],
      ["POST", "/ops/rates", { currencyId: "CAD", unitsPerEur: "1.5" }, admin, payments],
      ["GET", "/ops/tariffs", undefined, admin, support],
      ["GET", "/ops/settings", undefined, admin, compliance],
      ["POST", "/ops/settings", { key: "DEMO-MODE-ENABLED", value: true }, admin, compliance],
    ];
    for (const [method, path, body, , wrongRole] of routes) {
      expect((await s.call(method, path, { body })).status, `${method} ${path} no token`).toBe(401);
      expect((await s.call(method, path, { body, token: who.token })).status, `${method} ${path} customer`).toBe(401);
      expect((await s.call(method, path, { body, token: wrongRole })).status, `${method} ${path} wrong role`).toBe(403);
    }
    // Nothing was decided by the refused calls.
    expect((await s.call("GET", `/beneficiaries/${b.id}`, { token: who.token })).body.status).toBe("UNDER_REVIEW");
    expect((await s.call("GET", "/ops/remittance", { token: compliance })).status).toBe(200);
  });

  it("a beneficiary approved can be paid; one rejected shows the reason; each decision audited", async () => {
    const who = await customer();
    const ok = await createBeneficiary(s.db, { organizationId: who.orgId, status: "UNDER_REVIEW", name: "Hans Müller" });
    const no = await createBeneficiary(s.db, { organizationId: who.orgId, status: "UNDER_REVIEW", name: "Eve <script>" });

    const queue = await s.call("GET", "/ops/beneficiaries", { token: compliance });
    expect(queue.body.data.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([ok.id, no.id]));
    const view = await s.call("GET", `/ops/beneficiaries/${ok.id}`, { token: compliance });
    expect(view.body).toMatchObject({ beneficiary: { id: ok.id, status: "UNDER_REVIEW" }, documents: [], contracts: [] });

    expect((await s.call("POST", `/ops/beneficiaries/${ok.id}/approve`, { token: compliance, body: {} })).body.status).toBe(
      "APPROVED",
    );
    expect((await s.call("GET", `/beneficiaries/${ok.id}`, { token: who.token })).body.status).toBe("APPROVED");
    const paid = await s.call("POST", "/payments/check", {
      token: who.token,
      body: {
        organizationId: who.orgId,
        accountId: who.accountId,
        kind: "EURO",
        paymentType: "SEPA_SCT",
        beneficiaryId: ok.id,
        currencyId: "EUR",
        amount: "10.00",
      },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const approved = await lastAudit(ok.id);
    expect(approved).toMatchObject({ action: "beneficiary.approve", subjectType: "beneficiary", reason: null });
    expect(approved.before).toMatchObject({ status: "UNDER_REVIEW" });
    expect(approved.after).toMatchObject({ status: "APPROVED" });

    expect(
      (await s.call("POST", `/ops/beneficiaries/${no.id}/reject`, { token: compliance, body: { reason: " " } })).status,
    ).toBe(400);
    const rejected = await s.call("POST", `/ops/beneficiaries/${no.id}/reject`, {
      token: compliance,
      body: { reason: "The IBAN belongs to someone else" },
    });
    expect(rejected.body).toMatchObject({ status: "REJECTED", rejectionReason: "The IBAN belongs to someone else" });
    expect((await s.call("GET", `/beneficiaries/${no.id}`, { token: who.token })).body.rejectionReason).toBe(
      "The IBAN belongs to someone else",
    );
    expect(await lastAudit(no.id)).toMatchObject({ action: "beneficiary.reject", reason: "The IBAN belongs to someone else" });
    // A decision on a decided beneficiary is refused and writes no entry.
    const entries = (await s.db.select().from(staffAuditLog).where(eq(staffAuditLog.subjectId, no.id))).length;
    expect((await s.call("POST", `/ops/beneficiaries/${no.id}/approve`, { token: compliance, body: {} })).status).toBe(409);
    expect((await s.db.select().from(staffAuditLog).where(eq(staffAuditLog.subjectId, no.id))).length).toBe(entries);
    expect((await s.call("GET", "/ops/beneficiaries/not-a-uuid", { token: compliance })).status).toBe(404);
  });

  it("staff open a beneficiary's documents under review; another beneficiary's id does not open them", async () => {
    const who = await customer();
    const b = await createBeneficiary(s.db, { organizationId: who.orgId, status: "UNDER_REVIEW", name: "Docs Ltd" });
    const other = await createBeneficiary(s.db, { organizationId: who.orgId, status: "UNDER_REVIEW", name: "Other Ltd" });
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
    const form = new FormData();
    form.append("organizationId", who.orgId);
    form.append("files", new Blob([new Uint8Array(pdf)]), "invoice.pdf");
    const up = await fetch(`${s.baseUrl}/api/v1/uploads`, {
      method: "POST",
      headers: { Authorization: `Bearer ${who.token}` },
      body: form,
    });
    expect(up.status).toBe(201);
    const uploadId = ((await up.json()) as { data: { id: string }[] }).data[0].id;
    const attached = await s.call("POST", `/beneficiaries/${b.id}/documents`, {
      token: who.token,
      body: { uploadIds: [uploadId], category: "INVOICE" },
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    const view = await s.call("GET", `/ops/beneficiaries/${b.id}`, { token: compliance });
    const doc = view.body.documents[0];
    expect(doc).toMatchObject({ name: "invoice.pdf" });
    const get = (beneficiaryId: string, token = compliance) =>
      fetch(`${s.baseUrl}/api/v1/ops/beneficiaries/${beneficiaryId}/documents/${doc.id}/file`, {
        headers: { Authorization: `Bearer ${token}` },
      });
    const file = await get(b.id);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await get(other.id)).status).toBe(404);
    expect((await get(b.id, support)).status).toBe(403);
  });

  it("contracts: approve and reject with a reason the customer reads; audited", async () => {
    const who = await customer();
    const b = await createBeneficiary(s.db, { organizationId: who.orgId });
    const [c1, c2] = await s.db
      .insert(beneficiaryContracts)
      .values([
        { organizationId: who.orgId, beneficiaryId: b.id, name: "Framework 2026", status: "UNDER_REVIEW" },
        { organizationId: who.orgId, beneficiaryId: b.id, name: "Side letter", status: "UNDER_REVIEW" },
      ])
      .returning();
    expect((await s.call("GET", `/ops/contracts/${c1.id}`, { token: compliance })).body).toMatchObject({
      contract: { id: c1.id },
      beneficiary: { id: b.id },
    });
    expect((await s.call("POST", `/ops/contracts/${c1.id}/approve`, { token: compliance, body: {} })).body.status).toBe(
      "APPROVED",
    );
    await s.call("POST", `/ops/contracts/${c2.id}/reject`, { token: compliance, body: { reason: "Unsigned copy" } });
    const list = await s.call("GET", `/beneficiaries/${b.id}/contracts`, { token: who.token });
    const byId = Object.fromEntries(list.body.data.map((c: { id: string }) => [c.id, c]));
    expect(byId[c1.id]).toMatchObject({ status: "APPROVED" });
    expect(byId[c2.id]).toMatchObject({ status: "REJECTED", rejectionReason: "Unsigned copy" });
    expect(await lastAudit(c1.id)).toMatchObject({ action: "contract.approve" });
    expect(await lastAudit(c2.id)).toMatchObject({ action: "contract.reject", reason: "Unsigned copy" });
  });

  it("remittance: PAYMENTS moves, the AML decision is COMPLIANCE's, ACCEPTED and REJECTED reach the customer; audited", async () => {
    const who = await customer({ type: "CORPORATE", signatureType: "SINGLE" });
    await s.db.insert(organizationSettings).values({ organizationId: who.orgId, key: "PAYMENTS-ORDERS-ENABLED", value: true });
    /** A created and signed order (QUEUED, the sum held). */
    const order = async (key: string) => {
      const r = await s.call("POST", "/payments-orders", {
        token: who.token,
        headers: { "Idempotency-Key": key },
        body: {
          organizationId: who.orgId,
          accountId: who.accountId,
          currencyId: "GBP",
          sum: "100.00",
          payee: PAYEE,
          description: "Family support",
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.status).toBe("PENDING");
      const mfaToken = await mfaTokenFor(s, who.token, { paymentOrderIds: [r.body.id] });
      const signed = await s.call("POST", `/payments-orders/${r.body.id}/sign`, {
        token: who.token,
        body: { mfaToken, signedAt: new Date().toISOString() },
      });
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      expect(signed.body.status).toBe("QUEUED");
      return r.body.id as string;
    };
    const a = await order(`ops-a-${kind}`);
    const advance = (token: string, id: string, status: string, reason?: string) =>
      s.call("POST", `/ops/remittance/${id}/advance`, { token, body: { status, ...(reason ? { reason } : {}) } });

    expect((await s.call("GET", "/ops/remittance", { token: payments })).body.data.map((o: { id: string }) => o.id)).toContain(a);
    expect((await advance(compliance, a, "PROC")).status).toBe(403); // not the AML step: PAYMENTS'
    expect((await advance(payments, a, "PROC")).body.status).toBe("PROC");
    expect((await advance(payments, a, "AML")).body.status).toBe("AML");
    expect((await advance(payments, a, "AML_DONE")).status).toBe(403); // the AML decision: COMPLIANCE's
    expect((await s.call("GET", `/ops/remittance/${a}`, { token: payments })).body).toMatchObject({
      status: "AML",
      next: ["AML_DONE", "REJECTED"],
    });
    expect((await advance(compliance, a, "AML_DONE")).body.status).toBe("AML_DONE");
    expect((await advance(payments, a, "ACCEPTED")).body.status).toBe("ACCEPTED");
    expect((await advance(payments, a, "PROC")).status).toBe(409);
    const seen = await s.call("GET", `/payments-orders/${a}`, { token: who.token });
    expect(seen.body.status).toBe("ACCEPTED");
    expect(seen.body.history.at(-1)).toMatchObject({ toStatus: "ACCEPTED", by: "BANK" });
    const trail = await s.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.subjectId, a), eq(staffAuditLog.action, "remittance.advance")));
    expect(trail.map((e) => (e.after as { status: string }).status).sort()).toEqual(["ACCEPTED", "AML", "AML_DONE", "PROC"]);

    const b = await order(`ops-b-${kind}`);
    const balance = async () =>
      (await s.call("GET", `/accounts/${who.accountId}/balances`, { token: who.token })).body.data.find(
        (x: { currencyId: string }) => x.currencyId === "GBP",
      ).amount;
    const held = await balance();
    expect((await advance(payments, b, "REJECTED")).status).toBe(400); // a reason is required
    expect((await advance(payments, b, "REJECTED", "Payee on a sanctions list")).body).toMatchObject({
      status: "REJECTED",
      rejectionReason: "Payee on a sanctions list",
    });
    expect(Number(await balance()) - Number(held)).toBeCloseTo(100, 2);
    expect((await s.call("GET", `/payments-orders/${b}`, { token: who.token })).body.rejectionReason).toBe(
      "Payee on a sanctions list",
    );
    expect(await lastAudit(b)).toMatchObject({ action: "remittance.advance", reason: "Payee on a sanctions list" });
  });

  it("ADMIN: a rate, a fee and a flag set over the API reach the customer, each audited with before/after", async () => {
    const who = await customer();
    const rate = await s.call("POST", "/ops/rates", { token: admin, body: { currencyId: "GBP", unitsPerEur: "0.85" } });
    expect(rate.status, JSON.stringify(rate.body)).toBe(200);
    const quote = await s.call("POST", "/exchange/calc", {
      token: who.token,
      body: { accountId: who.accountId, fromCurrencyId: "GBP", toCurrencyId: "EUR", sellAmount: "100.00" },
    });
    expect(quote.body.rateSource).toBe("BANK");
    expect(await lastAudit("GBP")).toMatchObject({
      action: "rate.set",
      before: { unitsPerEur: "0.8477" },
      after: { unitsPerEur: "0.85" },
    });
    const big = await s.call("POST", "/ops/rates", { token: admin, body: { currencyId: "GBP", unitsPerEur: "2" } });
    expect(big.status).toBe(400);
    expect(big.body.message[0]).toMatchObject({ property: "unitsPerEur", constraints: { isNearCurrent: expect.any(String) } });
    expect((await s.call("POST", "/ops/rates/GBP/clear", { token: admin, body: {} })).status).toBe(200);

    const tariffs = await s.call("GET", "/ops/tariffs", { token: admin });
    const standard = tariffs.body.data.find((t: { isDefault: boolean }) => t.isDefault);
    const fee = await s.call("POST", "/ops/fees", {
      token: admin,
      body: {
        organizationId: who.orgId,
        name: "Agreed BACS",
        paymentKind: "GBP",
        paymentType: "BACS",
        currencyId: "GBP",
        feeAmountType: "FIXED",
        feeFixedAmount: "0.05",
      },
    });
    expect(fee.status, JSON.stringify(fee.body)).toBe(200);
    const check = await s.call("POST", "/payments/check", {
      token: who.token,
      body: {
        organizationId: who.orgId,
        accountId: who.accountId,
        kind: "GBP",
        paymentType: "BACS",
        beneficiaryName: "Sarah Johnson",
        sortCode: "200000",
        accountNumber: "55779911",
        currencyId: "GBP",
        amount: "20.00",
      },
    });
    expect(check.body.fee).toEqual({ amount: "0.05", currencyId: "GBP" });
    expect(await lastAudit(fee.body.after.feeId)).toMatchObject({
      action: "fee.set",
      before: null,
      after: { feeFixedAmount: "0.05" },
    });
    expect((await s.call("POST", `/ops/fees/${fee.body.after.feeId}/remove`, { token: admin, body: {} })).status).toBe(200);
    expect(await lastAudit(fee.body.after.feeId)).toMatchObject({ action: "fee.remove", after: null });
    const bad = await s.call("POST", "/ops/fees", {
      token: admin,
      body: { tariffId: standard.id, name: "x", paymentKind: "GBP", feeAmountType: "FIXED" },
    });
    expect(bad.status).toBe(400);

    const flag = await s.call("POST", "/ops/settings", {
      token: admin,
      body: { key: "PAYMENTS-ORDERS-ENABLED", value: true, organizationId: who.orgId },
    });
    expect(flag.body.after).toMatchObject({ organizationValue: true, effective: true });
    expect(
      (await s.call("GET", `/settings/payments?organizationId=${who.orgId}`, { token: who.token })).body[
        "PAYMENTS-ORDERS-ENABLED"
      ],
    ).toBe(true);
    expect(await lastAudit(who.orgId)).toMatchObject({
      action: "setting.set",
      subjectType: "organization",
      after: { key: "PAYMENTS-ORDERS-ENABLED" },
    });
    const listed = await s.call("GET", `/ops/settings?organizationId=${who.orgId}`, { token: admin });
    expect(listed.body.data.find((f: { key: string }) => f.key === "PAYMENTS-ORDERS-ENABLED")).toMatchObject({
      organizationValue: true,
    });
    expect((await s.call("GET", `/ops/organizations/${who.orgId}/fees`, { token: admin })).body.organization.id).toBe(who.orgId);
  });
});
