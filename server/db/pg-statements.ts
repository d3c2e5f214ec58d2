/**
 * Prepared statements on PostgreSQL (node-postgres): each SQL text with parameters gets a name,
 * so every pooled connection parses and plans it once and executes it by name afterwards
 * (docs/performance.md "Prepared statements"). The embedded database has its own
 * (./pglite-statements.ts).
 *
 * node-postgres prepares a query that carries a `name` on the connection the first time and then
 * sends only Bind and Execute; a query without one is parsed and planned by PostgreSQL on every
 * call, which for the application's joins of wide rows costs several times the execution (the
 * bearer-token lookup: about 0.27 ms unnamed, 0.05 ms named, on loopback). The name is a hash of
 * the text, so one text always has one name. Statements without parameters (BEGIN, COMMIT,
 * migrations, which may hold several statements) stay on the simple protocol, unnamed. Each
 * connection keeps at most `maxPerConnection` named statements (PostgreSQL holds their plans in
 * that backend's memory); beyond that a text runs unnamed, as before. PostgreSQL replans a named
 * statement itself when a table it reads changes; when it refuses one whose row type changed
 * (0A000), a query of the pool (`pool.query`) loses its connection (pg-pool drops a client
 * released with an error) and a transaction's client runs that text unnamed from then on.
 */
import { createHash } from "node:crypto";
import type pg from "pg";

/** Named statements per connection, at most (the application has a few hundred distinct texts). */
export const MAX_STATEMENTS_PER_CONNECTION = 500;

/** The connection's statements node-postgres has prepared (its own bookkeeping). */
interface ClientInternals {
  connection?: { parsedStatements?: Record<string, string> };
}

/**
 * Name the parameterized queries of every connection `pool` opens from now on (in place).
 * @param maxPerConnection named statements kept per connection (default MAX_STATEMENTS_PER_CONNECTION)
 */
export function usePreparedStatements(pool: pg.Pool, maxPerConnection = MAX_STATEMENTS_PER_CONNECTION): void {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    /** Names whose plan PostgreSQL refused (a table they read changed): run unnamed on this connection. */
    const stale = new Set<string>();
    (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
      const statement = named(client, config, values, maxPerConnection, stale);
      const result = query(statement ?? config, values, callback);
      if (!statement || !(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        if (STALE_STATEMENT_CODES.has((error as { code?: string }).code ?? "")) stale.add(statement.name);
        throw error;
      });
    };
  });
}

/** SQLSTATEs of a stale prepared statement: invalid_sql_statement_name, feature_not_supported ("cached plan must not change result type"). */
const STALE_STATEMENT_CODES = new Set(["26000", "0A000"]);

/** `config` with a name when it has parameters, no name yet, and the connection has room; else null (run as given). */
function named(
  client: pg.PoolClient,
  config: unknown,
  values: unknown,
  max: number,
  stale: ReadonlySet<string>,
): { name: string } | null {
  const query = typeof config === "string" ? { text: config } : config;
  if (!query || typeof query !== "object") return null;
  const { text, name } = query as { text?: unknown; name?: unknown; values?: unknown };
  const params = (query as { values?: unknown }).values ?? values;
  if (typeof text !== "string" || name !== undefined || !Array.isArray(params) || params.length === 0) return null;
  const statementName = nameOf(text);
  if (stale.has(statementName)) return null;
  const parsed = (client as unknown as ClientInternals).connection?.parsedStatements ?? {};
  if (!(statementName in parsed) && Object.keys(parsed).length >= max) return null;
  return { ...query, name: statementName };
}

/** A statement's name: "s" and the SHA-1 of its text (41 characters; PostgreSQL allows 63). */
function nameOf(text: string): string {
  return `s${createHash("sha1").update(text).digest("hex")}`;
}
