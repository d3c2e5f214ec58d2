/**
 * Two instances, one bank (issue 5 §4): two real server processes (`node --import tsx
 * server/index.ts`, built web app) on one PostgreSQL database and one Redis, behind a small
 * round-robin reverse proxy on loopback (http-proxy). Proves:
 * - a login code sent through instance A verifies through B, and the API bearer session it
 *   yields works on both (directly and through the proxy);
 * - the per-phone code limit counts across both (strict limits: a second code for the same
 *   phone within 60 s through the other instance → 429);
 * - a web (cookie) session started through A works through B (login steps split over A and B,
 *   then /home on both);
 * - a chat message posted through A reaches a socket connected to B (the chat gateway's Redis
 *   adapter), with a messaging token A issued;
 * - housekeeping runs in one process only (PostgreSQL advisory lock, server/db/leader.ts), and
 *   the other takes over when the leader is SIGKILLed.
 *
 * Needs `npx remix build`, TEST_DATABASE_URL (the test recreates its own database, `bank_multi`
 * or TEST_MULTI_DATABASE, on that server) and a Redis that answers at TEST_REDIS_URL (default
 * redis://127.0.0.1:6379/13; the test empties that database number only). Skipped when either is missing.
 * Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/x npx vitest run --project process tests/process/two-instances.test.ts
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";
import httpProxy from "http-proxy";
import pg from "pg";
import { Redis } from "ioredis";
import { io as connectSocket, type Socket } from "socket.io-client";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD } from "../../server/seed/factories.js";
import { SEED_PHONES } from "../../server/seed/seed.js";
import { openDatabase } from "../../server/db/client.js";
import { users } from "../../server/db/schema/index.js";
import { createSession } from "../../server/domain/auth/sessions.js";
import { memberOrganizationIds } from "../../server/domain/organizations/access.js";

const adminUrl = process.env.TEST_DATABASE_URL;
/** The database the instances share (recreated by the test): several worktrees on one server each use their own. */
const multiDatabase = process.env.TEST_MULTI_DATABASE ?? "bank_multi";
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(multiDatabase)) throw new Error("TEST_MULTI_DATABASE must be a plain database name");
const databaseUrl = adminUrl ? `${adminUrl.replace(/\/[^/]*$/, "")}/${multiDatabase}` : "";
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/13";

