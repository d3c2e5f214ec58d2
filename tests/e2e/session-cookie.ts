/**
 * Test helper: re-seal a context's `__session` cookie with its last activity moved into the
 * past (the e2e server runs with the development session secret, as this process does), to
 * reach the inactivity limit (app/lib/session-rules.ts) without waiting for it.
 */
import type { BrowserContext } from "@playwright/test";
import { commitSession, getSession } from "../../app/lib/session.server";

/** Set the session's last activity `agoMs` before now. */
export async function ageSession(context: BrowserContext, baseURL: string, agoMs: number): Promise<void> {
  const cookie = (await context.cookies(baseURL)).find((c) => c.name === "__session");
  if (!cookie) throw new Error("no __session cookie");
  const session = await getSession(new Request(baseURL, { headers: { Cookie: `__session=${cookie.value}` } }));
  session.set("seen", Date.now() - agoMs);
  const value = (await commitSession(session)).split(";")[0].slice("__session=".length);
  await context.addCookies([{ ...cookie, value }]);
}
