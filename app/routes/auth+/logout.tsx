/**
 * POST /auth/logout — revokes the API session (POST /v1/auth/logout, by bearer token, or by
 * refresh token once the access token has expired), destroys the cookie and
 * redirects to /auth/phone (spec 000 §4 Logout). GET just goes home.
 *
 * What spec 000 §9 lists for logout: this app keeps drafts on the server (payment drafts are
 * cleared by the first page outside /payments after the next login, identity drafts belong to
 * the application) and its client state in the httpOnly session, which is destroyed; the
 * named cookies (session.server.ts LOGOUT_COOKIES) are expired as well, and
 * `Clear-Site-Data: "cookies", "storage"` asks the browser to drop any other cookie and local
 * storage of the origin (opened accounts, local drafts) a client may have kept.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { publicCall } from "~/lib/api.server";
import { startAction } from "~/lib/forms.server";
import { getTokens, logoutHeaders } from "~/lib/session.server";

export async function loader() {
  return redirect("/home");
}

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await startAction(request);
  const tokens = getTokens(session);
  if (tokens) {
    // An expired access token can no longer authenticate: end the session by its refresh token.
    const expired = Date.parse(tokens.accessTokenExpiresAt) <= Date.now();
    const call = expired ? { body: { refreshToken: tokens.refreshToken } } : { bearer: tokens.accessToken };
    await publicCall("POST", "/auth/logout", call).catch(() => undefined);
  }
  const headers = await logoutHeaders(session);
  headers.set("Clear-Site-Data", '"cookies", "storage"');
  return redirect("/auth/phone", { headers });
}
