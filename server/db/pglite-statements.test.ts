/**
 * Prepared statements on PGlite (./pglite-statements.ts): a statement text is parsed once and
 * executed by name afterwards, with PGlite's own results, errors, transactions and types.
 */
import { PGlite } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { usePreparedStatements } from "./pglite-statements.js";

/**
 * Texts of the session's protocol-level prepared statements (PostgreSQL's own view), read with
 * the simple protocol (`exec`), which prepares nothing.
 */
async function preparedTexts(client: PGlite): Promise<string[]> {
  const [{ rows }] = await client.exec("select statement from pg_prepared_statements where from_sql = false order by name");
  return rows.map((r) => (r as { statement: string }).statement);
}

describe("prepared statements on PGlite", () => {
  let client: PGlite;
  beforeEach(async () => {
    client = await PGlite.create("memory://");
    await client.exec("create table t (id int primary key, label text not null, at timestamptz, amount numeric)");
  });
  afterEach(async () => client.close());

  it("prepares a text once and executes it by name, answering as PGlite's own query does", async () => {
    const plain = await client.query("select $1::int + 1 as n, now() is not null as ok, $2::numeric as amount", [41, "1.10"]);
    usePreparedStatements(client);
    const text = "select $1::int + 1 as n, now() is not null as ok, $2::numeric as amount";
    const first = await client.query(text, [41, "1.10"]);
    const second = await client.query<{ n: number }>(text, [1, "2"], { rowMode: "array" });
    expect(first.rows).toEqual(plain.rows);
    expect(first.fields).toEqual(plain.fields);
    expect(second.rows).toEqual([[2, true, "2"]]);
    expect(await preparedTexts(client)).toEqual([text]);
  });

  it("serializes parameters by their types and counts affected rows", async () => {
    usePreparedStatements(client);
    const at = new Date("2026-11-28T10:00:00Z");
    const insert = "insert into t (id, label, at, amount) values ($1, $2, $3, $4)";
    expect((await client.query(insert, [1, "a", at, "10.5"])).affectedRows).toBe(1);
    expect((await client.query(insert, [2, "b", null, null])).affectedRows).toBe(1);
    const { rows } = await client.query<{ id: number; at: Date | null; amount: string | null }>(
      "select id, at, amount from t order by id",
    );
    expect(rows).toEqual([
      { id: 1, at, amount: "10.5" },
      { id: 2, at: null, amount: null },
    ]);
    expect((await client.query("update t set label = $1", ["c"])).affectedRows).toBe(2);
  });

  it("a refused statement throws PGlite's error and leaves the session usable", async () => {
    usePreparedStatements(client);
    const insert = "insert into t (id, label) values ($1, $2)";
    await client.query(insert, [1, "a"]);
    const duplicate = await client.query(insert, [1, "b"]).catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ code: "23505", query: insert, params: [1, "b"] });
    const syntax = await client.query("selec 1").catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: "42601" });
    expect((await client.query<{ n: number }>("select count(*)::int as n from t")).rows[0].n).toBe(1);
    expect((await client.query(insert, [2, "b"])).affectedRows).toBe(1);
  });

  it("inside a transaction: prepared statements, rolled back with it on an error", async () => {
    usePreparedStatements(client);
    const insert = "insert into t (id, label) values ($1, $2)";
    await client.transaction(async (tx) => {
      await tx.query(insert, [1, "a"]);
      await tx.query(insert, [2, "b"]);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, [3, "c"]);
        await tx.query(insert, [1, "again"]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect((await client.query<{ id: number }>("select id from t order by id")).rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it("a statement whose table changed is prepared again", async () => {
    usePreparedStatements(client);
    await client.query("insert into t (id, label) values ($1, $2)", [1, "a"]);
    const all = "select * from t";
    expect(Object.keys((await client.query<object>(all)).rows[0])).toHaveLength(4);
    await client.exec("alter table t add column note text");
    // PostgreSQL refuses the old plan once ("cached plan must not change result type") …
    const stale = await client.query(all).catch((e: unknown) => e);
    expect(stale).toMatchObject({ code: "0A000" });
    // … and the next call prepares it anew.
    expect(Object.keys((await client.query<object>(all)).rows[0])).toHaveLength(5);
  });

  it("keeps at most `max` statements, closing the least recently used", async () => {
    usePreparedStatements(client, 2);
    await client.query("select 1 as a");
    await client.query("select 2 as b");
    await client.query("select 1 as a"); // used again: "select 2" is now the oldest
    await client.query("select 3 as c");
    expect(await preparedTexts(client)).toEqual(["select 1 as a", "select 3 as c"]);
  });
});
