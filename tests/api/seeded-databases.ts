/**
 * The API tests' databases: every test server starts on a fresh, migrated and seeded database
 * (server/seed/seed.ts), and seeding one from nothing is most of a server's start — PGlite's
 * initdb, the migrations, the seed with its password hashes: 2–2.5 s for PGlite, about 1 s for
 * PostgreSQL on a 2-core machine, over a hundred times a run. So the api project's global setup
 * (tests/api/global-setup.ts) seeds one database of each kind once per run and every server
 * starts on a copy:
 * - PGlite: the seeded database's data folder as a gzip tarball in a temporary file, loaded into
 *   a new in-memory PGlite (`loadDataDir`, about 0.9 s);
 * - PostgreSQL: the worker's database dropped and made again with `CREATE DATABASE … TEMPLATE`
 *   of the seeded one (0.05–0.15 s).
 * A copy holds what a fresh seed would write, its times up to the run's age older. The seed dates
 * its history from today (UTC), so on another day than the setup's, or without the setup (the
 * value not provided), a server's database is seeded from nothing, as before.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "../../server/db/client.js";
import { seed } from "../../server/seed/seed.js";

/** What the global setup made, handed to the test processes (`provide`/`inject`). */
export interface SeededDatabases {
  /** UTC day of the seed, "YYYY-MM-DD". */
  day: string;
  /** The seeded PGlite database: a gzip tarball of its data folder. */
  pgliteDumpFile: string;
  /** The seeded PostgreSQL database's name, beside TEST_DATABASE_URL's; null without it. */
  postgresTemplate: string | null;
}

declare module "vitest" {
  export interface ProvidedContext {
    seededDatabases: SeededDatabases | null;
  }
}

/** Today's date in UTC, "YYYY-MM-DD". */
const utcDay = (): string => new Date().toISOString().slice(0, 10);

/**
 * Seed one PGlite database and (with `postgresUrl`) one PostgreSQL database, the template of the
 * run's copies: `<database>_seed` beside `postgresUrl`'s database, dropped first if a run left it.
 * @returns what the copies are made from, and a cleanup that removes both
 */
export async function prepareSeededDatabases(
  postgresUrl: string | undefined,
): Promise<{ seeded: SeededDatabases; cleanup: () => Promise<void> }> {
  const day = utcDay();
  const folder = await mkdtemp(path.join(os.tmpdir(), "bank-api-tests-"));
  const pgliteDumpFile = path.join(folder, "seeded-pglite.tar.gz");
  const pglite = await openDatabase({ dataDir: "memory://" });
  try {
    await seed(pglite.db);
    const dump = await pglite.dumpDataDir!("gzip");
    await writeFile(pgliteDumpFile, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
  let postgresTemplate: string | null = null;
  if (postgresUrl) {
    postgresTemplate = `${databaseName(postgresUrl)}_seed`;
    await recreateDatabase(postgresUrl, postgresTemplate);
    const template = await openDatabase({ url: withDatabase(postgresUrl, postgresTemplate), poolSize: 1 });
    try {
      await seed(template.db);
    } finally {
      await template.close();
    }
  }
  const cleanup = async () => {
    await rm(folder, { recursive: true, force: true });
    if (postgresUrl && postgresTemplate) await dropDatabase(postgresUrl, postgresTemplate);
  };
  return { seeded: { day, pgliteDumpFile, postgresTemplate }, cleanup };
}

/** The run's seeded databases when they are today's (see the module note), else null. */
async function todaysSeed(): Promise<SeededDatabases | null> {
  // Imported here: the global setup imports this module too, where vitest's test API is not there.
  const { inject } = await import("vitest");
  const seeded = inject("seededDatabases");
  return seeded && seeded.day === utcDay() ? seeded : null;
}

/**
 * A new in-memory PGlite database, migrated and seeded: a copy of the run's seeded one, or
 * seeded from nothing (see the module note).
 * @param onQuery openDatabase's debug hook (statements of the copy's start are not passed to it)
 */
export async function openSeededPglite(onQuery?: (sql: string) => void): Promise<DatabaseHandle> {
  const seeded = await todaysSeed();
  if (seeded) {
    const bytes = await readFile(seeded.pgliteDumpFile);
    const loadDataDir = new Blob([new Uint8Array(bytes)], { type: "application/x-gzip" });
    return openDatabase({ dataDir: "memory://", loadDataDir, onQuery });
  }
  const handle = await openDatabase({ dataDir: "memory://", onQuery });
  await seed(handle.db);
  return handle;
}

/**
 * This test worker's PostgreSQL database (`workerDatabaseName`), dropped and made again, migrated
 * and seeded: a copy of the run's seeded template, or seeded from nothing (see the module note).
 * Connections still open to the worker's database (a server a test left open) are ended by the
 * drop (`WITH (FORCE)`, PostgreSQL 13 and later).
 * @param url TEST_DATABASE_URL
 */
export async function openSeededPostgres(url: string, onQuery?: (sql: string) => void): Promise<DatabaseHandle> {
  const name = workerDatabaseName(url);
  const template = (await todaysSeed())?.postgresTemplate ?? null;
  await recreateDatabase(url, name, template);
  const handle = await openDatabase({ url: withDatabase(url, name), poolSize: 20, onQuery });
  if (!template) await seed(handle.db);
  return handle;
}

/**
 * The PostgreSQL database of this test worker. The API tests run their files in parallel forks
 * (vitest.config.ts); each fork recreates its database at every server start, so two forks must
 * never share one. Worker N (1 without workers) uses the database `<name>_w<N>` on the same
 * server, created empty on first use; `url`'s own database is only where the tests connect to
 * create and drop the others.
 * @param url TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test
 * @returns the same URL with the worker's database name
 */
export async function workerDatabaseUrl(url: string): Promise<string> {
  const name = workerDatabaseName(url);
  await withAdmin(url, async (admin) => {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount !== 0) return;
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}`).catch((e: { code?: string }) => {
      if (e.code !== "42P04") throw e; // duplicate_database: another run made it first
    });
  });
  return withDatabase(url, name);
}

/** The name of this test worker's database: `<url's database>_w<N>` (see `workerDatabaseUrl`). */
function workerDatabaseName(url: string): string {
  const pool = Number(process.env.VITEST_POOL_ID ?? "1");
  return `${databaseName(url)}_w${Number.isInteger(pool) && pool > 0 ? pool : 1}`;
}

/** Drop `name` (ending its connections) and create it again, empty or as a copy of `template`. */
async function recreateDatabase(url: string, name: string, template: string | null = null): Promise<void> {
  await withAdmin(url, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}${template ? ` TEMPLATE ${quoteIdent(template)}` : ""}`);
  });
}

/** Drop `name`, ending its connections. */
async function dropDatabase(url: string, name: string): Promise<void> {
  await withAdmin(url, (admin) => admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
}

/** The database name of a PostgreSQL URL ("postgres" when it names none). */
function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1)) || "postgres";
}

/** `url` with its database replaced by `name`. */
function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}

/** A database name as an SQL identifier (CREATE/DROP DATABASE take no parameters; names are ours). */
function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Run `fn` with one client connected to `url`'s own database. */
async function withAdmin<T>(url: string, fn: (admin: import("pg").Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}
