/**
 * One customer signs several payments at once (two tabs, or a batch through the API): each
 * signing code is bound to its own payments, so a new code for other payments cancels nothing
 * (PSD2 RTS Art. 5 dynamic linking: one code, one set of payments). The 60-second wait before
 * another code applies to resending a code for the SAME payments; a per-user ceiling
 * (10 a minute) stops SMS pumping while leaving room for several tabs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createCustomer } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

async function newPayer(s: TestServer, gbp: string) {
  const customer = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: gbp } });
  const savings = await createAccount(s.db, { organizationId: customer.organization.id, name: "Savings", currencies: ["GBP"] });
  return { customer, token: await s.login(customer.phone), savingsId: savings.account.id };
}

type Payer = Awaited<ReturnType<typeof newPayer>>;

/** POST /payments of `amount` GBP from the payer's main account to their savings, under `key`. */
function createPayment(s: TestServer, p: Payer, key: string, amount = "1.00") {
  return s.call("POST", "/payments", {
    token: p.token,
    headers: { "idempotency-key": key },
    body: {
      organizationId: p.customer.organization.id,
      kind: "BETWEEN_ACCOUNTS",
      accountId: p.customer.account!.id,
      toAccountId: p.savingsId,
      currencyId: "GBP",
      amount,
    },
  });
}

/** create → send-code → validate → sign for one payment of `amount` GBP; returns the final statuses seen. */
async function flow(s: TestServer, p: Payer, key: string, amount = "1.00") {
  const created = await createPayment(s, p, key, amount);
  if (created.status !== 201 && created.status !== 200) return { step: "create", status: created.status, body: created.body };
  const paymentIds = [created.body.id];
  const code = await s.call("POST", "/signatures/send-code", { token: p.token, body: { paymentIds, mfa: "PHONE" } });
  if (code.status !== 200) return { step: "send-code", status: code.status, body: code.body };
  const mfa = await s.call("POST", "/signatures/validate", {
    token: p.token,
    body: { token: code.body.token, code: code.body.debugCode },
  });
  if (mfa.status !== 200) return { step: "validate", status: mfa.status, body: mfa.body };
  const signed = await s.call("POST", `/payments/${created.body.id}/sign`, {
    token: p.token,
    body: { mfaToken: mfa.body.token, signedAt: new Date().toISOString() },
  });
  return { step: "sign", status: signed.status, body: signed.body };
}

describe.each(databases)("parallel signing on %s (relaxed ceilings)", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  it("40 simultaneous create → sign flows of one customer all complete, and the money adds up", async () => {
    const p = await newPayer(s, "100.00");
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => flow(s, p, `par-${p.customer.user.id}-${i}`)));
    const failed = results.filter((r) => !(r.step === "sign" && r.status === 200 && r.body.status === "COMPLETED"));
    expect(failed).toEqual([]);
    const balances = await s.call("GET", `/accounts/${p.customer.account!.id}/balances`, { token: p.token });
    expect(balances.body.data.find((b: { currencyId: string }) => b.currencyId === "GBP").amount).toBe("60.00");
  });
});

describe.each(databases)("signing code limits on %s (strict)", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind, rateLimits: "strict" });
  });
  afterAll(async () => s?.close());

  it("5 tabs at once each sign their own payment", async () => {
    const p = await newPayer(s, "10.00");
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => flow(s, p, `tab-${p.customer.user.id}-${i}`)));
    expect(results.map((r) => `${r.step}:${r.status}`)).toEqual(Array(5).fill("sign:200"));
  });

  it("a second code for the same payments within 60 s is 429; for other payments it is sent; over 10 a minute is 429", async () => {
    const p = await newPayer(s, "50.00");
    const create = async (i: number) => (await createPayment(s, p, `lim-${p.customer.user.id}-${i}`)).body.id as string;
    const ids = await Promise.all(Array.from({ length: 11 }, (_, i) => create(i)));
    const send = (paymentIds: string[]) => s.call("POST", "/signatures/send-code", { token: p.token, body: { paymentIds } });

    expect((await send([ids[0]])).status).toBe(200);
    const resend = await send([ids[0]]);
    expect(resend.status).toBe(429);
    expect(resend.body.retryAfter).toBeGreaterThan(50);
    const others = await Promise.all(ids.slice(1, 10).map((id) => send([id])));
    expect(others.map((r) => r.status)).toEqual(Array(9).fill(200));
    const eleventh = await send([ids[10]]);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.code).toBe("RATE_LIMITED");
  });
});
