/**
 * A form resubmitted without JavaScript uploads its files again before its call (POST
 * /v1/uploads, then the call naming the new uploads). Every flow that attaches uploads answers
 * that second call as a repeat and leaves ONE upload row per file (the chat's own case:
 * chat-hardening.test.ts):
 * - remittance orders (POST /v1/payments-orders, Idempotency-Key; files compared by SHA-256):
 *   the replay deletes the copies it named.
 * Only the caller's own copies go (a colleague's upload named in someone else's call stays).
 */
import { createHash, randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationSettings, paymentOrderFiles, uploads } from "../../server/db/schema/index.js";
import { addMember, createCustomer, createUser, type CreatedCustomer } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

/** A PDF of its own (a comment makes its bytes, so its SHA-256, unique). */
const pdf = () => new TextEncoder().encode(`%PDF-1.4\n% ${randomUUID()}\n%%EOF\n`);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe.each(databases)("resubmitted uploads leave one row per file on %s", (kind) => {
  let s: TestServer;
  /** CORPORATE, remittance orders enabled, EUR and GBP to pay with. */
  let a: CreatedCustomer;
  let aToken: string;
  /** Another member of a's organization. */
  let colleague: { id: string };
  let colleagueToken: string;

  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    a = await createCustomer(s.db, { type: "CORPORATE", balances: { EUR: "5000.00", GBP: "5000.00" } });
    aToken = await s.login(a.phone);
    await s.db
      .insert(organizationSettings)
      .values({ organizationId: a.organization.id, key: "PAYMENTS-ORDERS-ENABLED", value: true });
    const user = await createUser(s.db, { firstName: "Col" });
    await addMember(s.db, { organizationId: a.organization.id, userId: user.id, companyOfficialType: "DIRECTOR" });
    colleague = user;
    colleagueToken = await s.login(user.phone);
  });
  afterAll(async () => s?.close());

  /** POST /uploads of one file (for `organizationId`, or the caller's own without one). */
  async function upload(token: string, organizationId: string | null, bytes: Uint8Array, name = "invoice.pdf") {
    const form = new FormData();
    if (organizationId) form.append("organizationId", organizationId);
    form.append("files", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), name);
    const res = await fetch(`${s.baseUrl}/api/v1/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { id: string }[] }).data[0].id;
  }
  /** Upload ids of `bytes` uploaded by `userId`. */
  const rowsOf = async (bytes: Uint8Array, userId: string) =>
    (
      await s.db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.sha256, sha256(bytes)), eq(uploads.userId, userId)))
        .orderBy(asc(uploads.createdAt))
    ).map((r) => r.id);

  it("remittance orders: a replay deletes the copies it named, concurrent repeats included", async () => {
    const order = (uploadIds: string[], key: string, token = aToken) =>
      s.call("POST", "/payments-orders", {
        token,
        headers: { "Idempotency-Key": key },
        body: {
          organizationId: a.organization.id,
          accountId: a.account!.id,
          currencyId: "GBP",
          sum: "10.00",
          payee: { name: "Amina Njoroge", address: "12 Moi Avenue", city: "Nairobi", country: "KE", phone: "+254712345678" },
          description: "Family support",
          uploadIds,
        },
      });
    const filesOf = async (orderId: string) =>
      (await s.db.select().from(paymentOrderFiles).where(eq(paymentOrderFiles.orderId, orderId))).map((r) => r.uploadId);
    const bytes = pdf();
    const key = randomUUID();
    const first = await upload(aToken, a.organization.id, bytes);
    const created = await order([first], key);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The form resubmitted: its file uploaded again, the call a replay of the same order.
    const again = await upload(aToken, a.organization.id, bytes);
    const replay = await order([again], key);
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(created.body.id);
    expect(await rowsOf(bytes, a.user.id)).toEqual([first]);
    expect(await filesOf(created.body.id)).toEqual([first]);
    // A retry naming the order's own upload keeps it.
    expect((await order([first], key)).status).toBe(200);
    expect(await rowsOf(bytes, a.user.id)).toEqual([first]);

    // Submitted three times at once: one order, one upload row of the three copies.
    const atOnce = randomUUID();
    const other = pdf();
    const copies = await Promise.all([1, 2, 3].map(() => upload(aToken, a.organization.id, other)));
    const answers = await Promise.all(copies.map((id) => order([id], atOnce)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
    const kept = await rowsOf(other, a.user.id);
    expect(kept).toHaveLength(1);
    expect(await filesOf(answers[0].body.id)).toEqual(kept);

    // A colleague's upload of the same file, named in a's replay: not a's to delete.
    const theirs = await upload(colleagueToken, a.organization.id, bytes);
    expect((await order([theirs], key)).status).toBe(200);
    expect(await rowsOf(bytes, colleague.id)).toEqual([theirs]);
  });
});
