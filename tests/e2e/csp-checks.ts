/**
 * The Content-Security-Policy proofs for one page (issue 5 §3, OWASP ASVS 5.0 V3.4), used by the
 * every-page walks: the customers' pages in the German reflow walk (reflow.spec.ts), the back
 * office's in web-security-csp.spec.ts. Each answer must carry a CSP whose script-src allows
 * scripts only by a per-request nonce (no 'unsafe-inline'), whose style-src has no
 * 'unsafe-inline'; every `<script>` of the HTML carries that nonce; no element has an inline
 * event handler, a style attribute or is a `<style>`; and Chromium reports no CSP violation
 * while the page hydrates. None of it depends on the page's language.
 */
import type { Page, Response } from "@playwright/test";
import { expect, holdBuildFiles } from "./fixtures";
import { RESOURCE_ROUTES } from "./every-page";
import type { AppRoute } from "./route-manifest";

/** Directives of a CSP header: name → sources. */
function parseCsp(header: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of header.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

/** Opening tags of an HTML text (attributes included), without comments. */
function openingTags(html: string): string[] {
  return html.replace(/<!--[\s\S]*?-->/g, "").match(/<[a-zA-Z][^>]*>/g) ?? [];
}

/**
 * The proofs for one document answer; returns the nonce.
 * @param label for messages (the URL asked for)
 */
export async function expectLockedDown(response: Response, label: string): Promise<string> {
  const header = response.headers()["content-security-policy"];
  expect(header, `${label}: CSP header`).toBeTruthy();
  const csp = parseCsp(header);
  const scriptSrc = csp.get("script-src") ?? csp.get("default-src") ?? [];
  const nonces = scriptSrc.filter((s) => /^'nonce-[A-Za-z0-9+/=_-]+'$/.test(s));
  expect(nonces, `${label}: one nonce in script-src (${header})`).toHaveLength(1);
  const nonce = nonces[0].slice("'nonce-".length, -1);
  expect(Buffer.from(nonce, "base64").length, `${label}: nonce of at least 128 bits`).toBeGreaterThanOrEqual(16);
  for (const directive of ["script-src", "script-src-elem", "script-src-attr", "style-src", "style-src-elem", "style-src-attr"]) {
    expect(csp.get(directive) ?? [], `${label}: ${directive} without 'unsafe-inline'`).not.toContain("'unsafe-inline'");
  }
  expect(csp.get("script-src-attr") ?? ["'none'"], `${label}: no inline event handlers allowed`).toEqual(["'none'"]);

  const html = await response.text();
  const tags = openingTags(html);
  const scripts = tags.filter((t) => /^<script\b/i.test(t));
  expect(scripts.length, `${label}: the page has scripts (hydration)`).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, `${label}: script without the request's nonce`).toContain(`nonce="${nonce}"`);
  const handlers = tags.filter((t) => /\son[a-z]+\s*=/i.test(t));
  expect(handlers, `${label}: inline event handlers`).toEqual([]);
  expect(
    tags.filter((t) => /\sstyle\s*=/i.test(t) || /^<style\b/i.test(t)),
    `${label}: style attributes or elements`,
  ).toEqual([]);
  expect(
    tags.filter((t) => /\s(href|action|src)\s*=\s*["']?\s*javascript:/i.test(t)),
    `${label}: javascript: URLs`,
  ).toEqual([]);
  return nonce;
}

/** Record CSP violations Chromium reports in the page (the listener is injected, not inline). */
export async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

/**
 * Open one page of an every-page walk (`forEveryPage`) and prove its CSP; a file route
 * (`RESOURCE_ROUTES`) is fetched with the page's cookies instead (a browser navigation to a file
 * is a download) and must carry the CSP and no scripts. Call `watchViolations(page)` once first.
 * The page's scripts (the build's, not its inline context) are held back until its whole HTML is
 * parsed and painted, as on a slow network, so that what hydration moves shows as a layout shift
 * after that moment (`layoutShifts(page, paintedAt)`).
 * @returns for a page, its Response and `paintedAt` (`performance.now()` in the page, ms, when
 *   the server's page was painted and the scripts were let through); undefined for a file route
 */
export async function openLockedDown(
  page: Page,
  url: string,
  route: AppRoute,
  who: string,
): Promise<{ response: Response; paintedAt: number } | undefined> {
  if (RESOURCE_ROUTES.has(route.id)) {
    // A real file (e.g. a receipt) or a static not-found page without scripts: locked down all the same.
    const file = await page.request.get(url);
    const header = file.headers()["content-security-policy"] ?? "";
    expect(header, `${url}: CSP header`).toContain("script-src");
    expect(header, `${url}: no unsafe-inline`).not.toContain("'unsafe-inline'");
    if ((file.headers()["content-type"] ?? "").startsWith("text/html"))
      expect(
        openingTags(await file.text()).filter((t) => /^<script\b/i.test(t)),
        `${url}: no scripts`,
      ).toEqual([]);
    return undefined;
  }
  const scripts = "**/build/**/*.js";
  const release = await holdBuildFiles(page, scripts);
  const response = await page.goto(url, { waitUntil: "commit" });
  expect(response, url).not.toBeNull();
  // Parsed ("interactive": the module scripts wait for the end of parsing) and painted (two frames).
  await page.waitForFunction(() => document.readyState !== "loading");
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const paintedAt = await page.evaluate(() => performance.now());
  release();
  await expectLockedDown(response!, `${url} (${who})`);
  await page.waitForLoadState("networkidle");
  await page.unroute(scripts);
  expect(await violations(page), `${url}: CSP violations reported by Chromium`).toEqual([]);
  return { response: response!, paintedAt };
}
