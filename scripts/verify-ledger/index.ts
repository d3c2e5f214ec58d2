/**
 * `npm run verify:ledger` — money under contention and crashes (issue 5 §2).
 *
 * What it proves: with the real server process (`node --import tsx server/index.ts`, which
 * needs `build/index.js` from `npx remix build`), a burst of concurrent, conflicting internal
 * transfers — each with its own idempotency key, plus deliberate replays (same key, same body)
 * — interrupted by SIGKILL of the server, restarted, and replayed (every request that got no
 * answer is sent again with its key), leaves the ledger sound: see ./checks.ts for the five
 * invariants (zero-sum, balance-sum, floor, conservation, idempotency).
 *
 * Setup (through the factories, server/seed/factories.ts): one CORPORATE customer whose
 * official has signatureType NONE (payments post at creation, like the seed's Patel
 * Consulting) with 10 accounts of one balance each: 8 GBP (the first, the hot spot, with a
 * GBP 200 overdraft) and 2 EUR, GBP/EUR 500 each. Transfers are BETWEEN_ACCOUNTS (half
 * touch the hot spot, half a random pair) plus a few EURO payments out (an external rail).
 *
 * Database: PostgreSQL from DATABASE_URL (migrated and seeded if empty; nothing is dropped;
 * the checks cover every row of it), else a fresh PGlite folder (DATA_DIR, default a new
 * temporary folder). The script writes the setup, stops using the database while the server
 * runs (PGlite allows one process), and reopens it for the checks.
 *
 * Run:  npx remix build && npm run verify:ledger -- [--transfers 1000] [--kills 1]
 *         [--replay-rate 0.1] [--kill-at 0.4] [--seed 42] [--port 3390] [--self-test]
 *       (env: VERIFY_TRANSFERS, VERIFY_KILLS, VERIFY_SEED, VERIFY_PORT, DATABASE_URL, DATA_DIR)
 * --self-test: after the checks pass, corrupt the ledger in rolled-back transactions (one
 *   unbalanced posting, one balance nudged, one balance pushed below its floor, a payment
 *   posted twice, a second payment under a used key) and require each to be detected.
 *
 * --request-timeout ms (default 300000, like fetch's own header timeout): a request unanswered that
 *   long counts as a violation (a stall, e.g. a lock wait that never ends) and is replayed. On
 *   PGlite (one connection) a 1,000-request burst queues: allow it minutes on a busy machine.
 * Exit codes: 0 all invariants hold (and, with --self-test, every corruption was caught);
 *   1 an invariant is violated or a corruption went unnoticed; 2 setup failure (server did
 *   not start, no build, bad flags).
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../../server/db/client.js";
import { seed } from "../../server/seed/seed.js";
import { createAccount, createCustomer, fund } from "../../server/seed/factories.js";
import { createSession } from "../../server/domain/auth/sessions.js";
import { customerTotals, runChecks, type CheckContext, type CheckResult, type KeyRecord } from "./checks.js";
import { selfTest } from "./self-test.js";

// ---------------------------------------------------------------------------------------
// Options

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const v = process.argv[i + 1];
  return v && !v.startsWith("--") ? v : "true";
}
function num(name: string, env: string | undefined, dflt: number): number {
  const raw = flag(name) ?? env;
  const v = raw === undefined ? dflt : Number(raw);
  if (!Number.isFinite(v) || v < 0) {
    console.error(`--${name} must be a non-negative number, got ${raw}`);
    process.exit(2);
  }
  return v;
}

const opts = {
  transfers: num("transfers", process.env.VERIFY_TRANSFERS, 1000),
  kills: num("kills", process.env.VERIFY_KILLS, 1),
  replayRate: num("replay-rate", undefined, 0.1),
  killAt: num("kill-at", undefined, 0.4),
  seed: num("seed", process.env.VERIFY_SEED, Date.now() % 1_000_000),
  port: num("port", process.env.VERIFY_PORT, 3390),
  requestTimeoutMs: num("request-timeout", process.env.VERIFY_REQUEST_TIMEOUT_MS, 300_000),
  selfTest: flag("self-test") === "true",
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "verify-ledger-")),
};

/** Deterministic PRNG (mulberry32) so a failing run replays with --seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(opts.seed);
const pick = (n: number) => Math.floor(rand() * n);
/** Integer cents → "12.34" (money never goes through a float). */
const cents = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`;

// ---------------------------------------------------------------------------------------
// Setup through the factories

interface Setup {
  organizationId: string;
  accessToken: string;
  accounts: { id: string; balanceId: string; currency: string }[];
  ctx: Omit<CheckContext, "keys">;
}

async function open(): Promise<DatabaseHandle> {
  return openDatabase(opts.databaseUrl ? { url: opts.databaseUrl, poolSize: 4 } : { dataDir: opts.dataDir });
}

async function setup(): Promise<Setup> {
  const h = await open();
  try {
    await seed(h.db);
    const customer = await createCustomer(h.db, {
      type: "CORPORATE",
      companyName: "Ledger Verifier Ltd",
      signatureType: "NONE",
      balances: { GBP: "500.00" },
      overdrafts: { GBP: "200.00" },
      accountName: "Hot spot",
    });
    const accounts = [{ id: customer.account!.id, balanceId: customer.balances.GBP.id, currency: "GBP" }];
    for (let i = 1; i < 10; i++) {
      const currency = i >= 8 ? "EUR" : "GBP";
      const created = await createAccount(h.db, {
        organizationId: customer.organization.id,
        name: `Verify ${i}`,
        currencies: [currency],
      });
      const balanceId = created.balances[currency].id;
      await fund(h.db, { balanceId, amount: "500.00", holderName: "Ledger Verifier Ltd" });
      accounts.push({ id: created.account.id, balanceId, currency });
    }
    const session = await createSession(h.db, customer.user.id);
    const startAmounts = new Map<string, string>();
    const amounts = (await h.db.execute(
      sql`SELECT id, amount::text AS amount FROM balances WHERE id IN (${sql.join(
        accounts.map((a) => sql`${a.balanceId}`),
        sql`, `,
      )})`,
    )) as unknown as { rows: { id: string; amount: string }[] };
    for (const r of amounts.rows) startAmounts.set(r.id, r.amount);
    // Snapshot after the setup's own funding: from here on only the run moves money.
    const snapshotAt = new Date();
    const customerTotalsAtStart = await customerTotals(h.db);
    return {
      organizationId: customer.organization.id,
      accessToken: session.accessToken,
      accounts,
      ctx: { organizationId: customer.organization.id, startAmounts, customerTotalsAtStart, snapshotAt },
    };
  } finally {
    await h.close();
  }
}

// ---------------------------------------------------------------------------------------
// The server process

const logFile = path.join(os.tmpdir(), `verify-ledger-server-${process.pid}.log`);

async function startServer(): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(opts.port),
    HOST: "127.0.0.1",
    NODE_ENV: "development",
    RATE_LIMITS: "relaxed",
    LOG_LEVEL: "warn",
    SESSION_SECRET: "verify-ledger-session-secret",
    OTP_SECRET: "verify-ledger-otp-secret-0000",
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else {
    delete env.DATABASE_URL;
    env.DATA_DIR = opts.dataDir;
  }
  const out = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], { env, stdio: ["ignore", out, out] });
  fs.closeSync(out);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const r = await fetch(`http://127.0.0.1:${opts.port}/api/v1/health`);
      if (r.ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  console.error(`server did not start; its log (${logFile}):\n${fs.readFileSync(logFile, "utf8").slice(-3000)}`);
  process.exit(2);
}

