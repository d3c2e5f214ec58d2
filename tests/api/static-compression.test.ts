/**
 * The build's JavaScript and CSS are sent compressed whatever their size (server/app.ts): a page
 * loads 20 to 40 build chunks, most of them under compression's default threshold of 1 KB, which
 * were sent as they are (docs/performance.md "First-load JavaScript (2026-11-29)"). Other answers
 * keep the default threshold. A build file that `npm run build` compressed beside itself
 * (scripts/build/precompress.ts) is sent as those bytes, Brotli first; one without them is
 * compressed per request. Served from a folder of its own (`root`) with a stand-in Remix
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
import zlib from "node:zlib";
import { precompressBuild } from "../../scripts/build/precompress.js";
import { startTestServer, type TestServer } from "./helpers.js";

/** A chunk as the build makes them: a few hundred bytes of minified JavaScript. */
const SMALL_CHUNK = `import{a as e}from"/build/_shared/chunk-AAAAAAAA.js";${"var t=e(1);export{t as a};".repeat(12)}`;

/** A chunk big enough for Brotli 11 and gzip 9 to differ from their per-request levels. */
const LARGE_CHUNK = Array.from(
  { length: 400 },
  (_, i) => `export const v${i}=${JSON.stringify(`Überweisung ${i * 7919}`)};`,
).join("");

/** The answer to GET `p` with `accept-encoding` (gzip unless given): status, headers, body on the wire. */
function get(
  url: string,
  p: string,
  acceptEncoding: string | null = "gzip",
): Promise<{ status: number; encoding: string | undefined; bytes: number; body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}${p}`, { headers: acceptEncoding === null ? {} : { "accept-encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers["content-encoding"],
            bytes: body.length,
            body,
            headers: res.headers,
          });
        });
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
    fs.writeFileSync(path.join(root, "public/build/_shared/chunk-LARGE.js"), LARGE_CHUNK);
    // As `npm run build` leaves the folder: every file with its .br and .gz (made before the app
    // starts: express-static-gzip reads the folder then); one more chunk without them.
    precompressBuild(path.join(root, "public/build"));
    fs.writeFileSync(path.join(root, "public/build/_shared/chunk-BARE.js"), LARGE_CHUNK);
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

  it("sends a precompressed build file as its Brotli bytes when Brotli is accepted, else its gzip bytes, else as it is", async () => {
    const file = path.join(root, "public/build/_shared/chunk-LARGE.js");
    const brotli = await get(url, "/build/_shared/chunk-LARGE.js", "gzip, deflate, br");
    expect(brotli.status).toBe(200);
    expect(brotli.encoding).toBe("br");
    expect(brotli.body.equals(fs.readFileSync(`${file}.br`))).toBe(true);
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(LARGE_CHUNK);
    expect(brotli.headers["content-type"]).toMatch(/^(application|text)\/javascript; charset=utf-8$/i);
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    const gzip = await get(url, "/build/_shared/chunk-LARGE.js", "gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(gzip.body.equals(fs.readFileSync(`${file}.gz`))).toBe(true);
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(LARGE_CHUNK);

    const plain = await get(url, "/build/_shared/chunk-LARGE.js", null);
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(LARGE_CHUNK);
  });

  it("compresses per request a build file that has no precompressed copies, at a lower level", async () => {
    const bare = await get(url, "/build/_shared/chunk-BARE.js", "br");
    expect(bare.status).toBe(200);
    expect(bare.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(bare.body).toString()).toBe(LARGE_CHUNK);
    // The precompressed copy of the same bytes is smaller (Brotli 11 against compression's 4).
    const large = await get(url, "/build/_shared/chunk-LARGE.js", "br");
    expect(large.bytes).toBeLessThan(bare.bytes);
  });
});
