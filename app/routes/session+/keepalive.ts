/**
 * POST /session/keepalive — "Continue" of the session-expiry popup (spec 000 §4): counts as
 * activity (moves the inactivity deadline) and refreshes the API tokens when due (lib/api.server.ts),
 * then answers the time left. CSRF-checked like every action; an expired session is ended.
 */
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/api.server";
import { config } from "~/lib/config.server";
import { verifyCsrf } from "~/lib/csrf.server";

export async function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireUser(request);
  await verifyCsrf(request, api.session);
  return json({ remainingMs: config().SESSION_IDLE_MS }, { headers: await api.headers({ "Cache-Control": "no-store" }) });
}
