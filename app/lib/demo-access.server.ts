/**
 * Who may enter demo mode (spec 000 §1, docs/decisions.md "Demo mode (issue 12)"): a signed-in
 * user who is NOT identified, while the bank's DEMO-MODE-ENABLED setting is on. An identified
 * user goes to /home (their real accounts); with the setting off, /identity.
 */
import { redirect } from "@remix-run/node";
import type { WhoAmI } from "../../server/api/v1/contract";
import { demoModeEnabled, requireUser, type Api } from "./api.server";

/**
 * Require a demo user.
 * @throws redirect to /auth/phone (no session), /home (identified), /identity (demo mode off)
 * @returns the user and the API client (attach `api.headers()` to the response)
 */
export async function requireDemoUser(request: Request): Promise<{ user: WhoAmI; api: Api }> {
  const { user, api } = await requireUser(request, { allowUnidentified: true });
  if (user.identified) throw redirect("/home", { headers: await api.headers() });
  if (!(await demoModeEnabled(api))) throw redirect("/identity", { headers: await api.headers() });
  return { user, api };
}

/** Response headers of a demo page: rotated session cookie, never cached. */
export function demoHeaders(api: Api): Promise<Headers> {
  return api.headers({ "Cache-Control": "private, no-store" });
}
