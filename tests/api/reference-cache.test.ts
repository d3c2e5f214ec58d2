/**
 * Reference data kept per process for a minute (server/domain/reference/cache.ts;
 * docs/decisions.md "Reference data cached per process"), through the API, on PGlite and
 * PostgreSQL:
 * - the calls of a signed-in page that need the currencies or the provider payment types
 *   (accounts, fees, payment settings, exchange rates, the currencies list) read each table once,
 *   not once per call;
 * - a currency changed in the table shows within REFERENCE_TTL_MS, not before;
 * - nothing per customer is kept: a balance changed between two calls shows on the next one.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { balances, currencies } from "../../server/db/schema/index.js";
import { REFERENCE_TTL_MS } from "../../server/domain/reference/cache.js";
import { createCustomer } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

describe.each(databases)("reference data kept for a minute, on %s", (kind) => {
  let s: TestServer;
  const statements: string[] = [];
  beforeAll(async () => {
    s = await startTestServer({ db: kind, onQuery: (q) => statements.push(q) });
  });
  afterAll(async () => s?.close());
  afterEach(() => vi.useRealTimers());

  /**
   * Move the clock (Date only: timers and the database are left alone) past every value kept so
   * far, those read under an earlier move included.
   */
  let moved = 0;
  const afterTtl = () => {
    moved += REFERENCE_TTL_MS + 1;
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + moved });
  };
  const reads = (table: string) => statements.filter((q) => q.includes(`from "${table}"`)).length;

  it("a page's calls read the currencies and the payment types once, not once per call", async () => {
    const c = await createCustomer(s.db, { balances: { GBP: "10.00", EUR: "5.00" } });
    const token = await s.login(c.phone);
    const org = c.organization.id;
    afterTtl();
    statements.length = 0;
    for (const path of [
      `/accounts?organizationId=${org}&all=true`,
      `/clients-organizations/${org}/fees`,
      `/settings/payments?organizationId=${org}`,
      "/exchange/rates",
      "/currencies",
      `/accounts?organizationId=${org}&all=true`,
    ])
      expect((await s.call("GET", path, { token })).status, path).toBe(200);
    expect(reads("currencies")).toBe(1);
    expect(reads("provider_payment_types")).toBe(1);

    // The answers are those of a fresh read.
    const listed = await s.call("GET", "/currencies", { token });
    expect(listed.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ id: "GBP", scale: 2 })]));
    const accounts = await s.call("GET", `/accounts?organizationId=${org}`, { token });
    expect(accounts.body.data[0].balances.map((b: { currency: { id: string } }) => b.currency.id).sort()).toEqual(["EUR", "GBP"]);
  });

  it("a currency changed in the table shows within the minute; a balance changed shows on the next call", async () => {
    const c = await createCustomer(s.db, { balances: { GBP: "10.00" } });
    const token = await s.login(c.phone);
    const gbp = async () =>
      ((await s.call("GET", "/currencies", { token })).body.data as { id: string; description: string }[]).find(
        (x) => x.id === "GBP",
      )!.description;
    const balance = async () =>
      (await s.call("GET", `/accounts?organizationId=${c.organization.id}`, { token })).body.data[0].balances[0].amount;
    const [before] = await s.db.select().from(currencies).where(eq(currencies.id, "GBP"));
    try {
      expect(await gbp()).toBe(before.description);
      expect(await balance()).toBe("10.00");
      await s.db.update(currencies).set({ description: "Pound sterling (renamed)" }).where(eq(currencies.id, "GBP"));
      await s.db.update(balances).set({ amount: "12.34" }).where(eq(balances.id, c.balances.GBP.id));
      expect(await balance()).toBe("12.34");
      expect(await gbp()).toBe(before.description);
      afterTtl();
      expect(await gbp()).toBe("Pound sterling (renamed)");
    } finally {
      await s.db.update(currencies).set({ description: before.description }).where(eq(currencies.id, "GBP"));
    }
  });
});
