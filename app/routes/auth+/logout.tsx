/**
 * POST /auth/logout — revokes the API session (POST /v1/auth/logout, by bearer token, or by
 * refresh token once the access token has expired), destroys the cookie and
 * redirects to /auth/phone (spec 000 §4 Logout). GET just goes home.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { publicCall } from "~/lib/api.server";
import { startAction } from "~/lib/forms.server";
import { destroySession, getTokens } from "~/lib/session.server";

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
  return redirect("/auth/phone", { headers: { "Set-Cookie": await destroySession(session) } });
}
