/**
 * Uploads and supporting documents against a real database (spec 000 §7 "POST /v1/uploads
 * (multipart field files)", "POST /v1/payments/{id}/documents", "GET
 * /v1/settings/transactions-documents"; §8 'Identity.max-size-error'):
 * - files are typed by their bytes: minimal real PDF, PNG, JPEG, DOCX and XLSX are accepted; a
 *   text file named .pdf, a renamed .exe, a plain zip and a macro-enabled .docm are refused; a
 *   name whose extension lies about the bytes (a PDF named report.html) gets the type's own;
 *   an empty file and a file of 10 MiB + 1 byte are refused (the latter with the spec's
 *   'Identity.max-size-error' on `files`), and nothing is stored then;
 * - a file is served only to members of its organization (another customer 404, logged out 401),
 *   with Content-Disposition attachment, nosniff and no-store;
 * - documents attach to a payment of the same organization (idempotently), never an upload of
 *   another organization, never to another customer's payment (404) or a declined one (409);
 * - signing a payment at/above the threshold without documents is 400 DOCUMENTS_REQUIRED and
 *   posts nothing; with a document attached the same MFA token signs it.
 */
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { settings, uploads } from "../../server/db/schema/index.js";
import { createCustomer, type CreatedCustomer } from "../../server/seed/factories.js";
import {
  MAX_UPLOAD_BYTES,
  sanitizeFileName,
  SETTING_TRANSACTIONS_DOCUMENTS,
  storeUploads,
} from "../../server/domain/uploads/index.js";
import { uploadCost } from "../../server/domain/rate-limit/index.js";
import { attachmentDisposition } from "../../server/api/v1/uploads.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

const text = (s: string) => new TextEncoder().encode(s);

/** A minimal, well-formed one-page PDF. */
const PDF = text(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n" +
    "trailer\n<< /Root 1 0 R >>\n%%EOF\n",
);
/** PNG signature + IHDR chunk (1×1, 8-bit RGB) with its CRC. */
const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0,
  0x90, 0x77, 0x53, 0xde,
]);
/** JPEG: SOI, APP0 "JFIF", EOI. */
const JPEG = Uint8Array.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff,
  0xd9,
]);

