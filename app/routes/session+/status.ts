/**
 * GET /session/status — background check of the layouts' scripts (issue 10): the active
 * organization (id and createdAt, for the "organization changed in another tab" popup) and the
 * time left before the inactivity limit (session-expiry popup, on the app's pages and on the
 * identity pages). Does NOT count as activity: a tab left open must not keep its session alive.
 * An applicant without an organization yet (the identity pages) gets `orgId: null`. An expired
 * session is ended here as on any request; the answer then says where to go (`to`).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/api.server";
import { config } from "~/lib/config.server";
import { activeOrganization, idleRemainingMs } from "~/lib/session-rules";

/** The answer (also read by components/layout/LayoutWatchImpl.tsx and the identity pages' watch). */
export type SessionStatus =
  { signedIn: true; orgId: string | null; orgCreatedAt: string | null; remainingMs: number } | { signedIn: false; to: string };

export async function loader({ request }: LoaderFunctionArgs) {
  const noStore = { "Cache-Control": "private, no-store" };
  try {
    const { user, api } = await requireUser(request, { activity: false, allowUnidentified: true });
    const org = activeOrganization(user, api.session.get("orgId"));
    const remainingMs = idleRemainingMs(api.session.get("seen"), Date.now(), config().SESSION_IDLE_MS);
    return json<SessionStatus>(
      { signedIn: true, orgId: org?.id ?? null, orgCreatedAt: org?.createdAt ?? null, remainingMs },
      { headers: await api.headers(noStore) },
    );
  } catch (error) {
    if (!(error instanceof Response) || error.status < 300 || error.status > 399) throw error;
    const headers = new Headers(noStore);
    for (const cookie of error.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return json<SessionStatus>({ signedIn: false, to: error.headers.get("Location") ?? "/auth/phone" }, { headers });
  }
}
