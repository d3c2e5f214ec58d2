/**
 * The build's JavaScript and CSS are sent compressed whatever their size (server/app.ts): a page
 * loads 20 to 40 build chunks, most of them under compression's default threshold of 1 KB, which
 * were sent as they are (docs/performance.md "First-load JavaScript (2026-11-29)"). Other answers
 * keep the default threshold. Served from a folder of its own (`root`) with a stand-in Remix
 * build: only the static files are asked for.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "@remix-run/node";
import { createApp } from "../../server/app.js";
import { loadConfig } from "../../server/config.js";
import { startTestServer, type TestServer } from "./helpers.js";

/** A chunk as the build makes them: a few hundred bytes of minified JavaScript. */
const SMALL_CHUNK = `import{a as e}from"/build/_shared/chunk-AAAAAAAA.js";${"var t=e(1);export{t as a};".repeat(12)}`;

/** GET `p` asking for gzip; the answer's encoding and body size on the wire. */
function get(url: string, p: string): Promise<{ status: number; encoding: string | undefined; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}${p}`, { headers: { "accept-encoding": "gzip" } }, (res) => {
        let bytes = 0;
        res.on("data", (c: Buffer) => (bytes += c.length));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, encoding: res.headers["content-encoding"], bytes }));
      })
      .on("error", reject);
  });
}

describe("compression of static files", () => {
  let s: TestServer;
  let server: Server;
  let url: string;
  let root: string;

  beforeAll(async () => {
    s = await startTestServer({ db: "pglite" });
    root = fs.mkdtempSync(path.join(os.tmpdir(), "static-compression-"));
    fs.mkdirSync(path.join(root, "public/build/_shared"), { recursive: true });
    fs.writeFileSync(path.join(root, "public/build/_shared/chunk-SMALL.js"), SMALL_CHUNK);
    fs.writeFileSync(path.join(root, "public/small.txt"), SMALL_CHUNK);
    const config = loadConfig({
      NODE_ENV: "test",
      SMS_DEBUG_CODES: "true",
      RATE_LIMITS: "relaxed",
      OTP_SECRET: "api-test-otp-secret-0123456789",
      LOG_LEVEL: "silent",
    } as NodeJS.ProcessEnv);
    // Only its entry's wrapper is read when the app is made; no page is asked for.
    const build = { entry: { module: { wrapRequestHandler: (h: unknown) => h } } } as unknown as ServerBuild;
    const app = createApp({ db: s.db, config, sms: s.sms, logger: pino({ level: "silent" }) }, { remixBuild: build, root });
    server = await new Promise<Server>((resolve) => {
      const srv = app.listen(0, "127.0.0.1", () => resolve(srv));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    fs.rmSync(root, { recursive: true, force: true });
    await s.close();
  });

  it("sends a build chunk under 1 KB compressed", async () => {
    expect(SMALL_CHUNK.length).toBeLessThan(1024);
    const res = await get(url, "/build/_shared/chunk-SMALL.js");
    expect(res.status).toBe(200);
    expect(res.encoding).toBe("gzip");
    expect(res.bytes).toBeLessThan(SMALL_CHUNK.length / 2);
  });

  it("keeps the default threshold outside the build", async () => {
    const res = await get(url, "/small.txt");
    expect(res.status).toBe(200);
    expect(res.encoding).toBeUndefined();
    expect(res.bytes).toBe(SMALL_CHUNK.length);
  });
});