/** A stored (uncompressed) ZIP archive of the given entries, as Office files are built. */
function zip(entries: [string, string][]): Uint8Array {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const n = Buffer.from(name);
    const d = Buffer.from(content);
    const crc = zlib.crc32(d);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(d.length, 18);
    local.writeUInt32LE(d.length, 22);
    local.writeUInt16LE(n.length, 26);
    parts.push(local, n, d);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(d.length, 20);
    c.writeUInt32LE(d.length, 24);
    c.writeUInt16LE(n.length, 28);
    c.writeUInt32LE(offset, 42);
    central.push(c, n);
    offset += local.length + n.length + d.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, cd, end]));
}
const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Override PartName="/main.xml" ContentType="${main}.main+xml"/></Types>`;
const DOCX = zip([
  ["[Content_Types].xml", contentTypes("application/vnd.openxmlformats-officedocument.wordprocessingml.document")],
  ["word/document.xml", "<w:document/>"],
]);
const XLSX = zip([
  ["[Content_Types].xml", contentTypes("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")],
  ["xl/workbook.xml", "<workbook/>"],
]);
const DOCM = zip([
  ["[Content_Types].xml", contentTypes("application/vnd.ms-word.document.macroEnabled")],
  ["word/document.xml", "<w:document/>"],
]);

interface FilePart {
  name: string;
  bytes: Uint8Array;
  /** What the client claims (ignored by the server: the bytes decide). */
  type?: string;
}

describe.each(databases)("uploads and payment documents on %s", (kind) => {
  let s: TestServer;
  /** Owner of most uploads: INDIVIDUAL with EUR 30,000.00. */
  let a: CreatedCustomer;
  let aToken: string;
  /** Another customer (own organization). */
  let b: CreatedCustomer;
  let bToken: string;

  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    a = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { EUR: "30000.00" } });
    b = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { EUR: "100.00" } });
    aToken = await s.login(a.phone);
    bToken = await s.login(b.phone);
  });
  afterAll(async () => s?.close());

  /** POST /uploads as multipart/form-data. */
  async function upload(token: string | undefined, organizationId: string | null, files: FilePart[]) {
    const form = new FormData();
    if (organizationId !== null) form.append("organizationId", organizationId);
    for (const f of files)
      form.append("files", new Blob([new Uint8Array(f.bytes)], { type: f.type ?? "application/octet-stream" }), f.name);
    const res = await fetch(`${s.baseUrl}/api/v1/uploads`, {
      method: "POST",
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
    const body = await res.text();
    return { status: res.status, body: body ? JSON.parse(body) : null };
  }
  const uploadCount = async () => (await s.db.select({ n: count() }).from(uploads))[0].n;
  const euro = (c: CreatedCustomer, amount: string) => ({
    organizationId: c.organization.id,
    kind: "EURO",
    accountId: c.account!.id,
    currencyId: "EUR",
    amount,
    beneficiaryName: "Müller Logistik GmbH",
    iban: "DE02120300000000202051",
    bic: "BYLADEM1001",
  });
  let keys = 0;
  async function pay(token: string, c: CreatedCustomer, amount: string): Promise<string> {
    const r = await s.call("POST", "/payments", { token, body: euro(c, amount), headers: { "Idempotency-Key": `up-${++keys}` } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.status).toBe("AWAITING_SIGNATURE");
    return r.body.id as string;
  }
  async function mfaFor(token: string, paymentIds: string[]): Promise<string> {
    const c = await s.call("POST", "/signatures/send-code", { token, body: { paymentIds, mfa: "PHONE", channel: "SMS" } });
    expect(c.status).toBe(200);
    const v = await s.call("POST", "/signatures/validate", { token, body: { token: c.body.token, code: c.body.debugCode } });
    expect(v.status).toBe(200);
    return v.body.token as string;
  }
  const sign = (token: string, id: string, mfaToken: string) =>
    s.call("POST", `/payments/${id}/sign`, { token, body: { mfaToken, signedAt: new Date().toISOString() } });
  const attach = (token: string, paymentId: string, uploadIds: string[]) =>
    s.call("POST", `/payments/${paymentId}/documents`, { token, body: { uploadIds } });

  it("a user's uploads count in MiB begun against 200 an hour (strict limits): the next is 429, stores nothing", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const one = () =>
      storeUploads(s.db, {
        userId: c.user.id,
        organizationId: c.organization.id,
        files: [{ name: "a.pdf", bytes: PDF }],
        limits: { relaxed: false },
      });
    // A 3 MiB file costs 3, a tiny one 1 (a MiB begun).
    expect(uploadCost(3 * 1024 * 1024)).toBe(3);
    expect(uploadCost(PDF.length)).toBe(1);
    for (let i = 0; i < 200; i++) await one();
    await expect(one()).rejects.toMatchObject({ code: "RATE_LIMITED" });
    const [{ n }] = await s.db.select({ n: count() }).from(uploads).where(eq(uploads.userId, c.user.id));
    expect(n).toBe(200);
  });

  it("accepts PDF, PNG, JPEG, DOCX and XLSX, typed by their bytes (not by name or claimed type)", async () => {
    const r = await upload(aToken, a.organization.id, [
      { name: "invoice.pdf", bytes: PDF, type: "application/pdf" },
      { name: "scan.png", bytes: PNG, type: "image/png" },
      { name: "photo.jpg", bytes: JPEG, type: "text/plain" },
      { name: "contract.docx", bytes: DOCX },
      { name: "ledger.xlsx", bytes: XLSX },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data.map((u: any) => [u.name, u.mimeType, u.size])).toEqual([
      ["invoice.pdf", "application/pdf", PDF.length],
      ["scan.png", "image/png", PNG.length],
      ["photo.jpg", "image/jpeg", JPEG.length],
      ["contract.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", DOCX.length],
      ["ledger.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", XLSX.length],
    ]);
    for (const u of r.body.data) {
      expect(u.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(u.createdAt)).not.toBeNaN();
    }
    const [row] = await s.db.select().from(uploads).where(eq(uploads.id, r.body.data[0].id));
    expect(row.sha256).toBe((await import("node:crypto")).createHash("sha256").update(PDF).digest("hex"));
    expect(row.organizationId).toBe(a.organization.id);
  });

  it("refuses a text file named .pdf, a renamed .exe, a zip, a .docm, an empty file — and stores none of the batch", async () => {
    const before = await uploadCount();
    const exe = new Uint8Array(Buffer.concat([Buffer.from("MZ"), Buffer.alloc(300)]));
    for (const bad of [
      { name: "x.pdf", bytes: text("just some text, not a PDF"), type: "application/pdf" },
      { name: "invoice.pdf", bytes: exe, type: "application/pdf" },
      { name: "archive.docx", bytes: zip([["a.txt", "hello"]]) },
      { name: "macro.docx", bytes: DOCM },
    ]) {
      const r = await upload(aToken, a.organization.id, [{ name: "ok.pdf", bytes: PDF }, bad]);
      expect(r.status, bad.name).toBe(400);
      expect(r.body).toMatchObject({ code: "VALIDATION_FAILED", message: [{ property: "files" }] });
      expect(r.body.message[0].constraints.isAllowedType).toMatch(/PDF, PNG, JPG, XLSX or DOCX/);
    }
    const empty = await upload(aToken, a.organization.id, [{ name: "empty.pdf", bytes: new Uint8Array(0) }]);
    expect(empty.status).toBe(400);
    expect(empty.body.message[0]).toMatchObject({ property: "files", constraints: { isNotEmpty: expect.any(String) } });
    const none = await upload(aToken, a.organization.id, []);
    expect(none.status).toBe(400);
    expect(none.body.message[0].property).toBe("files");
    expect(await uploadCount()).toBe(before);
  });

  it("refuses 10 MiB + 1 byte (and more) with 'Identity.max-size-error' on files; exactly 10 MiB is accepted", async () => {
    const before = await uploadCount();
    const big = (size: number) => {
      const bytes = new Uint8Array(size);
      bytes.set(PDF);
      return bytes;
    };
    for (const size of [MAX_UPLOAD_BYTES + 1, MAX_UPLOAD_BYTES + 2, MAX_UPLOAD_BYTES + 500_000]) {
      const r = await upload(aToken, a.organization.id, [{ name: "big.pdf", bytes: big(size) }]);
      expect(r.status, String(size)).toBe(400);
      expect(r.body).toEqual({
        statusCode: 400,
        code: "VALIDATION_FAILED",
        message: [{ property: "files", constraints: { maxSize: "Identity.max-size-error" } }],
      });
    }
    expect(await uploadCount()).toBe(before);
    const exact = await upload(aToken, a.organization.id, [{ name: "exact.pdf", bytes: big(MAX_UPLOAD_BYTES) }]);
    expect(exact.status).toBe(201);
    expect(exact.body.data[0].size).toBe(MAX_UPLOAD_BYTES);
  });

  it("refuses more than 10 files, a file in another field, a malformed or foreign organizationId; without one the upload is the caller's own", async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.pdf`, bytes: PDF }));
    const many = await upload(aToken, a.organization.id, eleven);
    expect(many.status).toBe(400);
    expect(many.body.message[0].property).toBe("files");

    const form = new FormData();
    form.append("organizationId", a.organization.id);
    form.append("attachment", new Blob([new Uint8Array(PDF)]), "x.pdf");
    const other = await fetch(`${s.baseUrl}/api/v1/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${aToken}` },
      body: form,
    });
    expect(other.status).toBe(400);
    expect((await other.json()).message[0].property).toBe("files");

    // Without an organization the upload is the caller's own (an applicant's document): nobody else reads it.
    const own = await upload(aToken, null, [{ name: "x.pdf", bytes: PDF }]);
    expect(own.status).toBe(201);
    const ownId = own.body.data[0].id as string;
    const byOwner = await fetch(`${s.baseUrl}/api/v1/uploads/${ownId}/file`, { headers: { authorization: `Bearer ${aToken}` } });
    expect(byOwner.status).toBe(200);
    const byOther = await fetch(`${s.baseUrl}/api/v1/uploads/${ownId}/file`, { headers: { authorization: `Bearer ${bToken}` } });
    expect(byOther.status).toBe(404);
    const malformed = await upload(aToken, "not-a-uuid", [{ name: "x.pdf", bytes: PDF }]);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message[0].property).toBe("organizationId");
    const foreign = await upload(bToken, a.organization.id, [{ name: "x.pdf", bytes: PDF }]);
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe("FORBIDDEN");
    const anonymous = await upload(undefined, a.organization.id, [{ name: "x.pdf", bytes: PDF }]);
    expect(anonymous.status).toBe(401);
  });

  it("malformed multipart, a Content-Encoding or a NUL in a field is a 4xx, never a 500", async () => {
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${s.baseUrl}/api/v1/uploads`, { method: "POST", headers: { authorization: `Bearer ${aToken}`, ...headers }, body });
    const truncated = await post(
      { "content-type": "multipart/form-data; boundary=XyZ" },
      '--XyZ\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.4',
    );
    expect(truncated.status).toBe(400);
    expect((await truncated.json()).code).toBe("BAD_REQUEST");
    const noBoundary = await post({ "content-type": "multipart/form-data" }, "--x\r\n\r\n");
    expect(noBoundary.status).toBe(400);
    const gzip = await post({ "content-type": "multipart/form-data; boundary=XyZ", "content-encoding": "gzip" }, "--XyZ--\r\n");
    expect(gzip.status).toBe(415);
    const nul = await post(
      { "content-type": "multipart/form-data; boundary=XyZ" },
      `--XyZ\r\nContent-Disposition: form-data; name="organizationId"\r\n\r\n${a.organization.id}\u0000\r\n--XyZ--\r\n`,
    );
    expect(nul.status).toBe(400);
    expect((await nul.json()).message[0]).toMatchObject({
      property: "organizationId",
      constraints: { noNulCharacters: expect.any(String) },
    });
  });

  it("file names: paths, control and bidi characters stripped, 200 characters at most", async () => {
    expect(sanitizeFileName("../../etc/passwd", "d.pdf")).toBe("passwd");
    expect(sanitizeFileName("C:\\Users\\me\\invoice.pdf", "d.pdf")).toBe("invoice.pdf");
    expect(sanitizeFileName("in\u0000vo\u0007ice\r\n.pdf", "d.pdf")).toBe("invoice.pdf");
    expect(sanitizeFileName("invoice\u202Efdp.exe", "d.pdf")).toBe("invoicefdp.exe");
    expect(sanitizeFileName("..", "d.pdf")).toBe("d.pdf");
    expect(sanitizeFileName("  ", "d.pdf")).toBe("d.pdf");
    const long = sanitizeFileName(`${"é".repeat(300)}.pdf`, "d.pdf");
    expect([...long].length).toBe(200);
    expect(long.endsWith(".pdf")).toBe(true);
    const r = await upload(aToken, a.organization.id, [{ name: "dir/Rechnung\u202E März\t 2026.pdf", bytes: PDF }]);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data[0].name).toBe("Rechnung März 2026.pdf");
    // busboy refuses a NUL inside a part header: a malformed body (400), never a 500.
    const nul = await upload(aToken, a.organization.id, [{ name: "a\u0000.pdf", bytes: PDF }]);
    expect(nul.status).toBe(400);
    expect(attachmentDisposition("Rechnung März (1).pdf")).toBe(
      `attachment; filename="Rechnung M_rz (1).pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz%20%281%29.pdf`,
    );
  });

  it("a name whose extension lies about the bytes gets the type's own extension; the download is saved under it", async () => {
    const r = await upload(aToken, a.organization.id, [
      { name: "report.html", bytes: PDF, type: "text/html" },
      { name: "scan.jpeg", bytes: PNG },
      { name: "logo.svg", bytes: PNG, type: "image/svg+xml" },
      { name: "PHOTO.JPEG", bytes: JPEG },
      { name: "Passport.PDF", bytes: PDF },
      { name: "statement", bytes: XLSX },
      { name: `${"x".repeat(200)}.html`, bytes: PDF },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const names = r.body.data.map((u: any) => u.name);
    expect(names.slice(0, 6)).toEqual([
      "report.html.pdf",
      "scan.jpeg.png",
      "logo.svg.png",
      "PHOTO.JPEG",
      "Passport.PDF",
      "statement.xlsx",
    ]);
    expect([...names[6]].length).toBe(200);
    expect(names[6]).toMatch(/^x+\.[^.]*\.pdf$/);
    const file = await fetch(`${s.baseUrl}/api/v1/uploads/${r.body.data[0].id}/file`, {
      headers: { authorization: `Bearer ${aToken}` },
    });
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toContain('filename="report.html.pdf"');
  });

  it("a file is served only to members of its organization (another customer 404, logged out 401)", async () => {
    const up = await upload(aToken, a.organization.id, [{ name: "Quittung März.pdf", bytes: PDF }]);
    const id = up.body.data[0].id;
    const res = await fetch(`${s.baseUrl}/api/v1/uploads/${id}/file`, { headers: { authorization: `Bearer ${aToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Quittung M_rz.pdf"; filename*=UTF-8''Quittung%20M%C3%A4rz.pdf`,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);

    const other = await s.call("GET", `/uploads/${id}/file`, { token: bToken });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe("NOT_FOUND");
    const unknown = await s.call("GET", `/uploads/00000000-0000-0000-0000-000000000000/file`, { token: bToken });
    expect(unknown.body).toEqual(other.body);
    expect((await s.call("GET", `/uploads/not-a-uuid/file`, { token: aToken })).status).toBe(404);
    expect((await s.call("GET", `/uploads/${id}/file`)).status).toBe(401);
  });

  it("attaches uploads of the payment's organization (idempotently), never another organization's", async () => {
    const paymentId = await pay(aToken, a, "10.00");
    const mine = (
      await upload(aToken, a.organization.id, [
        { name: "a.pdf", bytes: PDF },
        { name: "b.png", bytes: PNG },
      ])
    ).body.data;
    const theirs = (await upload(bToken, b.organization.id, [{ name: "b.pdf", bytes: PDF }])).body.data;

    const first = await attach(aToken, paymentId, [mine[0].id]);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: [mine[0].id] });
    const again = await attach(aToken, paymentId, [mine[0].id, mine[1].id, mine[1].id]);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual([mine[0].id, mine[1].id]);

    const foreign = await attach(aToken, paymentId, [theirs[0].id]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message[0]).toMatchObject({ property: "uploadIds", constraints: { isOwnUpload: expect.any(String) } });
    const unknown = await attach(aToken, paymentId, ["00000000-0000-0000-0000-000000000000"]);
    expect(unknown.body).toEqual(foreign.body);

    const list = await s.call("GET", `/payments/${paymentId}/documents`, { token: aToken });
    expect(list.status).toBe(200);
    expect(list.body.data.map((u: any) => [u.id, u.name, u.mimeType])).toEqual([
      [mine[0].id, "a.pdf", "application/pdf"],
      [mine[1].id, "b.png", "image/png"],
    ]);

    // Another customer: A's payment does not exist for them, with their own upload or A's.
    for (const ids of [[theirs[0].id], [mine[0].id]]) {
      const r = await attach(bToken, paymentId, ids);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("NOT_FOUND");
    }
    expect((await s.call("GET", `/payments/${paymentId}/documents`, { token: bToken })).status).toBe(404);
    expect((await s.call("GET", `/payments/${paymentId}/documents`)).status).toBe(401);

    const bad = await attach(aToken, paymentId, []);
    expect(bad.status).toBe(400);
    expect(bad.body.message[0].property).toBe("uploadIds");

    const declined = await pay(aToken, a, "11.00");
    expect((await s.call("DELETE", `/payments/${declined}/decline`, { token: aToken })).status).toBe(200);
    const late = await attach(aToken, declined, [mine[0].id]);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("PAYMENT_NOT_PENDING");
  });

  it("a payment holds at most 10 documents", async () => {
    const paymentId = await pay(aToken, a, "12.00");
    const ten = (
      await upload(
        aToken,
        a.organization.id,
        Array.from({ length: 10 }, (_, i) => ({ name: `${i}.pdf`, bytes: PDF })),
      )
    ).body.data;
    expect(
      (
        await attach(
          aToken,
          paymentId,
          ten.map((u: any) => u.id),
        )
      ).status,
    ).toBe(200);
    const one = (await upload(aToken, a.organization.id, [{ name: "11.pdf", bytes: PDF }])).body.data[0];
    const r = await attach(aToken, paymentId, [one.id]);
    expect(r.status).toBe(400);
    expect(r.body.message[0]).toMatchObject({ property: "uploadIds", constraints: { arrayMaxSize: expect.any(String) } });
    // Re-attaching one already there is still fine.
    expect((await attach(aToken, paymentId, [ten[0].id])).status).toBe(200);
  });

  it("settings: defaults (threshold 10000.00), allowed types and size; a stored rule is read", async () => {
    const r = await s.call("GET", "/settings/transactions-documents", { token: aToken });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      requiredKinds: [],
      thresholdAmount: "10000.00",
      allowedTypes: [".pdf", ".png", ".jpg", ".jpeg", ".xlsx", ".docx"],
      maxFileSize: MAX_UPLOAD_BYTES,
    });
    expect((await s.call("GET", "/settings/transactions-documents")).status).toBe(401);
    await s.db.insert(settings).values({
      key: SETTING_TRANSACTIONS_DOCUMENTS,
      value: { requiredKinds: ["INTERNAL", "NOPE"], thresholdAmount: null },
    });
    try {
      const stored = await s.call("GET", "/settings/transactions-documents", { token: aToken });
      expect(stored.body).toMatchObject({ requiredKinds: ["INTERNAL"], thresholdAmount: null });
    } finally {
      await s.db.delete(settings).where(eq(settings.key, SETTING_TRANSACTIONS_DOCUMENTS));
    }
  });

  it("signing at/above the threshold without documents → 400 DOCUMENTS_REQUIRED; with one, the same token signs", async () => {
    const below = await pay(aToken, a, "9999.99");
    const at = await pay(aToken, a, "10000.00");
    const mfa = await mfaFor(aToken, [below, at]);
    expect((await sign(aToken, below, mfa)).body.status).toBe("COMPLETED");

    const refused = await sign(aToken, at, mfa);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      statusCode: 400,
      code: "DOCUMENTS_REQUIRED",
      message: "Supporting documents are required for this payment",
    });
    const still = await s.call("GET", `/payments/${at}`, { token: aToken });
    expect(still.body.status).toBe("AWAITING_SIGNATURE");
    const balance = await s.call("GET", `/accounts/${a.account!.id}/balances`, { token: aToken });
    const eur = balance.body.data.find((x: any) => x.currencyId === "EUR").amount;

    const doc = (await upload(aToken, a.organization.id, [{ name: "invoice.pdf", bytes: PDF }])).body.data[0];
    expect((await attach(aToken, at, [doc.id])).status).toBe(200);
    const signed = await sign(aToken, at, mfa);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.status).toBe("COMPLETED");
    const after = await s.call("GET", `/accounts/${a.account!.id}/balances`, { token: aToken });
    expect(after.body.data.find((x: any) => x.currencyId === "EUR").amount).not.toBe(eur);
    // Documents stay attachable to a completed payment (e.g. the invoice that arrives later).
    expect((await attach(aToken, at, [doc.id])).status).toBe(200);
  });
});
