/**
 * Schema-driven fuzzer for every API route (issue 5 §3), run by fuzz-pglite.test.ts and
 * fuzz-postgres.test.ts. For each route `listApiRoutes` reads
 * from the routers, fast-check builds requests from the route's zod schema (`routeSchemas`,
 * server/api/v1/routes.ts) — a valid body/query with the fuzz customer's real ids — and then
 * breaks it: wrong types, missing and extra fields, huge strings, negative/NaN/1e309 amounts,
 * too many decimals, unicode and control characters, SQL and HTML fragments, hostile path ids
 * and whole bodies of the wrong shape. Routes without a schema get the generic mutations.
 * Multipart routes (`routeSchemas[…].multipart`, e.g. POST /uploads) also get multipart bodies:
 * the mutated text fields plus file parts (real PDF/PNG, text, random or empty bytes, hostile
 * file names, other field names) and broken framing (truncated, wrong or missing boundary).
 *
 * Every answer must be: not 5xx; free of stack traces, SQL text and `at /` paths (leaks.ts;
 * text we sent ourselves and the server echoes is not a leak); and a refused (4xx) non-GET
 * request must leave the database as it was (row counts of every table but the attempt
 * counters, and every balance amount; a request during which PostgreSQL handed out no transaction
 * id wrote no row, and the sums are not taken again for it).
 *
 * Bounded: FUZZ_RUNS runs per route (default 80, plus 25 per schema field) and FUZZ_ROUTE_MS per
 * route (default 8,000 ms) on PGlite, the pass every run makes. The PostgreSQL pass makes a third
 * of those runs (FUZZ_PG_SHARE, default 1/3) from the same seed: the server code is the same and
 * PGlite is PostgreSQL, so what the second pass adds is the other driver (node-postgres: its error
 * shapes, NUL bytes on the wire, pooled connections), which a third of every route's mutations
 * reaches; the full walk there was the API phase's longest file (449 s on a loaded 2-core
 * machine, 215 routes, 2026-11-29). Seeded: FUZZ_SEED (default below) is printed, and a
 * failure's message carries fast-check's `{ seed, path }`; rerun with FUZZ_SEED=<seed> (and
 * FUZZ_ROUTE="POST /payments" for that route alone) to replay; FUZZ_VERBOSE=1 prints per-route
 * counts.
 */
import fc from "fast-check";
import pino from "pino";
import { sql } from "drizzle-orm";
import type { ZodTypeAny } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.js";
import { loadConfig } from "../../server/config.js";
import { listApiRoutes, routeSchemas, type ApiRoute } from "../../server/api/v1/routes.js";
import { createCustomer } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestDatabaseKind, type TestServer } from "./helpers.js";
import { LEAK } from "./leaks.js";
import { staffLogin } from "./ops-helpers.js";

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 80);
/** The PostgreSQL pass's share of the runs (the header says why). */
const PG_SHARE = Number(process.env.FUZZ_PG_SHARE ?? 1 / 3);
const ROUTE_MS = Number(process.env.FUZZ_ROUTE_MS ?? 8_000);
/** Only routes whose "METHOD path" contains this (replaying one route's failure). */
const ONLY = process.env.FUZZ_ROUTE ?? "";
/** Tables a refused request may legitimately write: attempt counters (a refused lookup still counts). */
const ATTEMPT_TABLES = new Set(["rate_limits"]);
/**
 * Also written by a refused staff login step (/ops/auth/…, issue 13): the code's try counter and
 * the audit entry of the failed login (docs/ops.md: failed logins are audited).
 */
const STAFF_LOGIN_ATTEMPT_TABLES = new Set(["staff_login_challenges", "staff_audit_log"]);

/** Real ids of the fuzz customer, so valid-looking requests reach the handlers' depths. */
interface Ctx {
  orgId: string;
  accountId: string;
  account2Id: string;
  paymentId: string;
  itemId: string;
  challengeToken: string;
  phone: string;
  /** An upload of the fuzz customer's organization (PDF). */
  uploadId: string;
  /** A saved beneficiary of the fuzz customer's organization (DRAFT), for the /beneficiaries/:id routes. */
  beneficiaryId: string;
  /** A staff login challenge (admin@ops.example), for POST /ops/auth/code. */
  staffChallengeId: string;
}

