/**
 * First-load JavaScript per page, read from the Remix build (issue 5 §1: every page within
 * 120 KB gzip).
 *
 * A page route is a route of the server build that renders (has a default export) and is
 * reached by a URL: it has a `path` or is an index route, and no index child renders in its
 * place. Its first load is what the browser fetches for that URL: the client manifest, the
 * entry module and its imports, and every route module on the chain root → … → page with
 * their imports; each file is counted once, gzip-compressed (level 6, Node's default, as the
 * app's `compression` middleware sends it).
 *
 * The client manifest: with `future.v3_lazyRouteDiscovery` (on in remix.config.js) the browser
 * never loads the `manifest-*.js` file; the server inlines a partial manifest in the page
 * (`window.__remixManifest`: the matched routes and the routes matching each parent path, as
 * `getPartialManifest` in @remix-run/react's fog-of-war.js builds it) and the other routes are
 * discovered on navigation. That inline script is counted (its JSON, gzip-compressed on its
 * own, which overstates it slightly); without lazy discovery the whole manifest file is.
 *
 * Dynamic segments are filled with a representative value (`:id` → a UUID, `*` → an unknown
 * path), so the keys are URLs a browser could open.
 *
 * The budget counts gzip. What a browser that accepts Brotli receives is smaller: `npm run build`
 * writes each file's Brotli 11 copy beside it (scripts/build/precompress.ts), which the server
 * sends; `brotliBytes` sums those copies (and the inline manifest counted as above), or is null
 * for a build without them.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

/** Budget per page: 120 KB of gzip-compressed JavaScript (issue 5 §1), in bytes. */
export const JS_BUDGET_BYTES = 120 * 1024;

