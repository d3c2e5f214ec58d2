/**
 * Loader tests with the API stubbed: a signed-in page request (a real session cookie with
 * unexpired tokens, English) and the whoami of an identified INDIVIDUAL customer; for /ops, a
 * signed-in staff request (the `__ops` cookie) and the staff user holding every role.
 */
import type { OrganizationSummary, WhoAmI } from "../../server/api/v1/contract";
import { commitOpsSession, getOpsSession, setStaffToken } from "~/lib/ops.server";
import { commitSession, getSession, setTokens } from "~/lib/session.server";

/** James Patel's personal organization, as whoami names it. */
export const TEST_ORG: OrganizationSummary = {
  id: "00000000-0000-4000-8000-000000000001",
  type: "INDIVIDUAL",
  fullName: "James Patel",
  companyName: null,
  firstName: "James",
  lastName: "Patel",
  createdAt: "2026-01-01T00:00:00.000Z",
  currentOfficial: { signatureType: "SINGLE", companyOfficialType: null },
};

/** GET /v1/users/whoami's answer for an identified user of TEST_ORG (the fields the loaders read). */
export const TEST_WHOAMI = {
  identified: true,
  organizations: [TEST_ORG],
  activeOrganization: TEST_ORG,
  profile: {},
  phone: "+447700900001",
} as unknown as WhoAmI;

/** A GET of `url` by a signed-in browser (session cookie with tokens valid for a minute). */
export async function signedInRequest(url: string): Promise<Request> {
  const future = new Date(Date.now() + 60_000).toISOString();
  const session = await getSession(new Request("http://x/"));
  setTokens(session, { accessToken: "a1", accessTokenExpiresAt: future, refreshToken: "r1", refreshTokenExpiresAt: future });
  session.set("seen", Date.now());
  const cookie = (await commitSession(session)).split(";")[0];
  return new Request(url, { headers: { Cookie: cookie, "Accept-Language": "en" } });
}

/** The CSRF token `signedInSession` puts in the session (a form post sends it as `csrf`). */
export const TEST_CSRF = "csrf-token-of-the-test";

/**
 * A signed-in browser's session cookie (`name=value`) holding the CSRF token `TEST_CSRF`: for
 * route tests that run a loader, then post the form to its action, with the same session.
 */
export async function signedInSession(url: string): Promise<{ cookie: string; csrf: string }> {
  const session = await getSession(await signedInRequest(url));
  session.set("csrf", TEST_CSRF);
  return { cookie: (await commitSession(session)).split(";")[0], csrf: TEST_CSRF };
}

/** The session cookie (`name=value`) a route's response sets, else `sent`: the browser's next request. */
export function cookieAfter(res: Response, sent: string): string {
  const set = res.headers.get("Set-Cookie");
  return set ? set.split(";")[0] : sent;
}

/** GET /api/v1/ops/me's answer for a staff user holding every role. */
export const TEST_STAFF = {
  id: "00000000-0000-4000-8000-0000000000aa",
  email: "staff@bank.test",
  phone: "+447700900100",
  roles: ["ONBOARDING", "COMPLIANCE", "PAYMENTS", "SUPPORT", "ADMIN"],
};

/** A GET of `url` (under /ops) by a signed-in staff browser (the `__ops` cookie with a staff token, English). */
export async function opsSignedInRequest(url: string): Promise<Request> {
  const session = await getOpsSession(new Request("http://x/ops"));
  setStaffToken(session, "staff-token");
  const cookie = (await commitOpsSession(session)).split(";")[0];
  return new Request(url, { headers: { Cookie: cookie, "Accept-Language": "en" } });
}
