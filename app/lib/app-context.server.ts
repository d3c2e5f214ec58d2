/**
 * Loader/action context for signed-in pages: the user (whoami), the API client and the
 * active organization (spec 000 §6: default organization rule applied by the API).
 */
import { redirect } from "@remix-run/node";
import type { Account, ListResponse, OrganizationSummary, WhoAmI } from "../../server/api/v1/contract";
import { requireUser, type Api } from "./api.server";

export interface AppContext {
  user: WhoAmI;
  api: Api;
  org: OrganizationSummary;
}

/**
 * Require a signed-in, identified user with an active organization.
 * @throws redirects (/auth/phone, /identity) as `requireUser`; /identity when no organization
 */
export async function requireAppContext(request: Request): Promise<AppContext> {
  const { user, api } = await requireUser(request);
  if (!user.activeOrganization) throw redirect("/identity", { headers: await api.headers() });
  return { user, api, org: user.activeOrganization };
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