function waitExit(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()));
}

// ---------------------------------------------------------------------------------------
// The workload

interface Request {
  key: string;
  body: Record<string, unknown>;
  pattern: "hot" | "spread" | "eur" | "rail" | "replay";
}

function plan(s: Setup, runId: string): Request[] {
  const gbp = s.accounts.filter((a) => a.currency === "GBP");
  const eur = s.accounts.filter((a) => a.currency === "EUR");
  const base = { organizationId: s.organizationId };
  const out: Request[] = [];
  for (let i = 0; i < opts.transfers; i++) {
    const key = `verify-${runId}-${i}`;
    const r = rand();
    const amount = cents(100 + pick(25_000)); // 1.00 … 250.99
    if (r < 0.05) {
      const from = eur[pick(eur.length)];
      out.push({
        key,
        pattern: "rail",
        body: {
          ...base,
          kind: "EURO",
          accountId: from.id,
          currencyId: "EUR",
          amount: cents(100 + pick(5_000)),
          beneficiaryName: "Verify Payee GmbH",
          iban: "DE89370400440532013000",
          bic: "COBADEFFXXX",
          reference: `verify ${i}`,
        },
      });
      continue;
    }
    let from: (typeof gbp)[number];
    let to: (typeof gbp)[number];
    let pattern: Request["pattern"];
    if (r < 0.15) {
      [from, to] = pick(2) ? [eur[0], eur[1]] : [eur[1], eur[0]];
      pattern = "eur";
    } else if (i % 2 === 0) {
      const other = gbp[1 + pick(gbp.length - 1)];
      [from, to] = pick(2) ? [gbp[0], other] : [other, gbp[0]];
      pattern = "hot";
    } else {
      from = gbp[pick(gbp.length)];
      do to = gbp[pick(gbp.length)];
      while (to === from);
      pattern = "spread";
    }
    out.push({
      key,
      pattern,
      body: {
        ...base,
        kind: "BETWEEN_ACCOUNTS",
        accountId: from.id,
        toAccountId: to.id,
        currencyId: from.currency,
        amount,
        reference: `verify ${i}`,
      },
    });
  }
  // Deliberate replays: same key, same body, fired in the same burst.
  const replays = Math.round(opts.transfers * opts.replayRate);
  for (let i = 0; i < replays; i++) out.push({ ...out[pick(opts.transfers)], pattern: "replay" });
  for (let i = out.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

type Outcome =
  | { kind: "payment"; id: string }
  | { kind: "refused" }
  | { kind: "unexpected"; what: string }
  | { kind: "lost" }
  | { kind: "timeout" };

async function send(token: string, req: Request): Promise<Outcome> {
  try {
    const res = await fetch(`http://127.0.0.1:${opts.port}/api/v1/payments`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "idempotency-key": req.key },
      body: JSON.stringify(req.body),
      signal: AbortSignal.timeout(opts.requestTimeoutMs),
    });
    const text = await res.text();
    let json: { id?: string; code?: string } = {};
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    if ((res.status === 200 || res.status === 201) && json.id) return { kind: "payment", id: json.id };
    if (res.status === 400 && json.code === "INSUFFICIENT_FUNDS") return { kind: "refused" };
    return { kind: "unexpected", what: `${res.status} ${json.code ?? text.slice(0, 80)}` };
  } catch (err) {
    if ((err as Error).name === "TimeoutError") return { kind: "timeout" }; // a stall: reported, then replayed
    return { kind: "lost" }; // connection refused or reset: the server died under us
  }
}

