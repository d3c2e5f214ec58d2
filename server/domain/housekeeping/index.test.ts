import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { openDatabase, type DatabaseHandle } from "../../db/client.js";
import { createBeneficiary, createCustomer, createUser } from "../../seed/factories.js";
import { seed } from "../../seed/seed.js";
import * as schema from "../../db/schema/index.js";
import {
  apiSessions,
  applicationDocuments,
  applications,
  applicationSchemes,
  beneficiaryDocuments,
  chatChannels,
  chatDocuments,
  keptForms,
  mfaTokens,
  oneTimeCodes,
  paymentDocuments,
  paymentOrderFiles,
  paymentOrders,
  paymentSignatures,
  payments,
  rateLimits,
  staffUsers,
  uploads,
} from "../../db/schema/index.js";
import { UPLOAD_REFERENCES } from "../uploads/index.js";
import { ORPHAN_UPLOAD_MAX_AGE_MS, purgeExpired, purgeOrphanUploads, RETENTION_MS } from "./index.js";

describe("purgeExpired", () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openDatabase({ dataDir: "memory://" });
    await seed(h.db);
  });
  afterAll(async () => {
    await h.close();
  });

  it("deletes what can no longer matter and keeps the evidence of signatures", async () => {
    const db = h.db;
    const now = new Date("2026-11-22T12:00:00Z");
    const old = new Date(now.getTime() - RETENTION_MS - 60_000);
    const recent = new Date(now.getTime() - 60_000);
    const c = await createCustomer(db, {
      type: "INDIVIDUAL",
      balances: { GBP: "10.00" },
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
    });
    const session = (refreshExpiresAt: Date, tag: string) => ({
      userId: c.user.id,
      accessTokenHash: `a-${tag}`,
      accessExpiresAt: refreshExpiresAt,
      refreshTokenHash: `r-${tag}`,
      refreshExpiresAt,
    });
    await db.insert(apiSessions).values([session(old, "old"), session(recent, "recent")]);

    const code = async (createdAt: Date) =>
      (
        await db
          .insert(oneTimeCodes)
          .values({ purpose: "SIGNATURE", userId: c.user.id, phone: c.phone, codeHash: "x", expiresAt: createdAt, createdAt })
          .returning()
      )[0];
    const codeOld = await code(old);
    const codeSpent = await code(old);
    const codeRecent = await code(recent);
    const token = async (codeId: string, tag: string) =>
      (
        await db
          .insert(mfaTokens)
          .values({ tokenHash: tag, userId: c.user.id, codeId, paymentIds: [], bindingHash: "b", expiresAt: old })
          .returning()
      )[0];
    const unspent = await token(codeOld.id, "unspent");
    const spent = await token(codeSpent.id, "spent");
    const [payment] = await db
      .insert(payments)
      .values({
        organizationId: c.organization.id,
        createdByUserId: c.user.id,
        kind: "BETWEEN_ACCOUNTS",
        status: "COMPLETED",
        accountId: c.account!.id,
        debitBalanceId: c.balances.GBP!.id,
        currencyId: "GBP",
        amount: "1.00",
        beneficiaryName: "Me",
        idempotencyKey: "k",
        requestHash: "h",
      })
      .returning();
    await db.insert(paymentSignatures).values({ paymentId: payment.id, userId: c.user.id, signedAt: old, mfaTokenId: spent.id });
    await db.insert(rateLimits).values([
      { key: "ended", points: 3, expire: old },
      { key: "running", points: 1, expire: new Date(now.getTime() + 60_000) },
    ]);
    await db
      .insert(keptForms)
      .values({ userId: c.user.id, path: "/identity/individual/personal", fields: [["x", "y"]], keptAt: old });

    const result = await purgeExpired(db, now);
    expect(result).toEqual({ apiSessions: 1, mfaTokens: 1, oneTimeCodes: 1, rateLimits: 1, keptForms: 1 });

    expect((await db.select().from(apiSessions).where(eq(apiSessions.userId, c.user.id))).map((s) => s.refreshTokenHash)).toEqual(
      ["r-recent"],
    );
    expect((await db.select().from(mfaTokens)).map((t) => t.id)).toEqual([spent.id]);
    expect((await db.select().from(rateLimits)).map((r) => r.key)).toEqual(["running"]);
    expect(await db.select().from(mfaTokens).where(eq(mfaTokens.id, unspent.id))).toEqual([]);
    // The unspent token went first, so its code went in the same run; the spent token's code
    // stays for good, and a second run has nothing left to delete.
    expect((await db.select().from(oneTimeCodes)).map((r) => r.id).sort()).toEqual([codeSpent.id, codeRecent.id].sort());
    expect(await purgeExpired(db, now)).toEqual({ apiSessions: 0, mfaTokens: 0, oneTimeCodes: 0, rateLimits: 0, keptForms: 0 });
  });
});

