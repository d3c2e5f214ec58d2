// The browser tests' server on PostgreSQL starts on an empty database, as the embedded one starts
// in an empty folder: drops the database DATABASE_URL names (ending its connections: PostgreSQL 13
// and later) and creates it again, connected to the same server's `postgres` database. The
// server then migrates and seeds it (server/index.ts). Run by playwright.config.ts's web server
// command when DATABASE_URL is set; exits non-zero with the reason when it cannot.
import pg from "pg";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("fresh-database: DATABASE_URL is not set");
  process.exit(1);
}
const target = new URL(url);
const name = decodeURIComponent(target.pathname.slice(1));
if (!name || name === "postgres") {
  console.error(`fresh-database: refusing to recreate ${JSON.stringify(name || "(none)")}`);
  process.exit(1);
}
const admin = new URL(url);
admin.pathname = "/postgres";
const client = new pg.Client({ connectionString: admin.toString() });
const ident = `"${name.replace(/"/g, '""')}"`;
try {
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${ident} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${ident}`);
} catch (error) {
  console.error(`fresh-database: ${error.message}`);
  process.exitCode = 1;
} finally {
  await client.end().catch(() => {});
}
