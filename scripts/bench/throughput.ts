/**
 * Throughput of the ledger, as a ratio to the database's own limit (issue 5 §1).
 *
 * On ONE database, in one process:
 * - `rawTransfers`: the floor any correct ledger pays — BEGIN; lock two balance rows in id
 *   order (SELECT … FOR UPDATE); debit one; credit the other; COMMIT — sequentially, through
 *   the same Drizzle driver as the application. The 0.01 moves back and forth between two
 *   balances of a customer made for the bench, an even number of times, so the balances end
 *   where they started (nothing is posted: this loop is the database's limit, not a payment).
 * - `signedPayments`: the full create → send-code → validate → sign flow through the HTTP API,
 *   sequential, one customer (the app's own path: Express, JSON, auth, domain, ledger).
 * - `createOnly` / `signOnly`: POST /v1/payments alone, and POST /v1/payments/:id/sign alone
 *   (payments prepared and covered by one code per 100, then signed one by one).
 * - SQL statements per API call (BEGIN/COMMIT included), counted through the database's
 *   debug hook (`openDatabase({ onQuery })`), averaged over the signed-payment loop.
 * - `inProcess`: the same four steps as direct domain calls (no HTTP, no bearer lookup), so the
 *   share of the HTTP layer in a signed payment is measured, not argued; and `httpFloor`, the
 *   round trip of `GET /v1/health` (no SQL) on the same keep-alive connection.
 */
import http from "node:http";
import { sql } from "drizzle-orm";
import type { Database } from "../../server/db/client.js";
import { createSession, authenticateAccessToken } from "../../server/domain/auth/sessions.js";
import { createPayment } from "../../server/domain/payments/index.js";
import { sendSignatureCode, signPayment, validateSignatureCode, type SigningDeps } from "../../server/domain/signing/index.js";
import { createAccount, createCustomer } from "../../server/seed/factories.js";

/** Counts SQL statements; the bench resets it around each API call. */
export class QueryCounter {
  count = 0;
  /** Statements seen since the last reset, when tracing (BENCH_TRACE=1). */
  trace: string[] | null = null;
  readonly onQuery = (statement: string): void => {
    this.count++;
    this.trace?.push(statement);
  };
}

/** Per second over `n` operations taking `ns` nanoseconds. */
function perSecond(n: number, ns: bigint): number {
  return n / (Number(ns) / 1e9);
}

