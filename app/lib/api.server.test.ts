import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, getApi, isSessionFailure } from "./api.server";
import { commitSession, getSession, getTokens, setTokens } from "./session.server";
import { wrapRequestHandler } from "./session-scope.server";

describe("isSessionFailure", () => {
  it("treats code/MFA 401s as form errors, others as session loss", () => {
    expect(isSessionFailure(401, { code: "INVALID_CODE" })).toBe(false);
    expect(isSessionFailure(401, { code: "MFA_TOKEN_INVALID" })).toBe(false);
    expect(isSessionFailure(401, { code: "UNAUTHENTICATED" })).toBe(true);
    expect(isSessionFailure(401, "text")).toBe(true);
    expect(isSessionFailure(400, { code: "X" })).toBe(false);
  });
});

const future = () => new Date(Date.now() + 60_000).toISOString();
const tokens = (n: number, expiresAt = future()) => ({
  accessToken: `a${n}`,
  accessTokenExpiresAt: expiresAt,
  refreshToken: `r${n}`,
  refreshTokenExpiresAt: future(),
});

async function requestWith(t: ReturnType<typeof tokens>, seen = Date.now(), url = "http://x/home") {
  const session = await getSession(new Request("http://x/"));
  setTokens(session, t);
  session.set("seen", seen);
  const cookie = (await commitSession(session)).split(";")[0];
  return new Request(url, { headers: { Cookie: cookie } });
}

