/**
 * Pure rules of the web session (issue 10; spec 000 §4, §9), shared by the server code and
 * its unit tests: the inactivity limit (PSD2 RTS Art. 4(3)(b): at most 5 minutes), the safe
 * `returnTo` after a login, the choice of the active organization, and the "newly created
 * organization" window that suppresses the organization-changed redirect.
 */
import type { OrganizationSummary, WhoAmI } from "../../server/api/v1/contract";

/** Default inactivity limit: 5 minutes (PSD2 RTS Art. 4(3)(b)). */
export const DEFAULT_IDLE_LIMIT_MS = 5 * 60_000;
/** The session-expiry popup opens this long before the limit (spec 000 §9: 60 s countdown). */
export const EXPIRY_WARNING_MS = 60_000;
/** Organization-changed popup countdown (spec 000 §9: 3 s). */
export const ORG_CHANGED_COUNTDOWN_S = 3;
/** An organization created this recently does not trigger the other-tab redirect (spec 000 §4). */
export const NEW_ORGANIZATION_WINDOW_MS = 60 * 60_000;

/**
 * True when a session last active at `seen` (epoch ms) is past the inactivity limit at `now`.
 * A session without a timestamp (made before the rule existed) counts as active now.
 */
export function isIdleExpired(seen: number | undefined, now: number, limitMs: number): boolean {
  return typeof seen === "number" && now - seen >= limitMs;
}

/** Milliseconds left before the inactivity limit (0 when expired). */
export function idleRemainingMs(seen: number | undefined, now: number, limitMs: number): number {
  if (typeof seen !== "number") return limitMs;
  return Math.max(0, seen + limitMs - now);
}

/**
 * A same-origin relative path to return to after login, or null. Refuses absolute and
 * protocol-relative URLs (`//evil`, `/\evil`), control characters, the auth pages themselves
 * and Remix data requests (`_data`), so a crafted link cannot redirect off the site.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, "http://x.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://x.invalid") return null;
  // The answer is the parsed path, with its dot segments resolved ("/.//host" → "//host"): it is
  // checked again, so what is returned is never protocol-relative either.
  if (url.pathname.startsWith("//")) return null;
  if (url.pathname.startsWith("/auth/") || url.pathname.startsWith("/session/")) return null;
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  return url.pathname + url.search;
}

/**
 * The active organization: the one chosen in this session when the user is still a member of
 * it, else the API's default (spec 001 §3 default rule). A foreign or stale id never wins.
 */
export function activeOrganization(user: WhoAmI, chosenId: string | undefined): OrganizationSummary | null {
  const chosen = chosenId ? user.organizations.find((o) => o.id === chosenId) : undefined;
  return chosen ?? user.activeOrganization;
}

/** True when `createdAt` lies within the last hour at `now` (spec 000 §4: suppresses the redirect). */
export function isNewOrganization(createdAt: string, now: number): boolean {
  const at = Date.parse(createdAt);
  return Number.isFinite(at) && now - at < NEW_ORGANIZATION_WINDOW_MS && now >= at - 60_000;
}
