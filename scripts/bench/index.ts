/**
 * `npm run bench`: figures, not a test (issue 5 §1 "Throughput, as a ratio to the database's
 * own limit"). Prints, for the embedded PGlite (a fresh on-disk database in a temporary
 * folder) and, when DATABASE_URL is set, for that PostgreSQL database (migrated; the demo seed
 * is added when it has no users; nothing is dropped; the bench adds its own customers):
 *
 * - `rawTransfersPerSec`: bare two-row transfers (lock two balance rows in id order, debit,
 *   credit, commit), the database's own limit for a ledger;
 * - `signedPaymentsPerSec`: create → send-code → validate → sign through the HTTP API
 *   (sequential, one customer), and `ratio` = signed / raw (four commits per signed payment:
 *   0.25 is the ceiling; goal ≥ 0.20). Raw and signed loops alternate in rounds so a change of
 *   machine load hits both;
 * - `createPaymentsPerSec`, `signPaymentsPerSec`: POST /v1/payments alone, /sign alone;
 * - `queriesPerCall` and `msPerCall` of each step of the flow (SQL statements, BEGIN/COMMIT included);
 * - `inProcessSignedPerSec` and `inProcessRatio`: the same flow as direct domain calls (no HTTP),
 *   and `httpFloorMs`, the round trip of GET /v1/health: the HTTP layer's share, measured;
 * - `homeP50Ms`, `homeP95Ms`, `homeP99Ms`: GET /home (server-rendered, logged in) at 50
 *   concurrent sessions (autocannon), with React's production build as `npm start` serves it
 *   (`npm run bench` sets NODE_ENV=production unless the environment gives one, and
 *   DEPLOYMENT=sandbox: the bench reads sandbox codes);
 * - `jsGzipBytes`: first-load JavaScript per page route, gzip bytes (see js-budget.ts).
 *
 * Flags: `--json` prints exactly one JSON line (PGlite figures at the top level, PostgreSQL's
 * under `postgres`); `--check` exits 1, naming each page over the 120 KB budget;
 * `--js-only` measures only the JavaScript of the existing build (`npm run bench:check` =
 * `--js-only --check`, for CI after `npx remix build`).
 * Environment: BENCH_PAYMENTS (signed payments, default 200), BENCH_RAW (raw transfers,
 * default 1000), BENCH_HOME_SECONDS (default 10), BENCH_SKIP_BUILD=1 (reuse the build),
 * BENCH_TRACE=1 (print the SQL statements of one signed payment, per call, on stderr).
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AddressInfo } from "node:net";
import pino from "pino";
import type { ServerBuild } from "@remix-run/node";
import { loadConfig } from "../../server/config.js";
import { openDatabase } from "../../server/db/client.js";
import { seed } from "../../server/seed/seed.js";
import { createApp } from "../../server/app.js";
import { LogSmsProvider } from "../../server/providers/sms.js";
import { formatPages, jsGzipBytes, JS_BUDGET_BYTES, measurePages, overBudget, type PageJs } from "./js-budget.js";
import {
  createOnly,
  httpFloorMs,
  newPayer,
  QueryCounter,
  rawTransfersPerSec,
  signedPayments,
  signedPaymentsInProcess,
  signOnly,
  type FlowResult,
  type FlowStep,
} from "./throughput.js";
import { homeLatency, type HomeResult } from "./home.js";

const args = new Set(process.argv.slice(2));
const asJson = args.has("--json");
const check = args.has("--check");
const jsOnly = args.has("--js-only");
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 200);
const RAW = Number(process.env.BENCH_RAW ?? 1000);
const HOME_SECONDS = Number(process.env.BENCH_HOME_SECONDS ?? 10);
const ROUNDS = 4;

/** Human output goes to stdout, or to stderr under --json (stdout then holds only the JSON line). */
const say = (line = "") => (asJson ? process.stderr : process.stdout).write(line + "\n");

