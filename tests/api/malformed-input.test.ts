/**
 * Malformed input gets a clear 4xx, never a 500, and no stack trace or SQL text (issue 5,
 * "500 on malformed input instead of 4xx"). Each case answered 500 (or a stack-trace page)
 * before server/api/v1/input-guard.ts, server/web-guards.ts and the strict history dates:
 * - a body with `Content-Encoding: gzip`/`deflate` that is not; an unsupported encoding;
 * - malformed percent-encoding in a path id, in the API and in the web app's URLs;
 * - NUL characters in text fields (PostgreSQL refuses them in `text`);
 * - out-of-range dates in the history filter;
 * - a web form POST with a foreign `Origin` (Remix's own check throws);
 * - multipart bodies of POST /uploads: broken framing, a Content-Encoding, NUL characters,
 *   oversized or nested fields (multer/busboy errors are 4xx, never 500).
 * The web checks run on `createApp` without a Remix build (the guards answer before Remix),
 * and also on the real build when `build/index.js` exists (`npx remix build`).
 */
import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import http, { type Server } from "node:http";
import { pathToFileURL } from "node:url";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "@remix-run/node";
import { createApp } from "../../server/app.js";
import { loadConfig } from "../../server/config.js";
import { createCustomer } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";
import { LEAK } from "./leaks.js";

const BUILD = path.resolve("build/index.js");

