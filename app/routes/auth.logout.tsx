/**
 * POST /auth/logout — revokes the API session (POST /v1/auth/logout), destroys the cookie and
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
    await publicCall("POST", "/auth/logout", { bearer: tokens.accessToken }).catch(() => undefined);
  }
  return redirect("/auth/phone", { headers: { "Set-Cookie": await destroySession(session) } });
}
