/**
 * Fees against a real database (spec 001 §3 Fee; server/domain/fees): which row `findFee` picks
 * — the organization's custom fees, else its tariff, else the default tariff; within one source
 * the most specific row (type and currency > type > currency > neither); a typed row never
 * matches another type — and what `feeFor` charges with the scales from `currencies`, including
 * the seeded "Standard" tariff. Then the reference data the payment forms read (GET
 * /payment-categories, /casps, /psp-partners, /settings/psp-partners) and the domain lookups
 * the rails call (getCasp, getPspPartner).
 *
 * Organizations and tariffs are made fresh by the factories; the seeded default tariff is only
 * read (a second default tariff is added in the last test).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizations, settings } from "../../server/db/schema/index.js";
import { feeFor, findFee, type FeeQuery } from "../../server/domain/fees/index.js";
import { Decimal } from "../../server/domain/ledger/money.js";
import { getCasp, getPspPartner, SETTING_PSP_PARTNERS_ENABLED } from "../../server/domain/reference/index.js";
import { chargeServiceFees, collectOwedServiceFees } from "../../server/domain/fees/service.js";
import {
  createCustomer,
  createFee,
  createOrganization,
  createTariff,
  postExternal,
  type FeeRuleInput,
} from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

/** A FIXED fee of `amount` (in the payment currency unless `currency`), to tell rows apart by their amount. */
const fixed = (
  amount: string,
  where: Pick<FeeRuleInput, "paymentKind" | "paymentType" | "currencyId">,
  currency: string | null = null,
): FeeRuleInput => ({
  ...where,
  name: `fixed ${amount}`,
  feeAmountType: "FIXED",
  feeFixedAmount: amount,
  feeCurrencyId: currency,
});

