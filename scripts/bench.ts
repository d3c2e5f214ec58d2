/**
 * `npm run bench`: prints figures, asserts nothing.
 *
 * 1. Gzipped JavaScript a browser loads for the first view of /auth/phone, /home and
 *    /payments/euro, read from the Remix build manifest (entry + every matched route
 *    module and their imports, each file counted once). Budget: /home under 110 KB.
 * 2. Payments created and signed per second through the API (create → send-code →
 *    validate → sign, one customer, sequential), on the embedded database (PGlite in a
 *    temporary folder) and, when DATABASE_URL is set, on that PostgreSQL database (the
 *    demo seed is added if the database is empty; nothing is dropped).
 *
 * Options (environment): BENCH_PAYMENTS (default 200), BENCH_SKIP_BUILD=1 to reuse ./public/build.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { matchRoutes, type RouteObject } from "react-router";
import { loadConfig } from "../server/config.js";
import { openDatabase } from "../server/db/client.js";
import { seed } from "../server/seed/seed.js";
import { createApp } from "../server/app.js";
import { createSession } from "../server/domain/auth/sessions.js";
import { LogSmsProvider } from "../server/providers/sms.js";
import { eq } from "drizzle-orm";
import { users } from "../server/db/schema/index.js";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

function jsBudget(): void {
  if (process.env.BENCH_SKIP_BUILD !== "1") execSync("npx remix build", { stdio: "ignore" });
  const buildDir = path.resolve("public/build");
  const manifestFile = fs.readdirSync(buildDir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) throw new Error("no Remix manifest in public/build");
  const source = fs.readFileSync(path.join(buildDir, manifestFile), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;

  const byParent = new Map<string | undefined, ManifestRoute[]>();
  for (const r of Object.values(manifest.routes)) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((r) =>
      r.index ? { id: r.id, index: true, path: r.path } : { id: r.id, path: r.path, children: tree(r.id) },
    );
  const routes = tree(undefined);
  const gz = (url: string) => zlib.gzipSync(fs.readFileSync(path.join("public", url))).length;

  console.log("JavaScript for the first view (gzip):");
  for (const url of ["/auth/phone", "/home", "/payments/euro"]) {
    const matches = matchRoutes(routes, url) ?? [];
    const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
    for (const m of matches) {
      const r = manifest.routes[m.route.id!];
      files.add(r.module);
      for (const i of r.imports ?? []) files.add(i);
    }
    const bytes = [...files].reduce((sum, f) => sum + gz(f), 0);
    const budget = url === "/home" ? `  (budget 110.0 KB: ${bytes / 1024 < 110 ? "within" : "OVER"})` : "";
    console.log(
      `  ${url.padEnd(16)} ${(bytes / 1024).toFixed(1).padStart(6)} KB in ${files.size} files, routes: ${matches.map((m) => m.route.id).join(" > ")}${budget}`,
    );
  }
}

async function api<T>(
  base: string,
  method: string,
  url: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function paymentsPerSecond(label: string, url: string | undefined): Promise<void> {
  const dataDir = url ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "bank-bench-"));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "development",
    SMS_DEBUG_CODES: "true",
    RATE_LIMITS: "relaxed",
    LOG_LEVEL: "silent",
  });
  const database = await openDatabase({ url, dataDir });
  try {
    await seed(database.db);
    const logger = pino({ level: "silent" });
    const app = createApp({ db: database.db, config, sms: new LogSmsProvider(logger), logger });
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;

    const [user] = await database.db.select().from(users).where(eq(users.phone, "+447700900001"));
    const { accessToken } = await createSession(database.db, user.id);
    const who = await api<{ activeOrganization: { id: string } }>(base, "GET", "/users/whoami", accessToken);
    const orgId = who.activeOrganization.id;
    const { data: accts } = await api<{ data: { id: string; balances: { currencyId: string }[] }[] }>(
      base,
      "GET",
      `/accounts?organizationId=${orgId}&all=true`,
      accessToken,
    );
    const from = accts.find((a) => a.balances.some((b) => b.currencyId === "GBP"))!;
    const to = accts.find((a) => a !== from && a.balances.some((b) => b.currencyId === "GBP"))!;

    const count = Number(process.env.BENCH_PAYMENTS ?? 200);
    const runId = `${Date.now()}-${process.pid}`;
    const started = process.hrtime.bigint();
    for (let i = 0; i < count; i++) {
      const payment = await api<{ id: string }>(
        base,
        "POST",
        "/payments",
        accessToken,
        {
          organizationId: orgId,
          kind: "BETWEEN_ACCOUNTS",
          accountId: from.id,
          toAccountId: to.id,
          currencyId: "GBP",
          amount: "0.01",
          reference: `bench ${i}`,
        },
        { "idempotency-key": `bench-${runId}-${i}` },
      );
      const challenge = await api<{ token: string; debugCode: string }>(base, "POST", "/signatures/send-code", accessToken, {
        paymentIds: [payment.id],
        mfa: "PHONE",
        channel: "SMS",
      });
      const mfa = await api<{ token: string }>(base, "POST", "/signatures/validate", accessToken, {
        token: challenge.token,
        code: challenge.debugCode,
      });
      await api(base, "POST", `/payments/${payment.id}/sign`, accessToken, {
        mfaToken: mfa.token,
        signedAt: new Date().toISOString(),
      });
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    console.log(
      `  ${label.padEnd(28)} ${(count / seconds).toFixed(1).padStart(7)} payments/s  (${count} created and signed in ${seconds.toFixed(2)} s, 4 API calls each)`,
    );
    server.close();
  } finally {
    await database.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

jsBudget();
console.log("\nPayments created and signed through the API:");
await paymentsPerSecond("embedded PGlite (on disk)", undefined);
if (process.env.DATABASE_URL) await paymentsPerSecond("PostgreSQL (DATABASE_URL)", process.env.DATABASE_URL);
else console.log("  PostgreSQL: skipped (set DATABASE_URL to measure it)");
