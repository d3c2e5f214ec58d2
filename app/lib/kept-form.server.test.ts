import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  keepAcrossLanguageSwitch,
  KEPT_FORM_MAX_AGE_S,
  keepExpiredPost,
  keepsFormOnExpiry,
  keptAtLanguageSwitch,
  takeKeptForm,
} from "./kept-form.server";

const STEP = "http://bank.test/identity/corporate/company-data";
const PHONE = "+447700900008";

const CSRF = "session-form-token";

/** A form post as a browser sends it (with the session's form token unless `body` has one). */
function post(url: string, body: [string, string][], headers: Record<string, string> = {}) {
  const fields = body.some(([k]) => k === "csrf") ? body : [["csrf", CSRF] as [string, string], ...body];
  const text = new URLSearchParams(fields).toString();
  return new Request(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(Buffer.byteLength(text)),
      ...headers,
    },
    body: text,
  });
}

/** The browser's next request to `url`, carrying the cookies `setCookie` stored. */
function nextGet(url: string, setCookie: string[]) {
  const cookies = setCookie
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
  return new Request(url, { headers: { Cookie: `__session=abc; ${cookies}` } });
}

afterEach(() => vi.useRealTimers());

describe("answers kept when a save meets an expired session (kept-form.server.ts)", () => {
  it("keeps an application step's text fields, not the token or the button, for the same person on the same page", async () => {
    const setCookie = await keepExpiredPost(
      post(STEP, [
        ["csrf", CSRF],
        ["intent", "continue"],
        ["companyName", "Acme Widgets Ltd"],
        ["sicCodes", "62012"],
        ["sicCodes", "62020"],
        ["description", "Ünïcödé — ".repeat(40)],
      ]),
      PHONE,
      CSRF,
    );
    expect(setCookie[0]).toMatch(/^__kept0=[^;]+; Path=\/; Max-Age=1800; HttpOnly; SameSite=Lax/);
    const { form, setCookie: cleared } = await takeKeptForm(nextGet(STEP, setCookie), PHONE);
    expect([...form!.entries()]).toEqual([
      ["companyName", "Acme Widgets Ltd"],
      ["sicCodes", "62012"],
      ["sicCodes", "62020"],
      ["description", "Ünïcödé — ".repeat(40)],
    ]);
    expect(cleared.every((c) => /^__kept\d=; .*Max-Age=0/.test(c))).toBe(true);
  });

  it("gives nothing to another person (and drops it), and keeps it for the same person's visit to its page", async () => {
    const setCookie = await keepExpiredPost(post(STEP, [["companyName", "Acme"]]), PHONE, CSRF);
    const other = await takeKeptForm(nextGet(STEP, setCookie), "+447700900009");
    expect(other.form).toBeNull();
    expect(other.setCookie.length).toBeGreaterThan(0);
    const elsewhere = await takeKeptForm(nextGet("http://bank.test/identity/corporate/address", setCookie), PHONE);
    expect(elsewhere).toEqual({ form: null, setCookie: [] });
    expect((await takeKeptForm(nextGet(STEP, setCookie), null)).form).toBeNull();
  });

  it("forgets after 30 minutes; a tampered cookie gives nothing", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-25T10:00:00Z") });
    const setCookie = await keepExpiredPost(post(STEP, [["companyName", "Acme"]]), PHONE, CSRF);
    vi.setSystemTime(Date.parse("2026-11-25T10:00:00Z") + KEPT_FORM_MAX_AGE_S * 1000 + 1);
    expect((await takeKeptForm(nextGet(STEP, setCookie), PHONE)).form).toBeNull();
    vi.useRealTimers();
    const fresh = await keepExpiredPost(post(STEP, [["companyName", "Acme"]]), PHONE, CSRF);
    const tampered = fresh.map((c) => c.replace(/^(__kept0=)(.)/, (_, p: string, ch: string) => p + (ch === "A" ? "B" : "A")));
    expect((await takeKeptForm(nextGet(STEP, tampered), PHONE)).form).toBeNull();
  });

  it("keeps nothing for other pages, GETs, a session without a phone, or a form too large for two cookies", async () => {
    expect(keepsFormOnExpiry("/identity/individual/personal-data")).toBe(true);
    expect(keepsFormOnExpiry("/payments/euro")).toBe(true);
    expect(keepsFormOnExpiry("/payments/gbp/form")).toBe(true);
    expect(keepsFormOnExpiry("/payments/gbp")).toBe(false);
    expect(keepsFormOnExpiry("/payments/00000000-0000-4000-8000-000000000001/sign")).toBe(false);
    expect(keepsFormOnExpiry("/profile")).toBe(false);
    expect(keepsFormOnExpiry("/beneficiaries/create")).toBe(true);
    expect(keepsFormOnExpiry("/beneficiaries/00000000-0000-4000-8000-000000000001/edit")).toBe(true);
    expect(keepsFormOnExpiry("/beneficiaries/00000000-0000-4000-8000-000000000001")).toBe(false);
    expect(await keepExpiredPost(post("http://bank.test/profile", [["a", "b"]]), PHONE, CSRF)).toEqual([]);
    expect(await keepExpiredPost(new Request(STEP), PHONE, CSRF)).toEqual([]);
    expect(await keepExpiredPost(post(STEP, [["a", "b"]]), null, CSRF)).toEqual([]);
    // Not the session's own form: without its token, or with another one.
    expect(await keepExpiredPost(post(STEP, [["a", "b"]]), PHONE, null)).toEqual([]);
    expect(
      await keepExpiredPost(
        post(STEP, [
          ["csrf", "forged"],
          ["a", "b"],
        ]),
        PHONE,
        CSRF,
      ),
    ).toEqual([]);
    // Never a body of unknown or large size, never a file upload.
    expect(await keepExpiredPost(post(STEP, [["a", "b"]], { "Content-Length": "" }), PHONE, CSRF)).toEqual([]);
    expect(await keepExpiredPost(post(STEP, [["a", "x".repeat(70_000)]]), PHONE, CSRF)).toEqual([]);
    expect(
      await keepExpiredPost(post(STEP, [["a", "b"]], { "Content-Type": "multipart/form-data; boundary=x" }), PHONE, CSRF),
    ).toEqual([]);
    // Incompressible text (random bytes as base64): 12,000 characters do not fit, 4,000 do.
    const random = randomBytes(9_000).toString("base64");
    expect(await keepExpiredPost(post(STEP, [["description", random]]), PHONE, CSRF)).toEqual([]);
    // Up to two cookies: a long but ordinary answer fits.
    const two = await keepExpiredPost(post(STEP, [["description", random.slice(0, 4000)]]), PHONE, CSRF);
    expect(two.filter((c) => !/Max-Age=0/.test(c))).toHaveLength(2);
    expect((await takeKeptForm(nextGet(STEP, two), PHONE)).form?.get("description")).toBe(random.slice(0, 4000));
  });
});