// ------------------------------------------------------------------ values

const SQL = ["' OR '1'='1", "'; DROP TABLE payments; --", "1); SELECT pg_sleep(5); --", "\\' OR 1=1 #", "$1", "%' --"];
const HTML = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", '"><svg/onload=alert(1)>', "{{7*7}}", "${7*7}"];
const CONTROL = ["\u0000", "a\u0000b", "\u0007\b\f\v", "\r\n\r\nX-Injected: 1", "\u202Eevil", "\uFEFF", "\uD800", "\uDFFF\uD800"];
const UNICODE = ["Ünïcødé", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "💸💸💸", "اَلْعَرَبِيَّةُ", "Ω≈ç√∫", "ＡＢＣ１２３", "e\u0301"];
const AMOUNTS = [
  "-1",
  "-0.01",
  "0",
  "-0",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "1e-309",
  "1.001",
  "0.0000000000000000001",
  "1.",
  ".5",
  "00001",
  " 1",
  "1 000",
  "1,00",
  "１２",
  "0x10",
  "99999999999999999999999999999999999999",
  "1e2",
  "+1",
];
const NUMBERS = [-1, 0, 1e308, -1e308, 1.5, 0.1 + 0.2, Number.MAX_SAFE_INTEGER + 2, -0];
const HUGE = ["x".repeat(5_000), "é".repeat(20_000), "9".repeat(2_000), "x".repeat(120_000)];
const KEYS = ["__proto__", "constructor", "prototype", "extra", "$where", "toString", "a.b", "", " ", "\u0000"];

const nastyString = fc.oneof(
  fc.constantFrom(...SQL, ...HTML, ...CONTROL, ...UNICODE, ...AMOUNTS, ...HUGE),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
);
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, [], {}, [[[]]], { a: { b: { c: {} } } }),
  fc.constantFrom(...NUMBERS),
  fc.integer(),
  fc.double(),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...KEYS), nastyString, { maxKeys: 3 }),
);
const anyValue = fc.oneof(nastyString, wrongType);

/** Raw JSON numbers that JSON.stringify cannot write: spliced in as text. */
const RAW_NUMBERS = ["1e309", "-1e309", "1e-400", "123456789012345678901234567890", "-0.0000000000000000000001"];

// ------------------------------------------------------------------ schema walking

type Def = { typeName?: string; [k: string]: any };
const def = (s: ZodTypeAny): Def => (s as unknown as { _def: Def })._def;

/** Strip optional/default/effects/nullable wrappers. */
function core(s: ZodTypeAny): ZodTypeAny {
  let cur = s;
  for (let i = 0; i < 10; i++) {
    const d = def(cur);
    if (d.typeName === "ZodOptional" || d.typeName === "ZodNullable" || d.typeName === "ZodDefault") cur = d.innerType;
    else if (d.typeName === "ZodEffects") cur = d.schema;
    else break;
  }
  return cur;
}

/** Fields of an object schema, or null. */
function fieldsOf(s: ZodTypeAny | undefined): Record<string, ZodTypeAny> | null {
  if (!s) return null;
  const c = core(s);
  if (def(c).typeName === "ZodDiscriminatedUnion") {
    // One shape per payment kind: the first option (EURO) is the valid base; the other kinds'
    // fields are merged in so the "set" mutation reaches them too (unknown keys are stripped).
    const options = (c as unknown as { options: { shape: Record<string, ZodTypeAny> }[] }).options;
    return Object.assign({}, ...[...options].reverse().map((o) => o.shape)) as Record<string, ZodTypeAny>;
  }
  return def(c).typeName === "ZodObject" ? (c as unknown as { shape: Record<string, ZodTypeAny> }).shape : null;
}

