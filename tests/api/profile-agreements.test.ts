/**
 * Profile agreements (issue 10; spec 001 §7 "Agreements … for profiles; unsigned agreements list;
 * agreement file download"; server/domain/agreements) on PGlite and PostgreSQL: the agreements
 * the bank asked a customer to sign are listed until signed; signing records when and which
 * version and is idempotent; nobody signs an agreement not asked of them; the file downloads.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userAgreements } from "../../server/db/schema/index.js";
import { requestAgreement } from "../../server/domain/agreements/index.js";
import { createCustomer } from "../../server/seed/factories.js";
import { PROFILE_AGREEMENT_ID } from "../../server/seed/onboarding-reference.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

describe.each(databases)("profile agreements on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  it("lists the unsigned agreement, signs it once (idempotent) and then lists nothing", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const token = await s.login(c.phone);
    expect((await s.call("GET", "/agreements/unsigned", { token })).body.data).toEqual([]);
    await requestAgreement(s.db, c.phone, PROFILE_AGREEMENT_ID);
    const list = await s.call("GET", "/agreements/unsigned", { token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: PROFILE_AGREEMENT_ID, version: "2027.1", signedAt: null, title: expect.any(String) }),
    ]);
    const signed = await s.call("POST", `/agreements/${PROFILE_AGREEMENT_ID}/sign`, { token });
    expect(signed.status).toBe(200);
    expect(signed.body.signedAt).toEqual(expect.any(String));
    // Twice, or at once from two tabs: the first signature stands.
    const [again, third] = await Promise.all([
      s.call("POST", `/agreements/${PROFILE_AGREEMENT_ID}/sign`, { token }),
      s.call("POST", `/agreements/${PROFILE_AGREEMENT_ID}/sign`, { token }),
    ]);
    expect(again.status).toBe(200);
    expect(again.body.signedAt).toBe(signed.body.signedAt);
    expect(third.body.signedAt).toBe(signed.body.signedAt);
    expect((await s.call("GET", "/agreements/unsigned", { token })).body.data).toEqual([]);
    const [row] = await s.db
      .select()
      .from(userAgreements)
      .where(and(eq(userAgreements.userId, c.user.id), eq(userAgreements.agreementId, PROFILE_AGREEMENT_ID)));
    expect(row).toMatchObject({ signedVersion: "2027.1" });
  });

  it("an agreement not asked of the caller cannot be signed (404), nor can another customer's", async () => {
    const a = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const b = await createCustomer(s.db, { type: "CORPORATE" });
    await requestAgreement(s.db, a.phone, PROFILE_AGREEMENT_ID);
    const bToken = await s.login(b.phone);
    expect((await s.call("POST", `/agreements/${PROFILE_AGREEMENT_ID}/sign`, { token: bToken })).status).toBe(404);
    expect((await s.call("POST", "/agreements/individual-terms/sign", { token: bToken })).status).toBe(404);
    expect((await s.call("POST", "/agreements/no%00such/sign", { token: bToken })).status).toBe(404);
    const aToken = await s.login(a.phone);
    expect((await s.call("GET", "/agreements/unsigned", { token: aToken })).body.data).toHaveLength(1);
  });

  it("downloads the agreement's file (PDF)", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const token = await s.login(c.phone);
    const res = await fetch(`${s.baseUrl}/api/v1/agreements/${PROFILE_AGREEMENT_ID}/file`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });
});
