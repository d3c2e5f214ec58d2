/**
 * POST /session/keepalive — "Continue" of the session-expiry popup (spec 000 §4): counts as
 * activity (moves the inactivity deadline) and refreshes the API tokens when due (lib/api.server.ts),
 * then answers the time left. CSRF-checked like every action. An applicant who is not identified
 * yet (the identity pages' popup) may keep their session too.
 *
 * A session already past the inactivity limit (a Continue clicked in the popup's last second, or
 * in a tab that slept) is NOT ended here: the answer is `{ expired: true }` (200, as /session/status
 * answers a session found ended: a page-internal answer, not an error) and the session
 * is left as it is, so the page can still send its form, whose post meets the expired session and
 * keeps the answers for the next login (app/lib/kept-form.server.ts); ending it here would drop
 * them. Any other request ends it as usual. Nothing is read or changed for an expired session.
 */
import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/api.server";
import { config } from "~/lib/config.server";
import { verifyCsrf } from "~/lib/csrf.server";
import { getSession } from "~/lib/session.server";
import { isIdleExpired } from "~/lib/session-rules";

/** GET just goes home (as /auth/logout). */
export async function loader() {
  return redirect("/home");
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  if (isIdleExpired(session.get("seen"), Date.now(), config().SESSION_IDLE_MS)) {
    return json({ expired: true }, { headers: { "Cache-Control": "no-store" } });
  }
  const { api } = await requireUser(request, { allowUnidentified: true });
  await verifyCsrf(request, api.session);
  return json({ remainingMs: config().SESSION_IDLE_MS }, { headers: await api.headers({ "Cache-Control": "no-store" }) });
}
