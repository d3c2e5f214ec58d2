/**
 * Generated authorization checks of the staff API (issue 13; docs/ops.md): for EVERY route
 * under /api/v1/ops that `listApiRoutes` reads from the routers —
 * - it is declared with `opsRoute(role, …)` (a staff role is recorded for it), unless it is one
 *   of the two public login steps in `PUBLIC_OPS`;
 * - no token → 401; a bad token → 401; a valid CUSTOMER token → 401 (customer sessions never
 *   authenticate here);
 * - a staff user without the route's role → 403, before any domain code (path ids are random:
 *   a 404 would mean the domain ran first);
 * - a staff user with the role is let through (not 401/403).
 * A new /ops route is covered without editing this file; a new public one must be listed here.
 */
import { randomUUID } from "node:crypto";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.js";
import { loadConfig } from "../../server/config.js";
import { listApiRoutes, type ApiRoute } from "../../server/api/v1/routes.js";
import { SEED_STAFF } from "../../server/seed/staff.js";
import type { OpsRole } from "../../server/api/v1/ops/guard.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";
import { staffLogin } from "./ops-helpers.js";

/** Staff routes a caller without a staff session may use, and why. */
const PUBLIC_OPS: Record<string, string> = {
  "POST /ops/auth/login": "staff login step 1: email and password are the credential (rate limited per email and IP)",
  "POST /ops/auth/code": "staff login step 2: the challenge id and its one-time code are the credential",
};

const wanted = (role: OpsRole): string[] => (role === "ANY" ? [] : typeof role === "string" ? [role] : [...role]);

describe.each(databases)("every staff route's authorization on %s", (kind) => {
  let s: TestServer;
  let routes: ApiRoute[];
  let customerToken: string;
  const staffTokens = new Map<string, string>();

  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    const cfg = loadConfig({ NODE_ENV: "test", OTP_SECRET: "api-test-otp-secret-0123456789" } as NodeJS.ProcessEnv);
    routes = listApiRoutes(createApp({ db: s.db, config: cfg, sms: s.sms, logger: pino({ level: "silent" }) })).filter((r) =>
      r.path.startsWith("/ops/"),
    );
    customerToken = await s.login("+447700900001");
    for (const staff of SEED_STAFF) staffTokens.set(staff.email, await staffLogin(s, staff.email));
  });
  afterAll(async () => s?.close());

  /** The route's path with random ids, and a body for non-GET calls. */
  const request = (r: ApiRoute) => ({
    path: r.path.replace(/:\w+/g, () => randomUUID()),
    body: r.method === "GET" ? undefined : {},
  });

  it("every /ops route is guarded by opsRoute with a role, but the public login steps", () => {
    expect(routes.length).toBeGreaterThanOrEqual(5);
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(
      Object.keys(PUBLIC_OPS).filter((k) => !keys.includes(k)),
      "public cases for routes that no longer exist",
    ).toEqual([]);
    for (const r of routes) {
      const key = `${r.method} ${r.path}`;
      if (PUBLIC_OPS[key]) {
        expect(r.auth, `${key} is public`).toBe(false);
        continue;
      }
      expect(r.auth, `${key} has no guard`).toBe(true);
      expect(r.staffRole, `${key} is not declared with opsRoute(role, …)`).toBeDefined();
    }
  });

  it("no token, a bad token or a customer token: 401 on every guarded route", async () => {
    for (const r of routes) {
      const key = `${r.method} ${r.path}`;
      if (PUBLIC_OPS[key]) continue;
      const req = request(r);
      for (const [label, token] of [
        ["no token", undefined],
        ["bad token", "ops_not-a-session-token-0123456789012345678901234"],
        ["customer token", customerToken],
      ] as const) {
        const res = await s.call(r.method, req.path, { token, body: req.body });
        expect(res.status, `${key} (${label})`).toBe(401);
        expect(res.body.code, `${key} (${label})`).toBe("UNAUTHENTICATED");
      }
    }
  });

  it("a staff user without the route's role gets 403; one with it is let through", async () => {
    for (const r of routes) {
      const key = `${r.method} ${r.path}`;
      if (PUBLIC_OPS[key]) continue;
      const roles = wanted(r.staffRole!);
      const outsider = SEED_STAFF.find((st) => !st.roles.some((x) => roles.includes(x)));
      const insider = SEED_STAFF.find((st) => roles.length === 0 || st.roles.some((x) => roles.includes(x)))!;
      if (roles.length) {
        expect(outsider, `${key}: a seeded staff user without ${roles.join("/")}`).toBeDefined();
        const req = request(r);
        const res = await s.call(r.method, req.path, { token: staffTokens.get(outsider!.email), body: req.body });
        expect(res.status, `${key} as ${outsider!.email}`).toBe(403);
        expect(res.body.code).toBe("FORBIDDEN");
      }
      if (r.path === "/ops/auth/logout") continue; // would end the insider's session
      const req = request(r);
      const res = await s.call(r.method, req.path, { token: staffTokens.get(insider.email), body: req.body });
      expect([401, 403], `${key} as ${insider.email}: ${res.status}`).not.toContain(res.status);
      expect(res.status, `${key} as ${insider.email}`).toBeLessThan(500);
    }
  });
});
