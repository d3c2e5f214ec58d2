/**
 * Web app environment, validated once with zod (design note "environment is validated with
 * zod once"). Server only: nothing here reaches the browser.
 *
 * - BANKING_API_URL: base URL of the banking API, default `http://127.0.0.1:${PORT||3000}/api/v1`.
 * - SESSION_SECRET: cookie signing + token encryption secret; required (≥ 16 chars, as server/config.ts) in
 *   the production deployment, a fixed dev constant otherwise.
 * - NODE_ENV: development | production | test (the libraries' builds only).
 * - DEPLOYMENT: production | sandbox, defaulted from NODE_ENV exactly as server/config.ts does
 *   (the web layer may not import the server's configuration); `production` is a real bank:
 *   Secure cookies, a session secret of its own.
 * - SESSION_IDLE_SECONDS: inactivity limit of the web session, default 300 (PSD2 RTS Art. 4(3)(b):
 *   at most 5 minutes); 30 to 300 (a longer one would break the rule).
 * - UPLOADS_IN_FLIGHT_MB: MiB of upload form bodies the web app reads into memory at once
 *   (default 256, the name and default server/config.ts gives the API's own ceiling; lib/uploads.server.ts).
 * @throws Error at first use when the environment is invalid
 */
import { z } from "zod";

const DEV_SESSION_SECRET = "dev-only-session-secret-change-me-0123456789";

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DEPLOYMENT: z.enum(["production", "sandbox"]).optional(),
    PORT: z.string().regex(/^\d+$/).optional(),
    BANKING_API_URL: z.string().url().optional(),
    SESSION_SECRET: z.string().min(16).optional(), // same minimum as server/config.ts
    SESSION_IDLE_SECONDS: z.coerce.number().int().min(30).max(300).default(300),
    UPLOADS_IN_FLIGHT_MB: z.coerce.number().int().min(1).max(1_048_576).default(256),
  })
  .transform((env, ctx) => {
    const production = isProductionDeployment(env);
    if (production && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["SESSION_SECRET"],
        message: "SESSION_SECRET is required in production",
      });
      return z.NEVER;
    }
    return {
      NODE_ENV: env.NODE_ENV,
      /** A real bank (DEPLOYMENT=production): cookies only over TLS. */
      production,
      BANKING_API_URL: (env.BANKING_API_URL ?? `http://127.0.0.1:${env.PORT ?? "3000"}/api/v1`).replace(/\/+$/, ""),
      SESSION_SECRET: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
      SESSION_IDLE_MS: env.SESSION_IDLE_SECONDS * 1000,
      UPLOADS_IN_FLIGHT_BYTES: env.UPLOADS_IN_FLIGHT_MB * 1024 * 1024,
    };
  });

/**
 * Whether an environment describes a real bank: DEPLOYMENT, defaulted from NODE_ENV (the rule of
 * server/config.ts). For modules that need only this at load time (the language cookie), before
 * the whole configuration may be read.
 */
export function isProductionDeployment(env: { NODE_ENV?: string; DEPLOYMENT?: string }): boolean {
  return (env.DEPLOYMENT ?? (env.NODE_ENV === "production" ? "production" : "sandbox")) === "production";
}

/** Parsed configuration shape. */
export type WebConfig = z.output<typeof schema>;

/** Parse an environment object (exported for tests). */
export function parseConfig(env: Record<string, string | undefined>): WebConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  return schema.parse(cleaned);
}

let cached: WebConfig | undefined;
/** The process configuration (parsed on first call). */
export function config(): WebConfig {
  cached ??= parseConfig(process.env);
  return cached;
}
