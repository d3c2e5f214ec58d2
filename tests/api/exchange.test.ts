/**
 * Currency exchange API against a real database (PGlite always; PostgreSQL too when
 * TEST_DATABASE_URL is set): quotes with either side fixed, execution as one balanced ledger
 * transaction through the FX position accounts with the fee as a TRANSACTION_FEE item, expiry,
 * idempotent replay, authorization across organizations, the staff command loading a newer ECB
 * file, and (PostgreSQL) fifty concurrent exchanges from one balance never overdrawing it.
 * Customers are fresh factory customers with exact balances; rates are the shipped ECB file's
 * latest day (2025-05-09: GBP 0.8477 per EUR) and the seeded spread (0.50 %) and fee (0.10 %).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import DecimalJs from "decimal.js";
import { balances, exchangeQuotes, postings } from "../../server/db/schema/index.js";
import { addMember, createCustomer } from "../../server/seed/factories.js";
import { Decimal } from "../../server/domain/ledger/money.js";
import { customerRate, midRate, unitsPerEur } from "../../server/domain/exchange/rates.js";
import { runBankCommand } from "../../server/staff/commands.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

/** The customer rate GBP→EUR of the shipped file's latest day with the 0.50 % spread. */
const GBP_EUR = customerRate(midRate(unitsPerEur({ GBP: "0.8477" }), "GBP", "EUR")!, "0.50");

