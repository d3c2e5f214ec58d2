/**
 * Saved beneficiaries against a real database (issue 7; spec 000 §3 fields, §4 states, §7 calls):
 * create per payment type with real values (stored in the formats the rails read back) and
 * invalid ones refused on the right field with the field rules' codes; list with search, filters
 * and cursor paging; submit → staff approval (domain function) → a EURO payment filled from the
 * beneficiary; rejection with a reason → edit → DRAFT; the approval-not-required setting; delete
 * (hard, or hidden when a payment names it); another organization's beneficiary answers 404 and
 * its organization 403. Also the `npm run bank` command's parsing and its calls.
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beneficiaries, settings } from "../../server/db/schema/index.js";
import {
  approveBeneficiary,
  escapeLike,
  rejectBeneficiary,
  SETTING_BENEFICIARIES_APPROVAL_REQUIRED,
} from "../../server/domain/beneficiaries/index.js";
import { DomainError } from "../../server/domain/errors.js";
import { createCustomer } from "../../server/seed/factories.js";
import { parseBankArgs, runBankCommand, UsageError } from "../../server/staff/commands.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

interface Customer {
  token: string;
  orgId: string;
  accountId: string;
}

/** Field → first constraint id of a 400 answer. */
const fieldsOf = (body: { message?: { property: string; constraints: Record<string, string> }[] | string }) =>
  Object.fromEntries((Array.isArray(body.message) ? body.message : []).map((e) => [e.property, Object.keys(e.constraints)[0]]));

/** Real, valid payees per payment type (the same values the rails tests pay). */
const VALID: Record<string, Record<string, unknown>> = {
  euro: {
    paymentType: "LOCAL",
    currencyId: "EUR",
    name: "Hans Müller",
    beneficiaryType: "INDIVIDUAL",
    iban: "de89 3704 0044 0532 0130 00",
    bic: "cobadeffxxx",
    bankName: "Commerzbank",
  },
  gbp: {
    paymentType: "LOCAL",
    currencyId: "GBP",
    name: "Sarah Johnson",
    nickname: "Sarah (flat)",
    beneficiaryType: "INDIVIDUAL",
    sortCode: "20-00-00",
    bankAccountNumber: "5577 9911",
  },
  usd: {
    paymentType: "LOCAL",
    currencyId: "USD",
    name: "Acme Supplies Inc",
    beneficiaryType: "COMPANY",
    aba: "026009593",
    bankAccountNumber: "000123456789",
    address: "100 Main Street",
    city: "New York",
    postCode: "10001",
    countryId: "us",
  },
  swiftIban: {
    paymentType: "INTERNATIONAL",
    currencyId: "USD",
    name: "Emirates Trading LLC",
    beneficiaryType: "COMPANY",
    bic: "EBILAEAD",
    iban: "AE070331234567890123456",
    address: "Sheikh Zayed Road 1",
    city: "Dubai",
    countryId: "AE",
    bankName: "Emirates NBD",
    bankCountry: "AE",
  },
  swiftAccount: {
    paymentType: "INTERNATIONAL",
    currencyId: "USD",
    name: "Chase Customer",
    beneficiaryType: "INDIVIDUAL",
    bic: "CHASUS33",
    bankAccountNumber: "123456789",
    address: "1 Park Avenue",
    city: "New York",
    countryId: "US",
    bankName: "JPMorgan Chase",
    useIntermediaryBank: true,
    intermediaryBankName: "Deutsche Bank",
    intermediaryBankBIC: "DEUTDEFF",
    intermediaryBankCorrespondentAccount: "400886700401",
  },
  internal: {
    paymentType: "INTERNAL",
    currencyId: "GBP",
    name: "Oliver Twist",
    beneficiaryType: "INDIVIDUAL",
    phone: "+44 7700 900123",
  },
  usdt: {
    paymentType: "CRYPTO_ASSET_PAYMENT",
    currencyId: "USDT",
    name: "Alex Wallet",
    beneficiaryType: "INDIVIDUAL",
    caspId: "kraken-eu",
    walletAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  },
  sol: {
    paymentType: "CRYPTO_ASSET_PAYMENT",
    currencyId: "SOL",
    name: "Alex Solana",
    beneficiaryType: "INDIVIDUAL",
    caspId: "kraken-eu",
    walletAddress: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
  },
  cash: {
    paymentType: "CASH_OVER_COUNTER",
    currencyId: "EUR",
    name: "Maria Rossi",
    beneficiaryType: "INDIVIDUAL",
    collectorContact: "+39 347 123 4567",
  },
};