/** "table.column" of every column with a foreign key to `uploads.id`, read from the schema. */
function columnsReferencingUploads(): string[] {
  return (Object.values(schema) as unknown[])
    .filter((t): t is PgTable => is(t, PgTable))
    .flatMap((t) =>
      getTableConfig(t)
        .foreignKeys.map((fk) => fk.reference())
        .filter((ref) => ref.foreignTable === uploads)
        .map((ref) => `${getTableConfig(t).name}.${ref.columns[0].name}`),
    )
    .sort();
}

describe("UPLOAD_REFERENCES", () => {
  it("lists every column with a foreign key to uploads (what makes an upload attached)", () => {
    const listed = UPLOAD_REFERENCES.map((c) => `${getTableConfig(c.table as PgTable).name}.${c.name}`).sort();
    expect(listed).toHaveLength(5);
    expect(columnsReferencingUploads()).toEqual(listed);
  });
});

/** Databases of the orphan-upload purge: PGlite, and PostgreSQL when TEST_DATABASE_URL is set (emptied first). */
const kinds = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])] as const;

describe.each(kinds)("purgeOrphanUploads on %s", (kind) => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    if (kind === "postgres") {
      const { default: pg } = await import("pg");
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query("DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;");
      await client.end();
      h = await openDatabase({ url: process.env.TEST_DATABASE_URL });
    } else h = await openDatabase({ dataDir: "memory://" });
    await seed(h.db);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("deletes uploads attached nowhere past the age, in batches; keeps young ones and every attached one; twice is harmless", async () => {
    const db = h.db;
    const now = new Date();
    const old = new Date(now.getTime() - ORPHAN_UPLOAD_MAX_AGE_MS - 60_000);
    const young = new Date(now.getTime() - ORPHAN_UPLOAD_MAX_AGE_MS + 60 * 60_000);
    const c = await createCustomer(db, { type: "CORPORATE", balances: { EUR: "100.00" } });
    const applicant = await createUser(db, { identified: false });
    const [staff] = await db
      .insert(staffUsers)
      .values({ email: `ops-${randomUUID()}@bank.test`, phone: "+447700900999", passwordHash: "x" })
      .returning();
    const file = (createdAt: Date, owner: { userId?: string; staffUserId?: string; organizationId?: string | null }) => {
      const data = new TextEncoder().encode(`%PDF-1.4\n% ${randomUUID()}\n%%EOF\n`);
      return {
        organizationId: owner.organizationId === undefined ? c.organization.id : owner.organizationId,
        userId: owner.userId ?? null,
        staffUserId: owner.staffUserId ?? null,
        name: "document.pdf",
        mimeType: "application/pdf",
        size: data.byteLength,
        sha256: createHash("sha256").update(data).digest("hex"),
        data,
        createdAt,
      };
    };
    const insert = async (createdAt: Date, owner: Parameters<typeof file>[1] = { userId: c.user.id }) =>
      (await db.insert(uploads).values(file(createdAt, owner)).returning({ id: uploads.id }))[0].id;

    // Orphans past the age: a customer's, an applicant's (no organization), staff's.
    const orphans = [
      await insert(old),
      await insert(old, { userId: applicant.id, organizationId: null }),
      await insert(old, { staffUserId: staff.id }),
    ];
    const youngOrphan = await insert(young);
    // Old uploads attached in each of the five tables.
    const [payment] = await db
      .insert(payments)
      .values({
        organizationId: c.organization.id,
        createdByUserId: c.user.id,
        kind: "BETWEEN_ACCOUNTS",
        status: "DECLINED",
        accountId: c.account!.id,
        debitBalanceId: c.balances.EUR!.id,
        currencyId: "EUR",
        amount: "1.00",
        beneficiaryName: "Me",
        idempotencyKey: randomUUID(),
        requestHash: "h",
      })
      .returning();
    const forPayment = await insert(old);
    await db.insert(paymentDocuments).values({ paymentId: payment.id, uploadId: forPayment });
    const beneficiary = await createBeneficiary(db, { organizationId: c.organization.id });
    const forBeneficiary = await insert(old);
    await db.insert(beneficiaryDocuments).values({ beneficiaryId: beneficiary.id, uploadId: forBeneficiary, category: "OTHER" });
    const [order] = await db
      .insert(paymentOrders)
      .values({
        organizationId: c.organization.id,
        createdByUserId: c.user.id,
        accountId: c.account!.id,
        debitBalanceId: c.balances.EUR!.id,
        currencyId: "EUR",
        amount: "1.00",
        payeeName: "Amina Njoroge",
        idempotencyKey: randomUUID(),
        requestHash: "h",
      })
      .returning();
    const forOrder = await insert(old);
    await db.insert(paymentOrderFiles).values({ orderId: order.id, uploadId: forOrder });
    const [scheme] = await db.select({ id: applicationSchemes.id }).from(applicationSchemes).limit(1);
    const [application] = await db
      .insert(applications)
      .values({ userId: applicant.id, type: "CORPORATE", schemeId: scheme.id })
      .returning();
    const forApplication = await insert(old, { userId: applicant.id, organizationId: null });
    await db.insert(applicationDocuments).values({ applicationId: application.id, uploadId: forApplication, category: "OTHER" });
    const [channel] = await db
      .insert(chatChannels)
      .values({ organizationId: c.organization.id, ownerKey: `org:${c.organization.id}`, channelType: "QUESTION", title: "Q" })
      .returning();
    const forChat = await insert(old);
    const fromStaff = await insert(old, { staffUserId: staff.id });
    await db.insert(chatDocuments).values([
      { channelId: channel.id, uploadId: forChat, name: "document.pdf" },
      { channelId: channel.id, uploadId: fromStaff, name: "document.pdf" },
    ]);
    const kept = [youngOrphan, forPayment, forBeneficiary, forOrder, forApplication, forChat, fromStaff];

    // Batches of 2: the three old orphans take two batches.
    const deleted = await purgeOrphanUploads(db, { now, batchSize: 2 });
    expect(deleted).toBeGreaterThanOrEqual(orphans.length);
    const left = (
      await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(inArray(uploads.id, [...orphans, ...kept]))
    ).map((r) => r.id);
    expect(left.sort()).toEqual([...kept].sort());
    // A second run finds nothing; so do two at once.
    expect(await purgeOrphanUploads(db, { now, batchSize: 2 })).toBe(0);
    expect(await Promise.all([purgeOrphanUploads(db, { now }), purgeOrphanUploads(db, { now })])).toEqual([0, 0]);
    // The young orphan goes once it is past the age (a shorter age here).
    expect(await purgeOrphanUploads(db, { now, maxAgeMs: 60 * 60_000 })).toBe(1);
    expect(await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, youngOrphan))).toEqual([]);
  });
});
