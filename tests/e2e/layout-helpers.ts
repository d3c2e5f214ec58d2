/**
 * Helpers of the layout's specs (org-switch, session-expiry, CSRF of the keepalive): the
 * layout's popup script loaded, axe on a popup, a session cookie aged past activity; and the
 * every-page walks' layout shifts (what moved once the server's page was painted).
 */
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import type { AxeResults } from "axe-core";
import type { AuthTokens } from "../../server/api/v1/contract";
import { commitSession, getSession, getTokens, setTokens } from "../../app/lib/session.server";
import { expect } from "./fixtures";

/** The layout's popup script is loaded after hydration: wait for it. */
export async function watchReady(page: Page): Promise<void> {
  await expect(page.locator("body[data-layout-watch=ready]")).toBeAttached();
}

/**
 * axe (WCAG 2.1 A and AA) on the page as it is, e.g. with a popup open: the axe configuration of
 * a11y.spec.ts and of the specs that import it to scan a state of their own.
 * - `setLegacyMode()`: `axe.run` in the page, instead of `axe.runPartial` in each frame and
 *   `axe.finishRun` in a blank page the builder opens (a new page, axe injected into it and every
 *   partial result copied over, for each scan: about half of a scan's time). The difference is
 *   only for cross-origin frames, which legacy mode does not enter; the bank's pages have no
 *   frames at all and their CSP allows none from another origin (default-src 'self', no frame-src).
 * - `resultTypes: ["violations"]`: every node of a violation is reported as before (the test
 *   fails on any); passed, inapplicable and incomplete rules keep one node each instead of all
 *   (their nodes were never read here, and building a selector for each costs time).
 */
export async function expectNoViolations(page: Page, label: string): Promise<void> {
  const results = await axeScan(page);
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** The axe scan of {@link expectNoViolations} (the same rules and mode), for a spec that reads the violations itself. */
export async function axeScan(page: Page): Promise<AxeResults> {
  return (
    new AxeBuilder({ page })
      // First: options() replaces the run options withTags() adds to.
      .options({ resultTypes: ["violations"] })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .setLegacyMode()
      .analyze()
  );
}

/**
 * Re-seal a context's `__session` cookie with its last activity `agoMs` in the past (the e2e
 * server runs with the development session secret, as this process does), to reach the
 * inactivity limit (app/lib/session-rules.ts) without waiting for it.
 */
export async function ageSession(context: BrowserContext, baseURL: string, agoMs: number): Promise<void> {
  const cookie = (await context.cookies(baseURL)).find((c) => c.name === "__session");
  if (!cookie) throw new Error("no __session cookie");
  const session = await getSession(new Request(baseURL, { headers: { Cookie: `__session=${cookie.value}` } }));
  session.set("seen", Date.now() - agoMs);
  const value = (await commitSession(session)).split(";")[0].slice("__session=".length);
  await context.addCookies([{ ...cookie, value }]);
}

/** The API tokens a context's `__session` cookie holds (decrypted with the development session secret), or null. */
export async function sessionTokens(context: BrowserContext, baseURL: string): Promise<AuthTokens | null> {
  const cookie = (await context.cookies(baseURL)).find((c) => c.name === "__session");
  if (!cookie) return null;
  return getTokens(await getSession(new Request(baseURL, { headers: { Cookie: `__session=${cookie.value}` } })));
}

/**
 * Re-seal a context's `__session` cookie with its access token expired (its refresh token as it
 * is), so the web app's API client refreshes, rotating the refresh token, on the next call.
 * @returns the tokens the cookie held
 */
export async function expireAccessToken(context: BrowserContext, baseURL: string): Promise<AuthTokens> {
  const cookie = (await context.cookies(baseURL)).find((c) => c.name === "__session");
  if (!cookie) throw new Error("no __session cookie");
  const session = await getSession(new Request(baseURL, { headers: { Cookie: `__session=${cookie.value}` } }));
  const tokens = getTokens(session);
  if (!tokens) throw new Error("no tokens in the __session cookie");
  setTokens(session, { ...tokens, accessTokenExpiresAt: new Date(Date.now() - 60_000).toISOString() });
  const value = (await commitSession(session)).split(";")[0].slice("__session=".length);
  await context.addCookies([{ ...cookie, value }]);
  return tokens;
}

/**
 * The layout shifts of the page's document since `since` (ms of `performance.now()`) that no
 * input caused (Chromium's Layout Instability API, buffered): each as its score, its time and the
 * elements that moved with their boxes before and after, e.g.
 * `0.0312 at 412 ms: <p data-testid=calendar-line> "" (0,300 320×0 → 0,300 320×44)`. Empty when
 * nothing moved. Shifts while the HTML streams in (a box painted before its content arrived) come
 * before `since` when the caller holds the scripts until the page is painted, and are not counted.
 */
export async function layoutShifts(page: Page, since: number): Promise<string[]> {
  return page.evaluate(
    (since) =>
      new Promise<string[]>((resolve) => {
        type Box = { x: number; y: number; width: number; height: number };
        type Source = { node?: Node | null; previousRect: Box; currentRect: Box };
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] };
        const seen: Shift[] = [];
        const observer = new PerformanceObserver((list) => seen.push(...(list.getEntries() as Shift[])));
        observer.observe({ type: "layout-shift", buffered: true });
        const name = ({ node, previousRect: a, currentRect: b }: Source) => {
          const moved = `(${a.x},${a.y} ${a.width}×${a.height} → ${b.x},${b.y} ${b.width}×${b.height})`;
          if (!(node instanceof Element)) return `${node ? node.nodeName : "?"} ${moved}`;
          const id = node.getAttribute("data-testid") ?? node.id;
          const label = id ? ` ${node.hasAttribute("data-testid") ? "data-testid=" : "#"}${id}` : "";
          return `<${node.tagName.toLowerCase()}${label}> "${(node.textContent ?? "").trim().slice(0, 24)}" ${moved}`;
        };
        // Buffered entries arrive in the observer's next task.
        setTimeout(() => {
          seen.push(...(observer.takeRecords() as Shift[]));
          observer.disconnect();
          resolve(
            seen
              .filter((e) => !e.hadRecentInput && e.value > 0 && e.startTime >= since)
              .map((e) => `${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${(e.sources ?? []).map(name).join(", ")}`),
          );
        }, 50);
      }),
    since,
  );
}