/** Raw two-row transfers per second (see module docstring). `n` is rounded up to even. */
export async function rawTransfersPerSec(db: Database, n: number): Promise<number> {
  const customer = await createCustomer(db, { balances: { GBP: "1000.00" } });
  const second = await createAccount(db, { organizationId: customer.organization.id, name: "Bench raw", currencies: ["GBP"] });
  const a = customer.balances.GBP.id;
  const b = second.balances.GBP.id;
  const [first, last] = [a, b].sort();
  const count = n + (n % 2);
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id, amount from balances where id in (${first}, ${last}) order by id for update`);
      await tx.execute(sql`update balances set amount = amount - 0.01 where id = ${from}`);
      await tx.execute(sql`update balances set amount = amount + 0.01 where id = ${to}`);
    });
  }
  return perSecond(count, process.hrtime.bigint() - started);
}

/** A customer for the API loops: logged in, "Main account" (GBP 1,000,000) and a GBP "Savings" account. */
export interface BenchPayer {
  token: string;
  orgId: string;
  fromId: string;
  toId: string;
}

export async function newPayer(db: Database): Promise<BenchPayer> {
  const customer = await createCustomer(db, { balances: { GBP: "1000000.00" } });
  const savings = await createAccount(db, { organizationId: customer.organization.id, name: "Savings", currencies: ["GBP"] });
  const { accessToken } = await createSession(db, customer.user.id);
  return { token: accessToken, orgId: customer.organization.id, fromId: customer.account!.id, toId: savings.account.id };
}

/** One keep-alive connection pool for the bench's calls (lighter than fetch: less client CPU in the measurement). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** A JSON call to the API; throws on a non-2xx answer (the bench must not time failures). */
function call<T>(base: string, method: string, url: string, token: string, body?: unknown, key?: string): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<T>((resolve, reject) => {
    const req = http.request(
      base + url,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
          ...(key ? { "idempotency-key": key } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const status = res.statusCode ?? 0;
          if (status < 200 || status > 299) reject(new Error(`${method} ${url} → ${status} ${text}`));
          else resolve((text ? JSON.parse(text) : undefined) as T);
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

const runId = `${Date.now()}-${process.pid}`;
let keySeq = 0;

/** The four calls of one signed payment, each a function of the previous answer. */
function flowCalls(base: string, p: BenchPayer) {
  return {
    create: () =>
      call<{ id: string }>(
        base,
        "POST",
        "/payments",
        p.token,
        {
          organizationId: p.orgId,
          kind: "BETWEEN_ACCOUNTS",
          accountId: p.fromId,
          toAccountId: p.toId,
          currencyId: "GBP",
          amount: "0.01",
          reference: "bench",
        },
        `bench-${runId}-${keySeq++}`,
      ),
    sendCode: (paymentIds: string[]) =>
      call<{ token: string; debugCode?: string }>(base, "POST", "/signatures/send-code", p.token, {
        paymentIds,
        mfa: "PHONE",
        channel: "SMS",
      }),
    validate: (challenge: { token: string; debugCode?: string }) => {
      if (!challenge.debugCode) throw new Error("No debug code: the bench needs SMS_DEBUG_CODES=true");
      return call<{ token: string }>(base, "POST", "/signatures/validate", p.token, {
        token: challenge.token,
        code: challenge.debugCode,
      });
    },
    sign: (paymentId: string, mfaToken: string) =>
      call(base, "POST", `/payments/${paymentId}/sign`, p.token, { mfaToken, signedAt: new Date().toISOString() }),
  };
}

export type FlowStep = "create" | "sendCode" | "validate" | "sign";

export interface FlowResult {
  signedPaymentsPerSec: number;
  /** Mean SQL statements per call of each step (BEGIN/COMMIT included). */
  queriesPerCall: Record<FlowStep, number>;
  /** Mean milliseconds per call of each step. */
  msPerCall: Record<FlowStep, number>;
}

/** create → send-code → validate → sign, `n` times, sequentially. */
export async function signedPayments(base: string, payer: BenchPayer, counter: QueryCounter, n: number): Promise<FlowResult> {
  const api = flowCalls(base, payer);
  const queries: Record<FlowStep, number> = { create: 0, sendCode: 0, validate: 0, sign: 0 };
  const ns: Record<FlowStep, bigint> = { create: 0n, sendCode: 0n, validate: 0n, sign: 0n };
  const step = async <T>(name: FlowStep, fn: () => Promise<T>): Promise<T> => {
    counter.count = 0;
    if (counter.trace) counter.trace.length = 0;
    const t0 = process.hrtime.bigint();
    const out = await fn();
    ns[name] += process.hrtime.bigint() - t0;
    queries[name] += counter.count;
    if (counter.trace) console.error(`--- ${name}: ${counter.count} statements\n${counter.trace.join("\n")}`);
    return out;
  };
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const payment = await step("create", api.create);
    const challenge = await step("sendCode", () => api.sendCode([payment.id]));
    const mfa = await step("validate", () => api.validate(challenge));
    await step("sign", () => api.sign(payment.id, mfa.token));
  }
  const total = process.hrtime.bigint() - started;
  const mean = (r: Record<FlowStep, number>) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v / n])) as Record<FlowStep, number>;
  return {
    signedPaymentsPerSec: perSecond(n, total),
    queriesPerCall: mean(queries),
    msPerCall: mean(Object.fromEntries(Object.entries(ns).map(([k, v]) => [k, Number(v) / 1e6])) as Record<FlowStep, number>),
  };
}

/** POST /v1/payments alone, `n` times, sequentially. @returns created payment ids and the rate. */
export async function createOnly(base: string, payer: BenchPayer, n: number): Promise<{ perSec: number; ids: string[] }> {
  const api = flowCalls(base, payer);
  const ids: string[] = [];
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) ids.push((await api.create()).id);
  return { perSec: perSecond(n, process.hrtime.bigint() - started), ids };
}

/**
 * POST /v1/payments/:id/sign alone: `ids` (awaiting signature) are covered by one code per 100
 * (send-code + validate, untimed), then signed one by one (timed).
 */
export async function signOnly(base: string, payer: BenchPayer, ids: string[]): Promise<number> {
  const api = flowCalls(base, payer);
  const batches: { ids: string[]; mfaToken: string }[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    const batch = ids.slice(i, i + 100);
    const mfa = await api.validate(await api.sendCode(batch));
    batches.push({ ids: batch, mfaToken: mfa.token });
  }
  const started = process.hrtime.bigint();
  for (const batch of batches) for (const id of batch.ids) await api.sign(id, batch.mfaToken);
  return perSecond(ids.length, process.hrtime.bigint() - started);
}

/**
 * The signed-payment flow as direct domain calls: createPayment → sendSignatureCode →
 * validateSignatureCode → signPayment, `n` times, sequentially, in this process (what the API
 * handlers call, without HTTP, JSON and the bearer-token lookup).
 * @returns signed payments per second
 */
export async function signedPaymentsInProcess(deps: SigningDeps, payer: BenchPayer, n: number): Promise<number> {
  const auth = await authenticateAccessToken(deps.db, payer.token);
  if (!auth) throw new Error("bench payer has no session");
  const userId = auth.userId;
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const { payment } = await createPayment(deps.db, {
      userId,
      idempotencyKey: `bench-direct-${runId}-${keySeq++}`,
      body: {
        organizationId: payer.orgId,
        kind: "BETWEEN_ACCOUNTS",
        accountId: payer.fromId,
        toAccountId: payer.toId,
        currencyId: "GBP",
        amount: "0.01",
        reference: "bench",
      },
      relaxedLimits: true,
    });
    const challenge = await sendSignatureCode(deps, {
      userId,
      ip: "127.0.0.1",
      body: { paymentIds: [payment.id], mfa: "PHONE", channel: "SMS" },
    });
    const mfa = await validateSignatureCode(deps, { userId, body: { token: challenge.token, code: challenge.debugCode } });
    await signPayment(deps.db, {
      userId,
      paymentId: payment.id,
      body: { mfaToken: mfa.token, signedAt: new Date().toISOString() },
    });
  }
  return perSecond(n, process.hrtime.bigint() - started);
}

/** Mean milliseconds of `GET /v1/health` (no SQL, no auth) over `n` calls: the HTTP layer's floor per call. */
export async function httpFloorMs(base: string, n: number): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await call(base, "GET", "/health", "none");
  return Number(process.hrtime.bigint() - started) / 1e6 / n;
}