describe.each(databases)("fees on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  const newOrg = async () => (await createOrganization(s.db, { type: "CORPORATE" })).id;
  /** The fixed amount of the row findFee picks ("none" when none), as a plain decimal. */
  const picked = async (q: FeeQuery) => {
    const row = await findFee(s.db, q);
    return row ? new Decimal(row.feeFixedAmount ?? "NaN").toFixed() : "none";
  };
  /** feeFor as "amount CUR" (the amount at its scale) or null. */
  const charged = async (q: Omit<FeeQuery, "currencyId">, currencyId: string, amount: string, scale = 2) => {
    const fee = await feeFor(s.db, { ...q, currencyId, amount: new Decimal(amount) });
    return fee ? `${fee.amount.toFixed(scale)} ${fee.currencyId}` : null;
  };

  describe("findFee: the most specific row of one source", () => {
    let orgId: string;
    beforeAll(async () => {
      orgId = await newOrg();
      const tariff = await createTariff(s.db, { name: "Specificity", organizationIds: [orgId] });
      const intl = { paymentKind: "INTERNATIONAL" };
      for (const f of [
        fixed("4", { ...intl }),
        fixed("3", { ...intl, currencyId: "USD" }),
        fixed("2", { ...intl, paymentType: "SWIFT" }),
        fixed("1", { ...intl, paymentType: "SWIFT", currencyId: "USD" }),
        // Typed rows of another type, even with the payment's currency, never match a SWIFT payment.
        fixed("5", { ...intl, paymentType: "FEDWIRE", currencyId: "EUR" }),
        fixed("6", { ...intl, paymentType: "FEDWIRE" }),
      ]) {
        await createFee(s.db, { ...f, tariffId: tariff.id });
      }
    });
    const q = (paymentType: string | null, currencyId: string): FeeQuery => ({
      organizationId: orgId,
      kind: "INTERNATIONAL",
      paymentType,
      currencyId,
    });

    it("type and currency > type only > currency only > neither", async () => {
      expect(await picked(q("SWIFT", "USD"))).toBe("1");
      expect(await picked(q("SWIFT", "EUR"))).toBe("2");
      expect(await picked(q("TARGET_2", "USD"))).toBe("3");
      expect(await picked(q("TARGET_2", "GBP"))).toBe("4");
    });

    it("a typed row never matches another type, nor a payment without a type", async () => {
      expect(await picked(q("FEDWIRE", "EUR"))).toBe("5");
      expect(await picked(q("FEDWIRE", "GBP"))).toBe("6");
      expect(await picked(q(null, "USD"))).toBe("3");
      expect(await picked(q(null, "EUR"))).toBe("4");
    });

    it("the kind must match: rows of another kind are not candidates", async () => {
      expect(await picked({ ...q("SWIFT", "USD"), kind: "USD" })).toBe("none");
    });

    it("an organization on its own tariff does not fall back to the default tariff", async () => {
      // The default tariff charges BACS 0.20 GBP; this organization's tariff has no BACS row.
      expect(await picked({ organizationId: orgId, kind: "GBP", paymentType: "BACS", currencyId: "GBP" })).toBe("none");
    });

    it("equal rows: the oldest wins", async () => {
      const other = await newOrg();
      const tariff = await createTariff(s.db, { name: "Ties", organizationIds: [other] });
      const t0 = Date.now();
      await createFee(s.db, { ...fixed("8", { paymentKind: "EURO" }), tariffId: tariff.id, createdAt: new Date(t0) });
      await createFee(s.db, { ...fixed("7", { paymentKind: "EURO" }), tariffId: tariff.id, createdAt: new Date(t0 - 60_000) });
      expect(await picked({ organizationId: other, kind: "EURO", paymentType: "SEPA_SCT", currencyId: "EUR" })).toBe("7");
    });
  });

  describe("findFee: custom fees, then the tariff, then the default tariff", () => {
    let onTariff: string;
    let custom: string;
    let customOnDefault: string;
    let plain: string;
    beforeAll(async () => {
      [onTariff, custom, customOnDefault, plain] = [await newOrg(), await newOrg(), await newOrg(), await newOrg()];
      const gold = await createTariff(s.db, { name: "Gold", organizationIds: [onTariff, custom] });
      await createFee(s.db, {
        ...fixed("20", { paymentKind: "INTERNATIONAL", paymentType: "SWIFT", currencyId: "USD" }),
        tariffId: gold.id,
      });
      await createFee(s.db, { ...fixed("21", { paymentKind: "EURO", paymentType: "SEPA_SCT_INST" }), tariffId: gold.id });
      // `custom`: a generic custom fee and a specific one; both beat the tariff's specific row.
      await createFee(s.db, { ...fixed("30", { paymentKind: "INTERNATIONAL" }), organizationId: custom });
      await createFee(s.db, {
        ...fixed("31", { paymentKind: "INTERNATIONAL", paymentType: "SWIFT", currencyId: "GBP" }),
        organizationId: custom,
      });
      // `customOnDefault`: no tariff of its own; one custom row for SWIFT in GBP.
      await createFee(s.db, {
        ...fixed("40", { paymentKind: "INTERNATIONAL", paymentType: "SWIFT", currencyId: "GBP" }),
        organizationId: customOnDefault,
      });
    });
    const swift = (organizationId: string, currencyId: string): FeeQuery => ({
      organizationId,
      kind: "INTERNATIONAL",
      paymentType: "SWIFT",
      currencyId,
    });

    it("the organization's tariff", async () => {
      expect(await picked(swift(onTariff, "USD"))).toBe("20");
      expect(await picked({ organizationId: onTariff, kind: "EURO", paymentType: "SEPA_SCT_INST", currencyId: "EUR" })).toBe(
        "21",
      );
    });

    it("any matching custom fee beats the tariff, even a less specific one; the most specific custom row wins", async () => {
      expect(await picked(swift(custom, "USD"))).toBe("30");
      expect(await picked(swift(custom, "GBP"))).toBe("31");
      // No custom row of that kind: back to the organization's tariff.
      expect(await picked({ organizationId: custom, kind: "EURO", paymentType: "SEPA_SCT_INST", currencyId: "EUR" })).toBe("21");
    });

    it("without a tariff of its own: custom fees, then the default tariff", async () => {
      expect(await picked(swift(customOnDefault, "GBP"))).toBe("40");
      const standard = await findFee(s.db, swift(customOnDefault, "USD"));
      expect(standard).toMatchObject({ feeAmountType: "PERCENT", paymentType: "SWIFT", tariffId: expect.any(String) });
      expect(new Decimal(standard!.feePercentAmount!).toFixed()).toBe("0.2");
    });

    it("another organization's custom fees never apply", async () => {
      expect(await picked(swift(onTariff, "GBP"))).toBe("none");
      expect((await findFee(s.db, swift(plain, "GBP")))?.organizationId).toBeNull();
    });

    it("an unknown organization gets the default tariff (nothing custom, no tariff of its own)", async () => {
      const row = await findFee(s.db, {
        organizationId: "00000000-0000-0000-0000-000000000000",
        kind: "EURO",
        paymentType: "SEPA_SCT_INST",
        currencyId: "EUR",
      });
      expect(row?.name).toBe("SEPA Instant");
    });
  });

  describe("feeFor", () => {
    it("charges a fixed fee in its own currency, rounded to that currency's scale", async () => {
      const orgId = await newOrg();
      const t = await createTariff(s.db, { organizationIds: [orgId] });
      await createFee(s.db, { ...fixed("1.5", { paymentKind: "USD", paymentType: "FEDWIRE" }, "GBP"), tariffId: t.id });
      await createFee(s.db, { ...fixed("0.1234567891", { paymentKind: "CRYPTO_ASSET_PAYMENT" }, "SOL"), tariffId: t.id });
      await createFee(s.db, { ...fixed("0.0000004", { paymentKind: "INTERNAL" }), tariffId: t.id });
      const q = { organizationId: orgId, paymentType: null };
      expect(await charged({ ...q, kind: "USD", paymentType: "FEDWIRE" }, "USD", "250.00")).toBe("1.50 GBP");
      const sol = await feeFor(s.db, { ...q, kind: "CRYPTO_ASSET_PAYMENT", currencyId: "USDT", amount: new Decimal("5") });
      expect(sol?.amount.toFixed()).toBe("0.123456789");
      expect(sol?.currencyId).toBe("SOL");
      // 0.0000004 GBP rounds to 0.00 at scale 2: no fee.
      expect(await charged({ ...q, kind: "INTERNAL" }, "GBP", "100.00")).toBeNull();
    });

    it("charges the seeded Standard tariff; SEPA_SCT, Faster Payments, internal and between accounts are free", async () => {
      const { organization } = await createCustomer(s.db, { type: "INDIVIDUAL" });
      const o = { organizationId: organization.id };
      const t = (kind: FeeQuery["kind"], paymentType: string | null) => ({ ...o, kind, paymentType });
      expect(await charged(t("EURO", "SEPA_SCT"), "EUR", "100.00")).toBeNull();
      expect(await charged(t("GBP", "FASTER_PAYMENT"), "GBP", "100.00")).toBeNull();
      expect(await charged(t("INTERNAL", null), "GBP", "100.00")).toBeNull();
      expect(await charged(t("BETWEEN_ACCOUNTS", null), "EUR", "100.00")).toBeNull();
      expect(await charged(t("EURO", "SEPA_SCT_INST"), "EUR", "100.00")).toBe("0.50 EUR");
      expect(await charged(t("EURO", "TARGET_2"), "EUR", "100.00")).toBe("10.00 EUR");
      expect(await charged(t("GBP", "BACS"), "GBP", "100.00")).toBe("0.20 GBP");
      expect(await charged(t("USD", "FEDWIRE"), "USD", "100.00")).toBe("15.00 USD");
      expect(await charged(t("INTERNATIONAL", "SWIFT"), "USD", "100.00")).toBe("10.00 USD");
      expect(await charged(t("INTERNATIONAL", "SWIFT"), "GBP", "12345.67")).toBe("24.69 GBP"); // 24.69134
      expect(await charged(t("INTERNATIONAL", "SWIFT"), "EUR", "1000000.00")).toBe("100.00 EUR");
      expect(await charged(t("INTERNATIONAL", "SWIFT"), "CNY", "100.00")).toBe("70.00 CNY");
      expect(await charged(t("CRYPTO_ASSET_PAYMENT", "CRYPTO_ASSET_PAYMENT"), "USDT", "1000.000000", 6)).toBe("5.000000 USDT");
      expect(await charged(t("CRYPTO_ASSET_PAYMENT", "CRYPTO_ASSET_PAYMENT"), "USDC", "10.000000", 6)).toBe("1.000000 USDC");
      expect(await charged(t("CRYPTO_ASSET_PAYMENT", "CRYPTO_ASSET_PAYMENT"), "SOL", "1.234567891", 9)).toBe("0.010000000 SOL");
      expect(await charged(t("CRYPTO_ASSET_PAYMENT", "CRYPTO_ASSET_PAYMENT"), "SOL", "3.000000001", 9)).toBe("0.015000000 SOL");
      expect(await charged(t("CASH_OVER_COUNTER", "CASH_OVER_COUNTER"), "EUR", "300.00")).toBe("3.00 EUR");
      expect(await charged(t("CASH_OVER_COUNTER", "CASH_OVER_COUNTER"), "AED", "50.00")).toBe("2.00 AED");
    });

    it("the demo corporate Northwind Trading Ltd has a negotiated SWIFT fee", async () => {
      const [northwind] = await s.db.select().from(organizations).where(eq(organizations.companyName, "Northwind Trading Ltd"));
      const swift = { organizationId: northwind.id, kind: "INTERNATIONAL" as const, paymentType: "SWIFT" };
      expect(await charged(swift, "GBP", "20000.00")).toBe("20.00 GBP");
      expect(await charged(swift, "GBP", "100.00")).toBe("5.00 GBP");
      // Its other payments follow the Standard tariff.
      expect(await charged({ ...swift, kind: "GBP", paymentType: "BACS" }, "GBP", "100.00")).toBe("0.20 GBP");
    });

    it("several default tariffs: the oldest (Standard) stays the default", async () => {
      await createTariff(s.db, { name: "Second default", isDefault: true });
      const { organization } = await createCustomer(s.db, { type: "INDIVIDUAL" });
      expect(await charged({ organizationId: organization.id, kind: "GBP", paymentType: "BACS" }, "GBP", "10.00")).toBe(
        "0.20 GBP",
      );
    });
  });
});

