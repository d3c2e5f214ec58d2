/**
 * Every payment rail against a real database (issue 6): for each kind, check (fee) → create →
 * send-code → validate → sign, then the payer's balance (amount + fee), the clearing or recipient
 * balance, and the fee as its own TRANSACTION_FEE statement item; the rail's validators on the
 * API (sort code, ABA, IBAN for IBAN countries, wallet checksum, CASP asset, PSP partner);
 * idempotency per kind; check and drafts across organizations.
 *
 * Fees are the seeded default tariff (server/seed/seed.ts): SEPA_SCT_INST 0.50 EUR, TARGET_2
 * 10.00 EUR, BACS 0.20 GBP, FEDWIRE 15.00 USD, SWIFT 0.20 % (min 10, max 100), crypto 0.50 %
 * (min 1 USDT / 0.01 SOL), cash 1 % (min 2.00); SEPA_SCT, Faster Payments, internal and between
 * accounts are free.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer, type CreatedCustomer } from "../../server/seed/factories.js";
import { systemBalanceId } from "../../server/domain/ledger/system.js";
import { balances } from "../../server/db/schema/index.js";
import { eq } from "drizzle-orm";
import { databases, startTestServer, type TestServer } from "./helpers.js";

interface Payer {
  customer: CreatedCustomer;
  token: string;
  orgId: string;
  accountId: string;
}

describe.each(databases)("payment rails on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  async function newPayer(amounts: Record<string, string>): Promise<Payer> {
    const customer = await createCustomer(s.db, { type: "INDIVIDUAL", balances: amounts });
    return { customer, token: await s.login(customer.phone), orgId: customer.organization.id, accountId: customer.account!.id };
  }
  const amountOf = async (balanceId: string) =>
    (await s.db.select({ amount: balances.amount }).from(balances).where(eq(balances.id, balanceId)))[0].amount;
  const balanceOf = async (p: Payer, currency: string) => {
    const r = await s.call("GET", `/accounts/${p.accountId}/balances`, { token: p.token });
    return r.body.data.find((b: { currencyId: string }) => b.currencyId === currency).amount as string;
  };
  let keySeq = 0;
  const create = (p: Payer, body: Record<string, unknown>, key = `rails-${kind}-${keySeq++}`) =>
    s.call("POST", "/payments", {
      token: p.token,
      body: { organizationId: p.orgId, accountId: p.accountId, ...body },
      headers: { "idempotency-key": key },
    });
  const check = (p: Payer, body: Record<string, unknown>) =>
    s.call("POST", "/payments/check", { token: p.token, body: { organizationId: p.orgId, accountId: p.accountId, ...body } });
  async function signAll(p: Payer, id: string) {
    const c = await s.call("POST", "/signatures/send-code", {
      token: p.token,
      body: { paymentIds: [id], mfa: "PHONE", channel: "SMS" },
    });
    expect(c.status).toBe(200);
    const v = await s.call("POST", "/signatures/validate", {
      token: p.token,
      body: { token: c.body.token, code: c.body.debugCode },
    });
    expect(v.status).toBe(200);
    return s.call("POST", `/payments/${id}/sign`, {
      token: p.token,
      body: { mfaToken: v.body.token, signedAt: new Date().toISOString() },
    });
  }
  const fieldsOf = (body: { message?: { property: string; constraints: Record<string, string> }[] | string }) =>
    Object.fromEntries((Array.isArray(body.message) ? body.message : []).map((e) => [e.property, Object.keys(e.constraints)[0]]));

  const cases: {
    name: string;
    currency: string;
    start: string;
    body: Record<string, unknown>;
    amount: string;
    fee: string | null;
    paymentType: string | null;
    clearing: Parameters<typeof systemBalanceId>[1];
    description: RegExp;
  }[] = [
    {
      name: "SEPA Instant",
      currency: "EUR",
      start: "100.00",
      body: {
        kind: "EURO",
        paymentType: "SEPA_SCT_INST",
        beneficiaryName: "Hans Müller",
        iban: "DE89 3704 0044 0532 0130 00",
        bic: "COBADEFFXXX",
      },
      amount: "10.00",
      fee: "0.50",
      paymentType: "SEPA_SCT_INST",
      clearing: "SEPA_CLEARING",
      description: /IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX/,
    },
    {
      name: "Faster Payments (free)",
      currency: "GBP",
      start: "50.00",
      body: {
        kind: "GBP",
        paymentType: "FASTER_PAYMENT",
        beneficiaryName: "Sarah Johnson",
        sortCode: "20-00-00",
        accountNumber: "55779911",
      },
      amount: "12.34",
      fee: null,
      paymentType: "FASTER_PAYMENT",
      clearing: "FPS_CLEARING",
      description: /Sort code 20-00-00, account 55779911/,
    },
    {
      name: "BACS",
      currency: "GBP",
      start: "50.00",
      body: { kind: "GBP", paymentType: "BACS", beneficiaryName: "Sarah Johnson", sortCode: "200000", accountNumber: "55779911" },
      amount: "20.00",
      fee: "0.20",
      paymentType: "BACS",
      clearing: "FPS_CLEARING",
      description: /Sort code 20-00-00/,
    },
    {
      name: "Fedwire",
      currency: "USD",
      start: "1000.00",
      body: {
        kind: "USD",
        beneficiaryName: "Acme Supplies Inc",
        aba: "026009593",
        accountNumber: "000123456789",
        address: "100 Main Street",
        city: "New York",
        postCode: "10001",
        countryId: "US",
        purpose: "Invoice 4411",
      },
      amount: "250.00",
      fee: "15.00",
      paymentType: "FEDWIRE",
      clearing: "FEDWIRE_CLEARING",
      description: /ABA 026009593, account 000123456789/,
    },
    {
      name: "SWIFT to an IBAN country (minimum fee)",
      currency: "USD",
      start: "1000.00",
      body: {
        kind: "INTERNATIONAL",
        beneficiaryName: "Emirates Trading LLC",
        bic: "EBILAEAD",
        iban: "AE070331234567890123456",
        address: "Sheikh Zayed Road 1",
        city: "Dubai",
        countryId: "AE",
        bankName: "Emirates NBD",
        bankCountry: "AE",
        purpose: "Goods",
      },
      amount: "100.00",
      fee: "10.00",
      paymentType: "SWIFT",
      clearing: "SWIFT_CLEARING",
      description: /IBAN AE07 0331 2345 6789 0123 456, BIC EBILAEAD/,
    },
    {
      name: "crypto-asset on Solana (minimum fee at the asset's scale)",
      currency: "SOL",
      start: "10.000000000",
      body: {
        kind: "CRYPTO_ASSET_PAYMENT",
        beneficiaryName: "Alex Wallet",
        caspId: "kraken-eu",
        walletAddress: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
        purpose: "Savings",
      },
      amount: "1.234567891",
      fee: "0.010000000",
      paymentType: "CRYPTO_ASSET_PAYMENT",
      clearing: "CASP_CLEARING",
      description: /Wallet EPjF.* \(SOLANA\)/,
    },
    {
      name: "cash over the counter",
      currency: "EUR",
      start: "500.00",
      body: { kind: "CASH_OVER_COUNTER", beneficiaryName: "Maria Rossi", collectorContact: "+39 347 123 4567" },
      amount: "300.00",
      fee: "3.00",
      paymentType: "CASH_OVER_COUNTER",
      clearing: "CASH_CLEARING",
      description: /collector phone \+393471234567/,
    },
  ];

  for (const c of cases) {
    it(`${c.name}: check → create → sign moves amount and fee through the ledger`, async () => {
      const p = await newPayer({ [c.currency]: c.start });
      const body: Record<string, unknown> = { ...c.body, currencyId: c.currency, amount: c.amount };
      if (c.body.kind === "CASH_OVER_COUNTER") {
        const partners = await s.call("GET", `/psp-partners?currencyId=${c.currency}`, { token: p.token });
        body.pspPartnerId = partners.body.data[0].id;
      }
      const checked = await check(p, body);
      expect(checked.status, JSON.stringify(checked.body)).toBe(200);
      expect(checked.body.fee).toEqual(c.fee ? { amount: c.fee, currencyId: c.currency } : null);
      expect(checked.body.paymentType).toBe(c.paymentType);
      expect(checked.body.payeeDescription).toMatch(c.description);
      // The same in parts (for the web app's wording in the reader's language), on the payment too.
      const { payeeAccountInEnglish } = await import("../../server/domain/payments/rails/payee-account.js");
      expect(payeeAccountInEnglish(checked.body.payeeAccount)).toBe(checked.body.payeeDescription);

      const clearing = await systemBalanceId(s.db, c.clearing, c.currency);
      const clearingBefore = await amountOf(clearing);
      const created = await create(p, body);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.status).toBe("AWAITING_SIGNATURE");
      expect(created.body.fee).toEqual(checked.body.fee);
      expect(created.body.payeeAccount).toEqual(checked.body.payeeAccount);
      expect(created.body.payeeDescription).toBe(checked.body.payeeDescription);
      const signed = await signAll(p, created.body.id);
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      expect(signed.body.status).toBe("COMPLETED");

      const { Decimal } = await import("../../server/domain/ledger/money.js");
      const expected = new Decimal(c.start).minus(c.amount).minus(c.fee ?? "0");
      expect(new Decimal(await balanceOf(p, c.currency)).eq(expected)).toBe(true);
      expect(new Decimal(await amountOf(clearing)).minus(clearingBefore).eq(c.amount)).toBe(true);

      const items = await s.call("GET", `/statements-items?organizationId=${p.orgId}`, { token: p.token });
      const fees = items.body.data.filter((i: { operationType: string }) => i.operationType === "TRANSACTION_FEE");
      if (c.fee) {
        expect(fees).toHaveLength(1);
        expect(new Decimal(fees[0].amount).eq(new Decimal(c.fee).neg())).toBe(true);
        expect(fees[0].paymentId).toBe(created.body.id);
        // The bank's own fee item: no English title from the API (the web app titles it from the code).
        expect(fees[0].title).toBeNull();
      } else expect(fees).toHaveLength(0);
    });
  }

  it("a fee that does not fit next to the amount is refused as insufficient funds", async () => {
    const p = await newPayer({ USD: "260.00" });
    const body = { ...cases[3].body, currencyId: "USD", amount: "250.00" };
    const r = await create(p, body);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INSUFFICIENT_FUNDS");
  });

  it("each rail's validators answer on the right field", async () => {
    const p = await newPayer({ GBP: "100.00", USD: "100.00", USDT: "100.000000", EUR: "100.00" });
    const gbp = { kind: "GBP", paymentType: "FASTER_PAYMENT", currencyId: "GBP", amount: "1.00", beneficiaryName: "X" };
    expect(fieldsOf((await check(p, { ...gbp, sortCode: "12-34", accountNumber: "12345678" })).body)).toEqual({
      sortCode: "format",
    });
    expect(fieldsOf((await check(p, { ...gbp, sortCode: "123456", accountNumber: "1234567" })).body)).toEqual({
      accountNumber: "format",
    });
    const usd = { ...cases[3].body, currencyId: "USD", amount: "1.00" };
    expect(fieldsOf((await check(p, { ...usd, aba: "026009594" })).body)).toEqual({ aba: "checksum" });
    expect(fieldsOf((await check(p, { ...usd, purpose: "" })).body)).toEqual({ purpose: "isNotEmpty" });
    const swift = { ...cases[4].body, currencyId: "USD", amount: "1.00" };
    expect(fieldsOf((await check(p, { ...swift, iban: undefined, accountNumber: "12345" })).body)).toEqual({ iban: "required" });
    // A country without IBANs (US): an account number, no IBAN.
    const us = {
      ...swift,
      bic: "CHASUS33",
      bankCountry: "US",
      iban: undefined,
      accountNumber: "123456789",
      countryId: "US",
      bankName: "JPMorgan Chase",
    };
    expect((await check(p, us)).status).toBe(200);
    const usdt = {
      kind: "CRYPTO_ASSET_PAYMENT",
      currencyId: "USDT",
      amount: "1.5",
      beneficiaryName: "X",
      caspId: "kraken-eu",
      purpose: "p",
    };
    expect(fieldsOf((await check(p, { ...usdt, walletAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD" })).body)).toEqual({
      walletAddress: "checksum",
    });
    expect((await check(p, { ...usdt, walletAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" })).status).toBe(200);
    expect(fieldsOf((await check(p, { ...usdt, amount: "1.1234567" })).body)).toEqual({ amount: "too-many-decimals" });
    expect(fieldsOf((await check(p, { ...usdt, caspId: "nobody" })).body)).toEqual({ caspId: "isCasp" });
    const cash = {
      kind: "CASH_OVER_COUNTER",
      currencyId: "EUR",
      amount: "10.00",
      beneficiaryName: "X",
      collectorContact: "+393471234567",
    };
    expect(fieldsOf((await check(p, { ...cash, pspPartnerId: "nobody" })).body)).toEqual({ pspPartnerId: "isPartner" });
    expect(fieldsOf((await check(p, { ...cash, collectorContact: "12" })).body)).toEqual({ collectorContact: "isPhone" });
    expect(fieldsOf((await check(p, { kind: "TELEPORT", currencyId: "EUR", amount: "1" })).body)).toHaveProperty("kind");
  });

  it("one idempotency key per kind: the replay answers the same payment, no second debit", async () => {
    for (const c of cases.slice(0, 4)) {
      const p = await newPayer({ [c.currency]: c.start });
      const body = { ...c.body, currencyId: c.currency, amount: c.amount };
      const first = await create(p, body, `same-${c.name}`);
      const again = await create(p, body, `same-${c.name}`);
      expect(first.status).toBe(201);
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(first.body.id);
      const other = await create(p, { ...body, amount: "1.00" }, `same-${c.name}`);
      expect(other.status).toBe(409);
    }
  });

  it("check, drafts and the company lookup are the caller's own", async () => {
    const a = await newPayer({ EUR: "10.00" });
    const b = await newPayer({ EUR: "10.00" });
    const body = {
      kind: "EURO",
      currencyId: "EUR",
      amount: "1.00",
      beneficiaryName: "X",
      iban: "DE89370400440532013000",
      bic: "COBADEFF",
    };
    // b checks a payment from a's organization and account.
    const foreign = await s.call("POST", "/payments/check", {
      token: b.token,
      body: { ...body, organizationId: a.orgId, accountId: a.accountId },
    });
    expect(foreign.status).toBe(403);
    const saved = await s.call("PUT", "/payment-drafts/euro", {
      token: a.token,
      body: { organizationId: a.orgId, data: { beneficiaryName: "Half typed" } },
    });
    expect(saved.status).toBe(200);
    expect((await s.call("GET", "/payment-drafts/euro", { token: a.token })).body.data).toEqual({
      beneficiaryName: "Half typed",
    });
    expect((await s.call("GET", "/payment-drafts/euro", { token: b.token })).status).toBe(404);
    const stolen = await s.call("PUT", "/payment-drafts/euro", { token: b.token, body: { organizationId: a.orgId, data: {} } });
    expect(stolen.status).toBe(403);
    expect((await s.call("DELETE", "/payment-drafts", { token: a.token })).status).toBe(204);
    expect((await s.call("GET", "/payment-drafts/euro", { token: a.token })).status).toBe(404);
    expect(
      (await s.call("GET", "/clients-organizations/check-corp-recepient?companyNumber=09876543", { token: a.token })).body,
    ).toMatchObject({
      displayName: "Northwind Trading Ltd",
    });
  });

  it("an internal payment to a company by its company number credits the company", async () => {
    const p = await newPayer({ GBP: "100.00" });
    const company = await createCustomer(s.db, {
      type: "CORPORATE",
      companyName: "Rails Test Ltd",
      companyNumber: "SC123456",
      balances: { GBP: "0.00" },
    });
    const created = await create(p, { kind: "INTERNAL", currencyId: "GBP", amount: "7.00", recipientCompanyNumber: "sc 123456" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.benificiaryFullName).toBe("Rails Test Ltd");
    expect((await signAll(p, created.body.id)).status).toBe(200);
    expect(await amountOf(company.balances.GBP.id)).toMatch(/^7\.0+$/);
  });

  it("fifty fee-bearing payments signed at once: every fee posted once, fee income exact, no deadlock", async () => {
    const payers = await Promise.all(Array.from({ length: 10 }, () => newPayer({ EUR: "100.00" })));
    const income = await systemBalanceId(s.db, "FEE_INCOME", "EUR");
    const { Decimal } = await import("../../server/domain/ledger/money.js");
    const before = new Decimal(await amountOf(income));
    const body = { ...cases[0].body, currencyId: "EUR", amount: "1.00" };
    const flows = payers.flatMap((p) =>
      Array.from({ length: 5 }, async () => {
        const created = await create(p, body);
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        return (await signAll(p, created.body.id)).status;
      }),
    );
    expect(await Promise.all(flows)).toEqual(Array(50).fill(200));
    expect(new Decimal(await amountOf(income)).minus(before).eq("25.00")).toBe(true);
    for (const p of payers) expect(await balanceOf(p, "EUR")).toBe("92.50");
  });
});