/** A valid value for field `key` of schema `s`, using the customer's real ids where the name says so. */
function validValue(key: string, s: ZodTypeAny, ctx: Ctx): unknown {
  const hints: Record<string, unknown> = {
    organizationId: ctx.orgId,
    accountId: ctx.accountId,
    account: ctx.accountId,
    paymentIds: [ctx.paymentId],
    uploadIds: [ctx.uploadId],
    currencyId: "EUR",
    amount: "1.00",
    kind: "EURO",
    iban: "DE02120300000000202051",
    bic: "BYLADEM1001",
    beneficiaryName: "Müller Logistik GmbH",
    reference: "Invoice 1",
    phone: "+447700900001",
    token: ctx.challengeToken,
    email: "admin@ops.example",
    challengeId: ctx.staffChallengeId,
    reason: "Fuzz reason",
    code: "123456",
    password: "Bank-Demo-2026",
    refreshToken: "r".repeat(43),
    mfaToken: "m".repeat(43),
    signedAt: new Date().toISOString(),
    transferDateFrom: "2026-01-01",
    transferDateTo: "2026-12-31",
    take: "5",
  };
  if (key in hints) return hints[key];
  if (key === "toAccountId") return ctx.account2Id;
  if (key === "recipientPhone") return ctx.phone;
  const c = core(s);
  const d = def(c);
  switch (d.typeName) {
    case "ZodEnum":
      return d.values[0];
    case "ZodLiteral":
      return d.value;
    case "ZodNumber":
      return 1;
    case "ZodBoolean":
      return true;
    case "ZodArray":
      return [validValue(key, d.type, ctx)];
    case "ZodString":
      return (d.checks ?? []).some((ch: { kind: string }) => ch.kind === "uuid") ? ctx.orgId : "abc";
    default:
      return "abc";
  }
}

/** The valid base object of a schema (every field, optional ones included). */
function validObject(s: ZodTypeAny | undefined, ctx: Ctx): Record<string, unknown> {
  const fields = fieldsOf(s);
  if (!fields) return {};
  // Required fields, and optional ones that a valid EURO payment / filter uses; the other
  // optional fields are reached by the "set" mutation.
  const usual = new Set([
    "reference",
    "beneficiaryName",
    "iban",
    "bic",
    "transferDateFrom",
    "transferDateTo",
    "take",
    "channel",
    "paymentIds",
  ]);
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([k, f]) => !f.isOptional() || usual.has(k))
      .map(([k, f]) => [k, validValue(k, f, ctx)]),
  );
}

/** Values aimed at one field: generic nastiness plus its own type's edge cases. */
function fieldAttack(key: string, s: ZodTypeAny, valid: unknown): fc.Arbitrary<unknown> {
  const d = def(core(s));
  // The valid value with a fragment spliced in: passes most checks, so it travels furthest.
  const spliced = fc
    .tuple(
      fc.oneof(
        { arbitrary: fc.constantFrom(...CONTROL), weight: 3 },
        { arbitrary: fc.constantFrom(...SQL, ...HTML, ...UNICODE), weight: 2 },
      ),
      fc.constantFrom("start", "end", "middle"),
    )
    .map(([frag, where]) => {
      const v = typeof valid === "string" ? valid : JSON.stringify(valid ?? "");
      const mid = Math.floor(v.length / 2);
      return where === "start" ? frag + v : where === "end" ? v + frag : v.slice(0, mid) + frag + v.slice(mid);
    });
  const own: fc.Arbitrary<unknown>[] = [anyValue, spliced, spliced];
  if (/amount|sum|take/i.test(key)) own.push(fc.constantFrom<unknown>(...AMOUNTS, ...NUMBERS));
  if (d.typeName === "ZodEnum")
    own.push(fc.constantFrom<unknown>(...d.values.map((v: string) => v.toLowerCase()), `${d.values[0]} `));
  if (d.typeName === "ZodArray")
    own.push(fc.array(anyValue, { maxLength: 150 }), fc.constant(Array(200).fill("00000000-0000-0000-0000-000000000000")));
  if (/date|At$/.test(key))
    own.push(fc.constantFrom("99999-01-01", "0000-00-00", "2026-02-30", "-271821-04-20", "1e20", "2026-01-01T25:61:61Z"));
  return fc.oneof(...own);
}

