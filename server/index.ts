/**
 * Process entry (`npm start`): one HTTP server with the banking API (/api/v1), static
 * assets and the Remix web app, on the embedded PGlite database (./data/pglite) unless
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
import { LogSmsProvider } from "./providers/sms.js";
import { createApp } from "./app.js";
import { purgeExpired } from "./domain/housekeeping/index.js";

async function main() {
  if (config.NODE_ENV === "production") {
    // The only SMS provider so far writes codes to the log: a bank must not run like that.
    throw new Error("No SMS provider for production yet: one-time codes would only be written to the log");
  }
  const started = Date.now();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  logger.info({ kind: database.kind, ms: Date.now() - started }, "database ready (migrated)");
  await seed(database.db);

  const buildPath = path.resolve("build/index.js");
  const remixBuild = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const deps = { db: database.db, config, sms: new LogSmsProvider(logger), logger };
  const app = createApp(deps, { remixBuild });
  const server = http.createServer(app);

  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  logger.info(
    { url: `http://localhost:${config.PORT}`, smsDebugCodes: config.smsDebugCodes, database: database.kind },
    "bank is listening",
  );

  // Housekeeping: expired sessions, codes and rate-limit events, at start and hourly.
  const housekeeping = () =>
    purgeExpired(database.db)
      .then((purged) => logger.info({ purged }, "housekeeping"))
      .catch((err) => logger.error({ err }, "housekeeping failed"));
  void housekeeping();
  setInterval(housekeeping, 60 * 60_000).unref();

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    server.close(() => {
      database.close().finally(() => process.exit(0));
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
