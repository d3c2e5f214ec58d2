/**
 * The web app's routes as the running server knows them: read from the Remix browser manifest
 * it serves (`/build/manifest-<hash>.js`, linked from every page), not from a hand-kept list.
 * Used by the web-layer proofs (CSP on every page, CSRF on every action) so a new route is
 * covered — or fails the test for want of a case — without anyone remembering it.
 */
import type { APIRequestContext } from "@playwright/test";

/** One route of the manifest, with its full URL pattern. */
export interface AppRoute {
  id: string;
  /** Full pattern from the root, e.g. `/payments/:paymentId/sign`; `/` for the root index. */
  pattern: string;
  hasAction: boolean;
  hasLoader: boolean;
  /** A URL a browser can open: the route has a path or is an index, and no index child renders in its place. */
  isPage: boolean;
}

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasAction: boolean;
  hasLoader: boolean;
}

/**
 * Fetch the manifest through `request` (a Playwright request context on the app's baseURL).
 * @returns every route of the manifest except `root`, sorted by pattern
 * @throws Error when no page links a manifest (no build, or Remix changed its output)
 */
export async function appRoutes(request: APIRequestContext): Promise<AppRoute[]> {
  const html = await (await request.get("/auth/phone")).text();
  const manifestUrl = /\/build\/manifest-[A-Za-z0-9]+\.js/.exec(html)?.[0];
  if (!manifestUrl) throw new Error("no /build/manifest-*.js linked from /auth/phone");
  const source = await (await request.get(manifestUrl)).text();
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as {
    routes: Record<string, ManifestRoute>;
  };
  const all = Object.values(manifest.routes);
  const hasIndexChild = new Set(all.filter((r) => r.index && r.parentId).map((r) => r.parentId!));
  return all
    .filter((r) => r.id !== "root")
    .map((r) => {
      const segments: string[] = [];
      for (let x: ManifestRoute | undefined = r; x; x = x.parentId ? manifest.routes[x.parentId] : undefined) {
        if (x.path) segments.unshift(x.path);
      }
      return {
        id: r.id,
        pattern: "/" + segments.join("/"),
        hasAction: r.hasAction,
        hasLoader: r.hasLoader,
        isPage: Boolean(r.path || r.index) && !hasIndexChild.has(r.id),
      };
    })
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/**
 * Fill a pattern's dynamic segments from `params` (`:id` → params.id, `*` → params["*"]).
 * @throws Error naming the segment when `params` has no value for it (add one to the test)
 */
export function fillPattern(pattern: string, params: Record<string, string>): string {
  return pattern
    .split("/")
    .map((seg) => {
      const name = seg === "*" ? "*" : seg.startsWith(":") ? seg.slice(1) : null;
      if (name === null) return seg;
      const value = params[name];
      if (value === undefined) throw new Error(`no sample value for "${seg}" in ${pattern}: add one to the test`);
      return encodeURIComponent(value);
    })
    .join("/");
}