/** Serve `createApp` for the test database with extra config (and optionally the Remix build). */
async function serveApp(
  s: TestServer,
  env: Record<string, string> = {},
  remixBuild?: ServerBuild,
): Promise<{ url: string; close: () => Promise<void> }> {
  const config = loadConfig({
    NODE_ENV: "test",
    SMS_DEBUG_CODES: "true",
    RATE_LIMITS: "relaxed",
    OTP_SECRET: "api-test-otp-secret-0123456789",
    LOG_LEVEL: "silent",
    ...env,
  } as NodeJS.ProcessEnv);
  const app = createApp({ db: s.db, config, sms: s.sms, logger: pino({ level: "silent" }) }, { remixBuild });
  const server = await new Promise<Server>((resolve) => {
    const srv = app.listen(0, "127.0.0.1", () => resolve(srv));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.each(databases)("malformed input on %s", (kind) => {
  let s: TestServer;
  let token: string;
  let orgId: string;
  let accountId: string;

  const raw = async (method: string, p: string, init: { headers?: Record<string, string>; body?: BodyInit } = {}) => {
    const res = await fetch(`${s.baseUrl}${p}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
      body: init.body,
      redirect: "manual",
    });
    const text = await res.text();
    expect(text, `${method} ${p} leaks`).not.toMatch(LEAK);
    return { status: res.status, text, json: res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null };
  };
  const euro = (extra: Record<string, unknown> = {}) => ({
    organizationId: orgId,
    kind: "EURO",
    accountId,
    currencyId: "EUR",
    amount: "1.00",
    beneficiaryName: "Müller Logistik GmbH",
    iban: "DE02120300000000202051",
    bic: "BYLADEM1001",
    ...extra,
  });

  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    const c = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { EUR: "100.00", GBP: "10.00" } });
    token = await s.login(c.phone);
    orgId = c.organization.id;
    accountId = c.account!.id;
  });
  afterAll(async () => s?.close());

  describe("Content-Encoding", () => {
    for (const encoding of ["gzip", "deflate"]) {
      it(`a body that claims ${encoding} but is not → 400 BAD_REQUEST`, async () => {
        const r = await raw("POST", "/api/v1/payments", {
          headers: { "content-type": "application/json", "content-encoding": encoding, "idempotency-key": `enc-${encoding}` },
          body: JSON.stringify(euro()),
        });
        expect(r.status).toBe(400);
        expect(r.json).toMatchObject({ statusCode: 400, code: "BAD_REQUEST" });
      });
    }
    for (const encoding of ["br", "zstd", "x-gzip", "compress", "gzip, gzip", "banana"]) {
      it(`unsupported encoding ${encoding} → 415`, async () => {
        const r = await raw("POST", "/api/v1/auth/phone", {
          headers: { "content-type": "application/json", "content-encoding": encoding },
          body: "{}",
        });
        expect(r.status).toBe(415);
        expect(r.json).toMatchObject({ statusCode: 415, code: "UNSUPPORTED_MEDIA_TYPE" });
      });
    }
    it("real gzip still works", async () => {
      const { gzipSync } = await import("node:zlib");
      const r = await raw("POST", "/api/v1/auth/phone", {
        headers: { "content-type": "application/json", "content-encoding": "gzip" },
        body: gzipSync(JSON.stringify({ phone: "not a phone" })),
      });
      expect(r.status).toBe(400);
      expect(r.json.code).toBe("VALIDATION_FAILED");
    });
  });

  describe("malformed percent-encoding in a path", () => {
    for (const [method, p] of [
      ["GET", "/api/v1/payments/%E0%A4%A"],
      ["GET", "/api/v1/accounts/%E0%A4%A"],
      ["GET", "/api/v1/accounts/%E0%A4%A/balances"],
      ["GET", "/api/v1/statements-items/%E0%A4%A"],
      ["GET", "/api/v1/payments/%FF/signatures"],
      ["DELETE", "/api/v1/payments/%E0%A4%A/decline"],
      ["POST", "/api/v1/payments/%/sign"],
      ["GET", "/api/v1/uploads/%E0%A4%A/file"],
      ["GET", "/api/v1/payments/%E0%A4%A/documents"],
      ["POST", "/api/v1/payments/%FF/documents"],
    ] as const) {
      it(`${method} ${p} → 400 BAD_REQUEST`, async () => {
        const r = await raw(method, p, {
          headers: { "content-type": "application/json" },
          body: method === "GET" ? undefined : "{}",
        });
        expect(r.status).toBe(400);
        expect(r.json).toMatchObject({ statusCode: 400, code: "BAD_REQUEST" });
      });
    }
    for (const p of ["/payments/%E0%A4%A", "/accounts/%E0%A4%A", "/%E0%A4%A", "/payments/%E0%A4%A/sign"]) {
      it(`web GET ${p} → 400 plain page`, async () => {
        const r = await raw("GET", p);
        expect(r.status).toBe(400);
        expect(r.text).toContain("<html");
      });
    }
  });

  describe("NUL characters → VALIDATION_FAILED on the property", () => {
    const nulCases: [string, string, Record<string, unknown> | null, string][] = [
      ["POST", "/payments", euro({ beneficiaryName: "Mül\u0000ler" }), "beneficiaryName"],
      ["POST", "/payments", euro({ reference: "Invoice\u0000 1" }), "reference"],
      ["POST", "/payments", euro({ idempotencyKey: "k\u0000" }), "idempotencyKey"],
      ["POST", "/payments", euro({ currencyId: "EU\u0000" }), "currencyId"],
      ["POST", "/payments", { ...euro(), "ke\u0000y": "x" }, "ke\\u0000y"],
      ["POST", "/auth/phone", { phone: "+447700900001\u0000" }, "phone"],
      ["POST", "/auth/verify-code", { token: "t\u0000", code: "1234" }, "token"],
      ["POST", "/signatures/send-code", { paymentIds: ["\u0000"] }, "paymentIds.0"],
      ["POST", "/payments/00000000-0000-0000-0000-000000000000/documents", { uploadIds: ["\u0000"] }, "uploadIds.0"],
    ];
    for (const [method, p, body, property] of nulCases) {
      it(`${method} ${p} ${property}`, async () => {
        const r = await raw(method, `/api/v1${p}`, {
          headers: { "content-type": "application/json", "idempotency-key": `nul-${property}` },
          body: JSON.stringify(body),
        });
        expect(r.status).toBe(400);
        expect(r.json.code).toBe("VALIDATION_FAILED");
        expect(r.json.message[0].property).toBe(property);
        expect(r.json.message[0].constraints).toHaveProperty("noNulCharacters");
      });
    }
    it("in a query string (history currency) → property currencyId", async () => {
      const r = await raw("GET", `/api/v1/statements-items?organizationId=${orgId}&currencyId=%00`);
      expect(r.status).toBe(400);
      expect(r.json.message[0]).toMatchObject({ property: "currencyId" });
    });
  });

  describe("multipart bodies (POST /uploads)", () => {
    const B = "XyZ";
    const field = (name: string, value: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const file = (filename: string, content: string, name = "files") =>
      `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n${content}\r\n`;
    const pdf = "%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n";
    const upload = (body: string, headers: Record<string, string> = {}) =>
      raw("POST", "/api/v1/uploads", { headers: { "content-type": `multipart/form-data; boundary=${B}`, ...headers }, body });

    const badRequests: [string, () => string, Record<string, string>?][] = [
      ["truncated body", () => `${field("organizationId", orgId)}${file("a.pdf", pdf)}`.slice(0, 150)],
      ["no closing boundary", () => `${field("organizationId", orgId)}--${B}\r\nContent-Disposition: form-data; name="files"`],
      ["NUL in a part header", () => `${field("organizationId", orgId)}${file("a\u0000.pdf", pdf)}--${B}--\r\n`],
      [
        "a boundary the body does not use",
        () => `${field("organizationId", orgId)}--${B}--\r\n`,
        { "content-type": "multipart/form-data; boundary=other" },
      ],
      ["no boundary at all", () => `--${B}--\r\n`, { "content-type": "multipart/form-data" }],
    ];
    for (const [name, body, headers] of badRequests) {
      it(`${name} → 400`, async () => {
        const r = await upload(body(), headers);
        expect(r.status).toBe(400);
        expect(r.json.statusCode).toBe(400);
      });
    }
    it("a Content-Encoding on a multipart body → 415", async () => {
      const r = await upload(`${field("organizationId", orgId)}--${B}--\r\n`, { "content-encoding": "gzip" });
      expect(r.status).toBe(415);
      expect(r.json).toMatchObject({ statusCode: 415, code: "UNSUPPORTED_MEDIA_TYPE" });
    });
    it("NUL in a text field → VALIDATION_FAILED noNulCharacters on it", async () => {
      const r = await upload(`${field("organizationId", `${orgId}\u0000`)}${file("a.pdf", pdf)}--${B}--\r\n`);
      expect(r.status).toBe(400);
      expect(r.json.message[0]).toMatchObject({
        property: "organizationId",
        constraints: { noNulCharacters: expect.any(String) },
      });
    });
    for (const [name, body] of [
      ["an oversized text field", () => `${field("organizationId", "x".repeat(5_000))}--${B}--\r\n`],
      ["too many text fields", () => `${Array.from({ length: 8 }, (_, i) => field(`f${i}`, "x")).join("")}--${B}--\r\n`],
      ["a nested field name", () => `${field("organizationId[a]", orgId)}${file("a.pdf", pdf)}--${B}--\r\n`],
      ["a file in another field", () => `${field("organizationId", orgId)}${file("a.pdf", pdf, "attachment")}--${B}--\r\n`],
      ["no file", () => `${field("organizationId", orgId)}--${B}--\r\n`],
    ] as const) {
      it(`${name} → 400 VALIDATION_FAILED`, async () => {
        const r = await upload(body());
        expect(r.status).toBe(400);
        expect(r.json.code).toBe("VALIDATION_FAILED");
      });
    }
    it("a JSON or text body instead of multipart → 400 VALIDATION_FAILED", async () => {
      for (const [type, body] of [
        ["application/json", JSON.stringify({ organizationId: orgId })],
        ["text/plain", pdf],
      ]) {
        const r = await raw("POST", "/api/v1/uploads", { headers: { "content-type": type }, body });
        expect(r.status, type).toBe(400);
        // JSON is parsed, text is not: either way the files are missing (organizationId is optional).
        expect(r.json.message[0].property).toBe("files");
      }
    });
    it("a well-formed body still uploads", async () => {
      const r = await upload(`${field("organizationId", orgId)}${file("a.pdf", pdf)}--${B}--\r\n`);
      expect(r.status).toBe(201);
      expect(r.json.data[0]).toMatchObject({ name: "a.pdf", mimeType: "application/pdf" });
    });
  });

  describe("history date filters", () => {
    for (const value of [
      "99999-01-01",
      "+099999-01-01",
      "0000-00-00",
      "2026-02-30",
      "2026-13-01",
      "1e20",
      "99999999999999999999",
      "-271821-04-20",
      "275760-09-13",
      "9999-12-31T23:00:00-05:00",
      "2026-01-01T25:00:00Z",
      "yesterday",
    ]) {
      for (const name of ["transferDateFrom", "transferDateTo"]) {
        it(`${name}=${value} → 400 on ${name}`, async () => {
          const r = await raw("GET", `/api/v1/statements-items?organizationId=${orgId}&${name}=${encodeURIComponent(value)}`);
          expect(r.status).toBe(400);
          expect(r.json).toMatchObject({ code: "VALIDATION_FAILED", message: [{ property: name }] });
        });
      }
    }
    it("valid dates and date-times still filter", async () => {
      for (const q of [
        "transferDateFrom=2026-01-01",
        "transferDateFrom=0001-01-01&transferDateTo=9999-12-31",
        "transferDateFrom=2026-01-01T00:00:00.000Z&transferDateTo=2026-12-31T23:59:59%2B02:00",
      ]) {
        const r = await raw("GET", `/api/v1/statements-items?organizationId=${orgId}&${q}`);
        expect(r.status, q).toBe(200);
      }
    });
  });

  describe("web bodies over their limit (server/web-guards.ts limitWebBodies)", () => {
    const post = (p: string, body: BodyInit, headers: Record<string, string> = {}) =>
      fetch(`${s.baseUrl}${p}`, { method: "POST", body, headers, redirect: "manual", duplex: "half" } as RequestInit);
    const form = (bytes: number) => `csrf=x&text=${"a".repeat(bytes)}`;
    const multipart = (bytes: number) => {
      const data = new FormData();
      data.set("csrf", "x");
      data.set("files", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), "a.pdf");
      return data;
    };

    it("a form body over 256 KiB → 413 plain page, unread; one within passes on", async () => {
      const urlencoded = { "content-type": "application/x-www-form-urlencoded" };
      for (const p of ["/locale", "/auth/phone", "/payments/euro"]) {
        const res = await post(p, form(300 * 1024), urlencoded);
        expect(res.status, p).toBe(413);
        const text = await res.text();
        expect(text).toContain("too large");
        expect(text).not.toMatch(LEAK);
        expect((await post(p, form(100), urlencoded)).status, p).not.toBe(413);
      }
    });
    it("multipart over 256 KiB only to a page that takes files; within the upload limit there", async () => {
      expect((await post("/locale", multipart(1024 * 1024))).status).toBe(413);
      expect((await post("/payments/abc/decline", multipart(1024 * 1024))).status).toBe(413);
      for (const p of [
        "/payments/abc/sign",
        "/payments/remittance/new",
        "/beneficiaries/abc/contracts",
        "/chat/abc",
        "/ops/chat/abc",
      ])
        expect((await post(p, multipart(1024 * 1024))).status, p).not.toBe(413);
      expect((await post("/identity/corporate/add-documents?applicationId=a", multipart(1024 * 1024))).status).not.toBe(413);
      // Declared over 10 files of 10 MiB: refused before a byte of it is read.
      const declared = await new Promise<number>((resolve, reject) => {
        const req = http.request(`${s.baseUrl}/payments/abc/sign`, {
          method: "POST",
          headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(102 * 1024 * 1024) },
        });
        req.on("response", (res) => resolve(res.statusCode ?? 0));
        req.on("error", reject);
        req.write("--x\r\n");
      });
      expect(declared).toBe(413);
    });
    it("a body without its length (chunked) → 411; the API keeps its own parsers", async () => {
      const chunked = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("csrf=x"));
          controller.close();
        },
      });
      expect((await post("/locale", chunked, { "content-type": "application/x-www-form-urlencoded" })).status).toBe(411);
      const api = await raw("POST", "/api/v1/auth/phone", {
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ phone: "+447700900001", pad: "a".repeat(300 * 1024) }),
      });
      expect(api.status).toBe(413);
    });
  });

  describe("web form POST with a foreign Origin", () => {
    const form = "phone=%2B447700900001&csrf=x";
    const post = (url: string, headers: Record<string, string>, p = "/auth/phone") =>
      fetch(`${url}${p}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: form,
        redirect: "manual",
      });

    it("foreign or opaque Origin → 403 plain page before the web app", async () => {
      for (const origin of ["https://evil.example", "null", "http://127.0.0.1:1", "not a url", `${s.baseUrl}.evil.example`]) {
        const res = await post(s.baseUrl, { origin });
        const text = await res.text();
        expect(res.status, origin).toBe(403);
        expect(text).toContain("<html");
        expect(text).not.toMatch(LEAK);
      }
    });
    it("own Origin, no Origin, GET, and the API (bearer, not cookies) are not refused by the check", async () => {
      expect((await post(s.baseUrl, { origin: s.baseUrl })).status).not.toBe(403);
      expect((await post(s.baseUrl, {})).status).not.toBe(403);
      expect((await fetch(`${s.baseUrl}/auth/phone`, { headers: { origin: "https://evil.example" } })).status).not.toBe(403);
      const api = await raw("POST", "/api/v1/auth/phone", {
        headers: { "content-type": "application/json", origin: "https://evil.example" },
        body: JSON.stringify({ phone: "bad" }),
      });
      expect(api.status).toBe(400);
    });
    it("an untrusted X-Forwarded-Host that differs from Host is refused (Remix would compare with it and throw)", async () => {
      const host = new URL(s.baseUrl).host;
      expect((await post(s.baseUrl, { origin: "http://bank.example", "x-forwarded-host": "bank.example" })).status).toBe(403);
      expect((await post(s.baseUrl, { origin: s.baseUrl, "x-forwarded-host": "bank.example" })).status).toBe(403);
      expect((await post(s.baseUrl, { origin: s.baseUrl, "x-forwarded-host": host })).status).not.toBe(403);
    });
    it("behind a trusted proxy (TRUST_PROXY) the forwarded scheme and host make the origin", async () => {
      const trusted = await serveApp(s, { TRUST_PROXY: "loopback" });
      try {
        const fwd = { "x-forwarded-proto": "https", "x-forwarded-host": "bank.example" };
        expect((await post(trusted.url, { ...fwd, origin: "https://bank.example" })).status).not.toBe(403);
        expect((await post(trusted.url, { ...fwd, origin: "http://bank.example" })).status).toBe(403);
        expect((await post(trusted.url, { ...fwd, origin: "https://evil.example" })).status).toBe(403);
      } finally {
        await trusted.close();
      }
      // Without TRUST_PROXY the forwarded scheme is ignored: https Origin ≠ http socket.
      expect((await post(s.baseUrl, { "x-forwarded-proto": "https", origin: s.baseUrl.replace("http:", "https:") })).status).toBe(
        403,
      );
    });

    it.skipIf(!fs.existsSync(BUILD))(
      "with the real Remix build: 403 (not 500) for a foreign Origin, the CSRF token still checked",
      async () => {
        const build = (await import(pathToFileURL(BUILD).href)) as ServerBuild;
        const web = await serveApp(s, {}, build);
        try {
          for (const origin of ["https://evil.example", "null"]) {
            const res = await post(web.url, { origin });
            expect(res.status, origin).toBe(403);
            expect(await res.text()).not.toMatch(LEAK);
          }
          for (const p of ["/payments/%E0%A4%A", "/%E0%A4%A"]) {
            const res = await fetch(`${web.url}${p}`);
            expect(res.status, p).toBe(400);
            expect(await res.text()).not.toMatch(LEAK);
          }
          // Same origin, wrong token: the app's own CSRF check answers 403, not 500.
          const same = await post(web.url, { origin: web.url }, "/auth/phone");
          expect(same.status).toBe(403);
        } finally {
          await web.close();
        }
      },
    );
  });
});