describe.each(databases)("exchange API on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  async function newCustomer(gbp = "1000.00") {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: gbp, EUR: "10.00" } });
    return { c, token: await s.login(c.phone), accountId: c.account!.id };
  }
  async function amountOf(accountId: string, currencyId: string): Promise<string> {
    const [b] = await s.db
      .select({ amount: balances.amount })
      .from(balances)
      .where(and(eq(balances.accountId, accountId), eq(balances.currencyId, currencyId)));
    return new Decimal(b.amount).toFixed(2);
  }
  const calc = (token: string, body: Record<string, unknown>) => s.call("POST", "/exchange/calc", { token, body });
  const exec = (token: string, quoteId: string, key: string) =>
    s.call("POST", "/exchange", { token, body: { quoteId }, headers: { "Idempotency-Key": key } });

  it("GET /exchange/rates: the ECB day, pegs and crypto prices, no RUB", async () => {
    const { token } = await newCustomer();
    const r = await s.call("GET", "/exchange/rates", { token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ base: "EUR", date: "2025-05-09", source: "ECB", spreadPercent: "0.50" });
    const rate = (c: string) => r.body.rates.find((x: { currencyId: string }) => x.currencyId === c)?.unitsPerEur;
    expect(rate("GBP")).toBe("0.8477");
    expect(rate("AED")).toBe(new Decimal("1.1252").times("3.6725").toFixed());
    expect(rate("USDT")).toBe("1.1252");
    expect(rate("EURC")).toBe("1");
    expect(rate("RUB")).toBeUndefined();
    expect((await s.call("GET", "/exchange/rates")).status).toBe(401);
  });

  it("calc with the sell side fixed: rate, amounts, fee and balances after", async () => {
    const { token, accountId } = await newCustomer();
    const r = await calc(token, { accountId, fromCurrencyId: "GBP", toCurrencyId: "EUR", sellAmount: "100.00" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      fixedSide: "SELL",
      sellAmount: "100.00",
      buyAmount: new Decimal(100).times(GBP_EUR).toFixed(2, DecimalJs.ROUND_HALF_EVEN),
      rate: GBP_EUR.toFixed(12),
      fee: { amount: "0.10", currencyId: "GBP" },
      fromBalanceAfter: "899.90",
      status: "QUOTED",
      rateDate: "2025-05-09",
    });
    expect(r.body.rate.startsWith("1.1737")).toBe(true);
    expect(r.body.toBalanceAfter).toBe(new Decimal("10.00").plus(r.body.buyAmount).toFixed(2));
    const ttl = Date.parse(r.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(20_000);
    expect(ttl).toBeLessThanOrEqual(30_000);
  });

  it("calc with the buy side fixed: sell = buy ÷ rate, half-even at the GBP scale", async () => {
    const { token, accountId } = await newCustomer();
    const r = await calc(token, { accountId, fromCurrencyId: "GBP", toCurrencyId: "EUR", buyAmount: "50.00" });
    expect(r.status).toBe(201);
    expect(r.body.fixedSide).toBe("BUY");
    expect(r.body.buyAmount).toBe("50.00");
    expect(r.body.sellAmount).toBe(new Decimal(50).dividedBy(GBP_EUR).toFixed(2, DecimalJs.ROUND_HALF_EVEN));
  });

  it("refuses bad requests: both sides, neither, same currency, no rate (RUB), too many decimals", async () => {
    const { token, accountId } = await newCustomer();
    const base = { accountId, fromCurrencyId: "GBP", toCurrencyId: "EUR" };
    for (const body of [
      { ...base, sellAmount: "1.00", buyAmount: "1.00" },
      base,
      { ...base, toCurrencyId: "GBP", sellAmount: "1.00" },
      { ...base, toCurrencyId: "RUB", sellAmount: "1.00" },
      { ...base, sellAmount: "1.005" },
    ]) {
      const r = await calc(token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe("VALIDATION_FAILED");
    }
  });

  it("insufficient funds at the quote: the payments' INSUFFICIENT_FUNDS field error", async () => {
    const { token, accountId } = await newCustomer("100.00");
    const r = await calc(token, { accountId, fromCurrencyId: "GBP", toCurrencyId: "EUR", sellAmount: "100.00" });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INSUFFICIENT_FUNDS");
    expect(r.body.message[0].property).toBe("amount");
  });

  it("executes as ONE balanced ledger transaction; both balances move by the quoted amounts; replay answers the same exchange", async () => {
    const { c, token, accountId } = await newCustomer();
    const q = (await calc(token, { accountId, fromCurrencyId: "GBP", toCurrencyId: "EUR", sellAmount: "100.00" })).body;
    const r = await exec(token, q.id, "fx-key-1");
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ id: q.id, status: "EXECUTED", sellAmount: "100.00", buyAmount: q.buyAmount });
    expect(r.body.fromBalanceAfter).toBe("899.90");
    expect(r.body.toBalanceAfter).toBe(q.toBalanceAfter);
    expect(await amountOf(accountId, "GBP")).toBe("899.90");
    expect(await amountOf(accountId, "EUR")).toBe(new Decimal("10.00").plus(q.buyAmount).toFixed(2));

    const legs = await s.db.select().from(postings).where(eq(postings.transactionId, r.body.transactionId));
    expect(legs).toHaveLength(6);
    for (const c of ["GBP", "EUR"]) {
      const sum = legs.filter((l) => l.currencyId === c).reduce((a, l) => a.plus(l.amount), new Decimal(0));
      expect(sum.isZero(), c).toBe(true);
    }
    expect(
      legs
        .filter((l) => l.operationType === "TRANSACTION_FEE")
        .map((l) => new Decimal(l.amount).toFixed(2))
        .sort(),
    ).toEqual(["-0.10", "0.10"]);

    const replay = await exec(token, q.id, "fx-key-1");
    expect(replay.status).toBe(200);
    expect(replay.body.transactionId).toBe(r.body.transactionId);
    expect(replay.body.fromBalanceAfter).toBe("899.90");
    const other = await exec(token, q.id, "fx-key-2");
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("EXCHANGE_QUOTE_USED");
    const q2 = (await calc(token, { accountId, fromCurrencyId: "GBP", toCurrencyId: "EUR", sellAmount: "1.00" })).body;
    const reused = await exec(token, q2.id, "fx-key-1");
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await amountOf(accountId, "GBP")).toBe("899.90");
    const list = await s.call("GET", `/exchange?organizationId=${c.organization.id}`, { token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([q2.id, q.id]);
    expect(list.body.data[1]).toMatchObject({ status: "EXECUTED", fromBalanceAfter: "899.90" });
    const got = await s.call("GET", `/exchange/${q.id}`, { token });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ status: "EXECUTED", transactionId: r.body.transactionId });

    // In the history: both legs carry the ledger kind EXCHANGE and no English title (the web app
    // titles them from the code); the fee is a TRANSACTION_FEE item.
    const items = (await s.call("GET", `/statements-items?organizationId=${c.organization.id}`, { token })).body.data.filter(
      (i: { transactionId: string }) => i.transactionId === r.body.transactionId,
    );
    expect(items.map((i: any) => [i.currencyId, i.operationType, i.transactionKind, i.title]).sort()).toEqual([
      ["EUR", "COMMON", "EXCHANGE", null],
      ["GBP", "COMMON", "EXCHANGE", null],
      ["GBP", "TRANSACTION_FEE", "EXCHANGE", null],
    ]);
  });

  it("the history never hands out the ledger's English bookkeeping: reference null, the exchange as data on every leg, fees included", async () => {
    const { c, token, accountId } = await newCustomer();
    const q = (await calc(token, { accountId, fromCurrencyId: "GBP", toCurrencyId: "EUR", sellAmount: "100.00" })).body;
    const r = await exec(token, q.id, "fx-ref-1");
    expect(r.status).toBe(201);
    // The ledger keeps its own English text for staff ("Exchange GBP → EUR at …", "Exchange fee").
    const legs = await s.db.select().from(postings).where(eq(postings.transactionId, r.body.transactionId));
    expect(legs.map((l) => l.reference)).toContain("Exchange fee");
    const rate = new Decimal(q.rate).toFixed();
    expect(rate).not.toMatch(/0$/);
    const exchange = { fromCurrencyId: "GBP", toCurrencyId: "EUR", rate };
    const items = (
      await s.call("GET", `/statements-items?organizationId=${c.organization.id}&take=50`, { token })
    ).body.data.filter((i: { transactionId: string }) => i.transactionId === r.body.transactionId);
    expect(items).toHaveLength(3);
    for (const i of items) {
      expect(i, i.operationType).toMatchObject({ reference: null, exchange, title: null, operationStatus: "COMPLETED" });
      const detail = await s.call("GET", `/statements-items/${i.id}`, { token });
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({ reference: null, exchange, purpose: null });
      expect(JSON.stringify([detail.body.reference, detail.body.exchange, detail.body.purpose])).not.toMatch(/Exchange/);
    }
    expect(items.filter((i: { operationType: string }) => i.operationType === "TRANSACTION_FEE")).toHaveLength(1);
    // The statement export carries the same (its CSV prints the exchange in columns of its own).
    const csv = await fetch(`${s.baseUrl}/api/v1/statements-items/csv?organizationId=${c.organization.id}&currencyId=GBP`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const text = await csv.text();
    // (The counterparty column keeps the ledger's label, "Exchange to EUR": the CSV is an English machine format.)
    const rows = text
      .trim()
      .split("\r\n")
      .filter((l) => l.endsWith(`,GBP,EUR,${rate}`))
      .map((l) => l.split(","));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row[6], "reference column").toBe("");
    expect(text).not.toContain("Exchange GBP");
    // Items of other operations carry no exchange.
    const others = (
      await s.call("GET", `/statements-items?organizationId=${c.organization.id}&take=50`, { token })
    ).body.data.filter((i: { transactionId: string }) => i.transactionId !== r.body.transactionId);
    for (const i of others) expect(i.exchange).toBeNull();
  });

  it("an expired quote is refused (re-quote), never executed at the old rate", async () => {
    const { token, accountId } = await newCustomer();
    const q = (await calc(token, { accountId, fromCurrencyId: "GBP", toCurrencyId: "EUR", sellAmount: "10.00" })).body;
    await s.db
      .update(exchangeQuotes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(exchangeQuotes.id, q.id));
    const r = await exec(token, q.id, "fx-expired");
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("EXCHANGE_QUOTE_EXPIRED");
    expect(await amountOf(accountId, "GBP")).toBe("1000.00");
    expect((await s.call("GET", `/exchange/${q.id}`, { token })).body.status).toBe("EXPIRED");
  });

  it("funds spent between quote and execution: INSUFFICIENT_FUNDS, nothing posted", async () => {
    const { token, accountId } = await newCustomer("100.00");
    const a = (await calc(token, { accountId, fromCurrencyId: "GBP", toCurrencyId: "EUR", sellAmount: "60.00" })).body;
    const b = (await calc(token, { accountId, fromCurrencyId: "GBP", toCurrencyId: "USD", sellAmount: "60.00" })).body;
    expect((await exec(token, a.id, "k-a")).status).toBe(201);
    const r = await exec(token, b.id, "k-b");
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INSUFFICIENT_FUNDS");
    expect(await amountOf(accountId, "GBP")).toBe("39.94");
  });

  it("another organization's account or quote: 404, nothing moves", async () => {
    const owner = await newCustomer();
    const stranger = await newCustomer();
    const body = { accountId: owner.accountId, fromCurrencyId: "GBP", toCurrencyId: "EUR", sellAmount: "10.00" };
    expect((await calc(stranger.token, body)).status).toBe(404);
    const q = (await calc(owner.token, body)).body;
    expect((await exec(stranger.token, q.id, "steal")).status).toBe(404);
    expect((await s.call("GET", `/exchange/${q.id}`, { token: stranger.token })).status).toBe(404);
    expect((await s.call("GET", `/exchange?organizationId=${owner.c.organization.id}`, { token: stranger.token })).status).toBe(
      403,
    );
    expect(await amountOf(owner.accountId, "GBP")).toBe("1000.00");
  });

  it("an official without signature duty (NONE) of a company neither quotes nor executes: 403, nothing moves", async () => {
    const company = await createCustomer(s.db, { type: "CORPORATE", balances: { GBP: "1000.00", EUR: "10.00" } });
    const signer = await s.login(company.phone);
    const viewer = await createCustomer(s.db, { type: "INDIVIDUAL" });
    await addMember(s.db, {
      organizationId: company.organization.id,
      userId: viewer.user.id,
      signatureType: "NONE",
      companyOfficialType: "SHAREHOLDER",
    });
    const viewerToken = await s.login(viewer.phone);
    const body = { accountId: company.account!.id, fromCurrencyId: "GBP", toCurrencyId: "EUR", sellAmount: "10.00" };
    const refused = await calc(viewerToken, body);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("FORBIDDEN");
    // A quote the signer asked for cannot be executed by the viewer either.
    const q = (await calc(signer, body)).body;
    expect((await exec(viewerToken, q.id, "viewer-exec")).status).toBe(403);
    expect(await amountOf(company.account!.id, "GBP")).toBe("1000.00");
    expect((await exec(signer, q.id, "signer-exec")).status).toBe(201);
    expect(await amountOf(company.account!.id, "GBP")).not.toBe("1000.00");
  });

  it("a target balance the account does not have yet is opened by the exchange (GBP → USD)", async () => {
    const { token, accountId } = await newCustomer();
    const q = (await calc(token, { accountId, fromCurrencyId: "GBP", toCurrencyId: "USD", buyAmount: "10.00" })).body;
    expect(q.toBalanceAfter).toBe("10.00");
    expect((await exec(token, q.id, "usd")).status).toBe(201);
    expect(await amountOf(accountId, "USD")).toBe("10.00");
  });

  it.runIf(kind === "postgres")("fifty concurrent exchanges from one balance never overdraw it", async () => {
    const { token, accountId } = await newCustomer("100.00");
    const quotes = [];
    for (let i = 0; i < 50; i++)
      quotes.push((await calc(token, { accountId, fromCurrencyId: "GBP", toCurrencyId: "EUR", sellAmount: "10.00" })).body);
    const answers = await Promise.all(quotes.map((q, i) => exec(token, q.id, `race-${i}`)));
    const ok = answers.filter((a) => a.status === 201).length;
    expect(ok).toBe(9); // 9 × (10.00 + fee 0.01) = 90.09; a tenth would need 100.10
    expect(answers.filter((a) => a.status !== 201).every((a) => a.body.code === "INSUFFICIENT_FUNDS")).toBe(true);
    expect(await amountOf(accountId, "GBP")).toBe("9.91");
  });

  it("staff command rates:load-ecb loads a newer ECB file; quotes then use it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ecb-"));
    const file = join(dir, "eurofxref-hist.csv");
    writeFileSync(file, "Date,USD,GBP,RUB,\n2025-06-02,1.1400,0.8400,N/A,\n2025-05-09,1.1252,0.8477,N/A,\n");
    const line = await runBankCommand(s.db, { command: "rates:load-ecb", file });
    expect(line).toMatch(/2 day\(s\), 2 new rate\(s\); newest 2025-06-02/);
    const { token, accountId } = await newCustomer();
    const q = (await calc(token, { accountId, fromCurrencyId: "GBP", toCurrencyId: "EUR", sellAmount: "84.00" })).body;
    expect(q.rateDate).toBe("2025-06-02");
    expect(q.buyAmount).toBe(new Decimal(84).times(customerRate(new Decimal(1).dividedBy("0.84"), "0.50")).toFixed(2));
    await expect(runBankCommand(s.db, { command: "rates:load-ecb", file: join(dir, "missing.csv") })).rejects.toThrow(
      /Cannot read/,
    );
  });
});