describe("getApi", () => {
  const calls: {
    url: string;
    auth: string | null;
    body?: string;
    contentType?: string | null;
    form?: unknown;
    encoding?: string | null;
    clientIp?: string | null;
    signal?: AbortSignal | null;
  }[] = [];
  let answers: Array<(url: string) => Response>;
  beforeEach(() => {
    calls.length = 0;
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      const auth = new Headers(init.headers).get("Authorization");
      const contentType = new Headers(init.headers).get("Content-Type");
      const encoding = new Headers(init.headers).get("Accept-Encoding");
      const clientIp = new Headers(init.headers).get("X-Bank-Client-IP");
      calls.push({
        clientIp,
        url,
        auth,
        body: init.body as string | undefined,
        contentType,
        form: init.body,
        encoding,
        signal: init.signal,
      });
      return answers.shift()!(url);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends the bearer token and returns JSON", async () => {
    answers = [() => Response.json({ ok: 1 })];
    const api = await getApi(await requestWith(tokens(1)));
    expect(await api.get("/users/whoami")).toEqual({ ok: 1 });
    expect(calls[0]).toMatchObject({ url: "http://127.0.0.1:3000/api/v1/users/whoami", auth: "Bearer a1" });
    expect((await api.headers()).get("Set-Cookie")).toBeNull();
  });

  it("a file streamed to the browser ends with the browser's request; other calls do not", async () => {
    answers = [() => new Response("%PDF-"), () => Response.json({ ok: 1 }), () => Response.json({ ok: 2 })];
    const request = await requestWith(tokens(42));
    const api = await getApi(request);
    await api.request("GET", "/statements-items/x/pdf", { raw: true });
    await api.get("/accounts");
    await api.request("POST", "/payments", { body: { a: 1 }, idempotencyKey: "k" });
    expect(calls.map((c) => c.signal)).toEqual([request.signal, undefined, undefined]);
  });

  it("asks the API for uncompressed answers, the refresh included (no gzip and gunzip on loopback)", async () => {
    answers = [
      () => Response.json({ code: "UNAUTHENTICATED" }, { status: 401 }),
      () => Response.json(tokens(41)),
      () => Response.json({ ok: 2 }),
    ];
    const api = await getApi(await requestWith(tokens(40)));
    await api.get("/accounts");
    expect(calls.map((c) => c.encoding)).toEqual(["identity", "identity", "identity"]);
  });

  it("forwards the customer's address of the web request to every call, the refresh included; none outside a request", async () => {
    answers = [
      () => Response.json({ code: "UNAUTHENTICATED" }, { status: 401 }),
      () => Response.json(tokens(44)),
      () => Response.json({ ok: 2 }),
    ];
    const request = await requestWith(tokens(43));
    const handler = wrapRequestHandler(async (req) => {
      await (await getApi(req)).get("/accounts");
      return new Response("ok");
    });
    await handler(request, { cspNonce: "n", clientIp: "203.0.113.9" });
    expect(calls.map((c) => c.clientIp)).toEqual(["203.0.113.9", "203.0.113.9", "203.0.113.9"]);
    calls.length = 0;
    answers = [() => Response.json({ ok: 3 })];
    await (await getApi(await requestWith(tokens(45)))).get("/accounts");
    expect(calls.map((c) => c.clientIp)).toEqual([null]);
  });

  it("refreshes once on 401 and commits the rotated tokens", async () => {
    answers = [
      () => Response.json({ code: "UNAUTHENTICATED" }, { status: 401 }),
      () => Response.json(tokens(2)),
      () => Response.json({ ok: 2 }),
    ];
    const api = await getApi(await requestWith(tokens(1)));
    expect(await api.get("/accounts")).toEqual({ ok: 2 });
    expect(calls.map((c) => c.url.replace("http://127.0.0.1:3000/api/v1", ""))).toEqual([
      "/accounts",
      "/auth/refresh",
      "/accounts",
    ]);
    expect(JSON.parse(calls[1].body!)).toEqual({ refreshToken: "r1" });
    expect(calls[2].auth).toBe("Bearer a2");
    const setCookie = (await api.headers()).get("Set-Cookie")!;
    expect(setCookie).toContain("__session=");
    // The cookie carries the tokens encrypted: the token text never appears (nor its base64).
    expect(setCookie).not.toContain('"accessToken"');
    expect(
      Buffer.from(decodeURIComponent(setCookie.split(";")[0].split("=")[1]).split(".")[0], "base64").toString("utf8"),
    ).not.toContain("accessToken");
    const again = await getSession(new Request("http://x", { headers: { Cookie: setCookie.split(";")[0] } }));
    expect(getTokens(again)?.accessToken).toBe("a2");
  });

  it("refreshes before the call when the access token is expired", async () => {
    answers = [() => Response.json(tokens(3)), () => Response.json({ ok: 3 })];
    const api = await getApi(await requestWith(tokens(7, new Date(Date.now() - 1000).toISOString())));
    expect(await api.get("/x")).toEqual({ ok: 3 });
    expect(calls[0].url).toContain("/auth/refresh");
  });

  it("redirects to /auth/phone and clears the cookie on a final 401", async () => {
    answers = [
      () => Response.json({ code: "UNAUTHENTICATED" }, { status: 401 }),
      () => Response.json({ code: "UNAUTHENTICATED" }, { status: 401 }),
    ];
    const api = await getApi(await requestWith(tokens(4)));
    const thrown = (await api.get("/x").catch((e: unknown) => e)) as Response;
    expect(thrown).toBeInstanceOf(Response);
    // Idempotency-Key is passed through on money-moving calls (checked below in the 403 test).
    expect(thrown.headers.get("Location")).toBe("/auth/phone");
    expect(thrown.headers.get("Set-Cookie")).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("revokes the session at the API when a 401 outlives a refresh, then logs out (spec 000 §7)", async () => {
    answers = [
      () => Response.json({ code: "UNAUTHENTICATED" }, { status: 401 }),
      () => Response.json(tokens(17)),
      () => Response.json({ code: "UNAUTHENTICATED" }, { status: 401 }),
      () => new Response(null, { status: 204 }),
    ];
    // Tokens of their own: refreshes of one refresh token are shared for 30 s across tests.
    const api = await getApi(await requestWith(tokens(16)));
    const thrown = (await api.get("/accounts").catch((e: unknown) => e)) as Response;
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.headers.get("Location")).toBe("/auth/phone");
    expect(calls.map((c) => c.url.replace("http://127.0.0.1:3000/api/v1", ""))).toEqual([
      "/accounts",
      "/auth/refresh",
      "/accounts",
      "/auth/logout",
    ]);
    // The refresh token the API rotated to is the one revoked.
    expect(JSON.parse(calls[3].body!)).toEqual({ refreshToken: "r17" });
    expect(thrown.headers.getSetCookie().some((c) => c.startsWith("organizationId=;"))).toBe(true);
  });

  it("redirects to /permission-denied on 403 and throws ApiError otherwise", async () => {
    answers = [
      () => Response.json({ code: "FORBIDDEN" }, { status: 403 }),
      () => Response.json({ statusCode: 400, code: "VALIDATION_FAILED", message: "bad" }, { status: 400 }),
    ];
    const api = await getApi(await requestWith(tokens(5)));
    const forbidden = (await api.get("/x").catch((e: unknown) => e)) as Response;
    expect(forbidden.headers.get("Location")).toBe("/permission-denied");
    const bad = (await api.post("/x", {}, { idempotencyKey: "k" }).catch((e: unknown) => e)) as ApiError;
    expect(bad).toBeInstanceOf(ApiError);
    expect(bad.body.code).toBe("VALIDATION_FAILED");
  });

  it("sends an /identity page's 403 to the identity layout's permission-denied page (spec 001 §2)", async () => {
    answers = [
      () => Response.json({ code: "FORBIDDEN" }, { status: 403 }),
      () => Response.json({ code: "FORBIDDEN" }, { status: 403 }),
    ];
    const onStep = await getApi(
      await requestWith(tokens(7), Date.now(), "http://x/identity/individual/personal-data?applicationId=a"),
    );
    const thrown = (await onStep.get("/applications/a").catch((e: unknown) => e)) as Response;
    expect(thrown.headers.get("Location")).toBe("/identity/permission-denied");
    // Only /identity itself and below: a look-alike path keeps the signed-in page.
    const elsewhere = await getApi(await requestWith(tokens(8), Date.now(), "http://x/identityx"));
    expect(((await elsewhere.get("/x").catch((e: unknown) => e)) as Response).headers.get("Location")).toBe("/permission-denied");
  });

  it("keeps a 401 INVALID_CODE as a form error", async () => {
    answers = [() => Response.json({ statusCode: 401, code: "INVALID_CODE", message: "wrong" }, { status: 401 })];
    const api = await getApi(await requestWith(tokens(6)));
    const err = await api.post("/signatures/validate", {}).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
  });

  it("does not log out when the API is unreachable during a refresh", async () => {
    answers = [() => Response.json({ code: "UNAVAILABLE" }, { status: 503 })];
    const api = await getApi(await requestWith(tokens(8, new Date(Date.now() - 1000).toISOString())));
    const err = (await api.get("/x").catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(503);
  });

  it("sends a FormData as multipart (no JSON Content-Type), again after a refresh", async () => {
    answers = [
      () => Response.json({ code: "UNAUTHENTICATED" }, { status: 401 }),
      () => Response.json(tokens(10)),
      () => Response.json({ data: [] }, { status: 201 }),
    ];
    const form = new FormData();
    form.append("organizationId", "org");
    form.append("files", new File(["%PDF-1.4"], "a.pdf", { type: "application/pdf" }));
    const api = await getApi(await requestWith(tokens(9)));
    expect(await api.post("/uploads", form)).toEqual({ data: [] });
    expect(calls[0]).toMatchObject({ url: "http://127.0.0.1:3000/api/v1/uploads", contentType: null, form });
    expect(calls[2]).toMatchObject({ auth: "Bearer a10", contentType: null, form });
    expect(calls[1].contentType).toBe("application/json");
  });

  it("returns a 2xx as the unread Response with raw, and errors as usual", async () => {
    answers = [
      () => new Response("%PDF-1.4", { headers: { "Content-Type": "application/pdf" } }),
      () => Response.json({ statusCode: 404, code: "NOT_FOUND", message: "Upload not found" }, { status: 404 }),
    ];
    const api = await getApi(await requestWith(tokens(11)));
    const res = await api.request<Response>("GET", "/uploads/u/file", { raw: true });
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(await res.text()).toBe("%PDF-1.4");
    const missing = (await api.request("GET", "/uploads/v/file", { raw: true }).catch((e: unknown) => e)) as ApiError;
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing.status).toBe(404);
  });

  it("shares one identical GET in flight between parallel loaders, each with its own copy; later and other calls go out", async () => {
    answers = [
      () => Response.json({ accounts: [2, 1] }),
      () => Response.json({ other: true }),
      () => Response.json({ accounts: [3] }),
      () => Response.json({ accounts: [4] }),
    ];
    const layout = await getApi(await requestWith(tokens(12)));
    const page = await getApi(await requestWith(tokens(12)));
    const [a, b, other] = await Promise.all([
      layout.get<{ accounts: number[] }>("/accounts", { all: true }),
      page.get<{ accounts: number[] }>("/accounts", { all: true }),
      page.get("/users/whoami"),
    ]);
    expect(calls.map((c) => c.url.replace("http://127.0.0.1:3000/api/v1", ""))).toEqual(["/accounts?all=true", "/users/whoami"]);
    expect(a).toEqual({ accounts: [2, 1] });
    a.accounts.sort();
    expect(b).toEqual({ accounts: [2, 1] }); // not the same object
    expect(other).toEqual({ other: true });
    // Once answered, nothing is kept: the next identical GET goes out again.
    expect(await page.get("/accounts", { all: true })).toEqual({ accounts: [3] });
    // Another session's token never shares an answer.
    const stranger = await getApi(await requestWith(tokens(13)));
    answers.push(() => Response.json({ accounts: [5] }));
    const [mine, theirs] = await Promise.all([page.get("/accounts"), stranger.get("/accounts")]);
    expect(calls.filter((c) => c.url.endsWith("/accounts")).map((c) => c.auth)).toEqual(["Bearer a12", "Bearer a13"]);
    expect([mine, theirs]).toEqual([{ accounts: [4] }, { accounts: [5] }]);
  });

  it("redirects to login without a session", async () => {
    const thrown = (await getApi(new Request("http://x/home")).catch((e: unknown) => e)) as Response;
    expect(thrown.headers.get("Location")).toBe("/auth/phone");
  });
});

describe("getApi inactivity limit (PSD2 RTS Art. 4(3)(b), 5 minutes)", () => {
  const calls: string[] = [];
  beforeEach(() => {
    calls.length = 0;
    vi.stubGlobal("fetch", async (url: string) => {
      calls.push(url.replace("http://127.0.0.1:3000/api/v1", ""));
      return new Response(null, { status: 204 });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  const seenAt = Date.parse("2026-11-24T10:00:00Z");

  it("ends a session idle for 5 minutes: API logout, cookies cleared, /auth/phone with the page to return to", async () => {
    const request = await requestWith(tokens(1), seenAt, "http://x/history?from=2026-11-01&_data=routes%2Fx");
    vi.useFakeTimers({ now: seenAt + 5 * 60_000 });
    const thrown = await getApi(request).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    const res = thrown as Response;
    expect(res.headers.get("Location")).toBe("/auth/phone?expired=1&returnTo=%2Fhistory%3Ffrom%3D2026-11-01");
    expect(res.headers.getSetCookie().join("\n")).toMatch(/__session=;.*Max-Age=0|__session=;.*Expires=Thu, 01 Jan 1970/);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("organizationId=;"))).toBe(true);
    expect(calls).toEqual(["/auth/logout"]);
  });

  it("keeps a session active just before the limit and counts the request as activity", async () => {
    const request = await requestWith(tokens(1), seenAt);
    vi.useFakeTimers({ now: seenAt + 5 * 60_000 - 1 });
    const api = await getApi(request);
    expect(api.session.get("seen")).toBe(seenAt + 5 * 60_000 - 1);
    expect((await api.headers()).get("Set-Cookie")).toContain("__session=");
  });

  it("a background check (activity: false) does not move the deadline", async () => {
    const request = await requestWith(tokens(1), seenAt);
    vi.useFakeTimers({ now: seenAt + 4 * 60_000 });
    const api = await getApi(request, { activity: false });
    expect(api.session.get("seen")).toBe(seenAt);
    expect((await api.headers()).get("Set-Cookie")).toBeNull();
  });

  it("a form post that finds the session expired returns to its page (no query)", async () => {
    const session = await getSession(new Request("http://x/"));
    setTokens(session, tokens(1));
    session.set("seen", seenAt);
    const cookie = (await commitSession(session)).split(";")[0];
    const request = new Request("http://x/beneficiaries/new?step=2", { method: "POST", headers: { Cookie: cookie } });
    vi.useFakeTimers({ now: seenAt + 60 * 60_000 });
    const res = (await getApi(request).catch((e: unknown) => e)) as Response;
    expect(res.headers.get("Location")).toBe("/auth/phone?expired=1&returnTo=%2Fbeneficiaries%2Fnew");
  });

  it("a post to a form whose answers are kept returns to it with its own query, without Remix's routing parameters", async () => {
    const session = await getSession(new Request("http://x/"));
    setTokens(session, tokens(1));
    session.set("seen", seenAt);
    const cookie = (await commitSession(session)).split(";")[0];
    const request = new Request("http://x/payments/euro?index&_data=routes%2Fpayments&kind=SEPA_SCT_INST", {
      method: "POST",
      headers: { Cookie: cookie },
    });
    vi.useFakeTimers({ now: seenAt + 60 * 60_000 });
    const res = (await getApi(request).catch((e: unknown) => e)) as Response;
    expect(res.headers.get("Location")).toBe("/auth/phone?expired=1&returnTo=%2Fpayments%2Feuro%3Fkind%3DSEPA_SCT_INST");
  });
});
