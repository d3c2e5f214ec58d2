/**
 * The back office's ADMIN decisions against a real database (issue 13; docs/ops.md "Rates",
 * "Tariffs and fees", "Settings flags"): the domain functions /ops and `npm run bank -- rate:…|
 * tariff:…|fee:…|setting:…` call, and their effect on the customer's side through the customer
 * API — a rate set by staff is what the next exchange quote uses; a fee change changes the fee of
 * the next payment; PAYMENTS-ORDERS-ENABLED, OVERDRAFT-ENABLED and DEMO-MODE-ENABLED change
 * what /v1/settings answers and what the customer may do. Each mutation answers before/after (the
 * audit entry's). PGlite always; PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { staffAuditLog } from "../../server/db/schema/index.js";
import { staffLogin } from "./ops-helpers.js";
import { createCustomer } from "../../server/seed/factories.js";
import { Decimal } from "../../server/domain/ledger/money.js";
import { customerRate, midRate, unitsPerEur } from "../../server/domain/exchange/rates.js";
import { clearBankRate, listRates, parseRatePair, setBankRate, setSpread } from "../../server/domain/exchange/bank-rates.js";
import { assignTariff, createTariff, listTariffs, removeFee, setFee } from "../../server/domain/fees/admin.js";
import { listSettingFlags, setSettingFlag } from "../../server/domain/settings/flags.js";
import { parseBankArgs, runBankCommand, UsageError, USAGE } from "../../server/staff/commands.js";
import { DomainError } from "../../server/domain/errors.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

/** The field → first constraint id of a VALIDATION_FAILED DomainError thrown by `fn`. */
async function refusal(fn: () => Promise<unknown>): Promise<Record<string, string> | string> {
  try {
    await fn();
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    if (typeof err.body === "string") return err.code;
    return Object.fromEntries(err.body.map((e) => [e.property, Object.keys(e.constraints)[0]]));
  }
  throw new Error("not refused");
}

describe("npm run bank: the ADMIN command lines", () => {
  it("parses rates, tariffs, fees and settings commands and refuses malformed ones", () => {
    expect(parseBankArgs(["rate:set", "EUR/USD", "1.0850"])).toEqual({
      command: "rate:set",
      currencyId: "USD",
      unitsPerEur: "1.0850",
      confirm: false,
    });
    expect(parseBankArgs(["rate:set", "gbp", "0.9", "--confirm"])).toMatchObject({ currencyId: "GBP", confirm: true });
    expect(() => parseBankArgs(["rate:set", "USD/GBP", "0.8"])).toThrow(/against EUR/);
    expect(() => parseBankArgs(["rate:set", "EUR/USD"])).toThrow(UsageError);
    expect(() => parseBankArgs(["rate:set", "EUR/USD", "1", "--reason", "x"])).toThrow(/takes no --reason/);
    expect(parseBankArgs(["setting:set", "payments-orders-enabled", "inherit", "--organization=abc"])).toEqual({
      command: "setting:set",
      key: "PAYMENTS-ORDERS-ENABLED",
      value: null,
      organizationId: "abc",
    });
    expect(() => parseBankArgs(["setting:set", "DEMO-MODE-ENABLED", "inherit"])).toThrow(/--organization/);
    expect(() => parseBankArgs(["setting:set", "DEMO-MODE-ENABLED", "yes"])).toThrow(/true, false or inherit/);
    expect(
      parseBankArgs([
        "fee:set",
        "--tariff",
        "t1",
        "--kind",
        "gbp",
        "--type",
        "bacs",
        "--currency",
        "gbp",
        "--name",
        "BACS",
        "--fixed",
        "0.30",
      ]),
    ).toMatchObject({
      command: "fee:set",
      fee: {
        tariffId: "t1",
        paymentKind: "GBP",
        paymentType: "BACS",
        currencyId: "GBP",
        feeAmountType: "FIXED",
        feeFixedAmount: "0.30",
      },
    });
    expect(() =>
      parseBankArgs(["fee:set", "--tariff", "t1", "--kind", "GBP", "--name", "x", "--fixed", "1", "--percent", "1"]),
    ).toThrow(/exactly one of --fixed and --percent/);
    expect(() =>
      parseBankArgs(["fee:set", "--tariff", "t1", "--kind", "GBP", "--name", "x", "--fixed", "1", "--max", "3"]),
    ).toThrow(/--min and --max/);
    expect(parseBankArgs(["tariff:assign", "o1", "default"])).toEqual({
      command: "tariff:assign",
      organizationId: "o1",
      tariffId: null,
    });
    expect(USAGE).toMatch(/rate:set <EUR\/CUR>/);
    expect(USAGE).toMatch(/setting:set <KEY>/);
    expect(parseRatePair(" eur / cad ")).toBe("CAD");
  });
});

