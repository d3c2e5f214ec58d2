/**
 * Payments and signing (SCA) against a real database: idempotent creation, the signing flow
 * (send-code → validate → sign posts exactly once), MFA token bound to its payments, code
 * attempt limit, per-kind validation, signature duty (spec 000 §4), decline.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { payments } from "../../server/db/schema/index.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

const OLIVER = "+447700900001";
const AMELIA = "+447700900002";
const JAMES = "+447700900003";

describe.each(databases)("payments API on %s", (kind) => {
  let s: TestServer;
  let oliver: string;
  let orgId: string;
  let main: any;
  let savings: any;

  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    oliver = await s.login(OLIVER);
    const orgs = await s.call("GET", "/clients-organizations?all=true", { token: oliver });
    orgId = orgs.body.data[0].id;
    const accounts = await s.call("GET", `/accounts?organizationId=${orgId}&all=true`, { token: oliver });
    [main, savings] = accounts.body.data;
  });
  afterAll(async () => s?.close());

  const balanceOf = async (token: string, accountId: string, currency: string) => {
    const r = await s.call("GET", `/accounts/${accountId}/balances`, { token });
    return r.body.data.find((b: any) => b.currencyId === currency).amount as string;
  };
  const between = (amount: string, extra: Record<string, unknown> = {}) => ({
    organizationId: orgId,
    kind: "BETWEEN_ACCOUNTS",
    accountId: main.id,
    toAccountId: savings.id,
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

  it("accounts carry seeded balances as scaled decimal strings", async () => {
    expect(main.name).toBe("Main account");
    expect(main.iban).toMatch(/^GB\d{2}BDEM\d{14}$/);
    expect(main.balances.map((b: any) => [b.currencyId, b.amount])).toEqual([["GBP", "2500.00"], ["EUR", "1800.00"], ["USD", "900.00"]]);
  });

  it("idempotent creation: same key + same body → same payment (200), other body → 409", async () => {
    const first = await create(oliver, between("10.00"), "idem-1");
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: "AWAITING_SIGNATURE", amount: "10.00", sum: "10.00", currencyId: "GBP", requiresSignature: true });
    const replay = await create(oliver, between("10"), "idem-1"); // same amount, other spelling
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(first.body.id);
    const conflict = await create(oliver, between("11.00"), "idem-1");
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const rows = await s.db.select().from(payments).where(and(eq(payments.organizationId, orgId), eq(payments.idempotencyKey, "idem-1")));
    expect(rows).toHaveLength(1);
  });

  it("concurrent requests with one key create one payment", async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(oliver, between("2.00"), "idem-race")));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const rows = await s.db.select().from(payments).where(eq(payments.idempotencyKey, "idem-race"));
    expect(rows).toHaveLength(1);
  });

  it("requires an Idempotency-Key (header or body.idempotencyKey)", async () => {
    const none = await s.call("POST", "/payments", { token: oliver, body: between("1.00") });
    expect(none.status).toBe(400);
    expect(none.body.message[0].property).toBe("idempotencyKey");
    const inBody = await s.call("POST", "/payments", { token: oliver, body: { ...between("1.00"), idempotencyKey: "body-key-1" } });
    expect(inBody.status).toBe(201);
  });

  it("create → send-code → validate → sign posts exactly once; a second sign is 409", async () => {
    const before = await balanceOf(oliver, main.id, "GBP");
    const beforeSavings = await balanceOf(oliver, savings.id, "GBP");
    const p = await create(oliver, between("120.00"), "flow-1");
    const c = await s.call("POST", "/signatures/send-code", { token: oliver, body: { paymentIds: [p.body.id], mfa: "PHONE", channel: "SMS" } });
    expect(c.status).toBe(200);
    expect(c.body.debugCode).toMatch(/^\d{4}$/);
    const sms = s.sms.sent[s.sms.sent.length - 1];
    expect(sms.text).toBe(`Code ${c.body.debugCode} to pay GBP 120.00 to Savings. Never share this code.`);
    const v = await s.call("POST", "/signatures/validate", { token: oliver, body: { token: c.body.token, code: c.body.debugCode } });
    expect(v.status).toBe(200);
    expect(Date.parse(v.body.expiresAt)).toBeGreaterThan(Date.now());
    const signed = await sign(oliver, p.body.id, v.body.token);
    expect(signed.status).toBe(200);
    expect(signed.body.status).toBe("COMPLETED");
    expect(signed.body.signedAt).not.toBeNull();
    expect(signed.body.transferDate).not.toBeNull();
    const again = await sign(oliver, p.body.id, v.body.token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("PAYMENT_NOT_PENDING");
    expect(await balanceOf(oliver, main.id, "GBP")).toBe((Number(before) - 120).toFixed(2));
    expect(await balanceOf(oliver, savings.id, "GBP")).toBe((Number(beforeSavings) + 120).toFixed(2));
    const sigs = await s.call("GET", `/payments/${p.body.id}/signatures`, { token: oliver });
    expect(sigs.body.data).toHaveLength(1);
    expect(sigs.body.data[0].user.profile).toEqual({ firstName: "Oliver", lastName: "Thompson" });
    const items = await s.call("GET", `/statements-items?organizationId=${orgId}&take=5`, { token: oliver });
    const mine = items.body.data.filter((i: any) => i.paymentId === p.body.id);
    expect(mine.map((i: any) => [i.amount, i.status]).sort()).toEqual([["-120.00", "SENT"], ["120.00", "ADDED"]]);
    const declined = await s.call("DELETE", `/payments/${p.body.id}/decline`, { token: oliver });
    expect(declined.status).toBe(409);
  });

  it("an MFA token only signs the payments its code was sent for", async () => {
    const x = await create(oliver, between("5.00"), "bind-x");
    const y = await create(oliver, between("6.00"), "bind-y");
    const mfa = await mfaFor(oliver, [x.body.id]);
    const wrong = await sign(oliver, y.body.id, mfa);
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe("MFA_TOKEN_INVALID");
    expect((await s.call("GET", `/payments/${y.body.id}`, { token: oliver })).body.status).toBe("AWAITING_SIGNATURE");
    // Another user cannot use it either (and does not even see the payment).
    const amelia = await s.login(AMELIA);
    expect((await sign(amelia, x.body.id, mfa)).status).toBe(404);
    // Changed amount after the code was sent → binding no longer matches.
    await s.db.update(payments).set({ amount: "5.01" }).where(eq(payments.id, x.body.id));
    const changed = await sign(oliver, x.body.id, mfa);
    expect(changed.status).toBe(401);
    expect(changed.body.code).toBe("MFA_TOKEN_INVALID");
    await s.db.update(payments).set({ amount: "5.00" }).where(eq(payments.id, x.body.id));
    expect((await sign(oliver, x.body.id, mfa)).status).toBe(200);
  });

  it("one code can authorise several payments (SMS names count and totals)", async () => {
    const a = await create(oliver, between("1.50"), "multi-a");
    const b = await create(oliver, between("2.25"), "multi-b");
    const mfa = await mfaFor(oliver, [a.body.id, b.body.id]);
    expect(s.sms.sent[s.sms.sent.length - 1].text).toMatch(/to sign 2 payments: GBP 3\.75 in total/);
    expect((await sign(oliver, a.body.id, mfa)).body.status).toBe("COMPLETED");
    expect((await sign(oliver, b.body.id, mfa)).body.status).toBe("COMPLETED");
  });

  it("5 wrong codes invalidate the code", async () => {
    const p = await create(oliver, between("3.00"), "wrong-code");
    const c = await s.call("POST", "/signatures/send-code", { token: oliver, body: { paymentIds: [p.body.id], mfa: "PHONE", channel: "SMS" } });
    const wrong = c.body.debugCode === "0000" ? "1111" : "0000";
    for (let left = 4; left >= 1; left--) {
      const r = await s.call("POST", "/signatures/validate", { token: oliver, body: { token: c.body.token, code: wrong } });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ code: "INVALID_CODE", attemptsLeft: left });
    }
    const fifth = await s.call("POST", "/signatures/validate", { token: oliver, body: { token: c.body.token, code: wrong } });
    expect(fifth.body.code).toBe("CODE_ATTEMPTS_EXCEEDED");
    const right = await s.call("POST", "/signatures/validate", { token: oliver, body: { token: c.body.token, code: c.body.debugCode } });
    expect(right.status).toBe(401);
    expect(right.body.code).toBe("CODE_ATTEMPTS_EXCEEDED");
  });

  it("signedAt must be a current ISO time", async () => {
    const p = await create(oliver, between("1.00"), "signed-at");
    const mfa = await mfaFor(oliver, [p.body.id]);
    const old = await sign(oliver, p.body.id, mfa, new Date(Date.now() - 60 * 60_000).toISOString());
    expect(old.status).toBe(400);
    expect(old.body.message[0].property).toBe("signedAt");
    expect((await sign(oliver, p.body.id, mfa, "yesterday")).status).toBe(400);
    expect((await sign(oliver, p.body.id, mfa)).status).toBe(200);
  });

  it("validates amounts: scale, positive, available funds", async () => {
    const scale = await create(oliver, between("1.001"), "amt-scale");
    expect(scale.status).toBe(400);
    expect(scale.body.message[0]).toMatchObject({ property: "amount" });
    expect((await create(oliver, between("0"), "amt-zero")).status).toBe(400);
    expect((await create(oliver, between("1e3"), "amt-exp")).status).toBe(400);
    const tooMuch = await create(oliver, between("1000000.00"), "amt-funds");
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.code).toBe("INSUFFICIENT_FUNDS");
    expect(tooMuch.body.message[0].property).toBe("amount");
  });

  it("EURO payment: IBAN/BIC validated, SEPA_SCT, posted to the SEPA clearing account", async () => {
    const euro = (extra: Record<string, unknown>) => ({
      organizationId: orgId, kind: "EURO", accountId: main.id, currencyId: "EUR", amount: "120.00",
      beneficiaryName: "Hans Müller", iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX", ...extra,
    });
    const badIban = await create(oliver, euro({ iban: "DE89370400440532013001" }), "eur-bad-iban");
    expect(badIban.status).toBe(400);
    expect(badIban.body.message[0].property).toBe("iban");
    const badBic = await create(oliver, euro({ bic: "NOTABIC" }), "eur-bad-bic");
    expect(badBic.body.message[0].property).toBe("bic");
    const gbp = await create(oliver, euro({ currencyId: "GBP" }), "eur-gbp");
    expect(gbp.body.message[0].property).toBe("currencyId");
    const ok = await create(oliver, euro({}), "eur-ok");
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ paymentType: "SEPA_SCT", beneficiaryAccount: "DE89370400440532013000", benificiaryFullName: "Hans Müller" });
    const c = await s.call("POST", "/signatures/send-code", { token: oliver, body: { paymentIds: [ok.body.id], mfa: "PHONE", channel: "SMS" } });
    expect(s.sms.sent[s.sms.sent.length - 1].text).toContain("to pay EUR 120.00 to Hans Müller");
    const v = await s.call("POST", "/signatures/validate", { token: oliver, body: { token: c.body.token, code: c.body.debugCode } });
    expect((await sign(oliver, ok.body.id, v.body.token)).body.status).toBe("COMPLETED");
    expect(await balanceOf(oliver, main.id, "EUR")).toBe("1680.00");
  });

  it("INTERNAL payment goes to the recipient's individual account; errors on recipientPhone", async () => {
    const internal = (recipientPhone: string, amount = "10.00") => ({ organizationId: orgId, kind: "INTERNAL", accountId: main.id, currencyId: "GBP", amount, recipientPhone });
    const self = await create(oliver, internal(OLIVER), "int-self");
    expect(self.body.message[0].property).toBe("recipientPhone");
    const corporateOnly = await create(oliver, internal(AMELIA), "int-corp");
    expect(corporateOnly.body.message[0].property).toBe("recipientPhone");
    const unknown = await create(oliver, internal("+447700900999"), "int-unknown");
    expect(unknown.body.message[0].property).toBe("recipientPhone");
    const ok = await create(oliver, internal(JAMES), "int-ok");
    expect(ok.status).toBe(201);
    expect(ok.body.benificiaryFullName).toBe("James P.");
    const mfa = await mfaFor(oliver, [ok.body.id]);
    expect((await sign(oliver, ok.body.id, mfa)).body.status).toBe("COMPLETED");
    const james = await s.login(JAMES);
    const accounts = await s.call("GET", "/accounts?all=true", { token: james });
    const personal = accounts.body.data.find((a: any) => a.name === "Personal account");
    expect(personal.balances.find((b: any) => b.currencyId === "GBP").amount).toBe("1360.00");
  });

  it("a payer without a signature duty (signatureType NONE) gets the payment completed at once", async () => {
    const james = await s.login(JAMES);
    const orgs = (await s.call("GET", "/clients-organizations?all=true", { token: james })).body.data;
    const consulting = orgs.find((o: any) => o.companyName === "Patel Consulting Ltd");
    expect(consulting.currentOfficial.signatureType).toBe("NONE");
    const [acc] = (await s.call("GET", `/accounts?organizationId=${consulting.id}`, { token: james })).body.data;
    const p = await create(james, { organizationId: consulting.id, kind: "INTERNAL", accountId: acc.id, currencyId: "GBP", amount: "50.00", recipientPhone: OLIVER }, "none-1");
    expect(p.status).toBe(201);
    expect(p.body).toMatchObject({ status: "COMPLETED", requiresSignature: false });
    const code = await s.call("POST", "/signatures/send-code", { token: james, body: { paymentIds: [p.body.id], mfa: "PHONE", channel: "SMS" } });
    expect(code.status).toBe(403);
  });

  it("decline: only a pending payment; list filters by status with cursor pagination", async () => {
    const p = await create(oliver, between("4.00"), "decline-1");
    const d = await s.call("DELETE", `/payments/${p.body.id}/decline`, { token: oliver });
    expect(d.status).toBe(200);
    expect(d.body.status).toBe("DECLINED");
    expect((await s.call("DELETE", `/payments/${p.body.id}/decline`, { token: oliver })).body.code).toBe("PAYMENT_NOT_PENDING");
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const page: any = await s.call("GET", `/payments?organizationId=${orgId}&take=3${cursor ? `&cursor=${cursor}` : ""}`, { token: oliver });
      expect(page.status).toBe(200);
      for (const x of page.body.data) {
        expect(seen.has(x.id)).toBe(false);
        seen.add(x.id);
      }
      cursor = page.body.nextCursor;
    } while (cursor);
    const total = await s.db.select().from(payments).where(eq(payments.organizationId, orgId));
    expect(seen.size).toBe(total.length);
    const declined = await s.call("GET", `/payments?organizationId=${orgId}&status=DECLINED`, { token: oliver });
    expect(declined.body.data.map((x: any) => x.id)).toEqual([p.body.id]);
    expect((await s.call("GET", `/payments?take=101`, { token: oliver })).status).toBe(400);
  });
});
