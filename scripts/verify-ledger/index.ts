/**
 * `npm run verify:ledger` — money under contention and crashes (issue 5 §2).
 *
 * What it proves: with the real server process (`node --import tsx server/index.ts`, which
 * needs `build/index.js` from `npx remix build`), a burst of concurrent, conflicting internal
 * transfers — each with its own idempotency key, plus deliberate replays (same key, same body)
 * — each then signed with a one-time code, interrupted by SIGKILL of the server, restarted, and
 * replayed (every request that got no answer is sent again: a create with its key, a sign with
 * its MFA token), leaves the ledger sound: see ./checks.ts for the five invariants (zero-sum,
 * balance-sum, floor, conservation, idempotency, which covers one signature per posting).
 *
 * Setup (through the factories, server/seed/factories.ts): one CORPORATE customer whose
 * official has signatureType SINGLE (every payment is created AWAITING_SIGNATURE and moves money
 * only when signed with a one-time code) with 10 accounts of one balance each: 8 GBP (the first,
 * the hot spot, with a GBP 200 overdraft) and 2 EUR, GBP/EUR 500 each. Transfers are
 * BETWEEN_ACCOUNTS (half touch the hot spot, half a random pair) plus a few EURO payments out
 * (an external rail).
 *
 * Each transfer is a chain: POST /payments (its Idempotency-Key; `createWindow` in flight at a
 * time) → its payment joins a signing batch → one code per batch of up to 100 (POST
 * /signatures/send-code, the server answering the code as debugCode, SMS_DEBUG_CODES=true;
 * POST /signatures/validate → MFA token) → all the batch's POST /payments/:id/sign at once
 * (plus deliberate replays of a sign, same token), so the postings contend on the hot spot
 * while creates still run. RATE_LIMITS=relaxed allows 1,000 codes a minute (4,000 an hour) per
 * user. The SIGKILL lands when sign requests (and creates, unless all are settled) are in
 * flight. After the restart: every unanswered create is sent again with its key (same payment,
 * never a second); every unanswered sign is sent again with its MFA token while valid (a 409
 * PAYMENT_NOT_PENDING says the lost one posted it: not posted twice), else the payment gets a
 * new code (a send-code 409 for a set is halved until the signed ones are found). A payment
 * whose signature is refused for funds stays AWAITING_SIGNATURE and moves nothing.
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
 *   posted twice, a posted payment without its signature or with a second one, money from a
 *   system account without a payment, a replay answered with another payment) and require
 *   each to be detected.
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
  userId: string;
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
      signatureType: "SINGLE",
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
      userId: customer.user.id,
      accessToken: session.accessToken,
      accounts,
      ctx: {
        organizationId: customer.organization.id,
        userId: customer.user.id,
        startAmounts,
        customerTotalsAtStart,
        snapshotAt,
      },
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
    SMS_DEBUG_CODES: "true", // send-code answers the code (debugCode): the script is the customer reading the SMS
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

/** One HTTP answer, or none: `lost` (connection refused or reset: the server died under us) or `timeout` (a stall). */
type Answer =
  { kind: "answer"; status: number; json: Record<string, unknown>; text: string } | { kind: "lost" } | { kind: "timeout" };