describe("answers kept at the bank (POST /v1/auth/kept-forms), with a marker in the browser", () => {
  /** A bank that keeps one form per user, as server/domain/auth/kept-forms.ts does. */
  function bank(options: { keeps?: boolean } = {}) {
    let stored: { path: string; fields: [string, string][] } | null = null;
    const takes: string[] = [];
    return {
      takes,
      keep: async (path: string, fields: [string, string][]) => {
        if (options.keeps === false) return false;
        stored = { path, fields };
        return true;
      },
      take: async (path: string) => {
        takes.push(path);
        if (stored?.path !== path) return null;
        const fields = stored.fields;
        stored = null;
        return fields;
      },
    };
  }
  // Incompressible text (random bytes as base64): far more than the two cookies could carry.
  const long = randomBytes(30_000).toString("base64");

  it("keeps a long step at the bank, with only a small sealed marker in the cookies; taken once on its page", async () => {
    const b = bank();
    const setCookie = await keepExpiredPost(
      post(STEP, [
        ["companyName", "Acme Widgets Ltd"],
        ["description", long],
      ]),
      PHONE,
      CSRF,
      b.keep,
    );
    expect(setCookie[0]).toMatch(/^__kept0=[^;]{1,400}; Path=\/; Max-Age=1800; HttpOnly; SameSite=Lax/);
    expect(setCookie.join("")).not.toContain("Acme");
    // Another page leaves the marker and does not ask the bank.
    expect(await takeKeptForm(nextGet("http://bank.test/identity/corporate/address", setCookie), PHONE, b.take)).toEqual({
      form: null,
      setCookie: [],
    });
    expect(b.takes).toEqual([]);
    const { form, setCookie: cleared } = await takeKeptForm(nextGet(STEP, setCookie), PHONE, b.take);
    expect([...form!.entries()]).toEqual([
      ["companyName", "Acme Widgets Ltd"],
      ["description", long],
    ]);
    expect(b.takes).toEqual(["/identity/corporate/company-data"]);
    expect(cleared.every((c) => /^__kept\d=; .*Max-Age=0/.test(c))).toBe(true);
  });

  it("another person gets nothing and the bank is not asked; a bank that cannot answer leaves the marker", async () => {
    const b = bank();
    const setCookie = await keepExpiredPost(post(STEP, [["companyName", "Acme"]]), PHONE, CSRF, b.keep);
    const other = await takeKeptForm(nextGet(STEP, setCookie), "+447700900009", b.take);
    expect(other.form).toBeNull();
    expect(other.setCookie.length).toBeGreaterThan(0);
    expect(b.takes).toEqual([]);
    const down = await takeKeptForm(nextGet(STEP, setCookie), PHONE, async () => {
      throw new Error("API unreachable");
    });
    expect(down).toEqual({ form: null, setCookie: [] });
    // Taken already (another tab): nothing to show, the marker goes.
    const gone = await takeKeptForm(nextGet(STEP, setCookie), PHONE, async () => null);
    expect(gone.form).toBeNull();
    expect(gone.setCookie.length).toBeGreaterThan(0);
  });

  it("belongs to the application the step names: never shown on the same step of another application", async () => {
    const b = bank();
    const A = "0e6f2a8c-1b2d-4c3e-9f40-5a6b7c8d9e01";
    const B = "7d1e3f5a-2c4b-4d6e-8f90-1a2b3c4d5e6f";
    const setCookie = await keepExpiredPost(
      post(`${STEP}?applicationId=${A}`, [["companyName", "Company A"]]),
      PHONE,
      CSRF,
      b.keep,
    );
    expect(await takeKeptForm(nextGet(`${STEP}?applicationId=${B}`, setCookie), PHONE, b.take)).toEqual({
      form: null,
      setCookie: [],
    });
    expect(b.takes).toEqual([]);
    // The same application with other parameters (a notice) is the same page.
    const { form } = await takeKeptForm(nextGet(`${STEP}?notice=x&applicationId=${A}`, setCookie), PHONE, b.take);
    expect(form?.get("companyName")).toBe("Company A");
    expect(b.takes).toEqual([`/identity/corporate/company-data?applicationId=${A}`]);
  });

  it("falls back to the cookies when the bank does not keep the form (a long one is then lost, as before)", async () => {
    const b = bank({ keeps: false });
    const small = await keepExpiredPost(post(STEP, [["companyName", "Acme"]]), PHONE, CSRF, b.keep);
    expect((await takeKeptForm(nextGet(STEP, small), PHONE, b.take)).form?.get("companyName")).toBe("Acme");
    expect(b.takes).toEqual([]);
    expect(await keepExpiredPost(post(STEP, [["description", long]]), PHONE, CSRF, b.keep)).toEqual([]);
  });
});

