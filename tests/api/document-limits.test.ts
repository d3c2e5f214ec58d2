/**
 * Documents a customer asks for count against `RATE_LIMITS.documents` (60 in 10 minutes per
 * user; docs/decisions.md "Documents off the event loop"), on PGlite and PostgreSQL, with the
 * production limits (RATE_LIMITS=strict): the 61st statement export in the window is 429
 * RATE_LIMITED with Retry-After, before its data is read; another customer is not affected.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

describe.each(databases)("document limits on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind, rateLimits: "strict" });
  });
  afterAll(async () => s?.close());

  it("the 61st document in ten minutes is 429 RATE_LIMITED with Retry-After; another customer still gets theirs", async () => {
    const busy = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "10.00" } });
    const other = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "10.00" } });
    const csv = async (c: typeof busy) => {
      const token = await s.login(c.phone);
      return () =>
        fetch(`${s.baseUrl}/api/v1/statements-items/csv?organizationId=${c.organization.id}&currencyId=GBP`, {
          headers: { authorization: `Bearer ${token}` },
        });
    };
    const busyCsv = await csv(busy);
    for (let i = 0; i < 60; i++) {
      const res = await busyCsv();
      expect(res.status, `document ${i + 1}`).toBe(200);
      await res.arrayBuffer();
    }
    const refused = await busyCsv();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe("RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const otherCsv = await csv(other);
    expect((await otherCsv()).status).toBe(200);
  });
});