async function call(token: string, route: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  try {
    const res = await fetch(`http://127.0.0.1:${opts.port}/api/v1${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(opts.requestTimeoutMs),
    });
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { kind: "answer", status: res.status, json, text };
  } catch (err) {
    if ((err as Error).name === "TimeoutError") return { kind: "timeout" }; // a stall: reported, then replayed
    return { kind: "lost" };
  }
}

const what = (a: Extract<Answer, { kind: "answer" }>) => `${a.status} ${(a.json.code as string) ?? a.text.slice(0, 80)}`;

/** Signatures, POST /payments/:id/sign needs a token of /signatures/validate; its client-side expiry. */
interface MfaGrant {
  token: string;
  expiresAt: number;
}

interface BurstStats {
  /** Create requests sent, answered, lost (timeouts included), timed out. */
  creates: { sent: number; answered: number; lost: number };
  /** Sign requests, likewise, and the one-time codes they needed (send-code + validate pairs). */
  signs: { sent: number; answered: number; lost: number };
  codes: number;
  /** Signs whose answer was lost in an earlier burst, sent again with the same MFA token; of them answered 409 (signed by the lost one). */
  resigned: { sent: number; alreadySigned: number };
  timedOut: number;
  /** Set when the burst SIGKILLed the server: the create and sign requests in flight at that moment. */
  killed?: { creates: number; signs: number };
  ms: number;
  /** Latency of the answered create and sign requests, ms: p50 and p99. */
  p50: number;
  p99: number;
}

/** State of the run across bursts: what the client saw per key, and per payment. */
interface RunState {
  token: string;
  records: Map<string, KeyRecord>;
  /** Payment id → its key's record. */
  byPayment: Map<string, KeyRecord>;
  /** Payment id → the MFA token its last unanswered sign used (replayed with it while unexpired). */
  grants: Map<string, MfaGrant>;
}

/** Payments per one-time code: up to 100 (send-code's limit), about a tenth of the run each. */
const batchSize = Math.max(5, Math.min(100, Math.ceil(opts.transfers / 10)));
/** Creates in flight at once: enough for contention, few enough that signing runs beside them. */
const createWindow = Math.max(20, batchSize);

/** When a burst SIGKILLs the server (see `burst`). */
interface KillPlan {
  /** Create and sign answers arrived, at least. */
  answers: number;
  /** Of which sign answers (money has moved), at least. */
  signAnswers: number;
}

/**
 * One burst: the pending creates fire `createWindow` at a time; each payment a create names
 * joins the signing queue, and every `batchSize` of them get one one-time code (send-code +
 * validate) and then their sign requests fire concurrently (plus, per payment, a deliberate
 * replay of its sign at the replay rate). Payments whose sign got no answer in an earlier burst
 * are first replayed with the same MFA token while it is valid, else queued for a new code.
 * With a `kill` plan, SIGKILL the server at the first answer that reaches both its counts while
 * sign requests are in flight, and creates too unless all are settled (mid-burst: money in
 * motion). Returns the creates that got no answer.
 */
async function burst(
  state: RunState,
  creates: Request[],
  server: ChildProcess,
  kill: KillPlan | null,
): Promise<{ lost: Request[]; stats: BurstStats }> {
  const started = Date.now();
  const stats: BurstStats = {
    creates: { sent: 0, answered: 0, lost: 0 },
    signs: { sent: 0, answered: 0, lost: 0 },
    codes: 0,
    resigned: { sent: 0, alreadySigned: 0 },
    timedOut: 0,
    ms: 0,
    p50: 0,
    p99: 0,
  };
  const latencies: number[] = [];
  const lost: Request[] = [];
  let answered = 0;
  const inFlight = { creates: 0, signs: 0 };
  let createsLeft = creates.length;
  const answeredOne = (sentAt: number) => {
    answered++;
    latencies.push(Date.now() - sentAt);
    if (
      kill &&
      !stats.killed &&
      answered >= kill.answers &&
      stats.signs.answered >= kill.signAnswers &&
      inFlight.signs > 0 &&
      (inFlight.creates > 0 || createsLeft === 0)
    ) {
      stats.killed = { creates: inFlight.creates, signs: inFlight.signs };
      server.kill("SIGKILL");
    }
  };
  const noAnswer = (a: Answer, recs: KeyRecord[]) => {
    if (a.kind !== "timeout") return;
    stats.timedOut++;
    for (const rec of recs) rec.unexpected.push(`no answer within ${opts.requestTimeoutMs} ms`);
  };

  /** `replay`: the same sign as one whose answer was lost, so its token may have expired meanwhile. */
  async function sign(id: string, grant: MfaGrant, replay = false): Promise<"final" | "lost" | "token"> {
    const rec = state.byPayment.get(id)!;
    stats.signs.sent++;
    if (replay) stats.resigned.sent++;
    const sentAt = Date.now();
    inFlight.signs++;
    const a = await call(state.token, `/payments/${id}/sign`, { mfaToken: grant.token, signedAt: new Date().toISOString() });
    inFlight.signs--;
    if (a.kind !== "answer") {
      stats.signs.lost++;
      noAnswer(a, [rec]);
      // Replayed with the same token after the restart, unless an answer already said it is signed:
      // also when its twin was answered first (refused for funds), since this one may have posted.
      if (rec.signed + rec.alreadySigned === 0) {
        rec.signPending = true;
        state.grants.set(id, grant);
      }
      return "lost";
    }
    stats.signs.answered++;
    answeredOne(sentAt);
    if (a.status === 200 && a.json.status === "COMPLETED") rec.signed++;
    else if (a.status === 400 && a.json.code === "INSUFFICIENT_FUNDS") rec.signRefused++;
    else if (a.status === 409 && a.json.code === "PAYMENT_NOT_PENDING") {
      rec.alreadySigned++;
      if (replay) stats.resigned.alreadySigned++;
    } else if (replay && a.status === 401 && a.json.code === "MFA_TOKEN_INVALID" && rec.signPending) {
      state.grants.delete(id); // expired or spent: a new code signs it (not a violation)
      return "token";
    } else rec.unexpected.push(`sign: ${what(a)}`);
    rec.signPending = false;
    state.grants.delete(id);
    return "final";
  }

  /** One code for `ids` (send-code + validate with the debug code); a 409 splits the set to find the signed ones. */
  async function codeFor(ids: string[]): Promise<{ grant: MfaGrant; ids: string[] }[]> {
    const recs = ids.map((id) => state.byPayment.get(id)!);
    stats.codes++;
    const c = await call(state.token, "/signatures/send-code", { paymentIds: ids, mfa: "PHONE", channel: "SMS" });
    if (c.kind !== "answer") return (noAnswer(c, recs), []);
    if (c.status === 409 && c.json.code === "PAYMENT_NOT_PENDING") {
      // Some payment of the set is signed already (by a sign whose answer was lost): halve to find it.
      if (ids.length === 1) {
        recs[0].alreadySigned++;
        recs[0].signPending = false;
        return [];
      }
      const half = Math.ceil(ids.length / 2);
      return [...(await codeFor(ids.slice(0, half))), ...(await codeFor(ids.slice(half)))];
    }
    const final = (msg: string) => {
      for (const rec of recs) {
        rec.unexpected.push(msg);
        rec.signPending = false;
      }
      return [];
    };
    if (c.status !== 200 || typeof c.json.debugCode !== "string") return final(`send-code: ${what(c)}`);
    const v = await call(state.token, "/signatures/validate", { token: c.json.token, code: c.json.debugCode });
    if (v.kind !== "answer") return (noAnswer(v, recs), []);
    if (v.status !== 200 || typeof v.json.token !== "string") return final(`validate: ${what(v)}`);
    return [{ grant: { token: v.json.token, expiresAt: Date.parse(v.json.expiresAt as string) }, ids }];
  }

  /** Sign `ids` under new codes, all concurrently (with the deliberate replays). */
  async function signBatch(ids: string[]): Promise<void> {
    const work: Promise<unknown>[] = [];
    for (const { grant, ids: set } of await codeFor(ids))
      for (const id of set) {
        work.push(sign(id, grant));
        if (rand() < opts.replayRate) work.push(sign(id, grant)); // the same sign twice at once
      }
    await Promise.all(work);
  }

  const queue: string[] = [];
  const batches: Promise<void>[] = [];
  const enqueue = (id: string) => {
    queue.push(id);
    if (queue.length >= batchSize) batches.push(signBatch(queue.splice(0, batchSize)));
  };

  const producers: Promise<void>[] = [];
  // Signs left without an answer by the previous burst: the same request again, same MFA token.
  const margin = 30_000;
  for (const rec of state.records.values()) {
    if (!rec.signPending) continue;
    const id = rec.paymentIds[0];
    const grant = state.grants.get(id);
    if (grant && grant.expiresAt - margin > Date.now())
      producers.push(
        sign(id, grant, true).then((r) => {
          if (r === "token") enqueue(id);
        }),
      );
    else enqueue(id);
  }
  // The creates: `createWindow` in flight at a time, so that signing (which posts) overlaps them.
  let next = 0;
  const createOne = async (req: Request) => {
    const rec = state.records.get(req.key)!;
    stats.creates.sent++;
    const sentAt = Date.now();
    inFlight.creates++;
    const a = await call(state.token, "/payments", req.body, { "idempotency-key": req.key });
    inFlight.creates--;
    createsLeft--;
    if (a.kind !== "answer") {
      stats.creates.lost++;
      noAnswer(a, [rec]);
      lost.push(req);
      return;
    }
    stats.creates.answered++;
    answeredOne(sentAt);
    rec.unanswered = false;
    const id = a.json.id;
    if ((a.status === 200 || a.status === 201) && typeof id === "string") {
      rec.paymentIds.push(id);
      if (!state.byPayment.has(id)) {
        state.byPayment.set(id, rec);
        if (a.json.status === "AWAITING_SIGNATURE") {
          rec.signPending = true;
          enqueue(id);
        } else rec.unexpected.push(`create: a new payment answered ${String(a.json.status)}, not AWAITING_SIGNATURE`);
      }
    } else if (a.status === 400 && a.json.code === "INSUFFICIENT_FUNDS") rec.refused++;
    else rec.unexpected.push(`create: ${what(a)}`);
  };
  for (let w = 0; w < Math.min(createWindow, creates.length); w++)
    producers.push(
      (async () => {
        while (next < creates.length) await createOne(creates[next++]);
      })(),
    );
  await Promise.all(producers);
  while (queue.length) batches.push(signBatch(queue.splice(0, batchSize)));
  // A batch may queue nothing further, so one pass over the batches settles the burst.
  await Promise.all(batches);

  latencies.sort((x, y) => x - y);
  const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  stats.ms = Date.now() - started;
  stats.p50 = pct(0.5);
  stats.p99 = pct(0.99);
  return { lost, stats };
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
    if (!records.has(r.key))
      records.set(r.key, {
        key: r.key,
        paymentIds: [],
        refused: 0,
        unexpected: [],
        unanswered: true,
        signed: 0,
        signRefused: 0,
        alreadySigned: 0,
        signPending: false,
      });
  const state: RunState = { token: s.accessToken, records, byPayment: new Map(), grants: new Map() };
  const patterns = requests.reduce<Record<string, number>>((acc, r) => ((acc[r.pattern] = (acc[r.pattern] ?? 0) + 1), acc), {});
  console.log(
    `requests: ${requests.length} (${Object.entries(patterns)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}), ${createWindow} creates in flight at a time; each payment then signed with a one-time code, ` +
      `${batchSize} payments per code, their signs fired at once`,
  );

  let pending = requests;
  const signing = () => [...records.values()].filter((r) => r.signPending).length;
  let server = await startServer();
  // Never leave a server behind, whatever happens to this script.
  process.on("exit", () => server.kill("SIGKILL"));
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(1));
  for (let round = 0; pending.length || signing(); round++) {
    const kill = round < opts.kills;
    // Kill after this share of the burst's create and sign answers (about one sign per create),
    // once at least a batch's signs (or that share of them) have been answered.
    const expectedSigns = new Set(pending.map((r) => r.key)).size + signing();
    const plan: KillPlan | null = kill
      ? {
          answers: Math.max(1, Math.floor((pending.length + expectedSigns) * opts.killAt)),
          signAnswers: Math.max(1, Math.min(batchSize, Math.floor(expectedSigns * opts.killAt))),
        }
      : null;
    const { lost, stats } = await burst(state, pending, server, plan);
    const unsigned = signing();
    console.log(
      `burst ${round + 1}: creates ${stats.creates.sent} sent, ${stats.creates.answered} answered, ${stats.creates.lost} lost; ` +
        `signs ${stats.signs.sent} sent, ${stats.signs.answered} answered, ${stats.signs.lost} lost, ${stats.codes} codes` +
        (stats.resigned.sent
          ? ` (${stats.resigned.sent} unanswered signs sent again with their MFA token, ${stats.resigned.alreadySigned} answered already signed)`
          : "") +
        `${unsigned ? ` (${unsigned} payments still to sign)` : ""}` +
        `${stats.timedOut ? ` (${stats.timedOut} timed out)` : ""}` +
        `${stats.killed ? ` (server SIGKILLed mid-burst, ${stats.killed.creates} creates and ${stats.killed.signs} signs in flight)` : kill ? " (server SIGKILLed after the burst: no moment with signs in flight)" : ""}, ` +
        `${stats.ms} ms, latency p50 ${stats.p50} ms p99 ${stats.p99} ms`,
    );
    if (kill) {
      if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL"); // fewer answers than planned
      await waitExit(server);
      server = await startServer();
    } else if (lost.length || unsigned) {
      console.error(
        `${lost.length} creates and ${unsigned} signings without an answer and no kill planned (timeouts or a crash); log: ${logFile}`,
      );
      if (round > opts.kills + 3) break;
      if (server.exitCode !== null || server.signalCode !== null) server = await startServer();
    }
    pending = lost;
  }
  // Confirmation pass: every key that made a payment, sent once more, must name the same payment.
  const confirm = [...new Map(requests.map((r) => [r.key, r])).values()].filter((r) => records.get(r.key)!.paymentIds.length);
  const { stats } = await burst(state, confirm, server, null);
  console.log(`confirmation replays: ${stats.creates.sent} sent, ${stats.creates.answered} answered, ${stats.ms} ms`);

  server.kill("SIGTERM");
  await waitExit(server);

  const h = await open();
  let ok: boolean;
  try {
    const ctx: CheckContext = { ...s.ctx, keys: [...records.values()] };
    const results = await runChecks(h.db, ctx);
    const keys = [...records.values()];
    const made = keys.filter((k) => k.paymentIds.length);
    console.log(
      `keys: ${keys.length}; made a payment ${made.length} (signed ${made.filter((k) => k.signed || k.alreadySigned).length}, ` +
        `signature refused for funds ${made.filter((k) => !k.signed && !k.alreadySigned && k.signRefused).length}), ` +
        `refused for funds at creation ${keys.filter((k) => !k.paymentIds.length && k.refused).length}`,
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
