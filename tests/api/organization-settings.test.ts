/**
 * An organization's boolean setting (server/domain/settings `getOrganizationBooleanSetting`), on
 * PGlite and PostgreSQL: its own row when that holds a boolean, else the bank-wide row when that
 * does, else the fallback; both rows read in one statement, and a change counts on the next read.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationSettings, settings } from "../../server/db/schema/index.js";
import { getOrganizationBooleanSetting } from "../../server/domain/settings/index.js";
import { createCustomer } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

const KEY = "TEST-ORGANIZATION-SETTING";

describe.each(databases)("an organization's boolean setting, on %s", (kind) => {
  let s: TestServer;
  const statements: string[] = [];
  beforeAll(async () => {
    s = await startTestServer({ db: kind, onQuery: (q) => statements.push(q) });
  });
  afterAll(async () => s?.close());

  it("own boolean, else the bank's boolean, else the fallback; one statement; changes count at once", async () => {
    const org = (await createCustomer(s.db)).organization.id;
    const other = (await createCustomer(s.db)).organization.id;
    const read = async (fallback: boolean) => {
      statements.length = 0;
      const value = await getOrganizationBooleanSetting(s.db, org, KEY, fallback);
      expect(statements).toHaveLength(1);
      return value;
    };
    const setOwn = async (value: unknown) => {
      await s.db
        .delete(organizationSettings)
        .where(and(eq(organizationSettings.organizationId, org), eq(organizationSettings.key, KEY)));
      if (value !== undefined) await s.db.insert(organizationSettings).values({ organizationId: org, key: KEY, value });
    };
    const setBank = async (value: unknown) => {
      await s.db.delete(settings).where(eq(settings.key, KEY));
      if (value !== undefined) await s.db.insert(settings).values({ key: KEY, value });
    };

    // Neither row: the fallback.
    expect(await read(false)).toBe(false);
    expect(await read(true)).toBe(true);
    // The bank's value.
    await setBank(true);
    expect(await read(false)).toBe(true);
    // Another organization's own row does not count.
    await s.db.insert(organizationSettings).values({ organizationId: other, key: KEY, value: false });
    expect(await read(false)).toBe(true);
    // The organization's own value wins, both ways.
    await setOwn(false);
    expect(await read(true)).toBe(false);
    await setBank(false);
    await setOwn(true);
    expect(await read(false)).toBe(true);
    // An own row that is not a boolean: the bank's; a bank row that is not one either: the fallback.
    await setOwn("yes");
    expect(await read(true)).toBe(false);
    await setBank({ on: true });
    expect(await read(true)).toBe(true);
    // No bank row, own row present.
    await setBank(undefined);
    await setOwn(false);
    expect(await read(true)).toBe(false);
  });
});
