/**
 * Onboarding reference data against a real database (issue 8 "Reference data"; spec 001 §7;
 * server/api/v1/onboarding-reference.ts, server/domain/reference/onboarding.ts,
 * server/seed/onboarding-reference.ts): every endpoint answers the seeded lists to a signed-in
 * caller and 401 without a token; clientType is checked (400); SIC search is case-insensitive over
 * code and name, takes `%`, `_` and `\` literally and pages by cursor; the agreements hold real
 * PDFs; the seed is idempotent and keeps edited rows; and the helpers the applications domain
 * calls (`loadOptionSets`, `existingSicCodes`, `getDefaultScheme`) agree with the lists.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agreements, clientRanges, referenceItems, settings, sicCodes } from "../../server/db/schema/index.js";
import {
  existingSicCodes,
  getDefaultScheme,
  loadOptionSets,
  SETTING_APPLICATIONS_DOCUMENTS,
  SETTING_CLIENTS_TEXTAREA_MAX_ROWS,
} from "../../server/domain/reference/onboarding.js";
import { DOCUMENT_CATEGORIES, RANGE_TYPES, rangeFieldName, stepsOf } from "../../server/rules/applications/steps.js";
import { COUNTRY_CODES } from "../../server/rules/country.js";
import { seedOnboardingReference } from "../../server/seed/onboarding-reference.js";
import { SEED_PHONES } from "../../server/seed/seed.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

const ENDPOINTS = [
  "/countries",
  "/sic-codes?take=40",
  "/clients-activities",
  "/sources-of-funds",
  "/products?clientType=INDIVIDUAL",
  "/delivery-channels?clientType=CORPORATE",
  "/settings-clients-ranges?clientType=CORPORATE",
  "/applications-schemes?all=true",
  "/settings/applications",
  "/settings/clients-settings",
];

describe.each(databases)("onboarding reference data on %s", (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    token = await s.login(SEED_PHONES.unidentified);
  });
  afterAll(async () => s?.close());

  const get = (path: string) => s.call("GET", path, { token });
  const fields = (body: { message: { property: string }[] }) => body.message.map((e) => e.property);

  it("answers 401 without a token on every endpoint", async () => {
    for (const path of ENDPOINTS) {
      const r = await s.call("GET", path);
      expect(r.status, path).toBe(401);
      expect(r.body.code).toBe("UNAUTHENTICATED");
    }
  });

  it("lists every ISO 3166-1 country by name, in English by default, German and Arabic on request", async () => {
    const en = await get("/countries");
    expect(en.status).toBe(200);
    expect(en.body.data).toHaveLength(COUNTRY_CODES.length);
    expect(en.body.data).toContainEqual({ id: "GB", name: "United Kingdom" });
    expect(en.body.data[0]).toEqual({ id: "AF", name: "Afghanistan" });
    const names: string[] = en.body.data.map((c: { name: string }) => c.name);
    expect([...names].sort((a, b) => a.localeCompare(b, "en"))).toEqual(names);
    const de = await get("/countries?lang=de");
    expect(de.body.data).toContainEqual({ id: "DE", name: "Deutschland" });
    const ar = await get("/countries?lang=ar");
    expect(ar.body.data.find((c: { id: string }) => c.id === "EG").name).toBe("مصر");
    const bad = await get("/countries?lang=xx");
    expect(bad.status).toBe(400);
    expect(fields(bad.body)).toEqual(["lang"]);
  });

  it("pages the five-digit SIC codes by cursor, 40 by default, ordered by code", async () => {
    const first = await get("/sic-codes");
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(40);
    expect(first.body.data[0]).toEqual({
      code: "01110",
      name: "Growing of cereals (except rice), leguminous crops and oil seeds",
    });
    expect(first.body.nextCursor).toBe(first.body.data[39].code);
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { data: { code: string }[]; nextCursor: string | null } } = await get(
        `/sic-codes?take=100${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(page.status).toBe(200);
      all.push(...page.body.data.map((c) => c.code));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(all).toHaveLength(731);
    expect(all.every((c) => /^\d{5}$/.test(c))).toBe(true);
    expect([...all].sort()).toEqual(all);
    expect(new Set(all).size).toBe(all.length);
    for (const path of ["/sic-codes?take=0", "/sic-codes?take=101", "/sic-codes?take=x", "/sic-codes?cursor=A"]) {
      expect((await get(path)).status, path).toBe(400);
    }
  });

  it("searches SIC codes by code or name, case-insensitive, with LIKE wildcards taken literally", async () => {
    const byName = await get("/sic-codes?search=SOFTWARE");
    expect(byName.body.data.map((c: { code: string }) => c.code)).toEqual(["46510", "47410", "58290", "62011", "62012"]);
    expect(byName.body.nextCursor).toBeNull();
    const byCode = await get("/sic-codes?search=6201");
    expect(byCode.body.data.map((c: { code: string }) => c.code)).toEqual(["62011", "62012"]);
    const paged = await get("/sic-codes?search=software&take=2&cursor=46510");
    expect(paged.body).toEqual({
      data: [
        { code: "47410", name: "Retail sale of computers, peripheral units and software in specialised stores" },
        { code: "58290", name: "Other software publishing" },
      ],
      nextCursor: "58290",
    });
    // Unescaped, "%" would match every row and "0_1" codes such as 01110.
    for (const search of ["%", "_", "0_1", "\\", "%25"]) {
      const r = await get(`/sic-codes?search=${encodeURIComponent(search)}`);
      expect(r.status, search).toBe(200);
      expect(r.body.data, search).toEqual([]);
    }
    // Section letters are headings, never offered.
    const section = await get("/sic-codes?search=Manufacturing");
    expect(section.body.data.every((c: { code: string }) => /^\d{5}$/.test(c.code))).toBe(true);
  });

  it("lists active client activities and sources of funds by position", async () => {
    const activities = await get("/clients-activities");
    expect(activities.status).toBe(200);
    expect(activities.body.data.map((i: { id: string }) => i.id)).toEqual(
      expect.arrayContaining(["activity-employed-full-time", "activity-self-employed", "activity-retired", "activity-student"]),
    );
    expect(activities.body.data[0]).toEqual({
      id: "activity-employed-full-time",
      name: "Employed (full-time)",
      description: null,
    });
    const funds = await get("/sources-of-funds");
    expect(funds.body.data.map((i: { name: string }) => i.name)).toEqual(
      expect.arrayContaining(["Salary or wages", "Savings", "Investments", "Inheritance", "Sale of property", "Business income"]),
    );
    await s.db.update(referenceItems).set({ active: false }).where(eq(referenceItems.id, "activity-other"));
    const after = await get("/clients-activities");
    expect(after.body.data.map((i: { id: string }) => i.id)).not.toContain("activity-other");
    await s.db.update(referenceItems).set({ active: true }).where(eq(referenceItems.id, "activity-other"));
  });

  it("lists products and delivery channels per client type, 400 for a missing or unknown type", async () => {
    const ids = async (path: string) => (await get(path)).body.data.map((i: { id: string }) => i.id);
    expect(await ids("/products?clientType=INDIVIDUAL")).toEqual(
      expect.arrayContaining(["product-individual-current-account-gbp", "product-individual-crypto-assets"]),
    );
    const corporate = await ids("/products?clientType=CORPORATE");
    expect(corporate).toEqual(expect.arrayContaining(["product-corporate-fx", "product-corporate-remittance"]));
    expect(corporate.some((id: string) => id.startsWith("product-individual"))).toBe(false);
    expect((await ids("/products?clientType=COMPANY_OFFICIAL")).length).toBeGreaterThanOrEqual(2);
    expect(await ids("/delivery-channels?clientType=CORPORATE")).toEqual([
      "channel-corporate-online-banking",
      "channel-corporate-mobile",
      "channel-corporate-api",
    ]);
    for (const path of [
      "/products",
      "/products?clientType=individual",
      "/delivery-channels?clientType=BANK",
      "/settings-clients-ranges",
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(400);
      expect(r.body.code).toBe("VALIDATION_FAILED");
      expect(fields(r.body)).toEqual(["clientType"]);
    }
  });

  it("lists the monthly ranges of each type: seven range types, contiguous tiers, the last open", async () => {
    for (const clientType of ["INDIVIDUAL", "CORPORATE"]) {
      const r = await get(`/settings-clients-ranges?clientType=${clientType}`);
      expect(r.status).toBe(200);
      const data: { id: string; type: string; from: string; to: string | null }[] = r.body.data;
      expect([...new Set(data.map((d) => d.type))]).toEqual([...RANGE_TYPES]);
      for (const type of RANGE_TYPES) {
        const tiers = data.filter((d) => d.type === type);
        expect(tiers.length).toBeGreaterThanOrEqual(4);
        expect(tiers.length).toBeLessThanOrEqual(5);
        expect(tiers[0].from).toBe("0");
        expect(tiers.map((t) => t.id)).toEqual(tiers.map((_, i) => `${clientType}-${type}-${i + 1}`));
        tiers.slice(1).forEach((t, i) => expect(t.from).toBe(tiers[i].to));
        expect(tiers.at(-1)!.to).toBeNull();
        expect(tiers.slice(0, -1).every((t) => /^\d+$/.test(t.to!))).toBe(true);
      }
    }
    expect((await get("/settings-clients-ranges?clientType=CORPORATE")).body.data[0]).toEqual({
      id: "CORPORATE-MONTHLY_TURNOVER-1",
      type: "MONTHLY_TURNOVER",
      from: "0",
      to: "10000",
    });
    expect((await get("/settings-clients-ranges?clientType=COMPANY_OFFICIAL")).body.data).toEqual([]);
  });

  it("lists one default scheme per type and the applications and clients settings", async () => {
    const r = await get("/applications-schemes?all=true");
    expect(r.status).toBe(200);
    expect(r.body.data.map((d: { id: string }) => d.id)).toEqual([
      "individual-default",
      "corporate-default",
      "company-official-default",
    ]);
    const [individual, corporate, official] = r.body.data;
    expect(individual).toMatchObject({
      clientType: "INDIVIDUAL",
      kycProvider: "SANDBOX",
      additionalQuestionsActive: true,
      currencies: ["GBP", "EUR", "USD"],
      documentCategories: [],
    });
    expect(corporate).toMatchObject({
      kycProvider: "SANDBOX",
      suppliersEnabled: true,
      customersEnabled: true,
      documentCategories: [...DOCUMENT_CATEGORIES],
      requiredDocumentCategories: ["INCORPORATION_CERTIFICATE"],
    });
    expect(official).toMatchObject({ clientType: "COMPANY_OFFICIAL", kycProvider: "SANDBOX", currencies: [] });
    expect((await get("/applications-schemes?clientType=CORPORATE")).body.data).toEqual([corporate]);
    expect((await get("/applications-schemes?clientType=x")).status).toBe(400);

    const apps = await get("/settings/applications");
    expect(apps.body).toEqual({
      defaultSchemes: {
        INDIVIDUAL: "individual-default",
        CORPORATE: "corporate-default",
        COMPANY_OFFICIAL: "company-official-default",
      },
      maxFileBytes: 10 * 1024 * 1024,
      allowedExtensions: [".pdf", ".png", ".jpg", ".jpeg", ".xlsx", ".docx"],
    });
    const clients = await get("/settings/clients-settings");
    expect(clients.body).toEqual({ minimumAge: 18, textMaxLength: 200, textareaMaxRows: 10 });
    // Spec 001 §5: a textarea grows up to 10 rows by default (setting absent or not an integer 2–20).
    await s.db.update(settings).set({ value: 99 }).where(eq(settings.key, SETTING_CLIENTS_TEXTAREA_MAX_ROWS));
    expect((await get("/settings/clients-settings")).body.textareaMaxRows).toBe(10);
    await s.db.update(settings).set({ value: 7 }).where(eq(settings.key, SETTING_CLIENTS_TEXTAREA_MAX_ROWS));
    expect((await get("/settings/clients-settings")).body.textareaMaxRows).toBe(7);
    await s.db.update(settings).set({ value: 10 }).where(eq(settings.key, SETTING_CLIENTS_TEXTAREA_MAX_ROWS));
  });

  it("caps the application document settings by what /v1/uploads accepts", async () => {
    await s.db
      .update(settings)
      .set({ value: { maxFileBytes: 1e12, allowedExtensions: [".PDF", ".exe", ".png"] } })
      .where(eq(settings.key, SETTING_APPLICATIONS_DOCUMENTS));
    const r = await get("/settings/applications");
    expect(r.body).toMatchObject({ maxFileBytes: 10 * 1024 * 1024, allowedExtensions: [".pdf", ".png"] });
    await s.db.update(settings).set({ value: "nonsense" }).where(eq(settings.key, SETTING_APPLICATIONS_DOCUMENTS));
    expect((await get("/settings/applications")).body.allowedExtensions).toHaveLength(6);
  });

  it("seeds agreements for each applicant type as real PDFs", async () => {
    const rows = await s.db.select().from(agreements);
    for (const type of ["INDIVIDUAL", "CORPORATE", "MAIN_REPRESENTATIVE", "COMPANY_OFFICIAL"]) {
      const own = rows.filter((a) => a.clientType === type);
      expect(own.length, type).toBeGreaterThanOrEqual(1);
      expect(own.length, type).toBeLessThanOrEqual(2);
    }
    for (const a of rows) {
      const bytes = Buffer.from(a.content);
      expect(a.mimeType).toBe("application/pdf");
      expect(bytes.subarray(0, 5).toString("latin1"), a.id).toBe("%PDF-");
      expect(bytes.subarray(-8).toString("latin1")).toContain("%%EOF");
      expect(a.fileName).toMatch(/\.pdf$/);
    }
  });

  it("seeds idempotently: a second run adds nothing and keeps edited rows", async () => {
    await s.db.update(sicCodes).set({ name: "Edited by the bank" }).where(eq(sicCodes.code, "99999"));
    await s.db.delete(clientRanges).where(eq(clientRanges.id, "INDIVIDUAL-MONTHLY_TURNOVER-5"));
    await seedOnboardingReference(s.db);
    expect(await s.db.$count(sicCodes)).toBe(752);
    expect((await s.db.select().from(sicCodes).where(eq(sicCodes.code, "99999")))[0].name).toBe("Edited by the bank");
    expect(await s.db.$count(clientRanges, eq(clientRanges.id, "INDIVIDUAL-MONTHLY_TURNOVER-5"))).toBe(1);
    expect(await s.db.$count(agreements)).toBe(9); // 8 for applications + the profile agreement (PROFILE_AGREEMENT_ID)
  });

  it("gives the applications domain the option sets, the SIC check and the default scheme", async () => {
    const sets = await loadOptionSets(s.db, "CORPORATE");
    expect(sets.countries.size).toBe(COUNTRY_CODES.length);
    expect(sets.products.has("product-corporate-fx")).toBe(true);
    expect(sets.products.has("product-individual-debit-card")).toBe(false);
    expect(sets.deliveryChannels.has("channel-corporate-api")).toBe(true);
    expect(sets.ranges.MONTHLY_TURNOVER.has("CORPORATE-MONTHLY_TURNOVER-5")).toBe(true);
    expect(sets.ranges.MONTHLY_TURNOVER.has("INDIVIDUAL-MONTHLY_TURNOVER-1")).toBe(false);
    // Every option field of the catalogue resolves: a set, or null for SIC codes only.
    for (const type of ["INDIVIDUAL", "CORPORATE", "COMPANY_OFFICIAL"] as const) {
      const typeSets = await loadOptionSets(s.db, type);
      for (const step of stepsOf(type)) {
        for (const f of step.fields.filter((d) => d.options)) {
          const set = typeSets.setOf(f.options);
          if (f.name === "sicCodes") expect(set).toBeNull();
          else expect(set?.size, `${type} ${f.name}`).toBeGreaterThan(0);
        }
      }
    }
    expect(sets.setOf({ ref: "range", rangeType: "MONTHLY_TURNOVER" })).toBe(sets.ranges.MONTHLY_TURNOVER);
    expect(rangeFieldName("MONTHLY_TURNOVER")).toBe("monthlyTurnoverRangeId");
    expect(sets.setOf({ values: ["DIRECTOR", "UBO"] })).toEqual(new Set(["DIRECTOR", "UBO"]));
    expect(sets.setOf(undefined)).toBeNull();

    expect(await existingSicCodes(s.db, ["62012", "62012", "A", "00000", "6201%", "99999"])).toEqual(new Set(["62012", "99999"]));
    expect(await existingSicCodes(s.db, [])).toEqual(new Set());

    expect((await getDefaultScheme(s.db, "INDIVIDUAL"))?.id).toBe("individual-default");
    expect((await getDefaultScheme(s.db, "COMPANY_OFFICIAL"))?.kycProvider).toBe("SANDBOX");
  });
});
