/**
 * Changing which tariff is the default (role ADMIN; docs/ops.md "Tariffs and fees"):
 * POST /api/v1/ops/tariffs/:id/default {confirm: true}. Exactly one tariff is the default after;
 * organizations without a tariff of their own pay the new one (their fees list shows it), those
 * put on a tariff keep theirs; the change and its `tariff.default` audit entry commit together;
 * an unconfirmed or unknown one is refused and writes no entry.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { staffAuditLog, tariffs } from "../../server/db/schema/index.js";
import { createCustomer } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";
import { staffLogin } from "./ops-helpers.js";

describe.each(databases)("the default tariff on %s", (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    admin = await staffLogin(s, "admin@ops.example");
  });
  afterAll(async () => s?.close());

  const defaults = () => s.db.select().from(tariffs).where(eq(tariffs.isDefault, true));
  const auditEntries = () => s.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, "tariff.default"));

  it("moves the default, reprices organizations on the default only, and is audited", async () => {
    const [standard] = await defaults();
    const gold = await s.call("POST", "/ops/tariffs", { token: admin, body: { name: "Gold default" } });
    expect(gold.status).toBe(201);
    const goldId = gold.body.after.id as string;
    const onDefault = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const onStandard = await createCustomer(s.db, { type: "INDIVIDUAL" });
    expect(
      (
        await s.call("POST", `/ops/organizations/${onStandard.organization.id}/tariff`, {
          token: admin,
          body: { tariffId: standard.id },
        })
      ).status,
    ).toBe(200);

    const res = await s.call("POST", `/ops/tariffs/${goldId}/default`, { token: admin, body: { confirm: true } });
    expect(res.status).toBe(200);
    expect(res.body.before).toMatchObject({ tariffId: standard.id, tariffName: standard.name });
    expect(res.body.after).toMatchObject({ tariffId: goldId, tariffName: "Gold default" });
    expect((await defaults()).map((t) => t.id)).toEqual([goldId]);

    const fees = (orgId: string) => s.call("GET", `/ops/organizations/${orgId}/fees`, { token: admin });
    expect((await fees(onDefault.organization.id)).body.tariff.name).toBe("Gold default");
    expect((await fees(onStandard.organization.id)).body.tariff.name).toBe(standard.name);
    const list = await s.call("GET", "/ops/tariffs", { token: admin });
    expect(list.body.data.filter((t: { isDefault: boolean }) => t.isDefault).map((t: { id: string }) => t.id)).toEqual([goldId]);

    const [entry] = await auditEntries();
    expect(entry).toMatchObject({ source: "ops", subjectType: "tariff", subjectId: goldId });
    expect(entry.before).toMatchObject({ tariffId: standard.id });
    expect(entry.after).toMatchObject({ tariffId: goldId });

    // And back: the seeded tariff is the default again.
    expect((await s.call("POST", `/ops/tariffs/${standard.id}/default`, { token: admin, body: { confirm: true } })).status).toBe(
      200,
    );
    expect((await defaults()).map((t) => t.id)).toEqual([standard.id]);
  });

  it("refuses without the confirmation or for an unknown tariff, and writes no entry", async () => {
    const [standard] = await defaults();
    const before = (await auditEntries()).length;
    const unconfirmed = await s.call("POST", `/ops/tariffs/${standard.id}/default`, { token: admin, body: {} });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.code).toBe("VALIDATION_FAILED");
    const unknown = await s.call("POST", "/ops/tariffs/00000000-0000-4000-8000-000000000000/default", {
      token: admin,
      body: { confirm: true },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message[0]).toMatchObject({ property: "tariffId", constraints: { isTariff: expect.any(String) } });
    expect(await auditEntries()).toHaveLength(before);
    expect((await defaults()).map((t) => t.id)).toEqual([standard.id]);
  });

  it("needs the ADMIN role", async () => {
    const [standard] = await defaults();
    const support = await staffLogin(s, "support@ops.example");
    const res = await s.call("POST", `/ops/tariffs/${standard.id}/default`, { token: support, body: { confirm: true } });
    expect(res.status).toBe(403);
  });
});