/** A representative value for dynamic segments (a UUID, as every id of the API is). */
const SAMPLE_ID = "00000000-0000-4000-8000-000000000001";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}
interface Manifest {
  url?: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/** One page's first-load JavaScript. */
export interface PageJs {
  /** URL with dynamic segments filled, e.g. `/payments/00000000-…/sign`. */
  url: string;
  /** The route pattern, e.g. `/payments/:paymentId/sign`. */
  pattern: string;
  /** Route ids from root to the page. */
  chain: string[];
  files: number;
  /** Sum of the files' gzip sizes, in bytes. */
  gzipBytes: number;
  /** What is sent to a browser accepting Brotli: the files' precompressed copies, in bytes; null without them. */
  brotliBytes: number | null;
}

/** Fill `:param` segments and a splat with representative values. */
function fillPattern(pattern: string): string {
  return pattern
    .split("/")
    .map((seg) => (seg === "*" ? "no-such-page" : seg.startsWith(":") ? SAMPLE_ID : seg))
    .join("/");
}

/**
 * Measure every page of the build in `root` (default cwd): `public/build/manifest-*.js` and
 * `build/index.js` must exist (run `npx remix build` first).
 * @returns pages sorted by URL. @throws Error when the build is missing.
 */
export async function measurePages(root = process.cwd()): Promise<PageJs[]> {
  const buildDir = path.join(root, "public/build");
  const manifestFile = fs.existsSync(buildDir) && fs.readdirSync(buildDir).find((f) => /^manifest-.*\.js$/.test(f));
  const serverBuild = path.join(root, "build/index.js");
  if (!manifestFile || !fs.existsSync(serverBuild))
    throw new Error("No Remix build (public/build, build/): run `npx remix build`");
  const source = fs.readFileSync(path.join(buildDir, manifestFile), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
  // Which routes render: the server build knows (resource routes have no default export).
  const server = (await import(pathToFileURL(serverBuild).href)) as {
    routes: Record<string, { module: { default?: unknown } }>;
    future?: { v3_lazyRouteDiscovery?: boolean };
  };
  const lazyDiscovery = server.future?.v3_lazyRouteDiscovery === true;

  const routes = Object.values(manifest.routes);
  const hasIndexChild = new Set(routes.filter((r) => r.index && r.parentId).map((r) => r.parentId!));
  const gzipCache = new Map<string, number>();
  const gzip = (url: string) => {
    let n = gzipCache.get(url);
    if (n === undefined) {
      n = zlib.gzipSync(fs.readFileSync(path.join(root, "public", url))).length;
      gzipCache.set(url, n);
    }
    return n;
  };

  /** The size of the file's precompressed Brotli copy, or null when the build has none. */
  const brotli = (url: string): number | null => {
    const copy = path.join(root, "public", `${url}.br`);
    return fs.existsSync(copy) ? fs.statSync(copy).size : null;
  };

  const chainOf = (id: string): ManifestRoute[] => {
    const chain: ManifestRoute[] = [];
    for (let r: ManifestRoute | undefined = manifest.routes[id]; r; r = r.parentId ? manifest.routes[r.parentId] : undefined)
      chain.unshift(r);
    return chain;
  };
  const patternOf = (chain: ManifestRoute[]) =>
    "/" +
    chain
      .map((r) => r.path ?? "")
      .filter(Boolean)
      .join("/");
  /** The inline partial manifest's gzip size for a page: its chain plus the routes matching each parent path. */
  const partialManifestBytes = (chain: ManifestRoute[], pattern: string): number => {
    const ids = new Set(chain.map((r) => r.id));
    const segments = pattern.split("/").filter(Boolean);
    const parents = ["/"];
    for (let i = segments.length - 1; i > 0; i--) parents.push("/" + segments.slice(0, i).join("/"));
    for (const r of routes) {
      const c = chainOf(r.id);
      if (parents.includes(patternOf(c))) for (const x of c) ids.add(x.id);
    }
    const partial = { ...manifest, routes: Object.fromEntries([...ids].map((id) => [id, manifest.routes[id]])) };
    return zlib.gzipSync(`window.__remixManifest = ${JSON.stringify(partial, null, 2)};`).length;
  };

  const pages: PageJs[] = [];
  for (const route of routes) {
    const renders = typeof server.routes[route.id]?.module.default === "function";
    if (!renders || (!route.path && !route.index) || hasIndexChild.has(route.id)) continue;
    const chain = chainOf(route.id);
    const pattern = patternOf(chain);
    const files = new Set<string>([
      ...(lazyDiscovery ? [] : [`/build/${manifestFile}`]),
      manifest.entry.module,
      ...manifest.entry.imports,
      ...chain.flatMap((r) => [r.module, ...(r.imports ?? [])]),
    ]);
    const inlineManifest = lazyDiscovery ? partialManifestBytes(chain, pattern) : 0;
    const copies = [...files].map(brotli);
    pages.push({
      url: fillPattern(pattern),
      pattern,
      chain: chain.map((r) => r.id),
      files: files.size + (lazyDiscovery ? 1 : 0),
      gzipBytes: [...files].reduce((sum, f) => sum + gzip(f), 0) + inlineManifest,
      brotliBytes: copies.includes(null) ? null : copies.reduce<number>((sum, n) => sum + (n ?? 0), 0) + inlineManifest,
    });
  }
  return pages.sort((a, b) => a.url.localeCompare(b.url));
}

/** `{ url: gzipBytes }` for the JSON output. */
export function jsGzipBytes(pages: PageJs[]): Record<string, number> {
  return Object.fromEntries(pages.map((p) => [p.url, p.gzipBytes]));
}

/** Pages over `JS_BUDGET_BYTES`. */
export function overBudget(pages: PageJs[]): PageJs[] {
  return pages.filter((p) => p.gzipBytes > JS_BUDGET_BYTES);
}

/** Human-readable table, one line per page. */
export function formatPages(pages: PageJs[]): string {
  const kb = (n: number) => (n / 1024).toFixed(1).padStart(6);
  const lines = pages.map((p) => {
    const flag = p.gzipBytes > JS_BUDGET_BYTES ? "  OVER BUDGET" : "";
    const sent = p.brotliBytes === null ? "" : `  (sent: ${kb(p.brotliBytes)} KB Brotli)`;
    return `  ${p.pattern.padEnd(34)} ${kb(p.gzipBytes)} KB in ${String(p.files).padStart(2)} files${sent}${flag}`;
  });
  return [`First-load JavaScript per page (gzip; budget ${JS_BUDGET_BYTES / 1024} KB):`, ...lines].join("\n");
}
