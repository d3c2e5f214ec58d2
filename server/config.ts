/**
 * Process configuration, read once from the environment and validated with zod.
 *
 * - DEPLOYMENT: "production" (a real bank: Twilio, secrets required, Secure cookies, no demo
 *   customers, no codes in answers) or "sandbox" (the embedded demo: codes in the log and in
 *   answers, demo customers). Default "production" when NODE_ENV=production, else "sandbox".
 *   NODE_ENV itself only chooses the libraries' builds (React's production build, Express's and
 *   Remix's terse errors): `npm start` runs the sandbox with NODE_ENV=production, so its pages
 *   render with React's production build (docs/decisions.md "Sandbox and production").
 * - DATABASE_URL: PostgreSQL connection string; unset → embedded PGlite in DATA_DIR.
 * - DATA_DIR: PGlite data folder (default ./data/pglite); "memory://" for an in-memory DB.
 * - REDIS_URL: shared rate-limit counters for several processes (optional; ioredis URL, e.g. redis://host:6379/0).
 * - REDIS_PREFIX: the prefix of every Redis key and channel the bank uses (rate-limit counters
 *   `<prefix>:rl:…`, the chat gateway's adapter channels `<prefix>:socket.io…`), so several banks
 *   or environments can share one Redis (default "bank"; letters, digits, `_`, `-`, `.`, 1..64).
 * - HOUSEKEEPING_INTERVAL_MS: how often the leading process purges expired records (default 1 hour).
 * - ORPHAN_UPLOAD_MAX_AGE_MS: age from which housekeeping deletes an upload attached nowhere
 *   (default 24 hours, at least 1 hour: docs/decisions.md "Uploads left behind").
 * - DOCUMENT_WORKERS: worker threads that draw PDFs and XLSX statements off the event loop (default
 *   one per two cores, at least one); DOCUMENT_QUEUE_LIMIT: drawings waiting for a worker at most
 *   (default 16), beyond which a download answers 503 with Retry-After (server/domain/statements/render-pool.ts).
 * - UPLOADS_IN_FLIGHT_MB: MiB of upload bodies this process reads into memory at once (default 256);
 *   a multipart upload that would pass it is refused with 503 and Retry-After before its body is
 *   read (server/domain/uploads/in-flight.ts, server/api/v1/uploads.ts; the web app's upload forms count against their own
 *   ceiling of the same size, app/lib/uploads.server.ts).
 * - SMS_DEBUG_CODES: return one-time codes in API answers (sandbox). Defaults to true
 *   only for the embedded setup; always false in production (DEPLOYMENT).
 * - TRUST_PROXY: Express "trust proxy" value when behind a load balancer (client IPs for rate limits).
 * - RATE_LIMITS: "strict" (default) or "relaxed" (tests: higher ceilings, same code paths).
 * - SEED_DEMO: add the demo customers to an empty database (default true, false in the production DEPLOYMENT,
 *   where only reference data is seeded).
 * - SMS_PROVIDER: "log" (sandbox: codes written to the log; the default) or "twilio" (real delivery;
 *   needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM; optional TWILIO_WHATSAPP_FROM, and
 *   TWILIO_API_BASE_URL to reach Twilio through an egress proxy or, in tests, a local fake). DEPLOYMENT=production requires "twilio".
 * - TRUST_PROXY: when set, client IPs and the scheme (`X-Forwarded-For`/`-Proto`) are read from the
 *   proxy, so HSTS and `Secure` cookies follow the TLS the proxy terminated.
 * - STAFF_API_TOKEN: enables POST /api/staff/bank (the `npm run bank` commands inside the running
 *   server, server/staff/bank-endpoint.ts) for callers presenting it; at least 32 characters;
 *   refused when DEPLOYMENT=production (staff decisions there wait for the back office).
 * Throws (process exits) on an invalid configuration.
 */
import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DEPLOYMENT: z.enum(["production", "sandbox"]).optional(),
  PORT: z.coerce.number().int().positive().default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./data/pglite"),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, "1 to 64 letters, digits, '_', '-' or '.'")
    .default("bank"),
  HOUSEKEEPING_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(60 * 60_000),
  ORPHAN_UPLOAD_MAX_AGE_MS: z.coerce
    .number()
    .int()
    .min(60 * 60_000)
    .default(24 * 60 * 60_000),
  DOCUMENT_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  DOCUMENT_QUEUE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(16),
  UPLOADS_IN_FLIGHT_MB: z.coerce.number().int().min(1).max(1_048_576).default(256),
  SMS_DEBUG_CODES: bool.optional(),
  RATE_LIMITS: z.enum(["strict", "relaxed"]).default("strict"),
  SESSION_SECRET: z.string().min(16).optional(),
  OTP_SECRET: z.string().min(16).optional(),
  TRUST_PROXY: z.string().optional(),
  SMS_PROVIDER: z.enum(["log", "twilio"]).default("log"),
  SEED_DEMO: bool.optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, "a Twilio Account SID (AC + 32 hex)")
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, "an E.164 number or a Messaging Service SID")
    .optional(),
  TWILIO_WHATSAPP_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, "an E.164 number")
    .optional(),
  TWILIO_API_BASE_URL: z.string().url().optional(),
  STAFF_API_TOKEN: z.string().min(32, "at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = z.infer<typeof schema> & {
  /** What this process is: a real bank or the sandbox (DEPLOYMENT, defaulted from NODE_ENV). */
  deployment: "production" | "sandbox";
  smsDebugCodes: boolean;
  otpSecret: string;
  seedDemo: boolean;
};

/** Parse and check an environment (defaults: process.env). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.parse(env);
  const deployment = parsed.DEPLOYMENT ?? (parsed.NODE_ENV === "production" ? "production" : "sandbox");
  const production = deployment === "production";
  if (production && !parsed.OTP_SECRET) throw new Error("OTP_SECRET is required in production");
  if (production && !parsed.SESSION_SECRET) throw new Error("SESSION_SECRET is required in production");
  if (production && parsed.SMS_PROVIDER !== "twilio") {
    throw new Error("SMS_PROVIDER=twilio is required in production: the log provider writes one-time codes to the log");
  }
  if (parsed.SMS_PROVIDER === "twilio" && !(parsed.TWILIO_ACCOUNT_SID && parsed.TWILIO_AUTH_TOKEN && parsed.TWILIO_FROM)) {
    throw new Error("SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM");
  }
  if (production && parsed.STAFF_API_TOKEN) {
    throw new Error("STAFF_API_TOKEN is refused in production: staff decisions there wait for the back office (/ops)");
  }
  const smsDebugCodes = production ? false : (parsed.SMS_DEBUG_CODES ?? !parsed.DATABASE_URL);
  return {
    ...parsed,
    deployment,
    smsDebugCodes,
    seedDemo: parsed.SEED_DEMO ?? !production,
    otpSecret: parsed.OTP_SECRET ?? "dev-only-otp-secret-change-me",
  };
}

export const config: Config = loadConfig();
