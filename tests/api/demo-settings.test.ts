/**
 * Demo mode's setting (spec 000 §1, docs/decisions.md "Demo mode (issue 12)") against a real
 * database: GET /v1/settings/demo answers the bank-wide DEMO-MODE-ENABLED (seeded true), follows
 * a change of the row, reads a missing row as false, and needs a token. Demo data itself is
 * static in the web app: no API call exists for it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { settings } from "../../server/db/schema/index.js";
import { SETTING_DEMO_MODE_ENABLED } from "../../server/domain/settings/index.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

describe.each(databases)("GET /settings/demo on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
  });
  afterAll(async () => s?.close());

  it("is on in the seed, follows the setting, is false without a row, and needs a token", async () => {
    const token = await s.login("+447700900004"); // not identified: the user demo mode is for
    expect(await s.call("GET", "/settings/demo", { token })).toEqual({ status: 200, body: { enabled: true } });

    await s.db.update(settings).set({ value: false }).where(eq(settings.key, SETTING_DEMO_MODE_ENABLED));
    expect((await s.call("GET", "/settings/demo", { token })).body).toEqual({ enabled: false });

    await s.db.delete(settings).where(eq(settings.key, SETTING_DEMO_MODE_ENABLED));
    expect((await s.call("GET", "/settings/demo", { token })).body).toEqual({ enabled: false });
    await s.db.insert(settings).values({ key: SETTING_DEMO_MODE_ENABLED, value: true });
    expect((await s.call("GET", "/settings/demo", { token })).body).toEqual({ enabled: true });

    expect((await s.call("GET", "/settings/demo")).status).toBe(401);
  });
});
