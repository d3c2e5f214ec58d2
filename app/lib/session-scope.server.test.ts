/**
 * Rotated tokens reach the browser on every answer (session-scope.server.ts): Remix's real request
 * handler on a small build (the payment receipt's route module, which throws a bare 404, and a
 * few inline routes), the API stubbed (fetch). Each test uses refresh tokens of its own: the API
 * client shares a refresh of one token for 30 s.
 */
import { createRequestHandler, json, redirect, type ServerBuild } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_WHOAMI } from "~/test-utils/signed-in";
import * as receipt from "~/routes/_app+/payments+/$paymentId+/_index";
import { getApi } from "./api.server";
import { removesCookie, wrapRequestHandler } from "./session-scope.server";
import { commitSession, getSession, getTokens, setTokens } from "./session.server";

const RECEIPT = "routes/_app+/payments+/$paymentId+/_index";

const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const tokens = (name: string, accessExpiresInMs = 60_000) => ({
  accessToken: `a-${name}`,
  accessTokenExpiresAt: at(accessExpiresInMs),
  refreshToken: `r-${name}`,
  refreshTokenExpiresAt: at(60 * 60_000),
});

/** A browser request whose access token has expired (the API client refreshes before its first call). */
async function expiredRequest(name: string, path: string): Promise<Request> {
  const session = await getSession(new Request("http://x/"));
  setTokens(session, tokens(name, -1000));
  session.set("seen", Date.now());
  const cookie = (await commitSession(session)).split(";")[0];
  return new Request(`http://x${path}`, { headers: { Cookie: cookie, "Accept-Language": "en" } });
}

/** The tokens an answer's last `__session` cookie carries (null: none, or removed). */
async function cookieTokens(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .filter((c) => c.startsWith("__session="))
    .pop();
  if (!cookie || removesCookie(cookie)) return null;
  return getTokens(await getSession(new Request("http://x/", { headers: { Cookie: cookie.split(";")[0] } })));
}

const route = (id: string, path: string, module: Record<string, unknown>) => ({
  [id]: { id, parentId: "root", path, index: undefined, caseSensitive: undefined, module },
});

/** A Remix build: the payment receipt and inline routes under a root without loader; documents render as "page". */
const build = {
  mode: "production",
  entry: {
    module: {
      default: (_request: Request, status: number, headers: Headers) => new Response("page", { status, headers }),
    },
  },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    [RECEIPT]: { id: RECEIPT, parentId: "root", path: "payments/:paymentId", module: receipt },
    ...route("routes/moved", "moved", {
      default: () => null,
      loader: async ({ request }: { request: Request }) => {
        const api = await getApi(request);
        await api.get("/users/whoami");
        throw redirect("/home");
      },
    }),
    ...route("routes/early-headers", "early-headers", {
      default: () => null,
      loader: async ({ request }: { request: Request }) => {
        const api = await getApi(request);
        const headers = await api.headers(); // committed before the call that refreshes
        return json(await api.get("/users/whoami"), { headers });
      },
    }),
    ...route("routes/file", "file", {
      loader: async ({ request }: { request: Request }) => {
        const api = await getApi(request);
        await api.get("/users/whoami");
        return new Response("%PDF-1.4", { headers: { "Content-Type": "application/pdf", "Cache-Control": "max-age=60" } });
      },
    }),
  },
  assets: { entry: { module: "/build/entry.js", imports: [] }, routes: {}, url: "/build/manifest.js", version: "1" },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: {},
  isSpaMode: false,
} as unknown as ServerBuild;

const bare = createRequestHandler(build, "production");
const handle = wrapRequestHandler(bare);

