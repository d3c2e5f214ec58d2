/**
 * POST /session/keepalive — "Continue" of the session-expiry popup (spec 000 §4): counts as
 * activity (moves the inactivity deadline) and refreshes the API tokens when due (lib/api.server.ts),
 * then answers the time left. CSRF-checked like every action; an expired session is ended. An
 * applicant who is not identified yet (the identity pages' popup) may keep their session too.
 */
import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/api.server";
import { config } from "~/lib/config.server";
import { verifyCsrf } from "~/lib/csrf.server";

/** GET just goes home (as /auth/logout). */
export async function loader() {
  return redirect("/home");
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireUser(request, { allowUnidentified: true });
  await verifyCsrf(request, api.session);
  return json({ remainingMs: config().SESSION_IDLE_MS }, { headers: await api.headers({ "Cache-Control": "no-store" }) });
}