describe("answers kept across a language switch (the company official's form)", () => {
  const OFFICIAL = "http://bank.test/identity/corporate/cof/new";
  const form = (fields: [string, string][]) => {
    const f = new FormData();
    for (const [k, v] of fields) f.append(k, v);
    return f;
  };

  it("keeps the typed fields (not the token, the intents or the language) for this person's page, marked as a switch", async () => {
    const setCookie = keepAcrossLanguageSwitch(
      form([
        ["csrf", CSRF],
        ["intent", "save"],
        ["role", "DIRECTOR"],
        ["lastName", "Lovelace"],
        ["intent", "language"],
        ["lng", "de"],
      ]),
      PHONE,
      "/identity/corporate/cof/new",
    );
    expect(setCookie[0]).toMatch(/^__kept0=.+; Path=\/; Max-Age=1800; HttpOnly; SameSite=Lax/);
    const { form: kept } = await takeKeptForm(nextGet(`${OFFICIAL}?applicationId=a`, setCookie), PHONE);
    expect(kept && [...kept.entries()].filter(([k]) => !k.startsWith("_"))).toEqual([
      ["role", "DIRECTOR"],
      ["lastName", "Lovelace"],
    ]);
    expect(keptAtLanguageSwitch(kept)).toBe(true);
    expect((await takeKeptForm(nextGet(`${OFFICIAL}?applicationId=a`, setCookie), "+447700900999")).form).toBeNull();
  });

  it("keeps nothing without a phone or without a typed field; an expiry's answers are not a switch's", async () => {
    expect(keepAcrossLanguageSwitch(form([["lastName", "X"]]), null, "/identity/corporate/cof/new")).toEqual([]);
    expect(keepAcrossLanguageSwitch(form([["csrf", CSRF]]), PHONE, "/identity/corporate/cof/new")).toEqual([]);
    const setCookie = await keepExpiredPost(post(OFFICIAL, [["lastName", "X"]]), PHONE, CSRF);
    expect(keptAtLanguageSwitch((await takeKeptForm(nextGet(OFFICIAL, setCookie), PHONE)).form)).toBe(false);
    expect(keptAtLanguageSwitch(null)).toBe(false);
  });
});