type Mutation =
  | { op: "drop"; key: string }
  | { op: "set"; key: string; value: unknown }
  | { op: "extra"; key: string; value: unknown }
  | { op: "raw"; key: string; text: string };

/** Up to 4 mutations of an object with `fields` (generic keys when the route has no schema). */
function mutations(fields: Record<string, ZodTypeAny> | null, base: Record<string, unknown>): fc.Arbitrary<Mutation[]> {
  const names = Object.keys(fields ?? {});
  const options: fc.WeightedArbitrary<Mutation>[] = [
    {
      arbitrary: fc.record({
        op: fc.constant("extra" as const),
        key: fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 20 })),
        value: anyValue,
      }),
      weight: 1,
    },
  ];
  if (names.length) {
    options.push(
      { arbitrary: fc.record({ op: fc.constant("drop" as const), key: fc.constantFrom(...names) }), weight: 1 },
      {
        arbitrary: fc.constantFrom(...names).chain((key) =>
          fc.record({
            op: fc.constant("set" as const),
            key: fc.constant(key),
            value: fieldAttack(key, fields![key], base[key]),
          }),
        ),
        weight: 5,
      },
      {
        arbitrary: fc.record({
          op: fc.constant("raw" as const),
          key: fc.constantFrom(...names),
          text: fc.constantFrom(...RAW_NUMBERS),
        }),
        weight: 1,
      },
    );
  }
  // Mostly one mutation on an otherwise valid request, so the handler's depths are reached.
  return fc.oneof(
    { arbitrary: fc.array(fc.oneof(...options), { minLength: 1, maxLength: 1 }), weight: 6 },
    { arbitrary: fc.array(fc.oneof(...options), { minLength: 0, maxLength: 4 }), weight: 3 },
  );
}

/** Apply mutations: a JSON text (raw numbers spliced in) and the object it came from. */
function applyMutations(
  base: Record<string, unknown>,
  muts: Mutation[],
): { obj: Record<string, unknown>; raw: Record<string, string> } {
  const obj: Record<string, unknown> = { ...base };
  const raw: Record<string, string> = {};
  for (const m of muts) {
    if (m.op === "drop") delete obj[m.key];
    else if (m.op === "raw") {
      obj[m.key] = `__RAW_${m.key}__`;
      raw[m.key] = m.text;
    } else Object.defineProperty(obj, m.key, { value: m.value, enumerable: true, configurable: true, writable: true });
  }
  return { obj, raw };
}

function toJsonText(obj: unknown, raw: Record<string, string>): string {
  let text = JSON.stringify(obj);
  for (const [k, v] of Object.entries(raw)) text = text.replace(JSON.stringify(`__RAW_${k}__`), v);
  return text;
}

/** Query string from an object; arrays and objects become qs-style `a=1&a=2` / `a[b]=c`. */
function toQuery(obj: Record<string, unknown>, raw: Record<string, string>): string {
  const parts: string[] = [];
  const enc = pct;
  for (const [k, v] of Object.entries(obj)) {
    const value = typeof v === "string" && raw[k] && v === `__RAW_${k}__` ? raw[k] : v;
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const x of value.slice(0, 20)) parts.push(`${enc(k)}=${enc(String(x))}`);
    else if (value !== null && typeof value === "object")
      for (const [sk, sv] of Object.entries(value)) parts.push(`${enc(k)}[${enc(sk)}]=${enc(String(sv))}`);
    else parts.push(`${enc(k)}=${enc(String(value))}`);
  }
  return parts.join("&").slice(0, 60_000);
}

/** Path ids: the customer's real ids, foreign uuids, and hostile strings (percent-encoded). */
function idArb(ctx: Ctx): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      ctx.paymentId,
      ctx.accountId,
      ctx.itemId,
      ctx.orgId,
      ctx.uploadId,
      ctx.beneficiaryId,
      "00000000-0000-0000-0000-000000000000",
    ),
    fc.constantFrom(ctx.paymentId, ctx.accountId, ctx.itemId, ctx.uploadId, ctx.beneficiaryId),
    fc.uuid(),
    nastyString.map((s) => pct(s.slice(0, 3_000)) || "x"),
    fc.constantFrom("%00", "..%2F..%2Fetc%2Fpasswd", "%E0%A4%A", "%", "%%", "%C0%AF", "1%20OR%201%3D1"),
  );
}

