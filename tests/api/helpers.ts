/**
 * Shared harness for API tests against a REAL database (design note "tests/ … api/ (against a
 * real database)").
 *
 * `startTestServer({ db })` opens a fresh database — PGlite `memory://`, or PostgreSQL at
 * TEST_DATABASE_URL after DROP SCHEMA public/drizzle CASCADE so every run starts clean —
 * migrates and seeds it (server/seed/seed.ts), and serves `createApp(deps)` on an ephemeral port
 * with RATE_LIMITS=relaxed and SMS_DEBUG_CODES=true (same code paths, higher ceilings); with
 * `gateway: true` the chat gateway (server/messaging) is attached to that server too.
 *
 * `databases` is ['pglite'] plus 'postgres' when TEST_DATABASE_URL is set; otherwise a warning
 * is printed once (never a silent skip).
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import pino from "pino";
import { eq } from "drizzle-orm";
import { openDatabase, type Database } from "../../server/db/client.js";
import { loadConfig } from "../../server/config.js";
import { users } from "../../server/db/schema/index.js";
import { seed } from "../../server/seed/seed.js";
import { MemorySmsProvider } from "../../server/providers/sms.js";
import { createApp } from "../../server/app.js";
import { createSession } from "../../server/domain/auth/sessions.js";
import { attachGateway, type Gateway } from "../../server/messaging/gateway.js";

export type TestDatabaseKind = "pglite" | "postgres";

export const databases: TestDatabaseKind[] = ["pglite"];
if (process.env.TEST_DATABASE_URL) databases.push("postgres");
else if (!(globalThis as { __pgSkipWarned?: boolean }).__pgSkipWarned) {
  (globalThis as { __pgSkipWarned?: boolean }).__pgSkipWarned = true;
  console.warn("PostgreSQL pass skipped: TEST_DATABASE_URL not set");
}

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
}

export interface TestServer {
  baseUrl: string;
  db: Database;
  kind: TestDatabaseKind;
  sms: MemorySmsProvider;
  /** Access token for the seeded user with this phone (session created directly). */
  login: (phone: string) => Promise<string>;
  /** JSON call to /api/v1 + path. */
  call: <T = any>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ) => Promise<ApiAnswer<T>>;
  /**
   * POST /v1/uploads of one file (for `organizationId`, or the caller's own without one);
   * expects 201 and returns the upload id.
   */
  upload: (
    token: string,
    file: { organizationId?: string | null; bytes: Uint8Array; name?: string; type?: string },
  ) => Promise<string>;
  close: () => Promise<void>;
}

/** Drop everything in the PostgreSQL test database (public and drizzle schemas). */
async function resetPostgres(url: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;");
  } finally {
    await client.end();
  }
}

/** `rateLimits` defaults to "relaxed" (higher ceilings, same code paths); "strict" is production's. */
export async function startTestServer(opts: {
  db: TestDatabaseKind;
  rateLimits?: "strict" | "relaxed";
  /** Enables POST /api/staff/bank with this token (server/staff/bank-endpoint.ts). */
  staffToken?: string;
  /** Attach the chat gateway (socket.io at /api/socket.io) and make it the chat publisher. */
  gateway?: boolean;
}): Promise<TestServer> {
  let handle;
  if (opts.db === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_DATABASE_URL is not set");
    await resetPostgres(url);
    handle = await openDatabase({ url, poolSize: 20 });
  } else {
    handle = await openDatabase({ dataDir: "memory://" });
  }
  await seed(handle.db);
  const config = loadConfig({
    NODE_ENV: "test",
    SMS_DEBUG_CODES: "true",
    RATE_LIMITS: opts.rateLimits ?? "relaxed",
    OTP_SECRET: "api-test-otp-secret-0123456789",
    LOG_LEVEL: "silent",
    ...(opts.staffToken ? { STAFF_API_TOKEN: opts.staffToken } : {}),
  } as NodeJS.ProcessEnv);
  const logger = pino({ level: "silent" });
  const sms = new MemorySmsProvider();
  const app = createApp({ db: handle.db, config, sms, logger });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const db = handle.db;
  const gateway: Gateway | null = opts.gateway
    ? await attachGateway(server, { db, secret: config.otpSecret, logger, relaxedLimits: config.RATE_LIMITS === "relaxed" })
    : null;

  return {
    baseUrl,
    db,
    kind: opts.db,
    sms,
    async login(phone) {
      const [u] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
      if (!u) throw new Error(`No seeded user ${phone}`);
      return (await createSession(db, u.id)).accessToken;
    },
    async call(method, path, o = {}) {
      const res = await fetch(`${baseUrl}/api/v1${path}`, {
        method,
        headers: {
          "content-type": "application/json",
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
          ...(o.headers ?? {}),
        },
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
      });
      const text = await res.text();
      // A file (PDF, image) comes back as its text; everything else the API answers is JSON.
      const json = (res.headers.get("content-type") ?? "").includes("json");
      return { status: res.status, body: !text ? null : json ? JSON.parse(text) : text };
    },
    async upload(token, { organizationId, bytes, name = "invoice.pdf", type }) {
      const form = new FormData();
      if (organizationId) form.append("organizationId", organizationId);
      form.append("files", new Blob([new Uint8Array(bytes)], type ? { type } : {}), name);
      const res = await fetch(`${baseUrl}/api/v1/uploads`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data: { id: string }[] }).data[0].id;
    },
    async close() {
      await gateway?.close();
      server.closeAllConnections?.();
      await new Promise((r) => server.close(r));
      await handle.close();
    },
  };
}
