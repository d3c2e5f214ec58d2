/**
 * The monthly service fee (issue 9 "Fees"; server/domain/fees/service.ts) against a real
 * database (PGlite always, PostgreSQL when TEST_DATABASE_URL is set): every organization with an
 * account is charged the seeded "Monthly account fee" (GBP 2.00) once per month, as a
 * SERVICE_FEE item titled 'Regular fee'; a second run charges nothing; runs at the same time
 * charge once; a balance that cannot pay is recorded as owed and left untouched; a custom
 * service fee wins over the tariff's; owed fees are collected (once, oldest first) when the
 * balance can pay; the staff commands parse.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balances, postings, serviceFeeCharges } from "../../server/db/schema/index.js";
import {
  chargeServiceFees,
  collectOwedServiceFees,
  SERVICE_FEE_KIND,
  serviceFeeChargesOf,
} from "../../server/domain/fees/service.js";
import { Decimal } from "../../server/domain/ledger/money.js";
import { parseBankArgs, UsageError } from "../../server/staff/commands.js";
import { createAccount, createCustomer, createFee, postExternal } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

describe.each(databases)("monthly service fee on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  const amountOf = async (balanceId: string) =>
    new Decimal((await s.db.select({ a: balances.amount }).from(balances).where(eq(balances.id, balanceId)))[0].a).toFixed(2);

  it("charges each organization once per month as a 'Regular fee' SERVICE_FEE item; a second run charges nothing", async () => {
    const payer = await createCustomer(s.db, { balances: { GBP: "10.00" } });
    const first = await chargeServiceFees(s.db, { month: "2026-01" });
    expect(first.charged).toBeGreaterThan(0);
    expect(await amountOf(payer.balances.GBP.id)).toBe("8.00");
    const [item] = await s.db
      .select()
      .from(postings)
      .where(and(eq(postings.balanceId, payer.balances.GBP.id), eq(postings.operationType, "SERVICE_FEE")));
    expect(item).toMatchObject({ counterpartyName: "Regular fee", reference: "2026-01" });
    expect(new Decimal(item.amount).toFixed(2)).toBe("-2.00");

    const again = await chargeServiceFees(s.db, { month: "2026-01" });
    expect(again).toMatchObject({ charged: 0, owed: 0 });
    expect(again.skipped).toBe(first.charged + first.owed);
    expect(await amountOf(payer.balances.GBP.id)).toBe("8.00");
    // Another month is another charge.
    await chargeServiceFees(s.db, { month: "2026-02" });
    expect(await amountOf(payer.balances.GBP.id)).toBe("6.00");
  });

  it("runs at the same time charge once", async () => {
    const payer = await createCustomer(s.db, { balances: { GBP: "10.00" } });
    const runs = await Promise.all([1, 2, 3, 4].map(() => chargeServiceFees(s.db, { month: "2026-03" })));
    expect(await amountOf(payer.balances.GBP.id)).toBe("8.00");
    const charges = await serviceFeeChargesOf(s.db, "2026-03", [payer.organization.id]);
    expect(charges).toHaveLength(1);
    expect(charges[0].status).toBe("CHARGED");
    // Across the runs, every organization was charged (or owed) exactly once.
    const total = runs.reduce((n, r) => n + r.charged + r.owed, 0);
    const rows = await s.db.select().from(serviceFeeCharges).where(eq(serviceFeeCharges.month, "2026-03"));
    expect(total).toBe(rows.length);
  });

  it("a balance that cannot pay is recorded as owed and not touched; no balance in the fee currency is owed too", async () => {
    const poor = await createCustomer(s.db, { balances: { GBP: "1.50" } });
    const euroOnly = await createCustomer(s.db, { balances: { EUR: "500.00" } });
    await chargeServiceFees(s.db, { month: "2026-04" });
    expect(await amountOf(poor.balances.GBP.id)).toBe("1.50");
    const [owed] = await serviceFeeChargesOf(s.db, "2026-04", [poor.organization.id]);
    expect(owed).toMatchObject({ status: "OWED", currencyId: "GBP", balanceId: poor.balances.GBP.id, ledgerTransactionId: null });
    expect(new Decimal(owed.amount).toFixed(2)).toBe("2.00");
    const [none] = await serviceFeeChargesOf(s.db, "2026-04", [euroOnly.organization.id]);
    expect(none).toMatchObject({ status: "OWED", balanceId: null });
    expect(await amountOf(euroOnly.balances.EUR.id)).toBe("500.00");
  });

  it("owed fees are collected once the balance can pay, once however many runs race; a balance opened later pays too", async () => {
    const poor = await createCustomer(s.db, { balances: { GBP: "1.00" } });
    const euroOnly = await createCustomer(s.db, { balances: { EUR: "50.00" } });
    const mine = [poor.organization.id, euroOnly.organization.id];
    await chargeServiceFees(s.db, { month: "2026-06" });
    await chargeServiceFees(s.db, { month: "2026-07" });
    // Nothing to pay with yet: both stay owed, nothing moves.
    expect(await collectOwedServiceFees(s.db, { organizationIds: mine })).toEqual({ collected: 0, stillOwed: 4 });
    expect(await amountOf(poor.balances.GBP.id)).toBe("1.00");

    // Money arrives; a GBP balance is opened for the euro-only customer.
    await postExternal(s.db, { balanceId: poor.balances.GBP.id, amount: "2.50", counterpartyName: "Payer" });
    const later = await createAccount(s.db, { organizationId: euroOnly.organization.id, currencies: ["GBP"] });
    await postExternal(s.db, { balanceId: later.balances.GBP.id, amount: "10.00", counterpartyName: "Payer" });

    const runs = await Promise.all([1, 2, 3].map(() => collectOwedServiceFees(s.db, { organizationIds: mine })));
    // 3.50 pays one month (oldest first), not two; the new balance pays both of the other's.
    expect(await amountOf(poor.balances.GBP.id)).toBe("1.50");
    expect(await amountOf(later.balances.GBP.id)).toBe("6.00");
    expect(runs.reduce((n, r) => n + r.collected, 0)).toBe(3);
    const june = await serviceFeeChargesOf(s.db, "2026-06", mine);
    expect(june.map((c) => c.status)).toEqual(["CHARGED", "CHARGED"]);
    expect(june.find((c) => c.organizationId === euroOnly.organization.id)?.balanceId).toBe(later.balances.GBP.id);
    const july = await serviceFeeChargesOf(s.db, "2026-07", [poor.organization.id]);
    expect(july[0]).toMatchObject({ status: "OWED", ledgerTransactionId: null });
    // The collected items are 'Regular fee' SERVICE_FEE items referencing the month charged.
    const items = await s.db
      .select({ reference: postings.reference })
      .from(postings)
      .where(and(eq(postings.balanceId, later.balances.GBP.id), eq(postings.operationType, "SERVICE_FEE")));
    expect(items.map((i) => i.reference).sort()).toEqual(["2026-06", "2026-07"]);
  });

  it("an organization's own service fee wins over the tariff's", async () => {
    const vip = await createCustomer(s.db, { type: "CORPORATE", balances: { EUR: "100.00" } });
    await createFee(s.db, {
      organizationId: vip.organization.id,
      name: "Business account",
      paymentKind: SERVICE_FEE_KIND,
      feeAmountType: "FIXED",
      feeFixedAmount: "7.50",
      feeCurrencyId: "EUR",
    });
    await chargeServiceFees(s.db, { month: "2026-05" });
    expect(await amountOf(vip.balances.EUR.id)).toBe("92.50");
  });

  it("the staff command takes --month YYYY-MM", () => {
    expect(parseBankArgs(["fees:charge-service", "--month", "2026-11"])).toEqual({
      command: "fees:charge-service",
      month: "2026-11",
    });
    expect(parseBankArgs(["fees:charge-service", "--month=2026-12"])).toEqual({
      command: "fees:charge-service",
      month: "2026-12",
    });
    for (const bad of [
      ["fees:charge-service"],
      ["fees:charge-service", "--month", "2026-13"],
      ["fees:charge-service", "--month", "11/2026"],
    ])
      expect(() => parseBankArgs(bad)).toThrow(UsageError);
    expect(() => parseBankArgs(["beneficiary:approve", "x", "--month", "2026-11"])).toThrow(UsageError);
    expect(parseBankArgs(["fees:collect-owed"])).toEqual({ command: "fees:collect-owed" });
    expect(() => parseBankArgs(["fees:collect-owed", "x"])).toThrow(UsageError);
    expect(() => parseBankArgs(["fees:collect-owed", "--month", "2026-11"])).toThrow(UsageError);
  });
});