async function redisAnswers(): Promise<boolean> {
  const r = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await r.connect();
    await r.flushdb(); // our own database number only
    return (await r.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}
const available = Boolean(adminUrl) && (await redisAnswers());

interface Instance {
  name: "a" | "b";
  base: string;
  child: ChildProcess;
  /** Times (ms) of the instance's "housekeeping" log lines. */
  housekeeping: number[];
  log: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function start(name: "a" | "b"): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      SESSION_SECRET: "two-instances-session-secret-0123456789",
      OTP_SECRET: "two-instances-otp-secret-0123456789",
      SMS_DEBUG_CODES: "true",
      RATE_LIMITS: "strict",
      HOUSEKEEPING_INTERVAL_MS: "300",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const inst: Instance = { name, base: `http://127.0.0.1:${port}`, child, housekeeping: [], log: "" };
  let pending = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split("\n");
    pending = lines.pop()!;
    for (const line of lines) {
      inst.log += line + "\n";
      try {
        if ((JSON.parse(line) as { msg?: string }).msg === "housekeeping") inst.housekeeping.push(Date.now());
      } catch {
        /* not a log line */
      }
    }
  });
  child.stderr!.on("data", (chunk: Buffer) => (inst.log += chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${inst.base}/api/v1/health`)).ok) return inst;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`instance ${name} did not start:\n${inst.log.slice(-3000)}`);
}

const instances: Instance[] = [];
let proxy: http.Server;
let proxyBase = "";

describe.skipIf(!available)("two instances on one PostgreSQL and one Redis", () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${multiDatabase} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${multiDatabase}`);
    await admin.end();
    // A first (it migrates and seeds the empty database), then B.
    instances.push(await start("a"));
    instances.push(await start("b"));

    // Round-robin reverse proxy on loopback; answers carry X-Upstream (a|b).
    const upstream = httpProxy.createProxyServer({});
    upstream.on("proxyRes", (proxyRes, req) => {
      proxyRes.headers["x-upstream"] = (req as http.IncomingMessage & { upstream?: string }).upstream ?? "";
    });
    let turn = 0;
    proxy = http.createServer((req, res) => {
      const target = instances[turn++ % instances.length];
      (req as http.IncomingMessage & { upstream?: string }).upstream = target.name;
      upstream.web(req, res, { target: target.base }, () => {
        res.writeHead(502).end();
      });
    });
    await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
    proxyBase = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const i of instances) i.child.kill("SIGKILL");
    await new Promise<void>((r) => (proxy ? proxy.close(() => r()) : r()));
  });

  const [a, b] = [() => instances[0], () => instances[1]];
  const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/v1${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  it("a login code sent via A verifies via B; the bearer session works on both and through the proxy", async () => {
    const sent = await post(a().base, "/auth/phone", { phone: SEED_PHONES.individual });
    expect(sent.status).toBe(200);
    const challenge = (await sent.json()) as { token: string; debugCode?: string };
    expect(challenge.debugCode).toMatch(/^\d{4,6}$/);

    const verified = await post(b().base, "/auth/verify-code", { token: challenge.token, code: challenge.debugCode });
    expect(verified.status).toBe(200);
    const { token } = (await verified.json()) as { token: string };
    const login = await post(a().base, "/auth/verify-password", { token, password: DEFAULT_PASSWORD });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };

    const auth = { authorization: `Bearer ${accessToken}` };
    for (const base of [a().base, b().base]) {
      expect((await fetch(`${base}/api/v1/users/whoami`, { headers: auth })).status).toBe(200);
    }
    const upstreams = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const r = await fetch(`${proxyBase}/api/v1/users/whoami`, { headers: auth });
      expect(r.status).toBe(200);
      upstreams.add(r.headers.get("x-upstream") ?? "");
    }
    expect(upstreams).toEqual(new Set(["a", "b"]));
  });

  it("the per-phone code limit counts across both: a second code within 60 s via the other instance is 429", async () => {
    expect((await post(a().base, "/auth/phone", { phone: SEED_PHONES.corporateOfficial })).status).toBe(200);
    const again = await post(b().base, "/auth/phone", { phone: SEED_PHONES.corporateOfficial });
    expect(again.status).toBe(429);
    expect(((await again.json()) as { code: string }).code).toBe("RATE_LIMITED");
  });

  it("a web session started through A works through B (login steps alternate between the instances)", async () => {
    let cookie = "";
    const web = async (base: string, path: string, form?: Record<string, string>) => {
      const r = await fetch(`${base}${path}`, {
        method: form ? "POST" : "GET",
        redirect: "manual",
        headers: { cookie, ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
        body: form ? new URLSearchParams(form).toString() : undefined,
      });
      const set = r.headers.getSetCookie().find((c) => c.startsWith("__session="));
      if (set) cookie = set.split(";")[0];
      return { status: r.status, location: r.headers.get("location"), html: await r.text() };
    };
    const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";

    let page = await web(a().base, "/auth/phone");
    expect(page.status).toBe(200);
    expect(
      (await web(b().base, "/auth/phone", { intent: "phone", phone: SEED_PHONES.both, csrf: csrfOf(page.html) })).status,
    ).toBe(302);
    page = await web(a().base, "/auth/phone");
    const code = /data-testid="debug-code">(\d+)</.exec(page.html)?.[1];
    expect(code).toMatch(/^\d{4,6}$/);
    expect((await web(b().base, "/auth/phone", { intent: "code", code: code!, csrf: csrfOf(page.html) })).status).toBe(302);
    page = await web(b().base, "/auth/phone");
    const done = await web(a().base, "/auth/phone", { intent: "password", password: DEFAULT_PASSWORD, csrf: csrfOf(page.html) });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/"); // login lands on "/", which sends an identified customer on to /home
    const start = await web(b().base, "/");
    expect(start.status).toBe(302);
    expect(start.location).toBe("/home");

    for (const base of [b().base, a().base, proxyBase, proxyBase]) {
      const home = await web(base, "/home");
      expect(home.status, `GET /home via ${base}`).toBe(200);
    }

    // Two tabs at once, one through each instance, both after the access token expired: both
    // refresh with the same refresh token (no shared in-process cache), and neither ends the
    // session as a reused token (rotation grace, domain/auth/sessions.ts).
    const handle = await openDatabase({ url: databaseUrl, poolSize: 1 });
    try {
      await handle.db.execute(
        sql`update api_sessions set access_expires_at = now() - interval '1 second'
            where revoked_at is null and user_id = (select id from users where phone = ${SEED_PHONES.both})`,
      );
    } finally {
      await handle.close();
    }
    const sameCookie = cookie;
    const tabs = await Promise.all(
      [a().base, b().base].map(async (base) => {
        const r = await fetch(`${base}/home`, { redirect: "manual", headers: { cookie: sameCookie } });
        await r.text();
        return {
          base,
          status: r.status,
          cookie: r.headers
            .getSetCookie()
            .find((c) => c.startsWith("__session="))
            ?.split(";")[0],
        };
      }),
    );
    for (const tab of tabs) {
      expect(tab.status, `GET /home via ${tab.base} with an expired access token`).toBe(200);
      expect(tab.cookie, "the answer carries the rotated tokens").toBeTruthy();
    }
    // Whichever answer the browser kept last, the session goes on.
    for (const tab of tabs) {
      cookie = tab.cookie!;
      expect((await web(proxyBase, "/home")).status).toBe(200);
    }
  });

  it("a chat message posted through A reaches a socket on B (Redis adapter); B accepts A's messaging token", async () => {
    // A bearer session made directly in the shared database (the login flow is tested above, and
    // its per-phone code limit would refuse a second code for the same phone within 60 s).
    const handle = await openDatabase({ url: databaseUrl, poolSize: 2 });
    let accessToken: string;
    let organizationId: string;
    try {
      const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.phone, SEED_PHONES.individual));
      accessToken = (await createSession(handle.db, user.id)).accessToken;
      organizationId = (await memberOrganizationIds(handle.db, user.id))[0];
    } finally {
      await handle.close();
    }
    const auth = { authorization: `Bearer ${accessToken}` };
    const channels = await fetch(`${a().base}/api/v1/channels?channelType=MAIN&organizationId=${organizationId}`, {
      headers: auth,
    });
    expect(channels.status).toBe(200);
    const mainId = ((await channels.json()) as { data: { id: string }[] }).data[0].id;
    const token = ((await (await post(a().base, "/tokens/messaging", {}, auth)).json()) as { token: string }).token;

    const socket: Socket = connectSocket(b().base, {
      path: "/api/socket.io",
      auth: { token },
      transports: ["websocket"],
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on("connect", () => resolve());
        socket.on("connect_error", reject);
      });
      const subscribed = await new Promise<{ ok: boolean }>((resolve) =>
        socket.emit("subscribe", { channelId: mainId }, resolve),
      );
      expect(subscribed.ok).toBe(true);
      const received = new Promise<{ content: string; channelId: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no message on B within 10 s")), 10_000);
        socket.on("message", (m: { content: string; channelId: string }) => {
          clearTimeout(timer);
          resolve(m);
        });
      });
      const sent = await post(a().base, `/channels/${mainId}/messages`, { content: "Hello from instance A" }, auth);
      expect(sent.status).toBe(201);
      expect(await received).toMatchObject({ channelId: mainId, content: "Hello from instance A" });
    } finally {
      socket.disconnect();
    }
  });

  it("housekeeping runs in one process only, and the other takes over when the leader dies", async () => {
    await new Promise((r) => setTimeout(r, 2_000)); // several 300 ms ticks in each process
    const counts = instances.map((i) => i.housekeeping.length);
    expect(
      counts.filter((n) => n > 0),
      `housekeeping runs per instance: ${counts.join(", ")}`,
    ).toHaveLength(1);
    const leader = instances.find((i) => i.housekeeping.length > 0)!;
    const follower = instances.find((i) => i !== leader)!;
    expect(counts[instances.indexOf(leader)]).toBeGreaterThanOrEqual(3);

    leader.child.kill("SIGKILL");
    const killedAt = Date.now();
    const deadline = killedAt + 10_000;
    while (Date.now() < deadline && !follower.housekeeping.some((t) => t > killedAt))
      await new Promise((r) => setTimeout(r, 100));
    expect(
      follower.housekeeping.some((t) => t > killedAt),
      "the survivor took over housekeeping",
    ).toBe(true);
  });
});