describe.each(databases)("reference data on %s", (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    token = await s.login((await createCustomer(s.db, { type: "INDIVIDUAL" })).phone);
  });
  afterAll(async () => s?.close());

  it("every route needs a token", async () => {
    for (const path of ["/payment-categories", "/casps", "/psp-partners?currencyId=GBP", "/settings/psp-partners"]) {
      const res = await s.call("GET", path);
      expect(res.status, path).toBe(401);
      expect(res.body.code).toBe("UNAUTHENTICATED");
    }
  });

  it("GET /payment-categories: the seeded categories in display order", async () => {
    const res = await s.call("GET", "/payment-categories", { token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual([
      "Goods and services",
      "Salary and wages",
      "Rent",
      "Invoice payment",
      "Family support",
      "Investment",
      "Loan repayment",
      "Other",
    ]);
    expect(res.body.data[0]).toEqual({ id: "goods-and-services", name: "Goods and services" });
  });

  it("GET /casps: each CASP's assets on their networks", async () => {
    const res = await s.call("GET", "/casps", { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: "bitstamp",
        name: "Bitstamp Europe",
        assets: [
          { currencyId: "USDT", network: "ETHEREUM" },
          { currencyId: "USDC", network: "ETHEREUM" },
          { currencyId: "EURC", network: "ETHEREUM" },
        ],
      },
      {
        id: "kraken-eu",
        name: "Payward Europe (Kraken)",
        assets: [
          { currencyId: "USDT", network: "ETHEREUM" },
          { currencyId: "USDC", network: "ETHEREUM" },
          { currencyId: "EURC", network: "ETHEREUM" },
          { currencyId: "SOL", network: "SOLANA" },
        ],
      },
    ]);
  });

  it("GET /psp-partners: all, or those paying out one currency", async () => {
    const all = (await s.call("GET", "/psp-partners", { token })).body.data as { currencyId: string }[];
    expect(new Set(all.map((p) => p.currencyId))).toEqual(new Set(["GBP", "EUR", "USD", "AED"]));
    const gbp = await s.call("GET", "/psp-partners?currencyId=GBP", { token });
    expect(gbp.status).toBe(200);
    expect(gbp.body.data.length).toBeGreaterThan(0);
    for (const p of gbp.body.data) {
      expect(p).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        currencyId: "GBP",
        address: expect.stringMatching(/\S/),
      });
    }
    expect((await s.call("GET", "/psp-partners?currencyId=JPY", { token })).body).toEqual({ data: [] });
  });

  it("GET /psp-partners refuses a malformed currencyId with a field error", async () => {
    for (const q of ["currencyId=GB", "currencyId=ABCDEFGHI", "currencyId[]=GBP", "currencyId=GBP&currencyId=EUR"]) {
      const res = await s.call("GET", `/psp-partners?${q}`, { token });
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe("VALIDATION_FAILED");
      expect(res.body.message[0].property).toBe("currencyId");
    }
  });

  it("GET /settings/psp-partners follows PSP-PARTNERS-ENABLED (default true)", async () => {
    const get = async () => (await s.call("GET", "/settings/psp-partners", { token })).body;
    expect(await get()).toEqual({ enabled: true });
    await s.db.update(settings).set({ value: false }).where(eq(settings.key, SETTING_PSP_PARTNERS_ENABLED));
    expect(await get()).toEqual({ enabled: false });
    await s.db.update(settings).set({ value: "no" }).where(eq(settings.key, SETTING_PSP_PARTNERS_ENABLED));
    expect(await get()).toEqual({ enabled: true });
    await s.db.delete(settings).where(eq(settings.key, SETTING_PSP_PARTNERS_ENABLED));
    expect(await get()).toEqual({ enabled: true });
    await s.db.insert(settings).values({ key: SETTING_PSP_PARTNERS_ENABLED, value: true });
  });

  it("getCasp and getPspPartner answer the stored row or null", async () => {
    expect(await getCasp(s.db, "kraken-eu")).toEqual({
      id: "kraken-eu",
      name: "Payward Europe (Kraken)",
      assets: { USDT: "ETHEREUM", USDC: "ETHEREUM", EURC: "ETHEREUM", SOL: "SOLANA" },
    });
    expect(await getCasp(s.db, "nobody")).toBeNull();
    const [first] = (await s.call("GET", "/psp-partners?currencyId=EUR", { token })).body.data;
    expect(await getPspPartner(s.db, first.id)).toEqual(first);
    expect(await getPspPartner(s.db, "nobody")).toBeNull();
  });
});

