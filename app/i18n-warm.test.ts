/**
 * The namespaces the browser loads after hydration (`namespacesToWarm`, app/entry.client.tsx)
 * cover every page a client-side navigation can reach from the page's area — each route's
 * `handle.i18n`, read from its file — and leave out the other area's texts.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_NAMESPACES, namespacesToWarm } from "./i18n";

const ROUTES = path.resolve("app/routes");

/** Every route file under app/routes with the namespaces its `handle.i18n` declares. */
function routeNamespaces(): { file: string; namespaces: string[] }[] {
  const out: { file: string; namespaces: string[] }[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
        const m = /i18n:\s*\[([^\]]*)\]/.exec(fs.readFileSync(p, "utf8"));
        if (m) out.push({ file: path.relative(ROUTES, p), namespaces: [...m[1].matchAll(/"([a-z-]+)"/g)].map((x) => x[1]) });
      }
    }
  };
  walk(ROUTES);
  return out;
}

describe("namespacesToWarm", () => {
  const routes = routeNamespaces();

  it("finds the routes' namespaces", () => {
    expect(routes.length).toBeGreaterThan(100);
    for (const r of routes) for (const ns of r.namespaces) expect(ALL_NAMESPACES, r.file).toContain(ns);
  });

  it("covers every back-office page from /ops, without the customers' texts", () => {
    const warm = namespacesToWarm("/ops/payments");
    for (const r of routes.filter((r) => r.file.startsWith("ops+/")))
      for (const ns of r.namespaces) expect(warm, `${r.file}: ${ns}`).toContain(ns);
    expect(warm).not.toContain("payments");
    expect(warm).not.toContain("history");
  });

  it("covers every customer and demo page from a customer page, without the back office's texts", () => {
    for (const page of ["/home", "/demo/home", "/identity", "/operations"]) {
      const warm = namespacesToWarm(page);
      for (const r of routes.filter((r) => !r.file.startsWith("ops+/")))
        for (const ns of r.namespaces) expect(warm, `${page} → ${r.file}: ${ns}`).toContain(ns);
      expect(warm, page).not.toContain("ops");
    }
  });
});