type Shape = "object" | "array" | "null" | "string" | "number" | "nested" | "empty" | "not-json";
const bodyShape = fc.oneof(
  { arbitrary: fc.constant<Shape>("object"), weight: 12 },
  { arbitrary: fc.constantFrom<Shape>("array", "null", "string", "number", "nested", "empty", "not-json"), weight: 2 },
);

function wholeBody(shape: Shape, objectText: string): string | undefined {
  switch (shape) {
    case "object":
      return objectText;
    case "array":
      return `[${objectText}]`;
    case "null":
      return "null";
    case "string":
      return JSON.stringify(objectText);
    case "number":
      return "1e309";
    case "nested":
      return `${"[".repeat(5_000)}${"]".repeat(5_000)}`;
    case "empty":
      return "";
    case "not-json":
      return "{organizationId: 1,}";
  }
}

// ------------------------------------------------------------------ multipart bodies

const PDF_BYTES = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
const PNG_BYTES = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de", "hex");

/** One file part: its field name, file name (raw, may break the header) and bytes. */
interface FilePart {
  field: string;
  filename: string;
  bytes: Buffer;
}
const filePart: fc.Arbitrary<FilePart> = fc.record({
  field: fc.oneof(
    { arbitrary: fc.constant("files"), weight: 8 },
    { arbitrary: fc.constantFrom("file", "files[]", "", "organizationId"), weight: 1 },
  ),
  filename: fc.oneof(
    { arbitrary: fc.constantFrom("invoice.pdf", "scan.png", "x.pdf", "Rechnung März.pdf"), weight: 8 },
    {
      arbitrary: fc.constantFrom("../../etc/passwd", "C:\\x\\y.pdf", "a\u202Efdp.exe", "a\r\nX-Injected: 1.pdf", 'a".pdf'),
      weight: 2,
    },
    { arbitrary: nastyString.map((n) => n.slice(0, 300)), weight: 2 },
  ),
  bytes: fc.oneof(
    { arbitrary: fc.constantFrom(PDF_BYTES, PNG_BYTES), weight: 10 },
    {
      arbitrary: fc.constantFrom(Buffer.alloc(0), Buffer.from("plain text, not a PDF"), Buffer.from("MZ\u0000\u0000")),
      weight: 2,
    },
    { arbitrary: fc.uint8Array({ maxLength: 2_000 }).map((u) => Buffer.from(u)), weight: 2 },
  ),
});
type Framing = "ok" | "truncated" | "wrong-boundary" | "no-boundary" | "no-final";
const multipartArb = fc.record({
  // Mostly a few files (so a valid request gets through), sometimes none or too many.
  files: fc.oneof(
    { arbitrary: fc.array(filePart, { minLength: 1, maxLength: 3 }), weight: 6 },
    { arbitrary: fc.array(filePart, { minLength: 0, maxLength: 12 }), weight: 1 },
  ),
  framing: fc.oneof(
    { arbitrary: fc.constant<Framing>("ok"), weight: 10 },
    { arbitrary: fc.constantFrom<Framing>("truncated", "wrong-boundary", "no-boundary", "no-final"), weight: 2 },
  ),
});

/** A multipart/form-data body: text fields of `obj` (strings as is, other values as JSON), then the file parts. */
function multipartBody(
  obj: Record<string, unknown>,
  raw: Record<string, string>,
  m: { files: FilePart[]; framing: Framing },
): { contentType: string; body: Buffer } {
  const boundary = "----fuzz7MA4YWxkTrZu0gW";
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(obj)) {
    const value =
      typeof v === "string" && raw[k] && v === `__RAW_${k}__` ? raw[k] : typeof v === "string" ? v : JSON.stringify(v);
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${value ?? ""}\r\n`));
  }
  for (const f of m.files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\n` +
          "Content-Type: application/pdf\r\n\r\n",
      ),
      f.bytes,
      Buffer.from("\r\n"),
    );
  }
  if (m.framing !== "no-final") parts.push(Buffer.from(`--${boundary}--\r\n`));
  let body = Buffer.concat(parts);
  if (m.framing === "truncated") body = body.subarray(0, Math.floor(body.length / 2));
  const contentType =
    m.framing === "no-boundary"
      ? "multipart/form-data"
      : `multipart/form-data; boundary=${m.framing === "wrong-boundary" ? "other" : boundary}`;
  return { contentType, body };
}

