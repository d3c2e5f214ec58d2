/**
 * Prepared statements on PostgreSQL (server/db/pg-statements.ts), through the application's own
 * `openDatabase` on one pooled connection (so PostgreSQL's pg_prepared_statements of that
 * backend shows them): a parameterized text is prepared once and reused, a text without
 * parameters is not prepared, a statement whose table changed runs again, and the per-connection
 * cap holds. PostgreSQL only (the embedded database's are server/db/pglite-statements.test.ts).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/client.js";
import { usePreparedStatements } from "../../server/db/pg-statements.js";
import { workerDatabaseUrl } from "./helpers.js";

const url = process.env.TEST_DATABASE_URL;

/** Rows of a raw statement (the database handle is typed for both drivers: its result is not). */
async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}

describe.runIf(url)("prepared statements on PostgreSQL", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    const base = await workerDatabaseUrl(url!);
    // A schema of its own in the worker's database: nothing of the app's tables is touched.
    handle = await openDatabase({ url: base, poolSize: 1 });
    await handle.db.execute(sql`drop table if exists prepared_probe`);
    await handle.db.execute(sql`create table prepared_probe (id int primary key, label text not null)`);
  });
  afterAll(async () => {
    await handle?.db.execute(sql`drop table if exists prepared_probe`);
    await handle?.close();
  });

  /** This connection's named statements' texts (the probe itself has no parameters: not named). */
  const preparedTexts = async () =>
    (
      await rowsOf<{ statement: string }>(handle.db.execute(sql`select statement from pg_prepared_statements order by statement`))
    ).map((r) => r.statement);

  it("prepares a parameterized text once and reuses it; a text without parameters is not prepared", async () => {
    const before = await preparedTexts();
    for (let i = 1; i <= 3; i++) await handle.db.execute(sql`insert into prepared_probe (id, label) values (${i}, ${"p" + i})`);
    const count = await rowsOf<{ n: number }>(
      handle.db.execute(sql`select count(*)::int as n from prepared_probe where id > ${0}`),
    );
    expect(count[0].n).toBe(3);
    const added = (await preparedTexts()).filter((t) => !before.includes(t));
    expect(added).toEqual([
      "insert into prepared_probe (id, label) values ($1, $2)",
      "select count(*)::int as n from prepared_probe where id > $1",
    ]);
  });

  it("a statement whose table changed fails once, then runs unnamed on that connection", async () => {
    const all = () => rowsOf<object>(handle.db.execute(sql`select * from prepared_probe where id = ${1}`));
    expect(Object.keys((await all())[0])).toEqual(["id", "label"]);
    await handle.db.execute(sql`alter table prepared_probe add column note text`);
    await expect(all()).rejects.toMatchObject({ cause: { code: "0A000" } });
    expect(Object.keys((await all())[0])).toEqual(["id", "label", "note"]);
  });

  it("keeps at most the cap of named statements per connection; the rest run unnamed", async () => {
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({ connectionString: await workerDatabaseUrl(url!), max: 1 });
    usePreparedStatements(pool, 2);
    try {
      for (const n of [1, 2, 3, 4]) expect((await pool.query(`select $1::int + ${n} as v`, [1])).rows[0].v).toBe(1 + n);
      const { rows } = await pool.query("select count(*)::int as n from pg_prepared_statements");
      expect(rows[0].n).toBe(2);
    } finally {
      await pool.end();
    }
  });
});
