/**
 * Shared harness for API tests against a REAL database (design note "tests/ … api/ (against a
 * real database)").
 *
 * `startTestServer({ db })` opens a fresh, migrated and seeded database (server/seed/seed.ts) —
 * PGlite `memory://`, or PostgreSQL beside TEST_DATABASE_URL (worker N's `<database>_w<N>`,
 * made again at every start), both copies of the run's seeded database (./seeded-databases.ts) —
 * and serves `createApp(deps)` on an ephemeral port with RATE_LIMITS=relaxed and
 * SMS_DEBUG_CODES=true (same code paths, higher ceilings); with `gateway: true` the chat gateway
 * (server/messaging) is attached to that server too.
 *
 * `databases` is ['pglite'] plus 'postgres' when TEST_DATABASE_URL is set; otherwise a warning
 * is printed once (never a silent skip).
 */
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import pino from "pino";
import { eq } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../../server/db/client.js";
import { loadConfig, type Config } from "../../server/config.js";
import { users } from "../../server/db/schema/index.js";
import { MemorySmsProvider } from "../../server/providers/sms.js";
import { createApp } from "../../server/app.js";
import { createSession } from "../../server/domain/auth/sessions.js";
import { attachGateway, type Gateway, type TrustProxy } from "../../server/messaging/gateway.js";
import { openSeededPglite, openSeededPostgres } from "./seeded-databases.js";

export { workerDatabaseUrl } from "./seeded-databases.js";

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
  let handle: DatabaseHandle;
  if (opts.db === "postgres") {
    if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
    handle = await openSeededPostgres(process.env.TEST_DATABASE_URL, opts.onQuery);
  } else {
    handle = await openSeededPglite(opts.onQuery);
  }
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
