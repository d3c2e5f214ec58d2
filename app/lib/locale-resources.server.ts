/**
 * The translations of every language and namespace, read from `public/locales/<lng>/<ns>.json`
 * once per process and shared by every request's i18next instance (entry.server.tsx, and
 * `getFixedT` in loaders and actions through i18next.server.ts).
 *
 * Why not i18next-fs-backend: it opened, read and parsed each namespace file of the page's
 * language again for every rendered page and every `getFixedT` (about 6 % of a page's server
 * time, docs/performance.md "Pages"). The files change only with a deploy (the browser's copy is
 * versioned by `LOCALES_VERSION`), and the server already has to restart for any change
 * (`npm run dev` builds once and does not watch), so reading them at first use is exact.
 *
 * i18next keeps a reference to the object given as `resources` and writes to it only through
 * `addResource*` calls and backends, which the app does not use: the object is shared read-only.
 */
import fs from "node:fs";
import { resolve } from "node:path";
import type { Resource } from "i18next";
import { ALL_NAMESPACES, SUPPORTED_LANGUAGES } from "~/i18n";

/** Folder with `<lng>/<ns>.json`. */
export const LOCALES_DIR = resolve(process.cwd(), "public/locales");

let cached: Resource | null = null;

/** Every language's every namespace (`ALL_NAMESPACES`), read on the first call. */
function allResources(): Resource {
  if (cached) return cached;
  const resources: Resource = {};
  for (const lng of SUPPORTED_LANGUAGES) {
    resources[lng] = {};
    for (const ns of ALL_NAMESPACES)
      resources[lng][ns] = JSON.parse(fs.readFileSync(resolve(LOCALES_DIR, lng, `${ns}.json`), "utf8"));
  }
  cached = resources;
  return resources;
}

/**
 * `{ [lng]: { [ns]: translations } }` for every supported language.
 * @param namespaces only these namespaces (a page renders only what its routes declare in
 *   `handle.i18n`, as the browser loads only those before hydration: a string from an
 *   undeclared namespace shows as its key on both sides, never as a hydration mismatch);
 *   every namespace when omitted (loaders and actions: text that is not hydrated)
 * @throws when a file is missing or is not JSON (the app cannot render without it;
 *   `app/i18n-locales.test.ts` catches both before a deploy)
 */
export function localeResources(namespaces?: readonly string[]): Resource {
  const all = allResources();
  if (!namespaces) return all;
  const picked: Resource = {};
  for (const lng of Object.keys(all)) {
    picked[lng] = {};
    for (const ns of namespaces) if (all[lng][ns]) picked[lng][ns] = all[lng][ns];
  }
  return picked;
}
