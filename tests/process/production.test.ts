/**
 * The bank in production mode, as a real process (`node --import tsx server/index.ts`, built web
 * app), with one-time codes delivered through the Twilio provider to a local fake of Twilio's
 * Messages API. Proves: production starts with Twilio configured (and only demo-free reference
 * data is seeded); a login code travels through Twilio and never appears in an answer; HSTS is
 * sent only over TLS, where TLS is what a trusted proxy says (`X-Forwarded-Proto`, TRUST_PROXY);
 * the web session cookie is Secure, httpOnly and SameSite=Lax; the CSP allows no inline code.
 * Needs `npx remix build` first (tests/run-all.sh runs it before this project).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client.js";
import { seed } from "../../server/seed/seed.js";
import { createCustomer, DEFAULT_PASSWORD } from "../../server/seed/factories.js";

const SID = "AC" + "f".repeat(32);
const TOKEN = "fake-twilio-auth-token-0123";
const messages: URLSearchParams[] = [];
let twilio: http.Server;
let bank: ChildProcess;
let base = "";
let phone = "";
let log = "";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  // Fake Twilio: records each message, answers like the Messages API.
  twilio = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      messages.push(new URLSearchParams(body));
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ sid: "SM" + "1".repeat(32), status: "queued" }));
    });
  });
  await new Promise<void>((r) => twilio.listen(0, "127.0.0.1", r));
  const twilioUrl = `http://127.0.0.1:${(twilio.address() as net.AddressInfo).port}`;

  // A production database holds no demo customers: make one customer before the bank starts
  // (the embedded database belongs to one process at a time).
  const dataDir = path.resolve(`tests/.tmp/production-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const handle = await openDatabase({ dataDir });
  await seed(handle.db, { demo: false });
  phone = (await createCustomer(handle.db, { type: "INDIVIDUAL", balances: { GBP: "10.00" } })).phone;
  await handle.close();

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  bank = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SESSION_SECRET: "production-test-session-secret-0123456789",
      OTP_SECRET: "production-test-otp-secret-0123456789",
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: "+447700900990",
      TWILIO_API_BASE_URL: twilioUrl,
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  bank.stdout!.on("data", (d) => (log += d));
  bank.stderr!.on("data", (d) => (log += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (bank.exitCode !== null) throw new Error(`the bank exited (${bank.exitCode}):\n${log}`);
    const ok = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the bank did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}, 120_000);

afterAll(async () => {
  bank?.kill("SIGTERM");
  await new Promise<void>((r) => twilio?.close(() => r()));
});

const post = (p: string, body: unknown) =>
  fetch(`${base}/api/v1${p}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("production mode with the Twilio provider", () => {
  it("a login code is delivered through Twilio, never in the answer, and logs the customer in", async () => {
    const started = await post("/auth/phone", { phone });
    expect(started.status).toBe(200);
    const challenge = await started.json();
    expect(challenge.debugCode).toBeUndefined();
    const sms = messages.find((m) => m.get("To") === phone);
    expect(sms?.get("From")).toBe("+447700900990");
    const code = /\b(\d{4})\b/.exec(sms?.get("Body") ?? "")?.[1];
    expect(code).toMatch(/^\d{4}$/);
    expect((await post("/auth/verify-code", { token: challenge.token, code })).status).toBe(200);
    const tokens = await post("/auth/verify-password", { token: challenge.token, password: DEFAULT_PASSWORD });
    expect(tokens.status).toBe(200);
    expect(log).not.toContain(`${code}. Never share`);
  });

  it("no demo customers are seeded in production", async () => {
    const r = await post("/auth/phone", { phone: "+447700900001" });
    expect(r.status).toBe(200);
    expect(messages.some((m) => m.get("To") === "+447700900001")).toBe(false);
  });

  it("HSTS only over TLS: from the trusted proxy's X-Forwarded-Proto, not on plain HTTP", async () => {
    const plain = await fetch(`${base}/api/v1/health`);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const tls = await fetch(`${base}/api/v1/health`, { headers: { "x-forwarded-proto": "https" } });
    expect(tls.headers.get("strict-transport-security")).toMatch(/^max-age=31536000/);
  });

  it("the web session cookie is Secure, HttpOnly and SameSite=Lax; the CSP allows no inline code", async () => {
    const page = await fetch(`${base}/auth/phone`, { headers: { "x-forwarded-proto": "https" } });
    expect(page.status).toBe(200);
    const cookie = page.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/__session=/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("upgrade-insecure-requests");
  });

  it("per-IP code limits count the customers behind the web app, not the web server (21 customers, limit 20 per IP)", async () => {
    const origin = `https://${new URL(base).host}`;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      // Each customer's address, as the trusted proxy in front of the bank reports it.
      const headers = { "x-forwarded-for": `198.51.100.${i + 1}`, "x-forwarded-proto": "https" };
      const root = await fetch(`${base}/auth/phone?_data=root`, { headers });
      const cookie = (root.headers.get("set-cookie") ?? "").split(";")[0]!;
      const { csrf } = (await root.json()) as { csrf: string };
      const sent = await fetch(`${base}/auth/phone`, {
        method: "POST",
        redirect: "manual",
        headers: { ...headers, cookie, origin, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "phone", phone: `+4479002${String(10000 + i)}`, csrf }),
      });
      statuses.push(sent.status);
    }
    // Each went on to the code step: none refused as the web server's 21st code.
    expect(statuses).toEqual(Array(21).fill(302));
  });
});
