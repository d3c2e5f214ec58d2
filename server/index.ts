/**
 * Process entry (`npm start`): one HTTP server with the banking API (/api/v1), the chat gateway
 * (socket.io at /api/socket.io, server/messaging), static assets and the Remix web app, on the embedded PGlite database (./data/pglite) unless
 * DATABASE_URL is set. First start creates, migrates and seeds the database.
 */
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { config } from "./config.js";
import { logger } from "./logger.js";
import { openDatabase } from "./db/client.js";
import { seed } from "./seed/seed.js";
import { createSmsProvider } from "./providers/sms.js";
import { useRedisForRateLimits } from "./domain/rate-limit/index.js";
import { createApp } from "./app.js";
import { purgeExpired, purgeOrphanUploads } from "./domain/housekeeping/index.js";
import { createLeadership } from "./db/leader.js";
import { attachGateway, type TrustProxy } from "./messaging/gateway.js";

async function main() {
  const started = Date.now();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  logger.info({ kind: database.kind, ms: Date.now() - started }, "database ready (migrated)");
  await seed(database.db, { demo: config.seedDemo });

  const buildPath = path.resolve("build/index.js");
  const remixBuild = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  if (config.REDIS_URL) {
    // Several instances share one Redis: rate limits are counted there (server/domain/rate-limit).
    const { Redis } = await import("ioredis");
    const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    redis.on("error", (err) => logger.error({ err }, "redis error"));
    useRedisForRateLimits(redis, config.REDIS_PREFIX);
    logger.info({ store: "redis" }, "rate limits counted in Redis");
  }
  const deps = { db: database.db, config, sms: createSmsProvider(config, logger), logger };
  const app = createApp(deps, { remixBuild });
  const server = http.createServer(app);
  // Idle keep-alive connections stay open longer than a proxy's or client's own idle timeout
  // (nginx, load balancers: 60 s). With Node's 5 s default, a client reusing a connection just as
  // the server closes it gets a reset ("socket hang up"; a 502 behind a proxy).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // The chat gateway (socket.io at /api/socket.io) on the same server; rooms shared through Redis when set.
  const gateway = await attachGateway(server, {
    db: database.db,
    secret: config.otpSecret,
    logger,
    redisUrl: config.REDIS_URL,
    redisPrefix: config.REDIS_PREFIX,
    relaxedLimits: config.RATE_LIMITS === "relaxed",
    // The app's TRUST_PROXY rule, compiled by Express: the handshake's client IP is the app's req.ip.
    trustProxy: app.get("trust proxy fn") as TrustProxy,
  });

  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  logger.info(
    {
      url: `http://localhost:${config.PORT}`,
      deployment: config.deployment,
      smsDebugCodes: config.smsDebugCodes,
      database: database.kind,
    },
    "bank is listening",
  );

  // Housekeeping: expired sessions, codes and rate-limit counters, and uploads attached nowhere
  // for ORPHAN_UPLOAD_MAX_AGE_MS, at start and hourly, in ONE process of however many share the
  // database (the holder of an advisory lock, server/db/leader.ts). One job failing does not
  // stop the other.
  const leader = createLeadership({ url: config.DATABASE_URL, name: "periodic-jobs" });
  const housekeeping = async () => {
    if (!(await leader.holds())) return logger.debug("housekeeping: another instance leads");
    const purged = await purgeExpired(database.db).catch((err) => logger.error({ err, job: "expired" }, "housekeeping failed"));
    const orphanUploads = await purgeOrphanUploads(database.db, { maxAgeMs: config.ORPHAN_UPLOAD_MAX_AGE_MS }).catch((err) =>
      logger.error({ err, job: "orphan-uploads" }, "housekeeping failed"),
    );
    logger.info({ purged, orphanUploads }, "housekeeping");
  };
  void housekeeping();
  setInterval(() => void housekeeping(), config.HOUSEKEEPING_INTERVAL_MS).unref();

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    void gateway.close();
    server.close(() => {
      Promise.allSettled([leader.close(), database.close()]).finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((err) => {
  logger.fatal({ err }, "failed to start");
  process.exit(1);
});