describe("an answer built without api.headers() after a refresh", () => {
  const refreshed: string[] = [];
  let refreshAnswer: (refreshToken: string) => Response;
  beforeEach(() => {
    refreshed.length = 0;
    refreshAnswer = (refreshToken) => Response.json(tokens(`${refreshToken.slice(2)}-next`));
    vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
      const path = new URL(url).pathname.replace(/^\/api\/v1/, "");
      if (path === "/auth/refresh") {
        const { refreshToken } = JSON.parse(String(init?.body)) as { refreshToken: string };
        refreshed.push(refreshToken);
        return refreshAnswer(refreshToken);
      }
      if (path === "/auth/logout") return new Response(null, { status: 204 });
      if (path === "/users/whoami") return Response.json(TEST_WHOAMI);
      return Response.json({ statusCode: 404, code: "NOT_FOUND", message: "Payment not found" }, { status: 404 });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("a thrown 404 of a data request (navigation with JavaScript) carries the rotated tokens", async () => {
    const url = `/payments/p1?_data=${encodeURIComponent(RECEIPT)}`;
    // The defect: Remix's answer alone has no session cookie, so the spent refresh token stays in the browser.
    const lost = await bare(await expiredRequest("data-bare", url));
    expect(lost.status).toBe(404);
    expect(refreshed).toEqual(["r-data-bare"]);
    expect(await cookieTokens(lost)).toBeNull();

    const answer = await handle(await expiredRequest("data", url));
    expect(answer.status).toBe(404);
    expect(answer.headers.get("X-Remix-Catch")).toBe("yes");
    expect(await answer.text()).toBe("Not found");
    expect(await cookieTokens(answer)).toMatchObject({ accessToken: "a-data-next", refreshToken: "r-data-next" });
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const cookie = answer.headers.getSetCookie()[0];
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
  });

  it("a thrown 404 of a document (the error page) carries them", async () => {
    const answer = await handle(await expiredRequest("document", "/payments/p1"));
    expect(answer.status).toBe(404);
    expect(await answer.text()).toBe("page");
    expect(await cookieTokens(answer)).toMatchObject({ refreshToken: "r-document-next" });
  });

  it("a bare redirect (which Remix sends without the server entry) and a resource route's file carry them", async () => {
    const moved = await handle(await expiredRequest("redirect", "/moved"));
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe("/home");
    expect(await cookieTokens(moved)).toMatchObject({ refreshToken: "r-redirect-next" });

    const file = await handle(await expiredRequest("file", "/file"));
    expect(await file.text()).toBe("%PDF-1.4");
    expect(await cookieTokens(file)).toMatchObject({ refreshToken: "r-file-next" });
    // A file sent with a cookie is not kept by a cache either.
    expect(file.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("a session cookie committed before the refresh gets the rotated tokens (one cookie, not two)", async () => {
    const answer = await handle(await expiredRequest("early", "/early-headers?_data=routes%2Fearly-headers"));
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie().filter((c) => c.startsWith("__session="))).toHaveLength(1);
    expect(await cookieTokens(answer)).toMatchObject({ refreshToken: "r-early-next" });
  });

  it("leaves an answer that ends the session as it is (refused refresh: logged out)", async () => {
    refreshAnswer = () => Response.json({ code: "UNAUTHENTICATED" }, { status: 401 });
    const answer = await handle(await expiredRequest("refused", "/payments/p1"));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/auth/phone");
    const sessionCookies = answer.headers.getSetCookie().filter((c) => c.startsWith("__session="));
    expect(sessionCookies).toHaveLength(1);
    expect(removesCookie(sessionCookies[0])).toBe(true);
  });

  it("adds nothing to an answer built without api.headers() when no token was rotated (a refused post keeps no activity)", async () => {
    const session = await getSession(new Request("http://x/"));
    setTokens(session, tokens("idle"));
    session.set("seen", Date.now() - 120_000); // two minutes ago: a request moves it to now
    const cookie = (await commitSession(session)).split(";")[0];
    const answer = await handle(new Request("http://x/moved", { headers: { Cookie: cookie } }));
    expect(refreshed).toEqual([]);
    expect(answer.headers.getSetCookie().filter((c) => c.startsWith("__session="))).toEqual([]);
  });

  it("leaves an answer alone when the request changed no session", async () => {
    const request = new Request("http://x/payments/p1?_data=" + encodeURIComponent(RECEIPT));
    const answer = await handle(request);
    // No session: the receipt's loader sends the browser to the login, and no cookie is added.
    expect(answer.status).toBe(204);
    expect(answer.headers.get("X-Remix-Redirect")).toBe("/auth/phone");
    expect(refreshed).toEqual([]);
    expect(answer.headers.getSetCookie().every((c) => removesCookie(c))).toBe(true);
  });
});

describe("removesCookie", () => {
  it("reads an empty value, Max-Age=0 and a past Expires as removal", () => {
    expect(removesCookie("__session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT")).toBe(true);
    expect(removesCookie("__session=abc; Max-Age=0")).toBe(true);
    expect(removesCookie("__session=abc; Expires=Thu, 01 Jan 1970 00:00:00 GMT")).toBe(true);
    expect(removesCookie(`__session=abc; Max-Age=43200; Expires=${new Date(Date.now() + 60_000).toUTCString()}`)).toBe(false);
  });
});
