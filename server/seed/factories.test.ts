/** Factories on a seeded PGlite database: unique defaults, funding through the ledger, COMPANY_OFFICIAL without accounts. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../db/client.js";
import { seed } from "./seed.js";
import { createCustomer, fund } from "./factories.js";
import { postings } from "../db/schema/index.js";

describe("factories", () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openDatabase({ dataDir: "memory://" });
    await seed(h.db);
  }, 60_000);
  afterAll(async () => h?.close());

  it("several customers in one database, balances funded by balanced ledger transactions", async () => {
    const a = await createCustomer(h.db, { type: "INDIVIDUAL", balances: { GBP: "100.00", EUR: "0" } });
    const b = await createCustomer(h.db, { type: "CORPORATE", balances: { GBP: "12.34" }, overdrafts: { GBP: "50.00" } });
    expect(a.phone).not.toBe(b.phone);
    expect(a.phone).toMatch(/^\+4477009[1-9]\d{4}$/);
    expect(a.account!.number).not.toBe(b.account!.number);
    expect(Number(a.balances.GBP.amount)).toBe(100);
    expect(Number(a.balances.EUR.amount)).toBe(0);
    expect(b.organization.companyName).toMatch(/Ltd$/);
    expect(b.account!.overdraftEnabled).toBe(true);
    expect(Number(b.balances.GBP.overdraftValue)).toBe(50);
    const legs = await h.db.select().from(postings).where(eq(postings.balanceId, a.balances.GBP.id));
    expect(legs.map((p) => Number(p.amount))).toEqual([100]);
    await fund(h.db, { balanceId: a.balances.GBP.id, amount: "0.66", counterpartyName: "Top-up", reference: "Test" });
    const drift = await h.db.execute(sql`
      select b.id from balances b left join postings p on p.balance_id = b.id
      group by b.id, b.amount having b.amount <> coalesce(sum(p.amount), 0)`);
    expect((drift as any).rows ?? drift).toHaveLength(0);
    await expect(fund(h.db, { balanceId: a.balances.GBP.id, amount: "-1.00" })).rejects.toThrow(/positive/);
  });

  it("a COMPANY_OFFICIAL customer has no account by default", async () => {
    const c = await createCustomer(h.db, { type: "COMPANY_OFFICIAL" });
    expect(c.account).toBeNull();
    expect(c.member.companyOfficialType).toBe("DIRECTOR");
  });
});
