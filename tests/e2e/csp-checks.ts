/**
 * The Content-Security-Policy proofs for one page (issue 5 §3, OWASP ASVS 5.0 V3.4), used by the
 * every-page walks: the customers' pages in the German reflow walk (reflow.spec.ts), the back
 * office's in web-security-csp.spec.ts. Each answer must carry a CSP whose script-src allows
 * scripts only by a per-request nonce (no 'unsafe-inline'), whose style-src has no
 * 'unsafe-inline'; every `<script>` of the HTML carries that nonce; no element has an inline
 * event handler, a style attribute or is a `<style>`; and Chromium reports no CSP violation
 * while the page hydrates. None of it depends on the page's language.
 */
import type { Page, Request, Response } from "@playwright/test";
import { expect } from "./fixtures";
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

/** The walk's hold of the root module on each page (`startLockedDownWalk`). */
const holds = new WeakMap<Page, RootModuleHold>();

/**
 * Make `page` ready for `openLockedDown`, once per walk, before its first navigation: record the
 * CSP violations Chromium reports in it (the listener is injected, not inline) and answer the
 * build's root module through the hold (`holdRootModule`), which opens only its pages hold.
 * @returns `stop`, to call when the walk ends (the page is reused by the worker's next test)
 */
export async function startLockedDownWalk(page: Page): Promise<{ stop: () => Promise<void> }> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const hold = await holdRootModule(page);
  holds.set(page, hold);
  return {
    stop: async () => {
      holds.delete(page);
      await hold.stop();
    },
  };
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

/**
 * Open one page of an every-page walk (`forEveryPage`) and prove its CSP; a file route
 * (`RESOURCE_ROUTES`) is fetched with the page's cookies instead (a browser navigation to a file
 * is a download) and must carry the CSP and no scripts. Call `startLockedDownWalk(page)` once first.
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
  const hold = holds.get(page);
  if (!hold) throw new Error("openLockedDown: call startLockedDownWalk(page) first");
  hold.close();
  const network = watchRequests(page);
  try {
    const response = await page.goto(url, { waitUntil: "commit" });
    expect(response, url).not.toBeNull();
    // Parsed ("interactive": the module scripts wait for the end of parsing) and painted (two frames).
    await page.waitForFunction(() => document.readyState !== "loading");
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const paintedAt = await page.evaluate(() => performance.now());
    await hold.release();
    await expectLockedDown(response!, `${url} (${who})`);
    await settled(page, network);
    expect(hold.held(), `${url}: the build's root module held until the page was painted`).toBeGreaterThan(0);
    expect(await violations(page), `${url}: CSP violations reported by Chromium`).toEqual([]);
    return { response: response!, paintedAt };
  } finally {
    network.stop();
    await hold.release();
  }
}

/** The build's root route module (`/build/root-<hash>.js`), fetched once per run: its URL names its content. */
const rootModules = new Map<string, string>();

/** A page's hold of the build's root module (`holdRootModule`). */
interface RootModuleHold {
  /** Hold the root module's requests from now on, until `release`. */
  close: () => void;
  /** Answer the held requests, and the next ones at once. */
  release: () => Promise<void>;
  /** Requests for it paused since the last `close`. */
  held: () => number;
  /** Release, and stop intercepting. */
  stop: () => Promise<void>;
}

/**
 * Hold the build's root route module while the hold is closed, as a slow network does, so the
 * server's page is parsed and painted before any of the build's JavaScript runs: Remix's inline
 * module script imports `/build/root-<hash>.js` with the page's route modules, and a module runs
 * only once every module it imports statically has arrived, so nothing hydrates while it is
 * held. The other chunks load (and are preloaded) as for a customer, from the browser's cache
 * after the first page. Through the DevTools protocol's Fetch domain on a session of its own:
 * Playwright's `page.route` turns the page's HTTP cache off, and every page of a walk fetched and
 * compiled all of its chunks again (over half of the German walk's time). The root module is
 * answered with `no-store` (its body fetched once: its URL names its content), so every page
 * asks the network for it again and can be held again; the cache is cleared once at the start so
 * that no copy from before is served instead.
 */
async function holdRootModule(page: Page): Promise<RootModuleHold> {
  const session = await page.context().newCDPSession(page);
  let open = true;
  let held = 0;
  const waiting: { requestId: string; url: string }[] = [];
  let failure: unknown = null;
  const answer = async ({ requestId, url }: { requestId: string; url: string }) => {
    let body = rootModules.get(url);
    if (body === undefined) {
      const fetched = await page.request.get(url);
      if (!fetched.ok()) throw new Error(`${url}: the root module answered ${fetched.status()}`);
      body = (await fetched.body()).toString("base64");
      rootModules.set(url, body);
    }
    const headers = [
      { name: "Content-Type", value: "text/javascript; charset=utf-8" },
      { name: "Cache-Control", value: "no-store" },
    ];
    // A request the page no longer waits for (it navigated away) cannot be answered: nothing to do.
    await session.send("Fetch.fulfillRequest", { requestId, responseCode: 200, responseHeaders: headers, body }).catch(() => {});
  };
  // Kept for `release`, which throws it: the page would wait for its scripts forever.
  const answerQuietly = (request: { requestId: string; url: string }) =>
    answer(request).catch((e: unknown) => {
      failure ??= e;
    });
  session.on("Fetch.requestPaused", (event) => {
    held++;
    const request = { requestId: event.requestId, url: event.request.url };
    if (open) void answerQuietly(request);
    else waiting.push(request);
  });
  await session.send("Network.clearBrowserCache");
  await session.send("Fetch.enable", { patterns: [{ urlPattern: "*/build/root-*.js", requestStage: "Request" }] });
  const release = async () => {
    open = true;
    await Promise.all(waiting.splice(0).map(answerQuietly));
    if (failure) throw failure;
  };
  return {
    close: () => {
      open = false;
      held = 0;
    },
    release,
    held: () => held,
    stop: async () => {
      try {
        await release();
      } finally {
        await session.detach().catch(() => {});
      }
    },
  };
}

/** The requests of a page in flight, and how many it has started, from `watchRequests` until `stop`. */
interface RequestWatch {
  inFlight: Set<Request>;
  started: () => number;
  stop: () => void;
}

/** Count a page's requests from now on (`settled` reads them). */
function watchRequests(page: Page): RequestWatch {
  const inFlight = new Set<Request>();
  let started = 0;
  const begin = (r: Request) => {
    started++;
    inFlight.add(r);
  };
  const end = (r: Request) => inFlight.delete(r);
  page.on("request", begin);
  page.on("requestfinished", end);
  page.on("requestfailed", end);
  return {
    inFlight,
    started: () => started,
    stop: () => {
      page.off("request", begin);
      page.off("requestfinished", end);
      page.off("requestfailed", end);
    },
  };
}

/**
 * Until the page has hydrated (`html[data-hydrated]`, set by the root layout's effect once the
 * first render committed) and then nothing of it is loading: no request in flight, and none
 * started over two frames and a task (what hydration loads after itself — the layout's lazy
 * script, a translation namespace — has begun by then). Playwright's "networkidle" waits 500 ms
 * of silence on every page instead, most of a walk's time, and still says nothing of hydration.
 */
async function settled(page: Page, network: RequestWatch): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  for (;;) {
    await expect.poll(() => network.inFlight.size, { message: "requests of the page still loading" }).toBe(0);
    const before = network.started();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done)))));
    if (network.started() === before && network.inFlight.size === 0) return;
  }
}