describe.each(databases)("beneficiaries on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  async function newCustomer(balances: Record<string, string> = { EUR: "100.00" }): Promise<Customer> {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL", balances });
    return { token: await s.login(c.phone), orgId: c.organization.id, accountId: c.account!.id };
  }
  const create = (c: Customer, body: Record<string, unknown>) =>
    s.call("POST", "/beneficiaries", { token: c.token, body: { organizationId: c.orgId, ...body } });
  const stored = async (orgId: string) =>
    (await s.db.select({ n: count() }).from(beneficiaries).where(eq(beneficiaries.organizationId, orgId)))[0].n;
  const setApproval = async (required: boolean | null) => {
    if (required === null) await s.db.delete(settings).where(eq(settings.key, SETTING_BENEFICIARIES_APPROVAL_REQUIRED));
    else
      await s.db
        .insert(settings)
        .values({ key: SETTING_BENEFICIARIES_APPROVAL_REQUIRED, value: required })
        .onConflictDoUpdate({ target: settings.key, set: { value: required } });
  };
  async function signAll(c: Customer, id: string) {
    const code = await s.call("POST", "/signatures/send-code", {
      token: c.token,
      body: { paymentIds: [id], mfa: "PHONE", channel: "SMS" },
    });
    expect(code.status).toBe(200);
    const v = await s.call("POST", "/signatures/validate", {
      token: c.token,
      body: { token: code.body.token, code: code.body.debugCode },
    });
    expect(v.status).toBe(200);
    return s.call("POST", `/payments/${id}/sign`, {
      token: c.token,
      body: { mfaToken: v.body.token, signedAt: new Date().toISOString() },
    });
  }

  it("creates a beneficiary of every payment type, stored in the formats the rails read back", async () => {
    const c = await newCustomer();
    const expected: Record<string, Record<string, unknown>> = {
      euro: { iban: "DE89370400440532013000", bic: "COBADEFFXXX", countryId: "DE", bankName: "Commerzbank", sortCode: null },
      gbp: { sortCode: "200000", bankAccountNumber: "55779911", countryId: "GB", nickname: "Sarah (flat)", iban: null },
      usd: { aba: "026009593", bankAccountNumber: "000123456789", address: "100 Main Street", city: "New York", countryId: "US" },
      swiftIban: { bic: "EBILAEAD", iban: "AE070331234567890123456", bankCountry: "AE", bankAccountNumber: null },
      swiftAccount: {
        iban: null,
        bankAccountNumber: "123456789",
        bankCountry: "US",
        useIntermediaryBank: true,
        intermediaryBankBIC: "DEUTDEFF",
        intermediaryBankCountry: "DE",
        intermediaryBankCorrespondentAccount: "400886700401",
      },
      internal: { phone: "+447700900123", iban: null },
      usdt: { caspId: "kraken-eu", walletAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" },
      sol: { caspId: "kraken-eu", walletAddress: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" },
      cash: { collectorContact: "+393471234567", phone: null },
    };
    for (const [name, body] of Object.entries(VALID)) {
      // A field of another payment type is ignored, never stored.
      const r = await create(c, { ...body, walletAddress: body.walletAddress ?? "ignored", caspId: body.caspId ?? "x" });
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(201);
      expect(r.body, name).toMatchObject({
        ...expected[name],
        organizationId: c.orgId,
        paymentType: body.paymentType,
        currencyId: body.currencyId,
        name: body.name,
        status: "DRAFT",
        rejectionReason: null,
      });
      if (body.paymentType !== "CRYPTO_ASSET_PAYMENT") expect(r.body.walletAddress, name).toBeNull();
      const got = await s.call("GET", `/beneficiaries/${r.body.id}`, { token: c.token });
      expect(got.status).toBe(200);
      expect(got.body).toEqual(r.body);
    }
    expect(await stored(c.orgId)).toBe(Object.keys(VALID).length);
  });

  it("refuses invalid values on the right field, with the field rules' codes, and stores nothing", async () => {
    const c = await newCustomer();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { ...VALID.euro, iban: "DE89370400440532013001", bic: "COBA" },
        { iban: "invalid", bic: "invalid" },
      ],
      [{ ...VALID.euro, iban: "AE070331234567890123456" }, { iban: "not-sepa" }],
      [{ ...VALID.euro, iban: undefined }, { iban: "required" }],
      [
        { ...VALID.gbp, sortCode: "12-34", bankAccountNumber: "1234567" },
        { sortCode: "format", bankAccountNumber: "format" },
      ],
      [
        { ...VALID.usd, aba: "026009594", address: "" },
        { aba: "checksum", address: "isNotEmpty" },
      ],
      [{ ...VALID.usd, countryId: "ZZ" }, { countryId: "isCountry" }],
      [{ ...VALID.euro, currencyId: "CNY" }, { currencyId: "isLocalCurrency" }],
      [{ ...VALID.swiftIban, bic: "COBADEFF", bankCountry: undefined, iban: undefined }, { iban: "required" }],
      [{ ...VALID.swiftIban, bankCountry: "DE" }, { bankCountry: "matchesBic" }],
      [{ ...VALID.swiftAccount, bankAccountNumber: "12/34" }, { bankAccountNumber: "format" }],
      [
        { ...VALID.swiftAccount, intermediaryBankBIC: "nope", bankName: "" },
        { intermediaryBankBIC: "invalid", bankName: "isNotEmpty" },
      ],
      [{ ...VALID.internal, phone: "12" }, { phone: "isPhone" }],
      [{ ...VALID.usdt, walletAddress: "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed" }, { walletAddress: "checksum-missing" }],
      [{ ...VALID.usdt, walletAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD" }, { walletAddress: "checksum" }],
      [{ ...VALID.sol, walletAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" }, { walletAddress: "format" }],
      [{ ...VALID.usdt, caspId: "nobody" }, { caspId: "isCasp" }],
      [{ ...VALID.sol, caspId: "bitstamp" }, { currencyId: "isCaspAsset" }],
      [{ ...VALID.cash, collectorContact: "call me" }, { collectorContact: "isPhone" }],
      [{ ...VALID.euro, name: "   " }, { name: "isNotEmpty" }],
      [
        { ...VALID.euro, name: "x".repeat(141), nickname: "y".repeat(71) },
        { name: "too_big", nickname: "too_big" },
      ],
      [{ ...VALID.euro, beneficiaryType: "PERSON" }, { beneficiaryType: "invalid_enum_value" }],
      [{ ...VALID.euro, paymentType: "TELEPORT" }, { paymentType: "invalid_union_discriminator" }],
      [{ ...VALID.internal, currencyId: "XYZ" }, { currencyId: "isCurrency" }],
      // A field left out (a form whose currencies could not be read posts none): the web app's
      // required-field text, not zod's "Required" spelled out with the property's name.
      [{ ...VALID.swiftAccount, currencyId: undefined }, { currencyId: "isNotEmpty" }],
    ];
    for (const [body, fields] of cases) {
      const r = await create(c, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe("VALIDATION_FAILED");
      expect(fieldsOf(r.body), JSON.stringify(r.body)).toEqual(fields);
    }
    expect(await stored(c.orgId)).toBe(0);
  });

  it("lists newest first with search (case-insensitive, % and _ literal), filters and cursor paging", async () => {
    const c = await newCustomer();
    const made: string[] = [];
    for (const body of [
      VALID.euro,
      VALID.gbp,
      { ...VALID.internal, name: "Percent 100% Ltd", beneficiaryType: "COMPANY" },
      VALID.usdt,
      { ...VALID.euro, name: "Under_score GmbH", nickname: "Lieferant", iban: "DE02120300000000202051", bic: "BYLADEM1001" },
    ]) {
      const r = await create(c, body);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      made.push(r.body.id);
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct creation times: the order is by time
    }
    const list = (query: string) => s.call("GET", `/beneficiaries?organizationId=${c.orgId}${query}`, { token: c.token });
    const ids = async (query: string) => (await list(query)).body.edges.map((e: { node: { id: string } }) => e.node.id);

    const all = await list("");
    expect(all.status).toBe(200);
    expect(all.body.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([...made].reverse());
    expect(all.body.pageInfo).toEqual({ hasNextPage: false, endCursor: all.body.edges[4].cursor });

    expect(await ids("&search=HANS%20M%C3%BCLL")).toEqual([made[0]]); // name, any case
    expect(await ids("&search=lieferant")).toEqual([made[4]]); // nickname
    expect(await ids(`&search=${encodeURIComponent("3704 0044")}`)).toEqual([made[0]]); // IBAN as typed with spaces
    expect(await ids("&search=5577")).toEqual([made[1]]); // account number
    expect(await ids("&search=%2B447700")).toEqual([made[2]]); // phone
    expect(await ids("&search=0x5aAeb")).toEqual([made[3]]); // wallet address
    expect(await ids("&search=100%25")).toEqual([made[2]]); // a literal %
    expect(await ids("&search=%25")).toEqual([made[2]]);
    expect(await ids("&search=_")).toEqual([made[4]]); // a literal _
    expect(await ids("&search=nobody-here")).toEqual([]);
    expect(escapeLike("a%b_c\\")).toBe("a\\%b\\_c\\\\");

    expect(await ids("&paymentType=LOCAL")).toEqual([made[4], made[1], made[0]]);
    expect(await ids("&paymentType=LOCAL&search=sarah")).toEqual([made[1]]);
    expect(await ids("&status=APPROVED")).toEqual([]);
    expect(await ids("&status=DRAFT&paymentType=INTERNAL")).toEqual([made[2]]);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { body: { edges: { node: { id: string } }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } } =
        await list(`&take=2${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.body.edges.map((e) => e.node.id));
      cursor = page.body.pageInfo.hasNextPage ? page.body.pageInfo.endCursor : null;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...made].reverse());

    expect((await list("&cursor=not-a-cursor")).status).toBe(400);
    expect((await list("&take=0")).status).toBe(400);
    expect((await list("&status=DELETED")).status).toBe(400);
    expect((await s.call("GET", "/beneficiaries", { token: c.token })).status).toBe(400);
    const other = await newCustomer();
    const foreign = await s.call("GET", `/beneficiaries?organizationId=${c.orgId}`, { token: other.token });
    expect(foreign.status).toBe(403);
    expect(JSON.stringify(foreign.body)).not.toContain("Müller");
  });

  it("the seed's beneficiaries (one transaction, one timestamp) page without loss", async () => {
    const { organizations } = await import("../../server/db/schema/index.js");
    const [org] = await s.db
      .select({ id: organizations.id })
      .from(organizations)
      .innerJoin(beneficiaries, eq(beneficiaries.organizationId, organizations.id))
      .where(eq(beneficiaries.name, "Jean Dupont"));
    const rows = await s.db.select({ id: beneficiaries.id }).from(beneficiaries).where(eq(beneficiaries.organizationId, org.id));
    const owner = await s.db.query.organizationMembers.findFirst({ where: (m, { eq: e }) => e(m.organizationId, org.id) });
    const { createSession } = await import("../../server/domain/auth/sessions.js");
    const token = (await createSession(s.db, owner!.userId!)).accessToken;
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const page: any = await s.call(
        "GET",
        `/beneficiaries?organizationId=${org.id}&take=1${cursor ? `&cursor=${cursor}` : ""}`,
        {
          token,
        },
      );
      seen.push(...page.body.edges.map((e: { node: { id: string } }) => e.node.id));
      cursor = page.body.pageInfo.hasNextPage ? page.body.pageInfo.endCursor : null;
      if (!cursor) break;
    }
    expect(seen.sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it("submit → staff approval → a EURO payment filled from the beneficiary; delete keeps it for the payment", async () => {
    const c = await newCustomer({ EUR: "100.00" });
    const made = await create(c, VALID.euro);
    const id = made.body.id as string;
    const pay = (key: string) =>
      s.call("POST", "/payments", {
        token: c.token,
        headers: { "idempotency-key": key },
        body: {
          organizationId: c.orgId,
          accountId: c.accountId,
          kind: "EURO",
          currencyId: "EUR",
          amount: "12.50",
          beneficiaryId: id,
        },
      });
    expect(fieldsOf((await pay("draft")).body)).toEqual({ beneficiaryId: "isApproved" });

    const submitted = await s.call("PUT", `/beneficiaries/${id}/status`, { token: c.token, body: { status: "UNDER_REVIEW" } });
    expect(submitted.status).toBe(200);
    expect(submitted.body.status).toBe("UNDER_REVIEW");
    // A repeated submit answers as it is; an edit under review is refused.
    expect(
      (await s.call("PUT", `/beneficiaries/${id}/status`, { token: c.token, body: { status: "UNDER_REVIEW" } })).body.status,
    ).toBe("UNDER_REVIEW");
    const edit = await s.call("PUT", `/beneficiaries/${id}`, { token: c.token, body: VALID.gbp });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe("BENEFICIARY_STATUS_CONFLICT");
    expect(fieldsOf((await pay("review")).body)).toEqual({ beneficiaryId: "isApproved" });

    const approved = await approveBeneficiary(s.db, id);
    expect(approved.status).toBe("APPROVED");
    await expect(approveBeneficiary(s.db, id)).rejects.toMatchObject({ code: "BENEFICIARY_STATUS_CONFLICT" });
    await expect(rejectBeneficiary(s.db, id, "late")).rejects.toMatchObject({ code: "BENEFICIARY_STATUS_CONFLICT" });
    expect(
      (await s.call("GET", `/beneficiaries?organizationId=${c.orgId}&status=APPROVED`, { token: c.token })).body.edges,
    ).toHaveLength(1);

    const created = await pay("approved");
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      benificiaryFullName: "Hans Müller",
      beneficiaryAccount: "DE89370400440532013000",
      payeeDescription: "IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX",
      paymentType: "SEPA_SCT",
    });
    // The approved details are what gets paid: payee fields in the body cannot redirect the money.
    const redirected = await s.call("POST", "/payments", {
      token: c.token,
      headers: { "idempotency-key": "approved-redirect" },
      body: {
        organizationId: c.orgId,
        accountId: c.accountId,
        kind: "EURO",
        currencyId: "EUR",
        amount: "1.00",
        beneficiaryId: id,
        beneficiaryName: "Mallory",
        iban: "GB29NWBK60161331926819",
        bic: "NWBKGB2L",
      },
    });
    expect(redirected.status, JSON.stringify(redirected.body)).toBe(201);
    expect(redirected.body).toMatchObject({ benificiaryFullName: "Hans Müller", beneficiaryAccount: "DE89370400440532013000" });
    expect((await s.call("DELETE", `/payments/${redirected.body.id}/decline`, { token: c.token })).status).toBe(200);
    const signed = await signAll(c, created.body.id);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.status).toBe("COMPLETED");

    // APPROVED: no edit, no resubmit.
    expect((await s.call("PUT", `/beneficiaries/${id}`, { token: c.token, body: VALID.euro })).status).toBe(409);
    expect(
      (await s.call("PUT", `/beneficiaries/${id}/status`, { token: c.token, body: { status: "UNDER_REVIEW" } })).status,
    ).toBe(409);

    // Deleted while a payment names it: hidden and no longer payable, but kept for the payment.
    expect((await s.call("DELETE", `/beneficiaries/${id}`, { token: c.token })).status).toBe(204);
    expect((await s.call("GET", `/beneficiaries/${id}`, { token: c.token })).status).toBe(404);
    expect((await s.call("DELETE", `/beneficiaries/${id}`, { token: c.token })).status).toBe(404);
    expect((await s.call("GET", `/beneficiaries?organizationId=${c.orgId}`, { token: c.token })).body.edges).toEqual([]);
    expect(fieldsOf((await pay("deleted")).body)).toEqual({ beneficiaryId: "isApproved" });
    await expect(approveBeneficiary(s.db, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const [kept] = await s.db.select().from(beneficiaries).where(eq(beneficiaries.id, id));
    expect(kept.deletedAt).toBeInstanceOf(Date);
    expect((await s.call("GET", `/payments/${created.body.id}`, { token: c.token })).body.benificiaryFullName).toBe(
      "Hans Müller",
    );

    // Never paid: deleted for good.
    const spare = await create(c, VALID.gbp);
    expect((await s.call("DELETE", `/beneficiaries/${spare.body.id}`, { token: c.token })).status).toBe(204);
    expect(await s.db.select().from(beneficiaries).where(eq(beneficiaries.id, spare.body.id))).toEqual([]);
  });

  it("a rejection carries its reason; an edit makes the beneficiary DRAFT again; only UNDER_REVIEW may be asked for", async () => {
    const c = await newCustomer();
    const id = (await create(c, VALID.euro)).body.id as string;
    const asked = await s.call("PUT", `/beneficiaries/${id}/status`, { token: c.token, body: { status: "APPROVED" } });
    expect(asked.status).toBe(400);
    expect(fieldsOf(asked.body)).toEqual({ status: "isUnderReview" });
    expect(fieldsOf((await s.call("PUT", `/beneficiaries/${id}/status`, { token: c.token, body: {} })).body)).toHaveProperty(
      "status",
    );
    await expect(approveBeneficiary(s.db, id)).rejects.toMatchObject({ code: "BENEFICIARY_STATUS_CONFLICT" });

    await s.call("PUT", `/beneficiaries/${id}/status`, { token: c.token, body: { status: "UNDER_REVIEW" } });
    await expect(rejectBeneficiary(s.db, id, "   ")).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    const rejected = await rejectBeneficiary(s.db, id, "  The name does not match the account holder. ");
    expect(rejected).toMatchObject({ status: "REJECTED", rejectionReason: "The name does not match the account holder." });
    const seen = await s.call("GET", `/beneficiaries/${id}`, { token: c.token });
    expect(seen.body).toMatchObject({ status: "REJECTED", rejectionReason: "The name does not match the account holder." });

    // An invalid edit changes nothing.
    const bad = await s.call("PUT", `/beneficiaries/${id}`, { token: c.token, body: { ...VALID.euro, iban: "DE00" } });
    expect(fieldsOf(bad.body)).toEqual({ iban: "invalid" });
    expect((await s.call("GET", `/beneficiaries/${id}`, { token: c.token })).body.status).toBe("REJECTED");

    // The edit may change the payment type: the old payee fields go.
    const edited = await s.call("PUT", `/beneficiaries/${id}`, {
      token: c.token,
      body: { ...VALID.internal, name: "Hans Müller", organizationId: "00000000-0000-0000-0000-000000000000" },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      id,
      organizationId: c.orgId,
      status: "DRAFT",
      rejectionReason: null,
      paymentType: "INTERNAL",
      phone: "+447700900123",
      iban: null,
      bic: null,
      bankName: null,
    });
    const again = await s.call("PUT", `/beneficiaries/${id}/status`, { token: c.token, body: { status: "UNDER_REVIEW" } });
    expect(again.body.status).toBe("UNDER_REVIEW");
    expect((await approveBeneficiary(s.db, id)).status).toBe("APPROVED");
  });

  it("with the approval-not-required setting a beneficiary is APPROVED at once, and stays so when edited", async () => {
    const c = await newCustomer();
    expect((await s.call("GET", "/settings/beneficiaries", { token: c.token })).body).toEqual({ approvalRequired: true });
    await setApproval(false);
    try {
      expect((await s.call("GET", "/settings/beneficiaries", { token: c.token })).body).toEqual({ approvalRequired: false });
      const made = await create(c, VALID.cash);
      expect(made.status).toBe(201);
      expect(made.body.status).toBe("APPROVED");
      const edited = await s.call("PUT", `/beneficiaries/${made.body.id}`, {
        token: c.token,
        body: { ...VALID.cash, collectorContact: "+39 347 000 0000" },
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ status: "APPROVED", collectorContact: "+393470000000" });
    } finally {
      await setApproval(null);
    }
    expect((await s.call("GET", "/settings/beneficiaries", { token: c.token })).body).toEqual({ approvalRequired: true });
    expect((await create(c, VALID.cash)).body.status).toBe("DRAFT");
  });

  it("another organization's beneficiary answers 404 on get, put, delete and status; its organization 403", async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    const id = (await create(a, VALID.euro)).body.id as string;
    const calls: [string, string, unknown][] = [
      ["GET", `/beneficiaries/${id}`, undefined],
      ["PUT", `/beneficiaries/${id}`, VALID.gbp],
      ["DELETE", `/beneficiaries/${id}`, undefined],
      ["PUT", `/beneficiaries/${id}/status`, { status: "UNDER_REVIEW" }],
    ];
    for (const [method, path, body] of calls) {
      const r = await s.call(method, path, { token: b.token, body });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(r.body)).not.toContain(id);
      expect(JSON.stringify(r.body)).not.toContain("Müller");
      // The same answer as an id that does not exist, or is not an id at all.
      const unknown = await s.call(method, path.replace(id, "00000000-0000-4000-8000-000000000000"), { token: b.token, body });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(r.body);
      expect((await s.call(method, path.replace(id, "not-an-id"), { token: b.token, body })).status).toBe(404);
    }
    expect((await create(b, { ...VALID.euro, organizationId: a.orgId })).status).toBe(403);
    expect(await stored(b.orgId)).toBe(0);
    const own = await s.call("GET", `/beneficiaries/${id}`, { token: a.token });
    expect(own.body).toMatchObject({ status: "DRAFT", iban: "DE89370400440532013000" });
    const rows = await s.db
      .select({ n: count() })
      .from(beneficiaries)
      .where(and(eq(beneficiaries.organizationId, a.orgId), eq(beneficiaries.status, "DRAFT")));
    expect(rows[0].n).toBe(1);
  });

  it("npm run bank: parses its command line and calls the staff decisions", async () => {
    expect(parseBankArgs([])).toEqual({ command: "help" });
    expect(parseBankArgs(["beneficiary:approve", "x", "--help"])).toEqual({ command: "help" });
    expect(parseBankArgs(["beneficiary:approve", "abc"])).toEqual({ command: "beneficiary:approve", id: "abc" });
    expect(parseBankArgs(["beneficiary:reject", "abc", "--reason", "Wrong name"])).toEqual({
      command: "beneficiary:reject",
      id: "abc",
      reason: "Wrong name",
    });
    expect(parseBankArgs(["beneficiary:reject", "--reason=Wrong name", "abc"])).toMatchObject({
      reason: "Wrong name",
      id: "abc",
    });
    for (const bad of [
      ["beneficiary:approve"],
      ["beneficiary:approve", "a", "b"],
      ["beneficiary:approve", "a", "--reason", "x"],
      ["beneficiary:reject", "a"],
      ["beneficiary:reject", "a", "--reason"],
      ["beneficiary:reject", "a", "--reason", "  "],
      ["beneficiary:delete", "a"],
      ["beneficiary:approve", "a", "--force"],
    ])
      expect(() => parseBankArgs(bad), bad.join(" ")).toThrow(UsageError);

    const c = await newCustomer();
    const id = (await create(c, VALID.gbp)).body.id as string;
    await s.call("PUT", `/beneficiaries/${id}/status`, { token: c.token, body: { status: "UNDER_REVIEW" } });
    expect(await runBankCommand(s.db, { command: "beneficiary:reject", id, reason: "Sort code closed" })).toBe(
      `Beneficiary ${id} (Sarah Johnson, LOCAL GBP) is now REJECTED. Reason: Sort code closed`,
    );
    await s.call("PUT", `/beneficiaries/${id}/status`, { token: c.token, body: { status: "UNDER_REVIEW" } });
    expect(await runBankCommand(s.db, { command: "beneficiary:approve", id })).toMatch(/is now APPROVED\.$/);
    await expect(runBankCommand(s.db, { command: "beneficiary:approve", id: "nope" })).rejects.toBeInstanceOf(DomainError);
  });
});