describe.each(databases)("ops ADMIN decisions on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  async function newCustomer(bal: Record<string, string> = { GBP: "1000.00", EUR: "100.00" }) {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL", balances: bal });
    return { c, token: await s.login(c.phone), orgId: c.organization.id, accountId: c.account!.id };
  }
  const quote = (who: { token: string; accountId: string }, from: string, to: string, sellAmount = "100.00") =>
    s.call("POST", "/exchange/calc", {
      token: who.token,
      body: { accountId: who.accountId, fromCurrencyId: from, toCurrencyId: to, sellAmount },
    });

  describe("rates", () => {
    it("a rate set by staff is what the next quote uses, until cleared; the list shows its source", async () => {
      const who = await newCustomer();
      const before = await quote(who, "GBP", "EUR");
      expect(before.status).toBe(201);
      expect(before.body.rateSource).toBe("ECB");

      const change = await setBankRate(s.db, { currencyId: "GBP", unitsPerEur: "0.8500" });
      expect(change.before).toMatchObject({ currencyId: "GBP", unitsPerEur: "0.8477", source: "ECB" });
      expect(change.after).toMatchObject({ currencyId: "GBP", unitsPerEur: "0.85", source: "BANK" });

      const after = await quote(who, "GBP", "EUR");
      const expected = customerRate(midRate(unitsPerEur({ GBP: "0.85" }), "GBP", "EUR")!, "0.50");
      expect(after.body.rate).toBe(expected.toFixed(12));
      expect(after.body.rateSource).toBe("BANK");
      expect(after.body.buyAmount).toBe(new Decimal("100").times(expected).toDecimalPlaces(2).toFixed(2));
      const rates = await s.call("GET", "/exchange/rates", { token: who.token });
      expect(rates.body.source).toBe("ECB+BANK");
      expect(rates.body.rates.find((r: { currencyId: string }) => r.currencyId === "GBP").unitsPerEur).toBe("0.85");

      const list = await listRates(s.db);
      expect(list.rates.find((r) => r.currencyId === "GBP")).toMatchObject({ source: "BANK", settable: true });
      expect(list.rates.find((r) => r.currencyId === "AED")).toMatchObject({ source: "DERIVED", settable: false });
      expect(list.rates.find((r) => r.currencyId === "EUR")).toMatchObject({ unitsPerEur: "1", settable: false });

      const cleared = await clearBankRate(s.db, { currencyId: "GBP" });
      expect(cleared.after).toMatchObject({ unitsPerEur: "0.8477", source: "ECB" });
      expect((await quote(who, "GBP", "EUR")).body.rateSource).toBe("ECB");
      expect(await refusal(() => clearBankRate(s.db, { currencyId: "GBP" }))).toBe("NOT_FOUND");
    });

    it("RUB, which the ECB no longer publishes, becomes quotable once staff set its rate", async () => {
      const who = await newCustomer({ EUR: "500.00", RUB: "0.00" });
      const refused = await quote(who, "EUR", "RUB");
      expect(refused.status).toBe(400);
      await setBankRate(s.db, { currencyId: "RUB", unitsPerEur: "95.5" });
      const ok = await quote(who, "EUR", "RUB");
      expect(ok.status).toBe(201);
      expect(ok.body.rate).toBe(customerRate(new Decimal("95.5"), "0.50").toFixed(12));
      await clearBankRate(s.db, { currencyId: "RUB" });
    });

    it("refuses a large change without confirmation, derived currencies and malformed rates", async () => {
      expect(await refusal(() => setBankRate(s.db, { currencyId: "USD", unitsPerEur: "1.5" }))).toEqual({
        unitsPerEur: "isNearCurrent",
      });
      const confirmed = await setBankRate(s.db, { currencyId: "USD", unitsPerEur: "1.5", confirmLargeChange: true });
      expect(confirmed.after.unitsPerEur).toBe("1.5");
      // The second setting the same day replaces the first (one BANK row per day and currency).
      expect((await setBankRate(s.db, { currencyId: "USD", unitsPerEur: "1.45" })).before.unitsPerEur).toBe("1.5");
      // USD-derived currencies follow: USDT = USD.
      const list = await listRates(s.db);
      expect(list.rates.find((r) => r.currencyId === "USDT")!.unitsPerEur).toBe("1.45");
      await clearBankRate(s.db, { currencyId: "USD" });
      for (const [currencyId, unitsPerEur, field, rule] of [
        ["EUR", "1", "currencyId", "isSettable"],
        ["AED", "4", "currencyId", "isSettable"],
        ["SOL", "0.01", "currencyId", "isSettable"],
        ["XXX", "1", "currencyId", "isCurrency"],
        ["CAD", "0", "unitsPerEur", "not-positive"],
        ["CAD", "-1", "unitsPerEur", "invalid-characters"],
        ["CAD", "1.2.3", "unitsPerEur", "invalid-characters"],
        ["CAD", "1e3", "unitsPerEur", "invalid-characters"],
        ["CAD", "1.0000000000001", "unitsPerEur", "too-many-decimals"],
        ["CAD", "", "unitsPerEur", "required"],
      ] as const)
        expect(await refusal(() => setBankRate(s.db, { currencyId, unitsPerEur })), `${currencyId} ${unitsPerEur}`).toEqual({
          [field]: rule,
        });
    });

    it("the spread changes the next quote's rate; a malformed spread is refused", async () => {
      const who = await newCustomer();
      const c = await setSpread(s.db, { percent: "1.25" });
      expect(c).toEqual({ before: { spreadPercent: "0.50" }, after: { spreadPercent: "1.25" } });
      const q = await quote(who, "GBP", "EUR");
      expect(q.body.rate).toBe(customerRate(midRate(unitsPerEur({ GBP: "0.8477" }), "GBP", "EUR")!, "1.25").toFixed(12));
      for (const percent of ["100", "-1", "1.1234567", "abc", ""])
        expect(await refusal(() => setSpread(s.db, { percent }))).toEqual({ percent: "isSpread" });
      await setSpread(s.db, { percent: "0.50" });
    });

    it("the SOL reference price set by ADMIN is what SOL is quoted at; audited; malformed prices refused on their field", async () => {
      const admin = await staffLogin(s, "admin@ops.example");
      const who = await newCustomer();
      const perEur = async () => {
        const rates = (await s.call("GET", "/exchange/rates", { token: who.token })).body.rates as {
          currencyId: string;
          unitsPerEur: string;
        }[];
        const of = (c: string) => new Decimal(rates.find((r) => r.currencyId === c)!.unitsPerEur);
        return { usd: of("USD"), sol: of("SOL") };
      };
      const before = await perEur();
      expect(before.sol.toFixed(6)).toBe(before.usd.dividedBy("150").toFixed(6));
      for (const priceUsd of ["0", "-5", "abc", "1.123456789", ""]) {
        const bad = await s.call("POST", "/ops/rates/sol", { token: admin, body: { priceUsd } });
        expect(bad.status, priceUsd).toBe(400);
        expect(bad.body.message[0]).toMatchObject({ property: "priceUsd", constraints: { isSolPrice: expect.any(String) } });
      }
      const set = await s.call("POST", "/ops/rates/sol", { token: admin, body: { priceUsd: "200.5" } });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ before: { solPriceUsd: "150" }, after: { solPriceUsd: "200.5" } });
      const after = await perEur();
      expect(after.sol.toFixed(6)).toBe(after.usd.dividedBy("200.5").toFixed(6));
      expect((await s.call("GET", "/ops/rates", { token: admin })).body.solPriceUsd).toBe("200.5");
      const [entry] = await s.db
        .select()
        .from(staffAuditLog)
        .where(eq(staffAuditLog.action, "rate.sol-price"))
        .orderBy(desc(staffAuditLog.id))
        .limit(1);
      expect(entry).toMatchObject({ subjectType: "setting", subjectId: "SOL-REFERENCE-PRICE-USD", source: "ops" });
      expect(await runBankCommand(s.db, parseBankArgs(["rate:sol", "150"]) as never)).toBe(
        "SOL reference price: 200.5 USD → 150 USD.",
      );
    });

    it("rate:set and rate:list through the staff command", async () => {
      const out = await runBankCommand(s.db, parseBankArgs(["rate:set", "EUR/CAD", "1.55"]) as never);
      expect(out).toMatch(/EUR\/CAD: .* → 1\.55 \(BANK/);
      expect(await runBankCommand(s.db, parseBankArgs(["rate:list"]) as never)).toMatch(/CAD\s+1\.55\s+BANK/);
      await clearBankRate(s.db, { currencyId: "CAD" });
    });
  });

  describe("tariffs and fees", () => {
    const bacs = (who: Awaited<ReturnType<typeof newCustomer>>) =>
      s.call("POST", "/payments/check", {
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
    const feeOf = async (who: Awaited<ReturnType<typeof newCustomer>>) => {
      const r = await bacs(who);
      expect(r.status).toBe(200);
      return r.body.fee;
    };

    it("a tariff fee, a custom fee and a new tariff change the next payment's fee", async () => {
      const who = await newCustomer();
      expect(await feeOf(who)).toEqual({ amount: "0.20", currencyId: "GBP" });
      const standard = (await listTariffs(s.db)).find((t) => t.isDefault)!;
      const base = { paymentKind: "GBP", paymentType: "BACS", currencyId: "GBP", feeAmountType: "FIXED" } as const;

      // The default tariff's BACS fee is replaced (same key), not duplicated.
      const replaced = await setFee(s.db, {
        ...base,
        tariffId: standard.id,
        name: "BACS",
        feeFixedAmount: "0.35",
        feeCurrencyId: "GBP",
      });
      expect(replaced.before).toMatchObject({ feeFixedAmount: "0.20" });
      expect(replaced.after).toMatchObject({ feeId: replaced.before!.feeId, feeFixedAmount: "0.35" });
      expect(await feeOf(who)).toEqual({ amount: "0.35", currencyId: "GBP" });

      // A custom fee for this organization wins over the tariff.
      const custom = await setFee(s.db, {
        ...base,
        feeAmountType: "PERCENT",
        organizationId: who.orgId,
        name: "Agreed BACS",
        feePercentAmount: "1",
        feePercentMinAmount: "0.05",
      });
      expect(custom.before).toBeNull();
      expect(await feeOf(who)).toEqual({ amount: "0.20", currencyId: "GBP" }); // 1 % of 20.00
      const customerView = await s.call("GET", `/clients-organizations/${who.orgId}/fees`, { token: who.token });
      expect(customerView.body.customFees).toHaveLength(1);
      await removeFee(s.db, { feeId: custom.after!.feeId });
      expect(await feeOf(who)).toEqual({ amount: "0.35", currencyId: "GBP" });

      // A new tariff: the organization on it pays its fee; others keep the default's.
      const other = await newCustomer();
      const business = await createTariff(s.db, { name: `Business ${kind}` });
      expect(await refusal(() => createTariff(s.db, { name: `business ${kind}` }))).toEqual({ name: "isUnique" });
      await setFee(s.db, { ...base, tariffId: business.after!.id, name: "BACS", feeFixedAmount: "0.10" });
      const moved = await assignTariff(s.db, { organizationId: who.orgId, tariffId: business.after!.id });
      expect(moved.before).toEqual({ organizationId: who.orgId, tariffId: null, tariffName: null });
      expect(await feeOf(who)).toEqual({ amount: "0.10", currencyId: "GBP" });
      expect(await feeOf(other)).toEqual({ amount: "0.35", currencyId: "GBP" });
      await assignTariff(s.db, { organizationId: who.orgId, tariffId: null });
      expect(await feeOf(who)).toEqual({ amount: "0.35", currencyId: "GBP" });
      expect((await listTariffs(s.db)).find((t) => t.id === business.after!.id)!.organizationCount).toBe(0);

      await setFee(s.db, { ...base, tariffId: standard.id, name: "BACS", feeFixedAmount: "0.20", feeCurrencyId: "GBP" });
      expect(await feeOf(who)).toEqual({ amount: "0.20", currencyId: "GBP" });
    });

    it("refuses fees that would be misapplied, each on its field", async () => {
      const standard = (await listTariffs(s.db)).find((t) => t.isDefault)!;
      const who = await newCustomer();
      const ok = {
        tariffId: standard.id,
        name: "x",
        paymentKind: "GBP",
        feeAmountType: "FIXED",
        feeFixedAmount: "1.00",
      } as const;
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ organizationId: who.orgId }, { tariffId: "isOwner" }],
        [{ tariffId: null }, { tariffId: "isOwner" }],
        [{ paymentKind: "TELEPORT" }, { paymentKind: "invalid_enum_value" }],
        [{ paymentType: "SWIFT" }, { paymentType: "isPaymentType" }],
        [{ paymentKind: "INTERNAL", paymentType: "BACS" }, { paymentType: "isPaymentType" }],
        [{ currencyId: "XYZ" }, { currencyId: "isCurrency" }],
        [{ feeFixedAmount: "0" }, { feeFixedAmount: "not-positive" }],
        [{ feeFixedAmount: "1.001", currencyId: "GBP" }, { feeFixedAmount: "too-many-decimals" }],
        [{ feeFixedAmount: null }, { feeFixedAmount: "required" }],
        [{ feePercentAmount: "1" }, { feePercentAmount: "isEmpty" }],
        [{ feeAmountType: "PERCENT", feeFixedAmount: null, feePercentAmount: "101" }, { feePercentAmount: "max" }],
        [
          {
            feeAmountType: "PERCENT",
            feeFixedAmount: null,
            feePercentAmount: "1",
            feePercentMinAmount: "5",
            feePercentMaxAmount: "2",
          },
          { feePercentMaxAmount: "isAtLeastMin" },
        ],
        [{ paymentKind: "SERVICE", feeCurrencyId: null }, { feeCurrencyId: "isNotEmpty" }],
        [{ paymentKind: "SERVICE", currencyId: "GBP", feeCurrencyId: "GBP" }, { currencyId: "isEmpty" }],
        [{ paymentKind: "EXCHANGE", currencyId: "GBP", feeCurrencyId: "EUR" }, { feeCurrencyId: "isSoldCurrency" }],
        [{ tariffId: "00000000-0000-4000-8000-000000000000" }, { tariffId: "isTariff" }],
        [{ name: "" }, { name: "too_small" }],
      ];
      for (const [over, expected] of cases)
        expect(await refusal(() => setFee(s.db, { ...ok, ...over } as never)), JSON.stringify(over)).toEqual(expected);
      expect(await refusal(() => removeFee(s.db, { feeId: "00000000-0000-4000-8000-000000000000" }))).toBe("NOT_FOUND");
      expect(await refusal(() => assignTariff(s.db, { organizationId: who.orgId, tariffId: "nope" }))).toEqual({
        tariffId: "isTariff",
      });
    });
  });

  describe("settings flags", () => {
    it("PAYMENTS-ORDERS-ENABLED bank-wide and per organization: what the customer is offered and may do", async () => {
      const a = await newCustomer();
      const b = await newCustomer();
      const ordersOf = async (who: typeof a) =>
        (await s.call("GET", `/settings/payments?organizationId=${who.orgId}`, { token: who.token })).body[
          "PAYMENTS-ORDERS-ENABLED"
        ];
      expect(await ordersOf(a)).toBe(false);
      const on = await setSettingFlag(s.db, { key: "PAYMENTS-ORDERS-ENABLED", value: true });
      expect(on.before).toMatchObject({ bankValue: false, effective: false });
      expect(on.after).toMatchObject({ bankValue: true, effective: true });
      expect(await ordersOf(a)).toBe(true);
      expect(await ordersOf(b)).toBe(true);

      const off = await setSettingFlag(s.db, { key: "PAYMENTS-ORDERS-ENABLED", value: false, organizationId: a.orgId });
      expect(off.after).toMatchObject({ bankValue: true, organizationValue: false, effective: false });
      expect(await ordersOf(a)).toBe(false);
      expect(await ordersOf(b)).toBe(true);
      const order = (who: typeof a) =>
        s.call("POST", "/payments-orders", {
          token: who.token,
          headers: { "Idempotency-Key": `ops-admin-${who.orgId}` },
          body: {
            organizationId: who.orgId,
            accountId: who.accountId,
            currencyId: "GBP",
            sum: "10.00",
            description: "Family support",
            payee: { name: "Amina Njoroge", address: "12 Moi Avenue", city: "Nairobi", country: "ke", phone: "+254 712 345 678" },
          },
        });
      expect((await order(a)).status).toBe(403);
      expect((await order(b)).status).toBe(201);

      const flags = await listSettingFlags(s.db, { organizationId: a.orgId });
      expect(flags.find((f) => f.key === "PAYMENTS-ORDERS-ENABLED")).toMatchObject({
        organizationValue: false,
        effective: false,
      });
      await setSettingFlag(s.db, { key: "PAYMENTS-ORDERS-ENABLED", value: null, organizationId: a.orgId });
      expect(await ordersOf(a)).toBe(true);
      await setSettingFlag(s.db, { key: "PAYMENTS-ORDERS-ENABLED", value: false });
      expect(await ordersOf(a)).toBe(false);
    });

    it("DEMO-MODE-ENABLED, OVERDRAFT-ENABLED and the custom rate flag reach /v1/settings; bank-wide flags refuse an organization", async () => {
      const a = await newCustomer();
      const demo = (await listSettingFlags(s.db)).find((f) => f.key === "DEMO-MODE-ENABLED")!;
      await setSettingFlag(s.db, { key: "DEMO-MODE-ENABLED", value: !demo.bankValue });
      expect((await s.call("GET", "/settings/demo", { token: a.token })).body).toEqual({ enabled: !demo.bankValue });
      await setSettingFlag(s.db, { key: "DEMO-MODE-ENABLED", value: demo.bankValue });

      const overdraft = (await listSettingFlags(s.db)).find((f) => f.key === "OVERDRAFT-ENABLED")!;
      await setSettingFlag(s.db, { key: "OVERDRAFT-ENABLED", value: !overdraft.bankValue });
      expect((await s.call("GET", "/settings/overdraft", { token: a.token })).body).toEqual({ enabled: !overdraft.bankValue });
      await setSettingFlag(s.db, { key: "OVERDRAFT-ENABLED", value: overdraft.bankValue });

      // A balance's overdraftEnabled is the effective switch (global AND account AND balance): the web
      // app shows the limit and `available` exactly when it is true (docs/decisions.md "Overdraft display").
      const od = await createCustomer(s.db, {
        type: "CORPORATE",
        balances: { GBP: "10.00", EUR: "5.00" },
        overdrafts: { GBP: "50.00" },
      });
      const odToken = await s.login(od.phone);
      const balancesOf = async () =>
        Object.fromEntries(
          (await s.call("GET", `/accounts/${od.account!.id}`, { token: odToken })).body.balances.map((b: any) => [
            b.currencyId,
            { overdraftEnabled: b.overdraftEnabled, available: b.available },
          ]),
        );
      await setSettingFlag(s.db, { key: "OVERDRAFT-ENABLED", value: true });
      expect(await balancesOf()).toEqual({
        GBP: { overdraftEnabled: true, available: "60.00" },
        EUR: { overdraftEnabled: false, available: "5.00" },
      });
      await setSettingFlag(s.db, { key: "OVERDRAFT-ENABLED", value: false });
      expect(await balancesOf()).toEqual({
        GBP: { overdraftEnabled: false, available: "10.00" },
        EUR: { overdraftEnabled: false, available: "5.00" },
      });
      await setSettingFlag(s.db, { key: "OVERDRAFT-ENABLED", value: overdraft.bankValue });

      await setSettingFlag(s.db, { key: "EXCHANGE-CUSTOM-RATE-ENABLED", value: true, organizationId: a.orgId });
      expect(
        (await s.call("GET", `/settings/exchange-custom-rate?organizationId=${a.orgId}`, { token: a.token })).body,
      ).toMatchObject({ enabled: true });

      expect(
        await refusal(() => setSettingFlag(s.db, { key: "DEMO-MODE-ENABLED", value: true, organizationId: a.orgId })),
      ).toEqual({
        organizationId: "isBankWide",
      });
      expect(await refusal(() => setSettingFlag(s.db, { key: "WHITELABEL", value: true }))).toEqual({ key: "isFlag" });
      expect(await refusal(() => setSettingFlag(s.db, { key: "DEMO-MODE-ENABLED", value: null }))).toEqual({
        value: "isBoolean",
      });
      expect(
        await refusal(() =>
          setSettingFlag(s.db, {
            key: "PAYMENTS-ORDERS-ENABLED",
            value: true,
            organizationId: "00000000-0000-4000-8000-000000000000",
          }),
        ),
      ).toBe("NOT_FOUND");
    });

    it("setting:set and setting:list through the staff command", async () => {
      const a = await newCustomer();
      const out = await runBankCommand(
        s.db,
        parseBankArgs(["setting:set", "CARDS-ORDERING-ENABLED", "false", "--organization", a.orgId]) as never,
      );
      expect(out).toMatch(/CARDS-ORDERING-ENABLED \(organization .*\): true → false/);
      expect(await runBankCommand(s.db, parseBankArgs(["setting:list", "--organization", a.orgId]) as never)).toMatch(
        /CARDS-ORDERING-ENABLED\s+bank: true\s+organization: false\s+in force: false/,
      );
    });
  });
});
