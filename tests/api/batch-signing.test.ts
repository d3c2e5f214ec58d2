/**
 * Batch signing of the unsigned list (issue 7 "Signing lists"; spec 000 §4 signing flow, §7
 * Payments; PSD2 RTS Art. 5 dynamic linking): one code for several payments, its MFA token bound
 * to exactly that set; any change to a payment of the set invalidates it; one token signs every
 * payment of the set, each posted exactly once; decline several; the unsigned list is
 * cursor-paged with a total count; signatures are edges of nodes and stay inside the organization.
 *
 * Nothing in the API changes a payment after creation (no PUT; the same idempotency key with
 * other details is 409), so "B changed after the code was sent" is written to the database
 * directly, as an attacker or a bug would.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { ledgerTransactions, payments } from "../../server/db/schema/index.js";
import { addMember, createAccount, createCustomer, createUser, type CreatedCustomer } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

describe.each(databases)("batch signing on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  interface Payer {
    customer: CreatedCustomer;
    token: string;
    orgId: string;
    mainId: string;
    savingsId: string;
  }

  /** A fresh customer (INDIVIDUAL unless said) with GBP `gbp` on "Main account" and an empty GBP "Savings". */
  async function newPayer(gbp = "100.00", type: "INDIVIDUAL" | "CORPORATE" = "INDIVIDUAL"): Promise<Payer> {
    const customer = await createCustomer(s.db, { type, balances: { GBP: gbp } });
    const savings = await createAccount(s.db, { organizationId: customer.organization.id, name: "Savings", currencies: ["GBP"] });
    return {
      customer,
      token: await s.login(customer.phone),
      orgId: customer.organization.id,
      mainId: customer.account!.id,
      savingsId: savings.account.id,
    };
  }

  let keySeq = 0;
  /** A BETWEEN_ACCOUNTS payment of `amount` GBP awaiting signature; returns its id. */
  async function pending(p: Payer, amount: string): Promise<string> {
    const r = await s.call("POST", "/payments", {
      token: p.token,
      headers: { "Idempotency-Key": `batch-${kind}-${++keySeq}` },
      body: {
        organizationId: p.orgId,
        kind: "BETWEEN_ACCOUNTS",
        accountId: p.mainId,
        toAccountId: p.savingsId,
        currencyId: "GBP",
        amount,
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.status).toBe("AWAITING_SIGNATURE");
    return r.body.id as string;
  }

  const sendCode = (token: string, paymentIds: string[]) =>
    s.call("POST", "/signatures/send-code", { token, body: { paymentIds, mfa: "PHONE", channel: "SMS" } });
  const validate = (token: string, challenge: string, code: string) =>
    s.call("POST", "/signatures/validate", { token, body: { token: challenge, code } });
  async function mfaFor(token: string, paymentIds: string[]): Promise<string> {
    const c = await sendCode(token, paymentIds);
    expect(c.status).toBe(200);
    const v = await validate(token, c.body.token, c.body.debugCode);
    expect(v.status).toBe(200);
    return v.body.token as string;
  }
  const sign = (token: string, id: string, mfaToken: string) =>
    s.call("POST", `/payments/${id}/sign`, { token, body: { mfaToken, signedAt: new Date().toISOString() } });
  const statusOf = async (token: string, id: string) => (await s.call("GET", `/payments/${id}`, { token })).body.status;
  const balanceOf = async (token: string, accountId: string) => {
    const r = await s.call("GET", `/accounts/${accountId}/balances`, { token });
    return r.body.data.find((b: { currencyId: string }) => b.currencyId === "GBP").amount as string;
  };
  /** Ledger transactions of kind PAYMENT posted for each payment id. */
  async function postingsPerPayment(ids: string[]): Promise<Record<string, number>> {
    const rows = await s.db
      .select({ paymentId: ledgerTransactions.paymentId })
      .from(ledgerTransactions)
      .where(and(inArray(ledgerTransactions.paymentId, ids), eq(ledgerTransactions.kind, "PAYMENT")));
    return Object.fromEntries(ids.map((id) => [id, rows.filter((r) => r.paymentId === id).length]));
  }

  it("a code sent for A+B: its token cannot sign C, and the A+B code does not confirm a challenge for A+C", async () => {
    const p = await newPayer();
    const [a, b, c] = [await pending(p, "1.00"), await pending(p, "2.00"), await pending(p, "3.00")];
    const ab = await sendCode(p.token, [a, b]);
    expect(ab.status).toBe(200);
    expect(s.sms.sent[s.sms.sent.length - 1].text).toBe(
      `Code ${ab.body.debugCode} to sign 2 payments: GBP 3.00 in total. Never share this code.`,
    );
    // A second challenge for A+C (another set: its own code; the A+B code stays valid).
    let ac = await sendCode(p.token, [a, c]);
    expect(ac.status).toBe(200);
    // Four-digit codes may coincide; ask again (a new code for A+C replaces the previous one).
    for (let i = 0; i < 5 && ac.body.debugCode === ab.body.debugCode; i++) ac = await sendCode(p.token, [a, c]);
    expect(ac.body.debugCode).not.toBe(ab.body.debugCode);
    const crossed = await validate(p.token, ac.body.token, ab.body.debugCode);
    expect(crossed.status).toBe(401);
    expect(crossed.body.code).toBe("INVALID_CODE");

    const v = await validate(p.token, ab.body.token, ab.body.debugCode);
    expect(v.status).toBe(200);
    const onC = await sign(p.token, c, v.body.token);
    expect(onC.status).toBe(401);
    expect(onC.body.code).toBe("MFA_TOKEN_INVALID");
    expect(await statusOf(p.token, c)).toBe("AWAITING_SIGNATURE");
    expect((await sign(p.token, a, v.body.token)).body.status).toBe("COMPLETED");
    // Signing A did not widen the token: C is still refused.
    expect((await sign(p.token, c, v.body.token)).status).toBe(401);
    expect((await sign(p.token, b, v.body.token)).body.status).toBe("COMPLETED");
    expect(await balanceOf(p.token, p.savingsId)).toBe("3.00");
    expect(await postingsPerPayment([a, b, c])).toEqual({ [a]: 1, [b]: 1, [c]: 0 });
  });

  it("the code message is written in the language of the request (Accept-Language), English otherwise", async () => {
    const p = await newPayer();
    const [a, b] = [await pending(p, "1.00"), await pending(p, "2.00")];
    const inLanguage = (lang: string, ids: string[]) =>
      s.call("POST", "/signatures/send-code", {
        token: p.token,
        headers: { "Accept-Language": lang },
        body: { paymentIds: ids, mfa: "PHONE", channel: "SMS" },
      });
    const de = await inLanguage("de-DE,de;q=0.9,en;q=0.5", [a, b]);
    expect(de.status).toBe(200);
    expect(s.sms.sent.at(-1)!.text).toBe(
      `Code ${de.body.debugCode}, um 2 Zahlungen freizugeben: insgesamt GBP 3.00. Geben Sie diesen Code niemals weiter.`,
    );
    const ar = await inLanguage("ar", [a]);
    expect(ar.status).toBe(200);
    const arabic = s.sms.sent.at(-1)!.text;
    expect(arabic).toContain(`\u2066${ar.body.debugCode}\u2069`);
    expect(arabic).toContain("\u2066GBP 1.00\u2069");
    expect(arabic).toMatch(/لا تشارك هذا الرمز/);
    const fr = await inLanguage("fr-FR", [b]);
    expect(s.sms.sent.at(-1)!.text).toMatch(
      new RegExp(`^Code ${fr.body.debugCode} to pay GBP 2.00 to .+\\. Never share this code\\.$`),
    );
    // The login code follows the login page's language too.
    const login = await s.call("POST", "/auth/phone", {
      headers: { "Accept-Language": "de" },
      body: { phone: p.customer.phone },
    });
    expect(login.status).toBe(200);
    expect(s.sms.sent.at(-1)!.text).toBe(
      `Ihr Anmeldecode für die Bank lautet ${login.body.debugCode}. Geben Sie ihn niemals weiter.`,
    );
  });

  it("changing B after the code was sent invalidates the token for A and for B; B as sent makes it valid again", async () => {
    const p = await newPayer();
    const [a, b] = [await pending(p, "4.00"), await pending(p, "5.00")];
    const c = await sendCode(p.token, [a, b]);
    // B changes between sending and confirming: amount, then payee.
    await s.db.update(payments).set({ amount: "50.00" }).where(eq(payments.id, b));
    const v = await validate(p.token, c.body.token, c.body.debugCode);
    expect(v.status).toBe(200);
    for (const id of [a, b]) {
      const r = await sign(p.token, id, v.body.token);
      expect(r.status, id === a ? "A" : "B").toBe(401);
      expect(r.body.code).toBe("MFA_TOKEN_INVALID");
    }
    await s.db.update(payments).set({ amount: "5.00", beneficiaryName: "Someone Else" }).where(eq(payments.id, b));
    expect((await sign(p.token, a, v.body.token)).status).toBe(401);
    const [row] = await s.db.select().from(payments).where(eq(payments.id, a));
    await s.db.update(payments).set({ beneficiaryName: row.beneficiaryName }).where(eq(payments.id, b));
    // Every payment of the set as it was when the code was sent: the token signs again.
    expect((await sign(p.token, a, v.body.token)).body.status).toBe("COMPLETED");
    expect((await sign(p.token, b, v.body.token)).body.status).toBe("COMPLETED");
    expect(await balanceOf(p.token, p.mainId)).toBe("91.00");
    expect(await postingsPerPayment([a, b])).toEqual({ [a]: 1, [b]: 1 });
  });

  it("one token signs A and B at the same time: each posted exactly once; repeats are refused", async () => {
    const p = await newPayer("10.00");
    const [a, b] = [await pending(p, "6.00"), await pending(p, "3.50")];
    const mfa = await mfaFor(p.token, [a, b]);
    // Both payments, each signed twice, all at once.
    const answers = await Promise.all([a, b, a, b].map((id) => sign(p.token, id, mfa)));
    expect(
      answers
        .filter((r) => r.status === 200)
        .map((r) => r.body.id)
        .sort(),
    ).toEqual([a, b].sort());
    for (const r of answers.filter((x) => x.status !== 200)) {
      // The loser of a race finds it signed (409) or the token used for it (401); never a second posting.
      expect([401, 409]).toContain(r.status);
    }
    expect(await postingsPerPayment([a, b])).toEqual({ [a]: 1, [b]: 1 });
    expect(await balanceOf(p.token, p.mainId)).toBe("0.50");
    expect(await balanceOf(p.token, p.savingsId)).toBe("9.50");
    const again = await sign(p.token, a, mfa);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("PAYMENT_NOT_PENDING");
  });

  it("a batch where one payment lacks funds: the others are signed, that one stays awaiting signature", async () => {
    const p = await newPayer("10.00");
    const [a, b] = [await pending(p, "8.00"), await pending(p, "7.00")];
    const mfa = await mfaFor(p.token, [a, b]);
    expect((await sign(p.token, a, mfa)).body.status).toBe("COMPLETED");
    const poor = await sign(p.token, b, mfa);
    expect(poor.status).toBe(400);
    expect(poor.body.code).toBe("INSUFFICIENT_FUNDS");
    expect(await statusOf(p.token, b)).toBe("AWAITING_SIGNATURE");
    expect(await postingsPerPayment([a, b])).toEqual({ [a]: 1, [b]: 0 });
  });

  it("signed in one tab while 'Change details' declines it in another: one of them wins, posted at most once", async () => {
    // The web's Change details declines (DELETE …/decline) and reopens the form only when the
    // decline succeeded or found the payment DECLINED: a payment signed meanwhile answers 409 and
    // its values never reopen. Raced here many times: the statuses agree with what was posted.
    const p = await newPayer("100.00");
    for (let round = 0; round < 8; round++) {
      const id = await pending(p, "1.00");
      const mfa = await mfaFor(p.token, [id]);
      const [signed, declined, declinedAgain] = await Promise.all([
        sign(p.token, id, mfa),
        s.call("DELETE", `/payments/${id}/decline`, { token: p.token }),
        s.call("DELETE", `/payments/${id}/decline`, { token: p.token }),
      ]);
      const status = await statusOf(p.token, id);
      const declines = [declined, declinedAgain].filter((r) => r.status === 200);
      if (signed.status === 200) {
        expect(status).toBe("COMPLETED");
        expect(declines).toEqual([]);
        expect((await postingsPerPayment([id]))[id]).toBe(1);
      } else {
        expect([signed.status, signed.body.code]).toEqual([409, "PAYMENT_NOT_PENDING"]);
        expect(status).toBe("DECLINED");
        expect(declines).toHaveLength(1);
        expect((await postingsPerPayment([id]))[id]).toBe(0);
      }
      for (const r of [declined, declinedAgain].filter((x) => x.status !== 200)) expect(r.body.code).toBe("PAYMENT_NOT_PENDING");
    }
  });

  it("decline several: each DECLINED once, none can be signed after; declining B leaves A signable", async () => {
    const p = await newPayer();
    const [a, b, c, d] = [await pending(p, "1.10"), await pending(p, "1.20"), await pending(p, "1.30"), await pending(p, "1.40")];
    const mfa = await mfaFor(p.token, [a, b, c]);
    const declined = await Promise.all([b, c].map((id) => s.call("DELETE", `/payments/${id}/decline`, { token: p.token })));
    expect(declined.map((r) => [r.status, r.body.status])).toEqual([
      [200, "DECLINED"],
      [200, "DECLINED"],
    ]);
    for (const id of [b, c]) {
      const r = await sign(p.token, id, mfa);
      expect(r.status).toBe(409);
      expect(r.body.code).toBe("PAYMENT_NOT_PENDING");
      expect((await s.call("DELETE", `/payments/${id}/decline`, { token: p.token })).status).toBe(409);
    }
    // Declining is no change to what was authorised: A, unchanged, is still signed by the token.
    expect((await sign(p.token, a, mfa)).body.status).toBe("COMPLETED");
    // Another customer cannot decline D (404: it does not exist for them), nor send a code for it.
    const stranger = await newPayer();
    expect((await s.call("DELETE", `/payments/${d}/decline`, { token: stranger.token })).status).toBe(404);
    expect((await sendCode(stranger.token, [d])).status).toBe(404);
    // A code for a set holding a declined payment is refused as a whole.
    const mixed = await sendCode(p.token, [b, d]);
    expect(mixed.status).toBe(409);
    expect(mixed.body.code).toBe("PAYMENT_NOT_PENDING");
    expect(await statusOf(p.token, d)).toBe("AWAITING_SIGNATURE");
    expect(await postingsPerPayment([a, b, c, d])).toEqual({ [a]: 1, [b]: 0, [c]: 0, [d]: 0 });
  });

  it("the unsigned list is cursor-paged, newest first, with the total count of unsigned payments", async () => {
    const p = await newPayer();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await pending(p, `0.1${i}`));
    const signed = ids[1];
    expect((await sign(p.token, signed, await mfaFor(p.token, [signed]))).status).toBe(200);
    const unsigned = ids.filter((id) => id !== signed).reverse();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q = `/payments?organizationId=${p.orgId}&status=AWAITING_SIGNATURE&take=3${cursor ? `&cursor=${cursor}` : ""}`;
      const page: { status: number; body: any } = await s.call("GET", q, { token: p.token });
      expect(page.status).toBe(200);
      expect(page.body.totalCount).toBe(4);
      seen.push(...page.body.data.map((x: { id: string; status: string }) => x.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(unsigned);
    const all = await s.call("GET", `/payments?organizationId=${p.orgId}&take=2`, { token: p.token });
    expect(all.body).toMatchObject({ totalCount: 5 });
    expect(all.body.data).toHaveLength(2);
  });

  it("signatures: edges of nodes (id, createdAt, signer's names), seen by a second official; 404 for another organization", async () => {
    const company = await newPayer("500.00", "CORPORATE");
    const viewer = await createUser(s.db, { firstName: "Daniel", lastName: "Hughes" });
    await addMember(s.db, {
      organizationId: company.orgId,
      userId: viewer.id,
      companyOfficialType: "DIRECTOR",
      signatureType: "NONE",
    });
    const viewerToken = await s.login(viewer.phone);
    const id = await pending(company, "42.00");

    // The official without a signature duty sees the payment but may not sign it.
    expect(await statusOf(viewerToken, id)).toBe("AWAITING_SIGNATURE");
    expect((await sendCode(viewerToken, [id])).status).toBe(403);
    const before = await s.call("GET", `/payments/${id}/signatures`, { token: viewerToken });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ edges: [] });

    const signedAt = Date.now();
    expect((await sign(company.token, id, await mfaFor(company.token, [id]))).body.status).toBe("COMPLETED");
    const sigs = await s.call("GET", `/payments/${id}/signatures`, { token: viewerToken });
    expect(sigs.status).toBe(200);
    expect(Object.keys(sigs.body)).toEqual(["edges"]);
    expect(sigs.body.edges).toHaveLength(1);
    const { node } = sigs.body.edges[0];
    expect(Object.keys(node).sort()).toEqual(["createdAt", "id", "user"]);
    expect(node.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(Date.parse(node.createdAt) - signedAt)).toBeLessThan(60_000);
    expect(node.user).toEqual({
      profile: { firstName: company.customer.user.firstName, lastName: company.customer.user.lastName },
    });
    // The signer sees the same list.
    expect((await s.call("GET", `/payments/${id}/signatures`, { token: company.token })).body).toEqual(sigs.body);

    const stranger = await newPayer();
    const foreign = await s.call("GET", `/payments/${id}/signatures`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("NOT_FOUND");
    expect(
      (await s.call("GET", `/payments/00000000-0000-4000-8000-000000000000/signatures`, { token: viewerToken })).status,
    ).toBe(404);
  });

  it("demo seed: Northwind's two unsigned payments; its second official (NONE) sees them and may not sign; balances as listed", async () => {
    const amelia = await s.login("+447700900002");
    const daniel = await s.login("+447700900006");
    const whoami = (await s.call("GET", "/users/whoami", { token: daniel })).body;
    expect(whoami.profile).toMatchObject({ firstName: "Daniel", lastName: "Hughes" });
    expect(whoami.activeOrganization).toMatchObject({
      type: "CORPORATE",
      fullName: "Northwind Trading Ltd",
      currentOfficial: { signatureType: "NONE", companyOfficialType: "DIRECTOR" },
    });
    const orgId = whoami.activeOrganization.id;
    const list = async (token: string) =>
      (await s.call("GET", `/payments?organizationId=${orgId}&status=AWAITING_SIGNATURE`, { token })).body;
    const seen = await list(daniel);
    expect(seen.totalCount).toBe(2);
    expect(seen.data.map((p: any) => [p.benificiaryFullName, p.amount, p.currencyId, p.payeeDescription])).toEqual([
      ["Müller Logistik GmbH", "860.00", "EUR", "IBAN DE02 1203 0000 0000 2020 51, BIC BYLADEM1001"],
      ["Acme Supplies Ltd", "1240.00", "GBP", "Sort code 30-96-34, account 12345678"],
    ]);
    expect((await list(amelia)).data.map((p: any) => p.id)).toEqual(seen.data.map((p: any) => p.id));
    const ids = seen.data.map((p: { id: string }) => p.id);
    expect((await sendCode(daniel, ids)).status).toBe(403);
    const account = (await s.call("GET", `/accounts?organizationId=${orgId}`, { token: amelia })).body.data[0];
    expect(account.balances.map((b: any) => [b.currencyId, b.amount]).sort()).toEqual([
      ["EUR", "9800.00"],
      ["GBP", "48250.00"],
    ]);
  });
});
