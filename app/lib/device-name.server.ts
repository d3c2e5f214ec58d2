/**
 * The name a login gives its device (shown on /profile, GET /v1/devices): browser and platform
 * read from the User-Agent header by the maintained `bowser` parser, e.g. "Chrome on Android",
 * "Safari on iOS". Server only: the parser never reaches the browser bundle.
 */
import Bowser from "bowser";

/**
 * @param userAgent the request's User-Agent header (may be missing or anything)
 * @returns "<browser> on <OS>", the one that is known, or null when neither is (≤ 100 characters)
 */
export function deviceNameOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const browser = parsed.browser.name?.trim();
  const os = parsed.os.name?.trim();
  const name = browser && os ? `${browser} on ${os}` : (browser ?? os ?? null);
  return name ? name.slice(0, 100) : null;
}