// ------------------------------------------------------------------ the test

/**
 * Defines the fuzz suite for one database kind (skipped when that kind is not configured). One
 * file per kind (fuzz-pglite.test.ts, fuzz-postgres.test.ts), so the two passes, the largest part
 * of the API phase, run in parallel forks.
 * @param kind "pglite" or "postgres" (the latter only when TEST_DATABASE_URL is set)
 */
export function fuzzEveryRoute(kind: TestDatabaseKind): void {
  describe.skipIf(!databases.includes(kind))(`fuzzing every route on ${kind}`, () => {
    let s: TestServer;
    let routes: ApiRoute[];
    let ctx: Ctx;
    let token: string;
    let phone: string;
    let tables: string[];
    /** Bearer token of admin@ops.example (every staff role), for the /ops routes. */
    let staffToken: string;

    /**
     * Row counts of every table but the attempt counters, and every balance amount: one string.
     * @param loginStep a staff login step: its attempt tables are left out too
     */
    /**
     * The checksum of the database as it is now, when known: the sum taken after a refused request
     * is the next request's "before" (nothing else writes between two requests of the walk), which
     * halves the sums taken. Cleared by every request that may have written, until its own sum is
     * taken.
     */
    let known: { loginStep: boolean; sum: string } | null = null;

    /**
     * The next transaction id PostgreSQL will hand out (`pg_snapshot_xmax` of the current
     * snapshot; cluster-wide). A transaction gets an id at its first write, and a row is inserted,
     * updated or deleted only by a transaction with one, so the same value before and after a
     * request proves it wrote nothing, without summing every table. Any other transaction in
     * between (another database's, a write rolled back) only costs the full sum.
     */
    async function nextTransactionId(): Promise<string> {
      const res = await s.db.execute(sql.raw("select pg_snapshot_xmax(pg_current_snapshot())::text as x"));
      return (res as unknown as { rows: { x: string }[] }).rows[0].x;
    }

    async function checksum(loginStep = false): Promise<string> {
      const counts = tables
        .filter((t) => !loginStep || !STAFF_LOGIN_ATTEMPT_TABLES.has(t))
        .map((t) => `(select count(*) from "${t}")::text`)
        .join(" || ',' || ");
      const res = await s.db.execute(
        sql.raw(`select ${counts} || '|' || coalesce((select string_agg(amount::text, ',' order by id) from balances), '') as c`),
      );
      const rows = (res as unknown as { rows: { c: string }[] }).rows;
      return rows[0].c;
    }

    beforeAll(async () => {
      s = await startTestServer({ db: kind });
      const cfg = loadConfig({ NODE_ENV: "test", OTP_SECRET: "api-test-otp-secret-0123456789" } as NodeJS.ProcessEnv);
      routes = listApiRoutes(createApp({ db: s.db, config: cfg, sms: s.sms, logger: pino({ level: "silent" }) }));
      const c = await createCustomer(s.db, {
        type: "CORPORATE",
        signatureType: "SINGLE",
        balances: { GBP: "100.00", EUR: "100.00" },
      });
      const { createAccount } = await import("../../server/seed/factories.js");
      const second = await createAccount(s.db, { organizationId: c.organization.id, name: "Second", currencies: ["GBP", "EUR"] });
      const recipient = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "0" } });
      phone = c.phone;
      token = await s.login(phone);
      const pay = await s.call("POST", "/payments", {
        token,
        headers: { "Idempotency-Key": "fuzz-base" },
        body: {
          organizationId: c.organization.id,
          kind: "EURO",
          accountId: c.account!.id,
          currencyId: "EUR",
          amount: "1.00",
          beneficiaryName: "Müller Logistik GmbH",
          iban: "DE02120300000000202051",
          bic: "BYLADEM1001",
        },
      });
      expect(pay.status).toBe(201);
      const challenge = await s.call("POST", "/signatures/send-code", { token, body: { paymentIds: [pay.body.id] } });
      const item = await s.call("GET", `/statements-items?organizationId=${c.organization.id}&take=1`, { token });
      const form = new FormData();
      form.append("organizationId", c.organization.id);
      form.append("files", new Blob([new Uint8Array(PDF_BYTES)]), "fuzz.pdf");
      const up = await fetch(`${s.baseUrl}/api/v1/uploads`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(up.status).toBe(201);
      const beneficiary = await s.call("POST", "/beneficiaries", {
        token,
        body: {
          organizationId: c.organization.id,
          name: "Müller Logistik GmbH",
          beneficiaryType: "COMPANY",
          paymentType: "LOCAL",
          currencyId: "EUR",
          iban: "DE02120300000000202051",
          bic: "BYLADEM1001",
        },
      });
      expect(beneficiary.status).toBe(201);
      ctx = {
        orgId: c.organization.id,
        accountId: c.account!.id,
        account2Id: second.account.id,
        paymentId: pay.body.id,
        itemId: item.body.data[0].id,
        challengeToken: challenge.body.token,
        phone: recipient.phone,
        uploadId: ((await up.json()) as { data: { id: string }[] }).data[0].id,
        beneficiaryId: beneficiary.body.id,
        staffChallengeId: (
          await s.call("POST", "/ops/auth/login", { body: { email: "admin@ops.example", password: "Bank-Demo-2026" } })
        ).body.challengeId,
      };
      staffToken = await staffLogin(s, "admin@ops.example");
      const res = await s.db.execute(
        sql.raw(
          "select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
        ),
      );
      tables = (res as unknown as { rows: { t: string }[] }).rows.map((r) => r.t).filter((t) => !ATTEMPT_TABLES.has(t));
      expect(tables).toContain("payments");
      console.log(
        `fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED}), ${RUNS} runs (+25 a field${kind === "postgres" ? `, × ${PG_SHARE.toFixed(2)} here` : ""}) or ${ROUTE_MS} ms per route, ${kind}`,
      );
    });
    afterAll(async () => s?.close());

    it("covers every listed route", () => {
      expect(routes.length).toBeGreaterThan(20);
      // Every body/query schema registered belongs to a route that exists.
      const keys = new Set(routes.map((r) => `${r.method} ${r.path}`));
      expect(Object.keys(routeSchemas).filter((k) => !keys.has(k))).toEqual([]);
    });

    it("no 5xx, no leak, no change from a refused request, on every route", async () => {
      const failures: string[] = [];
      let sent = 0;
      const statuses = new Map<number, number>();
      for (const route of routes) {
        const key = `${route.method} ${route.path}`;
        if (ONLY && !key.includes(ONLY)) continue;
        const sentBefore = sent;
        const started = Date.now();
        const schemas = routeSchemas[key] ?? {};
        const hasBody = !["GET", "HEAD"].includes(route.method);
        const bodyFields = fieldsOf(schemas.body);
        const queryFields = fieldsOf(schemas.query);
        const arb = fc.record({
          id: idArb(ctx),
          bodyMuts: mutations(bodyFields, validObject(schemas.body, ctx)),
          queryMuts: mutations(queryFields, validObject(schemas.query, ctx)),
          shape: bodyShape,
          gzipLie: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
          contentType: fc.oneof(
            { arbitrary: fc.constant("application/json"), weight: 12 },
            {
              arbitrary: fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "application/json; charset=utf-16"),
              weight: 1,
            },
          ),
          authed: fc.oneof({ arbitrary: fc.constant(true), weight: 12 }, { arbitrary: fc.constant(false), weight: 1 }),
          // Multipart routes: mostly multipart bodies (the JSON shapes above the rest of the time).
          multipart: schemas.multipart ? fc.option(multipartArb, { nil: null, freq: 5 }) : fc.constant(null),
        });
        const property = fc.asyncProperty(arb, async (input) => {
          const path = route.path.replace(/:\w+/g, input.id);
          const q = applyMutations(validObject(schemas.query, ctx), input.queryMuts);
          const query = toQuery(q.obj, q.raw);
          const b = applyMutations(validObject(schemas.body, ctx), input.bodyMuts);
          const mp = hasBody && input.multipart ? multipartBody(b.obj, b.raw, input.multipart) : null;
          const body = mp ? new Uint8Array(mp.body) : hasBody ? wholeBody(input.shape, toJsonText(b.obj, b.raw)) : undefined;
          const bodyText = mp ? mp.body.toString("utf8") : ((body as string | undefined) ?? "");
          const staffRoute = route.path.startsWith("/ops/");
          const bearer = staffRoute
            ? route.path === "/ops/auth/logout"
              ? await staffLogin(s, "admin@ops.example")
              : staffToken
            : route.path === "/auth/logout"
              ? await s.login(phone)
              : token;
          const loginStep = route.path.startsWith("/ops/auth/");
          const headers: Record<string, string> = {
            "content-type": mp ? mp.contentType : input.contentType,
            "idempotency-key": `fuzz-${sent}`,
            ...(input.authed ? { authorization: `Bearer ${bearer}` } : {}),
            ...(input.gzipLie ? { "content-encoding": "gzip" } : {}),
          };
          // A login just made for a logout route added a session: the database is not as last summed.
          if (bearer !== token && bearer !== staffToken) known = null;
          const before = !hasBody ? "" : known?.loginStep === loginStep ? known.sum : await checksum(loginStep);
          const url = `${s.baseUrl}/api/v1${path}${query ? `?${query}` : ""}`;
          const idBefore = await nextTransactionId();
          sent++;
          const res = await fetch(url, { method: route.method, headers, body });
          const wroteNothing = (await nextTransactionId()) === idBefore;
          if (!wroteNothing) known = null; // until this request's effect is summed below
          const text = await res.text();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const what = `${route.method} ${url.slice(0, 300)} body=${bodyText.slice(0, 300)} → ${res.status} ${text.slice(0, 300)}`;
          if (res.status >= 500) throw new Error(`5xx: ${what}`);
          const sentText = `${decodeURIComponentSafe(url)} ${bodyText}`;
          for (const m of text.matchAll(new RegExp(LEAK.source, "gi"))) {
            if (!sentText.toLowerCase().includes(m[0].toLowerCase())) throw new Error(`leak "${m[0]}": ${what}`);
          }
          if (hasBody && res.status >= 400) {
            const after = wroteNothing ? before : await checksum(loginStep);
            if (after !== before) throw new Error(`refused request changed the database: ${what}`);
            known = { loginStep, sum: after };
          }
        });
        try {
          // Routes with more fields get more runs (each run mostly mutates one field).
          const fields = Object.keys(bodyFields ?? {}).length + Object.keys(queryFields ?? {}).length;
          const numRuns = Math.max(1, Math.round((RUNS + 25 * fields) * (kind === "postgres" ? PG_SHARE : 1)));
          await fc.assert(property, {
            seed: SEED,
            numRuns,
            interruptAfterTimeLimit: ROUTE_MS,
            markInterruptAsFailure: false,
            endOnFailure: true,
          });
        } catch (err) {
          failures.push(`${key}: ${(err as Error).message.slice(0, 3_000)}`);
        }
        if (process.env.FUZZ_VERBOSE) console.log(`${key}: ${sent - sentBefore} requests in ${Date.now() - started} ms`);
      }
      console.log(
        `fuzz ${kind}: ${sent} requests over ${routes.length} routes; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      expect(failures, failures.join("\n\n")).toEqual([]);
      // The real bound is per route (RUNS runs or ROUTE_MS each, so at most routes × ROUTE_MS); on a
      // quiet machine the whole walk takes about a minute, on a loaded 2-core one several.
    }, 900_000);
  });
}

/** Percent-encode the UTF-8 bytes of `s` (lone surrogates become U+FFFD; encodeURIComponent would throw). */
function pct(s: string): string {
  let out = "";
  for (const b of Buffer.from(s, "utf8")) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
