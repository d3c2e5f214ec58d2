/**
 * The process's ceiling on upload bodies held in memory at once (UPLOADS_IN_FLIGHT_MB;
 * server/domain/uploads/in-flight.ts, server/api/v1/uploads.ts `multipartUpload`;
 * docs/decisions.md "Upload bodies in memory"), with a ceiling of 1 MiB:
 * - while one upload's body (declared 700 KiB) is still arriving, a second of 400 KiB is refused
 *   at once with 503 SERVICE_BUSY and Retry-After, before its body is read, and stores nothing;
 *   one that still fits (200 KiB) is stored meanwhile;
 * - when the first client goes away mid-body, its bytes are released and the 400 KiB upload is
 *   stored; after a stored upload and after refused ones (malformed, a file over 10 MiB) nothing
 *   stays reserved, and an anonymous body is never counted.
 * The ceiling does not depend on the database: PGlite only.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { uploads } from "../../server/db/schema/index.js";
import { createCustomer, type CreatedCustomer } from "../../server/seed/factories.js";
import { uploadBudgetOf } from "../../server/api/v1/uploads.js";
import type { ApiDeps } from "../../server/api/v1/http.js";
import { startTestServer, type TestServer } from "./helpers.js";

const KiB = 1024;
/** A PDF (typed by its first bytes) padded to `size` bytes. */
function pdf(size: number): Uint8Array<ArrayBuffer> {
  const head = new TextEncoder().encode("%PDF-1.4\n%%EOF\n");
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(head);
  return bytes;
}

async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("upload ceiling (UPLOADS_IN_FLIGHT_MB=1) on pglite", () => {
  let s: TestServer;
  let a: CreatedCustomer;
  let token: string;
  const inFlight = () => uploadBudgetOf({ config: s.config } as ApiDeps).inFlight;
  const uploadCount = async () => (await s.db.select({ n: count() }).from(uploads))[0].n;

  beforeAll(async () => {
    s = await startTestServer({ db: "pglite", env: { UPLOADS_IN_FLIGHT_MB: "1" } });
    a = await createCustomer(s.db, { type: "INDIVIDUAL" });
    token = await s.login(a.phone);
  });
  afterAll(async () => s?.close());

  async function upload(size: number) {
    const form = new FormData();
    form.append("organizationId", a.organization.id);
    form.append("files", new Blob([pdf(size)], { type: "application/pdf" }), "invoice.pdf");
    const res = await fetch(`${s.baseUrl}/api/v1/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const text = await res.text();
    return { status: res.status, retryAfter: res.headers.get("retry-after"), body: text ? JSON.parse(text) : null };
  }

  /** An upload whose body starts to arrive and then stalls: the server has reserved its declared length. */
  function stalledUpload(declared: number): { req: http.ClientRequest; done: Promise<unknown> } {
    const url = new URL(`${s.baseUrl}/api/v1/uploads`);
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "multipart/form-data; boundary=XyZ",
        "content-length": String(declared),
      },
    });
    const done = new Promise((resolve) => {
      req.on("error", resolve);
      req.on("response", (res) => res.resume().on("end", resolve));
    });
    req.write(
      `--XyZ\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    return { req, done };
  }

  it("refuses an upload that would pass the ceiling with 503 and Retry-After, stores what fits, and releases a client that went away", async () => {
    expect(s.config.UPLOADS_IN_FLIGHT_MB).toBe(1);
    const before = await uploadCount();
    const stalled = stalledUpload(700 * KiB);
    await until(() => inFlight() === 700 * KiB, "the stalled upload's reservation");

    const refused = await upload(400 * KiB);
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe("5");
    expect(refused.body).toMatchObject({ statusCode: 503, code: "SERVICE_BUSY", retryAfter: 5 });
    expect(await uploadCount()).toBe(before);

    // What still fits beside it is taken.
    const small = await upload(200 * KiB);
    expect(small.status, JSON.stringify(small.body)).toBe(201);
    expect(await uploadCount()).toBe(before + 1);

    // The first client goes away mid-body: its bytes are released.
    stalled.req.destroy();
    await stalled.done;
    await until(() => inFlight() === 0, "the release of the stalled upload");

    const retried = await upload(400 * KiB);
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    expect(await uploadCount()).toBe(before + 2);
    await until(() => inFlight() === 0, "the release after a stored upload");
  });

  it("releases the bytes of a refused body (malformed multipart, a file over 10 MiB) and of an anonymous one is never counted", async () => {
    const malformed = await fetch(`${s.baseUrl}/api/v1/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "multipart/form-data; boundary=XyZ" },
      body: '--XyZ\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.4 unterminated',
    });
    expect(malformed.status).toBe(400);
    await until(() => inFlight() === 0, "the release after a malformed body");

    // Larger than the whole ceiling: taken alone (bounded by the request's own limit), refused by the file limit.
    const tooLarge = await upload(10 * 1024 * KiB + 1);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.message[0].constraints.maxSize).toBe("Identity.max-size-error");
    await until(() => inFlight() === 0, "the release after a file over the limit");

    const anonymous = await fetch(`${s.baseUrl}/api/v1/uploads`, { method: "POST", body: new FormData() });
    expect(anonymous.status).toBe(401);
    expect(inFlight()).toBe(0);
  });
});
