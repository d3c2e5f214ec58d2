/**
 * Prepared statements for the embedded database (PGlite): every statement the application sends
 * is parsed and planned by PostgreSQL once, then executed by name (docs/performance.md "Prepared
 * statements on PGlite").
 *
 * PGlite's own `query` sends each statement unnamed (Parse, Describe, Bind, Describe, Execute,
 * Sync), so PostgreSQL parses and plans it again on every call: for the application's joins of
 * wide rows that is most of a statement's cost (a bearer-token lookup: about 0.6 ms planned
 * afresh, 0.15 ms executed from a prepared plan). `preparedQuery` keeps a named statement per
 * distinct SQL text — as PostgreSQL drivers such as postgres.js do by default — and sends only
 * Bind, Execute and Sync for a text it has seen; the statement's parameter types and row
 * description, read once at preparation, serialize the values and parse the rows as PGlite
 * would. PostgreSQL itself invalidates a prepared plan when a table it reads changes (DDL).
 *
 * The same locks as PGlite's `query`: outside a transaction the transaction mutex, then the
 * query mutex, and the data folder synced after the statement; inside `transaction` the query
 * mutex only. At most `MAX_STATEMENTS` are kept; the least recently used one is closed first.
 * Errors are PGlite's (`DatabaseError` with the query and its parameters attached), and the
 * protocol is always closed with Sync, so a failed statement leaves the session usable.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";

/**
 * Named statements kept per database: distinct SQL texts (a few hundred in the application; an
 * `in (…)` list of another length is another text). Each keeps its plan in PGlite's memory.
 */
export const MAX_STATEMENTS = 500;

/** SQLSTATEs of a stale prepared statement: invalid_sql_statement_name, feature_not_supported ("cached plan must not change result type"). */
const STALE_STATEMENT_CODES = new Set(["26000", "0A000"]);

type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];

interface Prepared {
  name: string;
  /** Parameter type OIDs, from ParameterDescription. */
  paramTypes: number[];
  /** RowDescription (or none, for a statement that returns no rows). */
  rowDescription: BackendMessage | null;
}

/** The lock-taking internals of PGlite 0.3 that its own `query` uses (declared public in its types). */
interface PGliteLocks {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * Make `client.query` and the `query` of every `client.transaction` use prepared statements (in
 * place; module rules). Call once, after migrations.
 * @param max statements kept (default MAX_STATEMENTS)
 */
export function usePreparedStatements(client: PGlite, max = MAX_STATEMENTS): void {
  const statements = new PreparedStatements(client, max);
  const locks = client as unknown as PGliteLocks;
  client.query = <T>(text: string, params?: unknown[], options?: QueryOptions) =>
    locks._runExclusiveTransaction(() =>
      locks._runExclusiveQuery(async () => {
        const result = await statements.run<T>(text, params ?? [], options);
        await client.syncToFs();
        return result;
      }),
    );
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(fn: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const query = <R>(text: string, params?: unknown[], options?: QueryOptions) =>
        locks._runExclusiveQuery(() => statements.run<R>(text, params ?? [], options));
      return fn(Object.assign(Object.create(tx) as Transaction, { query }));
    });
}

class PreparedStatements {
  /** By SQL text, least recently used first (Map keeps insertion order; a hit moves to the end). */
  private readonly byText = new Map<string, Prepared>();
  private sequence = 0;

  constructor(
    private readonly client: PGlite,
    private readonly max: number,
  ) {}

  /** Run `text` with `params` under the caller's locks (see module rules). */
  async run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const messages: BackendMessage[] = [];
    let prepared: Prepared | undefined;
    try {
      prepared = this.byText.get(text);
      if (prepared) {
        this.byText.delete(text);
        this.byText.set(text, prepared);
      } else {
        prepared = await this.prepare(text, options);
      }
      messages.push(
        ...(await this.send(
          protocol.serialize.bind({ statement: prepared.name, values: this.serialize(prepared, params, options) }),
          options,
        )),
      );
      if (prepared.rowDescription) messages.push(prepared.rowDescription);
      messages.push(...(await this.send(protocol.serialize.execute({}), options)));
    } catch (error) {
      // A statement PostgreSQL no longer has, or whose plan can no longer serve its row type
      // (a table it reads was changed): prepared again on the next call.
      if (prepared && STALE_STATEMENT_CODES.has((error as { code?: string }).code ?? "")) this.byText.delete(text);
      throw withQuery(error, text, params, options);
    } finally {
      messages.push(...(await this.send(protocol.serialize.sync(), options)));
    }
    await this.evict();
    return parse.parseResults(messages as never, this.client.parsers, options)[0] as Results<T>;
  }

  private async prepare(text: string, options: QueryOptions | undefined): Promise<Prepared> {
    const name = `app_${++this.sequence}`;
    await this.send(protocol.serialize.parse({ name, text, types: options?.paramTypes }), options);
    const described = await this.send(protocol.serialize.describe({ type: "S", name }), options);
    const prepared: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described as never),
      rowDescription: described.find((m) => m.name === "rowDescription") ?? null,
    };
    this.byText.set(text, prepared);
    return prepared;
  }

  /** Values in PostgreSQL's text form, by each parameter's type, as PGlite's `query` serializes them. */
  private serialize(prepared: Prepared, params: unknown[], options: QueryOptions | undefined): (string | null)[] {
    return params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const oid = prepared.paramTypes[i];
      const serializer = options?.serializers?.[oid] ?? this.client.serializers[oid];
      return serializer ? (serializer(value) as string) : String(value);
    });
  }

  /** Close the least recently used statements beyond `max`. */
  private async evict(): Promise<void> {
    while (this.byText.size > this.max) {
      const [text, oldest] = this.byText.entries().next().value as [string, Prepared];
      this.byText.delete(text);
      await this.send(protocol.serialize.close({ type: "S", name: oldest.name }), undefined);
      await this.send(protocol.serialize.sync(), undefined);
    }
  }

  private send(message: Uint8Array, options: QueryOptions | undefined): Promise<BackendMessage[]> {
    return this.client.execProtocolStream(message, { syncToFs: false, onNotice: options?.onNotice });
  }
}

/** PGlite's error shape: the database error with the statement, its parameters and options attached. */
function withQuery(error: unknown, query: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (error instanceof Error && "severity" in error) Object.assign(error, { query, params, queryOptions: options });
  return error;
}
