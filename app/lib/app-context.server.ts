/**
 * Loader/action context for signed-in pages: the user (whoami), the API client and the
 * active organization: the one chosen in the profile popup (session `orgId`, kept only while
 * the user is still a member of it), else the API's default (spec 001 §3). The API checks
 * organizationId on every call as well, so a forged choice reaches nothing.
 */
import { redirect } from "@remix-run/node";
import type { Account, ListResponse, OrganizationSummary, WhoAmI } from "../../server/api/v1/contract";
import { requireUser, type Api } from "./api.server";
import { activeOrganization } from "./session-rules";

export interface AppContext {
  user: WhoAmI;
  api: Api;
  org: OrganizationSummary;
}

/**
 * Require a signed-in, identified user with an active organization.
 * @throws redirects (/auth/phone, /identity) as `requireUser`; /identity when no organization
 */
export async function requireAppContext(request: Request, options: { activity?: boolean } = {}): Promise<AppContext> {
  const { user, api } = await requireUser(request, options);
  const chosen = api.session.get("orgId");
  const org = activeOrganization(user, chosen);
  if (chosen && org?.id !== chosen) {
    api.session.unset("orgId"); // no longer a member: back to the default
    api.touch();
  }
  if (!org) throw redirect("/identity", { headers: await api.headers() });
  return { user, api, org };
}

/**
 * Make `organizationId` the session's active organization.
 * @returns false (nothing changed) when the user is not a member of it
 */
export function chooseOrganization(ctx: AppContext, organizationId: string): boolean {
  if (!ctx.user.organizations.some((o) => o.id === organizationId)) return false;
  ctx.api.session.set("orgId", organizationId);
  ctx.api.touch();
  return true;
}

/** GET /v1/accounts?organizationId=&all=true → accounts with balances. */
export async function listAccounts(api: Api, organizationId: string): Promise<Account[]> {
  const res = await api.get<ListResponse<Account>>("/accounts", { organizationId, all: true });
  return res.data;
}

/** Display name of a user: "First Last", else the organization name, else the phone. */
export function displayName(user: WhoAmI): string {
  const name = [user.profile.firstName, user.profile.lastName].filter(Boolean).join(" ");
  return name || user.activeOrganization?.fullName || user.phone;
}

/** What the signed-in layout needs (user name, organization type, accounts). */
export interface ShellData {
  userName: string;
  orgType: OrganizationSummary["type"];
  accounts: Account[];
}

/**
 * Layout data when the request has a working session, else null (never redirects): lets
 * pages outside the `_app` layout (404, permission denied) keep the layout when signed in.
 * @returns `{ shell, headers }` — attach `headers` (rotated tokens) to the response
 */
export async function optionalShell(request: Request): Promise<{ shell: ShellData | null; headers: Headers }> {
  try {
    const { user, api, org } = await requireAppContext(request);
    const accounts = await listAccounts(api, org.id);
    return { shell: { userName: displayName(user), orgType: org.type, accounts }, headers: await api.headers() };
  } catch {
    // Not signed in, not identified, or the API failed: plain page (cookie untouched).
    return { shell: null, headers: new Headers() };
  }
}

/**
 * The header's unread chat count (lib/chat.server.ts), offered here so the `_app` layout imports
 * no further `.server` module (each one a separate stub in the browser build: first-load bytes).
 */
export { unreadTotalSafe } from "./chat.server";
