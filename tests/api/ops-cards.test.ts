/**
 * The bank's card moves in the back office over /api/v1/ops (docs/ops.md "Cards"; docs/decisions.md
 * "Cards"): PAYMENTS issues an ORDERED card (last four digits and expiry; a replacement voids the
 * card it replaces), activates, cancels and voids, each audited as `card.<action>` and notified to
 * the customer; moves not allowed from the card's status are 409, bad details 400 on their field.
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (two simultaneous moves: one wins).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { staffAuditLog } from "../../server/db/schema/index.js";
import { createCustomer } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";
import { staffLogin } from "./ops-helpers.js";

describe.each(databases)("ops cards API on %s", (kind) => {
  let s: TestServer;
  let payments: string;
  let support: string;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    payments = await staffLogin(s, "payments@ops.example");
    support = await staffLogin(s, "support@ops.example");
  });
  afterAll(async () => s?.close());

  async function customer() {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "50.00" } });
    return { c, token: await s.login(c.phone) };
  }
  async function orderCard(who: Awaited<ReturnType<typeof customer>>, extra: Record<string, unknown> = {}) {
    const res = await s.call("POST", "/cards/order", {
      token: who.token,
      headers: { "Idempotency-Key": randomUUID() },
      body: {
        organizationId: who.c.organization.id,
        accountId: who.c.account!.id,
        currencyId: "GBP",
        paymentSystem: "VISA",
        color: "BLUE",
        deliveryMethod: "POST",
        ...extra,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }
  const move = (id: string, action: string, body: unknown = {}, token = payments) =>
    s.call("POST", `/ops/cards/${id}/${action}`, { token, body });
  const cardOf = async (who: Awaited<ReturnType<typeof customer>>, id: string) =>
    (await s.call("GET", `/cards/${id}`, { token: who.token })).body;
  const lastAudit = async (id: string) =>
    (await s.db.select().from(staffAuditLog).where(eq(staffAuditLog.subjectId, id)).orderBy(desc(staffAuditLog.id)).limit(1))[0];
  const future = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0")}`;

  it("the ORDERED queue lists a new order; the moves are PAYMENTS' only", async () => {
    const who = await customer();
    const id = await orderCard(who);
    const queue = await s.call("GET", "/ops/cards", { token: payments });
    expect(queue.status).toBe(200);
    expect(queue.body.status).toBe("ORDERED");
    expect(queue.body.data.find((r: { id: string }) => r.id === id)).toMatchObject({
      status: "ORDERED",
      cardNumber: null,
      actions: ["issue", "cancel"],
      organizationId: who.c.organization.id,
    });
    expect((await s.call("GET", "/ops/cards", { token: support })).status).toBe(403);
    expect((await move(id, "issue", { lastFour: "4242", expiresOn: future }, support)).status).toBe(403);
    expect((await move(id, "issue", { lastFour: "4242", expiresOn: future }, who.token)).status).toBe(401);
    expect((await cardOf(who, id)).status).toBe("ORDERED");
  });

  it("issue records the last four and expiry (bad ones refused on their field), then activate; the customer sees and is told", async () => {
    const who = await customer();
    const id = await orderCard(who);
    const bad = await move(id, "issue", { lastFour: "42a2", expiresOn: "13/30" });
    expect(bad.status).toBe(400);
    expect(bad.body.message.map((m: { property: string }) => m.property).sort()).toEqual(["expiresOn", "lastFour"]);
    const past = await move(id, "issue", { lastFour: "4242", expiresOn: "01/20" });
    expect(past.status).toBe(400);
    expect(past.body.message[0].property).toBe("expiresOn");
    expect((await move(id, "activate")).status).toBe(409);

    const issued = await move(id, "issue", { lastFour: "4242", expiresOn: future });
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({
      status: "NEW",
      cardNumber: "•••• 4242",
      expiresOn: future,
      actions: ["activate", "cancel", "void"],
    });
    expect(await cardOf(who, id)).toMatchObject({ status: "NEW", cardNumber: "•••• 4242", expiresOn: future });
    const audit = await lastAudit(id);
    expect(audit).toMatchObject({ action: "card.issue", subjectType: "card", reason: null });
    expect(audit.before).toMatchObject({ status: "ORDERED", lastFour: null });
    expect(audit.after).toMatchObject({ status: "NEW", lastFour: "•••• 4242", expiresOn: future });
    expect(JSON.stringify(audit)).not.toContain('"4242"');
    expect((await move(id, "issue", { lastFour: "1111", expiresOn: future })).body.code).toBe("CARD_STATUS_CONFLICT");

    expect((await move(id, "activate")).body.status).toBe("ACTIVE");
    // Now the customer's own moves apply.
    expect((await s.call("POST", `/cards/${id}/freeze`, { token: who.token })).body.status).toBe("FROZEN");
    const notices = (await s.call("GET", `/notifications?organizationId=${who.c.organization.id}`, { token: who.token })).body
      .data as { key: string; params: Record<string, string> }[];
    expect(notices.map((n) => n.key)).toEqual(
      expect.arrayContaining(["Notifications.card-issued", "Notifications.card-activated"]),
    );
    expect(notices.find((n) => n.key === "Notifications.card-issued")!.params).toMatchObject({ last4: "4242" });
  });

  it("issuing a replacement voids the card it replaces; cancel and void need a reason and are final", async () => {
    const who = await customer();
    const first = await orderCard(who);
    await move(first, "issue", { lastFour: "1234", expiresOn: future });
    await move(first, "activate");
    const replacement = await orderCard(who, { cardId: first });
    expect((await cardOf(who, first)).status).toBe("ACTIVE");
    const issued = await move(replacement, "issue", { lastFour: "5678", expiresOn: future });
    expect(issued.body.replacesCardId).toBe(first);
    expect((await cardOf(who, first)).status).toBe("VOID");
    expect((await lastAudit(replacement)).after).toMatchObject({ voidedCardId: first });

    const noReason = await move(replacement, "cancel", { reason: "  " });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message[0].property).toBe("reason");
    const canceled = await move(replacement, "cancel", { reason: "Lost in the post" });
    expect(canceled.body.status).toBe("CANCELED");
    expect((await lastAudit(replacement)).reason).toBe("Lost in the post");
    expect((await move(replacement, "void", { reason: "again" })).body.code).toBe("CARD_STATUS_CONFLICT");
    expect((await move(randomUUID(), "activate")).status).toBe(404);
    expect((await move("not-a-uuid", "activate")).status).toBe(404);
  });

  it("three simultaneous issues of one card: one succeeds, the other is 409, one audit entry", async () => {
    const who = await customer();
    const id = await orderCard(who);
    const answers = await Promise.all([
      move(id, "issue", { lastFour: "1111", expiresOn: future }),
      move(id, "issue", { lastFour: "2222", expiresOn: future }),
      move(id, "issue", { lastFour: "3333", expiresOn: future }),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const entries = await s.db.select().from(staffAuditLog).where(eq(staffAuditLog.subjectId, id));
    expect(entries).toHaveLength(1);
  });
});