interface BurstStats {
  sent: number;
  answered: number;
  lost: number;
  timedOut: number;
  ms: number;
  /** Latency of the answered requests, ms: p50 and p99. */
  p50: number;
  p99: number;
}

/**
 * Fire every request at once; when `killAfter` answers have arrived, SIGKILL the server.
 * Records outcomes per key; returns the requests that got no answer.
 */
async function burst(
  token: string,
  requests: Request[],
  records: Map<string, KeyRecord>,
  server: ChildProcess,
  killAfter: number | null,
): Promise<{ lost: Request[]; stats: BurstStats }> {
  const started = Date.now();
  let answered = 0;
  let timedOut = 0;
  const latencies: number[] = [];
  const lost: Request[] = [];
  await Promise.all(
    requests.map(async (req) => {
      const sentAt = Date.now();
      const outcome = await send(token, req);
      const rec = records.get(req.key)!;
      if (outcome.kind === "lost" || outcome.kind === "timeout") {
        if (outcome.kind === "timeout") {
          timedOut++;
          rec.unexpected.push(`no answer within ${opts.requestTimeoutMs} ms`);
        }
        lost.push(req);
        return;
      }
      answered++;
      latencies.push(Date.now() - sentAt);
      rec.unanswered = false;
      if (outcome.kind === "payment") rec.paymentIds.push(outcome.id);
      else if (outcome.kind === "refused") rec.refused++;
      else rec.unexpected.push(outcome.what);
      if (killAfter !== null && answered === killAfter) server.kill("SIGKILL");
    }),
  );
  latencies.sort((x, y) => x - y);
  const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    lost,
    stats: {
      sent: requests.length,
      answered,
      lost: lost.length,
      timedOut,
      ms: Date.now() - started,
      p50: pct(0.5),
      p99: pct(0.99),
    },
  };
}

