/**
 * Shared harness for API tests against a REAL database (design note "tests/ … api/ (against a
 * real database)").
 *
 * `startTestServer({ db })` opens a fresh database — PGlite `memory://`, or PostgreSQL at
 * TEST_DATABASE_URL (the first test worker's; worker N gets `<database>_w<N>` beside it, see
 * `workerDatabaseUrl`) after DROP SCHEMA public/drizzle CASCADE so every run starts clean —
 * migrates and seeds it (server/seed/seed.ts), and serves `createApp(deps)` on an ephemeral port
 * with RATE_LIMITS=relaxed and SMS_DEBUG_CODES=true (same code paths, higher ceilings); with
 * `gateway: true` the chat gateway (server/messaging) is attached to that server too.
 *
 * `databases` is ['pglite'] plus 'postgres' when TEST_DATABASE_URL is set; otherwise a warning
 * is printed once (never a silent skip).
 */
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import pino from "pino";
import { eq } from "drizzle-orm";
import { openDatabase, type Database } from "../../server/db/client.js";
import { loadConfig, type Config } from "../../server/config.js";
import { users } from "../../server/db/schema/index.js";
import { seed } from "../../server/seed/seed.js";
import { MemorySmsProvider } from "../../server/providers/sms.js";
import { createApp } from "../../server/app.js";
import { createSession } from "../../server/domain/auth/sessions.js";
import { attachGateway, type Gateway, type TrustProxy } from "../../server/messaging/gateway.js";

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
  /** The application's configuration (what `env` set, over the tests' defaults). */
  config: Config;
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

/**
 * The PostgreSQL database of this test worker. The API tests run their files in parallel forks
 * (vitest.config.ts); each fork resets its database at every server start, so two forks must
 * never share one. Worker 1 (or a run without workers) uses `url` itself; worker N uses the
 * database `<name>_w<N>` on the same server, created on first use.
 * @param url TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test
 * @returns the same URL with the worker's database name
 */
export async function workerDatabaseUrl(url: string): Promise<string> {
  const worker = Number(process.env.VITEST_POOL_ID ?? "1");
  if (!Number.isInteger(worker) || worker <= 1) return url;
  const parsed = new URL(url);
  const name = `${decodeURIComponent(parsed.pathname.slice(1)) || "postgres"}_w${worker}`;
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) {
      // CREATE DATABASE takes no parameters; the name is ours (letters, digits, _w and a number).
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((e: { code?: string }) => {
        if (e.code !== "42P04") throw e; // duplicate_database: another run made it first
      });
    }
  } finally {
    await client.end();
  }
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}

/** `rateLimits` defaults to "relaxed" (higher ceilings, same code paths); "strict" is production's. */
export async function startTestServer(opts: {
  db: TestDatabaseKind;
  rateLimits?: "strict" | "relaxed";
  /** Enables POST /api/staff/bank with this token (server/staff/bank-endpoint.ts). */
  staffToken?: string;
  /** Attach the chat gateway (socket.io at /api/socket.io) and make it the chat publisher. */
  gateway?: boolean;
  /**
   * Only `config.deployment` set to production (the rules that read it, e.g. the sandbox KYC
   * refusal); SMS, secrets and limits stay the test's.
   */
  deployment?: "production";
  /** Called with each SQL statement the app sends (openDatabase's debug hook), for tests that count them. */
  onQuery?: (sql: string) => void;
  /** More configuration (server/config.ts names), over the tests' defaults, e.g. `{ UPLOADS_IN_FLIGHT_MB: "1" }`. */
  env?: Record<string, string>;
}): Promise<TestServer> {
  let handle;
  if (opts.db === "postgres") {
    if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
    const url = await workerDatabaseUrl(process.env.TEST_DATABASE_URL);
    await resetPostgres(url);
    handle = await openDatabase({ url, poolSize: 20, onQuery: opts.onQuery });
  } else {
    handle = await openDatabase({ dataDir: "memory://", onQuery: opts.onQuery });
  }
  await seed(handle.db);
  const config = loadConfig({
    NODE_ENV: "test",
    SMS_DEBUG_CODES: "true",
    RATE_LIMITS: opts.rateLimits ?? "relaxed",
    OTP_SECRET: "api-test-otp-secret-0123456789",
    LOG_LEVEL: "silent",
    ...(opts.staffToken ? { STAFF_API_TOKEN: opts.staffToken } : {}),
    ...opts.env,
  } as NodeJS.ProcessEnv);
  if (opts.deployment) config.deployment = opts.deployment;
  const logger = pino({ level: "silent" });
  const sms = new MemorySmsProvider();
  const app = createApp({ db: handle.db, config, sms, logger });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const db = handle.db;
  const gateway: Gateway | null = opts.gateway
    ? await attachGateway(server, {
        db,
        secret: config.otpSecret,
        logger,
        relaxedLimits: config.RATE_LIMITS === "relaxed",
        trustProxy: app.get("trust proxy fn") as TrustProxy,
      })
    : null;

  return {
    baseUrl,
    db,
    kind: opts.db,
    sms,
    config,
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

/** What one code signs (POST /v1/signatures/send-code): payments, remittance orders, FX requests. */
export interface SignTargets {
  paymentIds?: string[];
  paymentOrderIds?: string[];
  fxRequestIds?: string[];
}

/**
 * Send a one-time code for `targets`, enter it (the test server answers it as `debugCode`) and
 * return the MFA token that signs them. Expects 200 at both steps.
 */
export async function mfaTokenFor(s: TestServer, token: string, targets: SignTargets): Promise<string> {
  const c = await s.call("POST", "/signatures/send-code", { token, body: { ...targets, mfa: "PHONE", channel: "SMS" } });
  if (c.status !== 200) throw new Error(`send-code answered ${c.status}: ${JSON.stringify(c.body)}`);
  const v = await s.call("POST", "/signatures/validate", { token, body: { token: c.body.token, code: c.body.debugCode } });
  if (v.status !== 200) throw new Error(`validate answered ${v.status}: ${JSON.stringify(v.body)}`);
  return v.body.token as string;
}

/**
 * Create a payment and sign it with a one-time code: every payment waits for a signature
 * (docs/decisions.md "Who may sign"), so this is how a test gets a posted one. `signer` signs
 * (default: the creator, who must have a signature duty).
 * @returns the create answer when it was not 201, else the sign answer (200: the posted payment)
 */
export async function payAndSign(
  s: TestServer,
  token: string,
  body: unknown,
  idempotencyKey: string = randomUUID(),
  signer: string = token,
): Promise<ApiAnswer> {
  const created = await s.call("POST", "/payments", { token, body, headers: { "Idempotency-Key": idempotencyKey } });
  if (created.status !== 201) return created;
  const mfaToken = await mfaTokenFor(s, signer, { paymentIds: [created.body.id] });
  return s.call("POST", `/payments/${created.body.id}/sign`, {
    token: signer,
    body: { mfaToken, signedAt: new Date().toISOString() },
  });
}
