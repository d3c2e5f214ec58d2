/**
 * Leadership for periodic jobs when several processes share one PostgreSQL database (design:
 * "Running several instances"; issue 5 §4): housekeeping and other timers must run in ONE
 * process, not once per process.
 *
 * `createLeadership({ url, name })` → `{ holds(), close() }`. On PostgreSQL, a process leads while
 * it holds a session-level advisory lock (`pg_try_advisory_lock`) on a dedicated connection of
 * its own (not the pool's). The lock lives exactly as long as that connection: when the leader
 * stops or dies (even SIGKILL), PostgreSQL drops the connection and releases the lock, and the
 * next `holds()` of another process takes it over. Without a URL (PGlite: one process owns the
 * data folder) the caller always leads.
 *
 * `holds()` resolves true when this process leads now (taking the lock if free), false
 * otherwise; it never throws (a database error means "not the leader this time", and the lost
 * connection is reopened on the next call). Source of the rule: PostgreSQL manual §13.3.5
 * "Advisory Locks" (session-level locks are held until released or the session ends).
 */
import crypto from "node:crypto";

export interface Leadership {
  /** True when this process leads (takes the lock when it is free). */
  holds(): Promise<boolean>;
  /** Give up leadership (closes the dedicated connection). */
  close(): Promise<void>;
}

/** 64-bit advisory-lock key for a job family name (first 8 bytes of its SHA-256, signed). */
export function advisoryKey(name: string): bigint {
  return crypto.createHash("sha256").update(`bank:${name}`).digest().readBigInt64BE(0);
}

export function createLeadership(opts: { url?: string; name: string }): Leadership {
  if (!opts.url) return { holds: async () => true, close: async () => {} };
  const key = advisoryKey(opts.name).toString();
  type Client = import("pg").Client;
  let client: Client | null = null;
  let held = false;

  const drop = () => {
    const c = client;
    client = null;
    held = false;
    c?.end().catch(() => {});
  };

  return {
    async holds() {
      try {
        if (!client) {
          const { default: pg } = await import("pg");
          const c = new pg.Client({ connectionString: opts.url, application_name: `bank leader ${opts.name}` });
          c.on("error", () => {
            if (client === c) drop();
          });
          await c.connect();
          client = c;
        }
        if (held) {
          await client.query("SELECT 1"); // still connected, so still holding the lock
          return true;
        }
        const r = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1::bigint) AS ok", [key]);
        held = r.rows[0]?.ok === true;
        return held;
      } catch {
        drop();
        return false;
      }
    },
    async close() {
      const c = client;
      client = null;
      held = false;
      await c?.end().catch(() => {});
    },
  };
}