describe.each(databases)("GET /clients-organizations/:id/fees on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  it("lists the default tariff's fees for a customer without a tariff of its own", async () => {
    const customer = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const token = await s.login(customer.phone);
    const res = await s.call("GET", `/clients-organizations/${customer.organization.id}/fees`, { token });
    expect(res.status).toBe(200);
    expect(res.body.tariff.name).toBe("Standard");
    expect(res.body.customFees).toEqual([]);
    const byName = new Map((res.body.tariff.fees as { name: string }[]).map((f) => [f.name, f]));
    // Amounts at the currency's scale, percentages as plain decimals (seeded "Standard" tariff, README).
    expect(byName.get("SWIFT payment (CNY)")).toMatchObject({ feePercentMinAmount: "70.00", feePercentMaxAmount: "700.00" });
    expect(byName.get("SEPA Instant")).toMatchObject({
      paymentKind: "EURO",
      paymentType: "SEPA_SCT_INST",
      feeAmountType: "FIXED",
      feeFixedAmount: "0.50",
      feeCurrencyId: "EUR",
    });
    // Any currency: min and max are in the payment's currency, so they stay plain decimals.
    expect(byName.get("SWIFT payment")).toMatchObject({
      currencyId: null,
      feeAmountType: "PERCENT",
      feePercentAmount: "0.2",
      feePercentMinAmount: "10",
      feePercentMaxAmount: "100",
    });
  });

  it("an organization's own tariff and custom fees, not the default's; another customer gets 403", async () => {
    const customer = await createCustomer(s.db, { type: "CORPORATE" });
    const orgId = customer.organization.id;
    const tariff = await createTariff(s.db, { name: "Premium", organizationIds: [orgId] });
    await createFee(s.db, {
      ...fixed("1.25", { paymentKind: "GBP", paymentType: "BACS", currencyId: "GBP" }),
      tariffId: tariff.id,
    });
    await createFee(s.db, {
      name: "Negotiated SWIFT",
      paymentKind: "INTERNATIONAL",
      feeAmountType: "PERCENT",
      feePercentAmount: "0.125",
      feePercentMinAmount: "5",
      organizationId: orgId,
    });
    const token = await s.login(customer.phone);
    const res = await s.call("GET", `/clients-organizations/${orgId}/fees`, { token });
    expect(res.status).toBe(200);
    expect(res.body.tariff).toMatchObject({ id: tariff.id, name: "Premium" });
    expect(res.body.tariff.fees.map((f: { name: string; feeFixedAmount: string }) => [f.name, f.feeFixedAmount])).toEqual([
      ["fixed 1.25", "1.25"],
    ]);
    expect(res.body.customFees).toHaveLength(1);
    expect(res.body.customFees[0]).toMatchObject({
      name: "Negotiated SWIFT",
      feePercentAmount: "0.125",
      feePercentMinAmount: "5",
    });

    const stranger = await s.login((await createCustomer(s.db, { type: "INDIVIDUAL" })).phone);
    const refused = await s.call("GET", `/clients-organizations/${orgId}/fees`, { token: stranger });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain("Negotiated");
    expect((await s.call("GET", `/clients-organizations/not-a-uuid/fees`, { token })).status).toBe(403);
  });

  it("marks the tariff's fees a custom fee replaces on every payment they cover, as findFee decides", async () => {
    // Seeded Northwind's agreement: SWIFT 0.10 % in any currency (kind INTERNATIONAL, type SWIFT).
    const customer = await createCustomer(s.db, { type: "CORPORATE" });
    const orgId = customer.organization.id;
    await createFee(s.db, {
      name: "SWIFT payment (negotiated)",
      paymentKind: "INTERNATIONAL",
      paymentType: "SWIFT",
      feeAmountType: "PERCENT",
      feePercentAmount: "0.10",
      feePercentMinAmount: "5.00",
      feePercentMaxAmount: "50.00",
      organizationId: orgId,
    });
    // An agreed TARGET2 fee in GBP only: narrower than the tariff's TARGET2 fee (EUR), which stays.
    await createFee(s.db, {
      ...fixed("3", { paymentKind: "EURO", paymentType: "TARGET_2", currencyId: "GBP" }),
      organizationId: orgId,
    });
    const token = await s.login(customer.phone);
    const res = await s.call("GET", `/clients-organizations/${orgId}/fees`, { token });
    expect(res.status).toBe(200);
    const tariffFees = res.body.tariff.fees as { name: string; superseded: boolean }[];
    // The Standard tariff's three SWIFT rows (AED, CNY, any currency) are all replaced; nothing else is.
    expect(tariffFees.filter((f) => f.superseded).map((f) => f.name)).toEqual([
      "SWIFT payment (AED)",
      "SWIFT payment (CNY)",
      "SWIFT payment",
    ]);
    expect(tariffFees.find((f) => f.name === "TARGET2")?.superseded).toBe(false);
    expect(tariffFees.find((f) => f.name === "SEPA Instant")?.superseded).toBe(false);
    expect(res.body.customFees.map((f: { name: string }) => f.name)).toEqual(["fixed 3", "SWIFT payment (negotiated)"]);
    // The bank's own names carry a stable code for translation; a name typed by staff has none.
    expect(res.body.customFees.map((f: { nameCode: string | null }) => f.nameCode)).toEqual([null, "swift-negotiated"]);
    const codeOf = (name: string) =>
      (res.body.tariff.fees as { name: string; nameCode: string | null }[]).find((f) => f.name === name)?.nameCode;
    expect([codeOf("SWIFT payment (CNY)"), codeOf("SWIFT payment"), codeOf("TARGET2"), codeOf("Monthly account fee")]).toEqual([
      "swift-currency",
      "swift",
      "target2",
      "monthly-account",
    ]);
    // What a payment is charged agrees: the agreed fee, also where the tariff had a row for the currency.
    for (const currencyId of ["USD", "CNY", "AED"]) {
      const row = await findFee(s.db, { organizationId: orgId, kind: "INTERNATIONAL", paymentType: "SWIFT", currencyId });
      expect(row?.name).toBe("SWIFT payment (negotiated)");
    }
    const target2 = await findFee(s.db, { organizationId: orgId, kind: "EURO", paymentType: "TARGET_2", currencyId: "EUR" });
    expect(target2?.organizationId).toBeNull();

    // Another customer on the same tariff: nothing replaced.
    const other = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const theirs = await s.call("GET", `/clients-organizations/${other.organization.id}/fees`, {
      token: await s.login(other.phone),
    });
    expect((theirs.body.tariff.fees as { superseded: boolean }[]).some((f) => f.superseded)).toBe(false);
  });

  it("lists monthly service fees still owed until they are collected", async () => {
    const poor = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "0.50" } });
    const token = await s.login(poor.phone);
    const path = `/clients-organizations/${poor.organization.id}/fees`;
    expect((await s.call("GET", path, { token })).body.owed).toEqual([]);
    await chargeServiceFees(s.db, { month: "2026-08" });
    expect((await s.call("GET", path, { token })).body.owed).toEqual([{ month: "2026-08", amount: "2.00", currencyId: "GBP" }]);
    await postExternal(s.db, { balanceId: poor.balances.GBP.id, amount: "5.00", counterpartyName: "Payer" });
    await collectOwedServiceFees(s.db, { organizationIds: [poor.organization.id] });
    expect((await s.call("GET", path, { token })).body.owed).toEqual([]);
  });
});
