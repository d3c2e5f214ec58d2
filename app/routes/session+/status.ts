/**
 * GET /session/status — background check of the layout's script (issue 10): the active
 * organization (id and createdAt, for the "organization changed in another tab" popup) and the
 * time left before the inactivity limit (session-expiry popup). Does NOT count as activity:
 * a tab left open must not keep its session alive. An expired session is ended here as on any
 * request; the answer then says where to go (`to`).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAppContext } from "~/lib/app-context.server";
import { config } from "~/lib/config.server";
import { idleRemainingMs } from "~/lib/session-rules";

/** The answer (also read by components/layout/LayoutWatch.tsx). */
export type SessionStatus =
  { signedIn: true; orgId: string; orgCreatedAt: string; remainingMs: number } | { signedIn: false; to: string };

export async function loader({ request }: LoaderFunctionArgs) {
  const noStore = { "Cache-Control": "private, no-store" };
  try {
    const { api, org } = await requireAppContext(request, { activity: false });
    const remainingMs = idleRemainingMs(api.session.get("seen"), Date.now(), config().SESSION_IDLE_MS);
    return json<SessionStatus>(
      { signedIn: true, orgId: org.id, orgCreatedAt: org.createdAt, remainingMs },
      { headers: await api.headers(noStore) },
    );
  } catch (error) {
    if (!(error instanceof Response) || error.status < 300 || error.status > 399) throw error;
    const headers = new Headers(noStore);
    for (const cookie of error.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return json<SessionStatus>({ signedIn: false, to: error.headers.get("Location") ?? "/auth/phone" }, { headers });
  }
}
