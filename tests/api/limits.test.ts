/**
 * Rate limits with the production setting (RATE_LIMITS=strict): looking customers up by
 * phone — directly or through an INTERNAL payment — is limited to 20 per user per 15 min,
 * so the customer base cannot be enumerated. Counted in the database (holds across processes).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

describe.each(databases)("recipient lookup limits on %s", (kind) => {
  let h: TestServer;
  beforeAll(async () => {
    h = await startTestServer({ db: kind, rateLimits: "strict" });
  });
  afterAll(async () => {
    await h.close();
  });

  it("20 lookups pass, the 21st is 429 RATE_LIMITED; another user is not affected", async () => {
    const a = await createCustomer(h.db, { type: "INDIVIDUAL", balances: { GBP: "50.00" } });
    const tokenA = await h.login(a.phone);
    for (let i = 0; i < 20; i++) {
      const r = await h.call(
        "GET",
        `/clients-organizations/check-invididual-recepient?phone=%2B4477009${String(i).padStart(5, "0")}`,
        { token: tokenA },
      );
      expect([200, 404]).toContain(r.status);
    }
    const blocked = await h.call("GET", "/clients-organizations/check-invididual-recepient?phone=%2B447700900003", {
      token: tokenA,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe("RATE_LIMITED");
    expect(blocked.body.retryAfter).toBeGreaterThan(0);

    // An INTERNAL payment to a phone is a lookup too.
    const viaPayment = await h.call("POST", "/payments", {
      token: tokenA,
      headers: { "idempotency-key": `limit-${a.user.id}` },
      body: {
        organizationId: a.organization.id,
        kind: "INTERNAL",
        accountId: a.account!.id,
        currencyId: "GBP",
        amount: "1.00",
        recipientPhone: "+447700900003",
      },
    });
    expect(viaPayment.status).toBe(429);

    const b = await createCustomer(h.db, { type: "INDIVIDUAL" });
    const other = await h.call("GET", "/clients-organizations/check-invididual-recepient?phone=%2B447700900003", {
      token: await h.login(b.phone),
    });
    expect(other.status).toBe(200);
  });
});