// ---------------------------------------------------------------------------------------

function print(results: CheckResult[]): boolean {
  let ok = true;
  for (const r of results) {
    ok &&= r.ok;
    console.log(`${r.ok ? "PASS" : "FAIL"} ${r.name}`);
    for (const d of r.details) console.log(`     ${d}`);
  }
  return ok;
}

async function main() {
  if (!fs.existsSync("build/index.js")) {
    console.error("build/index.js is missing: run `npx remix build` first (the server serves the web app too)");
    process.exit(2);
  }
  const database = opts.databaseUrl ? `PostgreSQL ${opts.databaseUrl.replace(/\/\/[^@]*@/, "//")}` : `PGlite ${opts.dataDir}`;
  console.log(
    `verify:ledger on ${database}: ${opts.transfers} transfers, ${Math.round(opts.replayRate * 100)} % replays, ` +
      `${opts.kills} SIGKILL(s) at ${Math.round(opts.killAt * 100)} % of a burst, seed ${opts.seed}`,
  );
  const s = await setup();
  const runId = crypto.randomBytes(4).toString("hex");
  const requests = plan(s, runId);
  const records = new Map<string, KeyRecord>();
  for (const r of requests)
    if (!records.has(r.key)) records.set(r.key, { key: r.key, paymentIds: [], refused: 0, unexpected: [], unanswered: true });
  const patterns = requests.reduce<Record<string, number>>((acc, r) => ((acc[r.pattern] = (acc[r.pattern] ?? 0) + 1), acc), {});
  console.log(
    `requests: ${requests.length} (${Object.entries(patterns)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")})`,
  );

  let pending = requests;
  let server = await startServer();
  // Never leave a server behind, whatever happens to this script.
  process.on("exit", () => server.kill("SIGKILL"));
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(1));
  for (let round = 0; pending.length; round++) {
    const kill = round < opts.kills;
    const killAfter = kill ? Math.max(1, Math.floor(pending.length * opts.killAt)) : null;
    const { lost, stats } = await burst(s.accessToken, pending, records, server, killAfter);
    console.log(
      `burst ${round + 1}: ${stats.sent} sent, ${stats.answered} answered, ${stats.lost} lost` +
        `${stats.timedOut ? ` (${stats.timedOut} timed out)` : ""}${kill ? " (server SIGKILLed mid-burst)" : ""}, ` +
        `${stats.ms} ms, latency p50 ${stats.p50} ms p99 ${stats.p99} ms`,
    );
    if (kill) {
      if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL"); // fewer answers than planned
      await waitExit(server);
      server = await startServer();
    } else if (lost.length) {
      console.error(`${lost.length} requests without an answer and no kill planned (timeouts or a crash); log: ${logFile}`);
      if (round > opts.kills + 3) break;
      if (server.exitCode !== null || server.signalCode !== null) server = await startServer();
    }
    pending = lost;
  }
  // Confirmation pass: every key that made a payment, sent once more, must name the same payment.
  const confirm = [...new Map(requests.map((r) => [r.key, r])).values()].filter((r) => records.get(r.key)!.paymentIds.length);
  const { stats } = await burst(s.accessToken, confirm, records, server, null);
  console.log(`confirmation replays: ${stats.sent} sent, ${stats.answered} answered, ${stats.ms} ms`);

  server.kill("SIGTERM");
  await waitExit(server);

  const h = await open();
  let ok: boolean;
  try {
    const ctx: CheckContext = { ...s.ctx, keys: [...records.values()] };
    const results = await runChecks(h.db, ctx);
    const keys = [...records.values()];
    console.log(
      `keys: ${keys.length}; made a payment ${keys.filter((k) => k.paymentIds.length).length}, ` +
        `refused for funds ${keys.filter((k) => !k.paymentIds.length && k.refused).length}`,
    );
    ok = print(results);
    if (ok && opts.selfTest) ok = await selfTest(h.db, ctx);
  } finally {
    await h.close();
  }
  console.log(ok ? "verify:ledger: all invariants hold" : `verify:ledger: VIOLATIONS (server log: ${logFile})`);
  process.exit(ok ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
