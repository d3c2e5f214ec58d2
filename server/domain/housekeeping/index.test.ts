import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../../db/client.js";
import { createCustomer } from "../../seed/factories.js";
import { seed } from "../../seed/seed.js";
import { apiSessions, mfaTokens, oneTimeCodes, paymentSignatures, payments, rateLimits } from "../../db/schema/index.js";
import { purgeExpired, RETENTION_MS } from "./index.js";

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

    const result = await purgeExpired(db, now);
    expect(result).toEqual({ apiSessions: 1, mfaTokens: 1, oneTimeCodes: 1, rateLimits: 1 });

    expect((await db.select().from(apiSessions).where(eq(apiSessions.userId, c.user.id))).map((s) => s.refreshTokenHash)).toEqual(
      ["r-recent"],
    );
    expect((await db.select().from(mfaTokens)).map((t) => t.id)).toEqual([spent.id]);
    expect((await db.select().from(rateLimits)).map((r) => r.key)).toEqual(["running"]);
    expect(await db.select().from(mfaTokens).where(eq(mfaTokens.id, unspent.id))).toEqual([]);
    // The unspent token went first, so its code went in the same run; the spent token's code
    // stays for good, and a second run has nothing left to delete.
    expect((await db.select().from(oneTimeCodes)).map((r) => r.id).sort()).toEqual([codeSpent.id, codeRecent.id].sort());
    expect(await purgeExpired(db, now)).toEqual({ apiSessions: 0, mfaTokens: 0, oneTimeCodes: 0, rateLimits: 0 });
  });
});