interface DbFigures extends HomeResult {
  rawTransfersPerSec: number;
  signedPaymentsPerSec: number;
  ratio: number;
  createPaymentsPerSec: number;
  signPaymentsPerSec: number;
  inProcessSignedPerSec: number;
  inProcessRatio: number;
  httpFloorMs: number;
  queriesPerCall: FlowResult["queriesPerCall"];
  msPerCall: FlowResult["msPerCall"];
  jsGzipBytes: Record<string, number>;
}

/** Listening port shared by every bench server: the web app's API URL is read once per process. */
let port = 0;

async function benchDatabase(label: string, url: string | undefined, remixBuild: ServerBuild, js: Record<string, number>) {
  const counter = new QueryCounter();
  const dataDir = url ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "bank-bench-"));
  const database = await openDatabase({ url, dataDir, onQuery: counter.onQuery });
  const config = loadConfig({
    ...process.env,
    // The sandbox, as `npm start` runs it: NODE_ENV (React's build) comes from the environment
    // (package.json sets production unless given), which must be set before React is loaded.
    DEPLOYMENT: "sandbox",
    SMS_DEBUG_CODES: "true",
    RATE_LIMITS: "relaxed",
    LOG_LEVEL: "silent",
  });
  const logger = pino({ level: "silent" });
  const sms = new LogSmsProvider(logger);
  const app = createApp({ db: database.db, config, sms, logger }, { remixBuild });
  const server = http.createServer(app);
  try {
    await seed(database.db);
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    const origin = `http://127.0.0.1:${port}`;
    process.env.BANKING_API_URL = `${origin}/api/v1`; // read once by the web app: same port for every database
    const base = `${origin}/api/v1`;
    say(`\n${label}`);

    // Warm-up: JIT, connection pool, prepared code paths.
    const payer = await newPayer(database.db);
    await rawTransfersPerSec(database.db, 20);
    await signedPayments(base, payer, counter, 5);
    if (process.env.BENCH_TRACE === "1") {
      counter.trace = [];
      await signedPayments(base, payer, counter, 1);
      counter.trace = null;
    }

    // Raw and signed loops alternate, so load changes on the shared machine hit both.
    let rawSeconds = 0;
    let flowSeconds = 0;
    let directSeconds = 0;
    const flows: FlowResult[] = [];
    const rawPerRound = Math.ceil(RAW / ROUNDS / 2) * 2;
    const flowPerRound = Math.ceil(PAYMENTS / ROUNDS);
    for (let r = 0; r < ROUNDS; r++) {
      rawSeconds += rawPerRound / (await rawTransfersPerSec(database.db, rawPerRound));
      const flow = await signedPayments(base, payer, counter, flowPerRound);
      flowSeconds += flowPerRound / flow.signedPaymentsPerSec;
      flows.push(flow);
      directSeconds += flowPerRound / (await signedPaymentsInProcess({ db: database.db, config, sms }, payer, flowPerRound));
    }
    const direct = (flowPerRound * ROUNDS) / directSeconds;
    const floorMs = await httpFloorMs(base, 500);
    const mean = (pick: (f: FlowResult) => Record<FlowStep, number>) =>
      Object.fromEntries(
        (["create", "sendCode", "validate", "sign"] as FlowStep[]).map((k) => [
          k,
          Number((flows.reduce((s, f) => s + pick(f)[k], 0) / flows.length).toFixed(2)),
        ]),
      ) as Record<FlowStep, number>;
    const raw = (rawPerRound * ROUNDS) / rawSeconds;
    const signed = (flowPerRound * ROUNDS) / flowSeconds;
    const queriesPerCall = mean((f) => f.queriesPerCall);
    const msPerCall = mean((f) => f.msPerCall);
    say(
      `  raw two-row transfers            ${raw.toFixed(1).padStart(7)} /s   (${rawPerRound * ROUNDS}: lock 2 rows, debit, credit, commit)`,
    );
    say(
      `  signed payments (4 API calls)    ${signed.toFixed(1).padStart(7)} /s   ratio ${(signed / raw).toFixed(3)} (ceiling 0.25, goal 0.20)`,
    );
    say(
      `  the same flow in-process          ${direct.toFixed(1).padStart(7)} /s   ratio ${(direct / raw).toFixed(3)} (domain calls: no HTTP, no bearer lookup)`,
    );
    say(`  HTTP round trip, GET /v1/health   ${floorMs.toFixed(2).padStart(6)} ms  (no SQL; four per signed payment)`);
    for (const k of Object.keys(queriesPerCall) as FlowStep[])
      say(
        `    ${k.padEnd(10)} ${msPerCall[k].toFixed(2).padStart(7)} ms  ${queriesPerCall[k].toFixed(1).padStart(5)} SQL statements per call`,
      );

    const created = await createOnly(base, payer, PAYMENTS);
    say(`  POST /payments alone             ${created.perSec.toFixed(1).padStart(7)} /s`);
    const signedAlone = await signOnly(base, payer, created.ids);
    say(`  POST /payments/:id/sign alone    ${signedAlone.toFixed(1).padStart(7)} /s`);

    const home = await homeLatency(database.db, origin, { connections: 50, seconds: HOME_SECONDS });
    say(
      `  GET /home, 50 sessions, ${HOME_SECONDS} s      p50 ${home.homeP50Ms} ms, p95 ${home.homeP95Ms} ms, p99 ${home.homeP99Ms} ms; ` +
        `${home.homeRequestsPerSec.toFixed(1)} req/s${home.homeNon200 ? `; ${home.homeNon200} answers NOT 200` : ""}`,
    );
    const figures: DbFigures = {
      rawTransfersPerSec: Number(raw.toFixed(1)),
      signedPaymentsPerSec: Number(signed.toFixed(1)),
      ratio: Number((signed / raw).toFixed(3)),
      inProcessSignedPerSec: Number(direct.toFixed(1)),
      inProcessRatio: Number((direct / raw).toFixed(3)),
      httpFloorMs: Number(floorMs.toFixed(3)),
      createPaymentsPerSec: Number(created.perSec.toFixed(1)),
      signPaymentsPerSec: Number(signedAlone.toFixed(1)),
      queriesPerCall,
      msPerCall,
      ...home,
      jsGzipBytes: js,
    };
    return figures;
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await database.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Loudly name every page over budget; returns the process exit code. */
function checkBudget(pages: PageJs[]): number {
  const over = overBudget(pages);
  for (const p of over)
    console.error(
      `JS BUDGET EXCEEDED: ${p.pattern} loads ${(p.gzipBytes / 1024).toFixed(1)} KB of gzip JavaScript (budget ${JS_BUDGET_BYTES / 1024} KB)`,
    );
  if (!over.length) say(`All ${pages.length} pages within ${JS_BUDGET_BYTES / 1024} KB of gzip JavaScript.`);
  return over.length ? 1 : 0;
}

if (!jsOnly && process.env.BENCH_SKIP_BUILD !== "1") execSync("npm run --silent build", { stdio: "ignore" });
const pages = await measurePages();
const js = jsGzipBytes(pages);
say(formatPages(pages));
if (jsOnly) {
  if (asJson) console.log(JSON.stringify({ jsGzipBytes: js }));
  process.exit(check ? checkBudget(pages) : 0);
}

const remixBuild = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
say(
  `\nLoad average before the run: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")} (${os.cpus().length} cores)`,
);
const result: DbFigures & { postgres?: DbFigures; loadAverage: number[]; payments: number } = {
  ...(await benchDatabase("Embedded PGlite (on disk, fresh temporary folder)", undefined, remixBuild, js)),
  loadAverage: [],
  payments: PAYMENTS,
};
if (process.env.DATABASE_URL)
  result.postgres = await benchDatabase("PostgreSQL (DATABASE_URL)", process.env.DATABASE_URL, remixBuild, js);
else say("\nPostgreSQL: skipped (set DATABASE_URL to measure it)");
result.loadAverage = os.loadavg().map((n) => Number(n.toFixed(2)));
say(`\nLoad average after the run: ${result.loadAverage.join(" ")}`);
if (asJson) console.log(JSON.stringify(result));
process.exit(check ? checkBudget(pages) : 0);
