/**
 * `npm run check:browsers`: the browser floor (docs/decisions.md "Browsers we support"), checked
 * on the build, after `npx remix build` (tests/run-all.sh runs it beside bench:check):
 *
 * - every JavaScript file of public/build parses in tier (a) (js-syntax.ts: ES2022 without
 *   class static blocks or RegExp lookbehind);
 * - the app's stylesheets use only the CSS features of css-features.ts, each modern one with its
 *   fallback, and logical offsets have physical ones before them where no JavaScript is needed;
 * - the app's browser code uses no API newer than tier (a) outside the files allowed to
 *   (client-apis.ts).
 *
 * The last two need no build and also run as unit tests (check-browsers.test.ts). Exits 1,
 * naming each finding, when any fails; 2 when public/build is missing.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { checkClientApis, isBrowserSource } from "./client-apis.js";
import { checkCss } from "./css-features.js";
import { checkModuleSyntax, TIER_A_ECMA_VERSION } from "./js-syntax.js";
import { filesUnder } from "../files-under.js";

/** The stylesheets and browser sources of the app, checked; findings as printable lines. */
export function checkAppSources(appDir: string): string[] {
  const lines: string[] = [];
  for (const f of filesUnder(appDir, (p) => p.endsWith(".css")))
    for (const v of checkCss(fs.readFileSync(f, "utf8"), f)) lines.push(`${v.file}:${v.line}: ${v.message}`);
  for (const f of filesUnder(appDir, isBrowserSource))
    for (const v of checkClientApis(fs.readFileSync(f, "utf8"), f)) lines.push(`${v.file}:${v.line}: ${v.message}`);
  return lines;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const buildDir = path.join(root, "public/build");
  if (!fs.existsSync(buildDir)) {
    console.error("public/build is missing: run `npx remix build` first.");
    process.exit(2);
  }
  const js = filesUnder(buildDir, (p) => p.endsWith(".js"));
  const findings: string[] = [];
  for (const f of js)
    for (const v of checkModuleSyntax(fs.readFileSync(f, "utf8"), path.relative(root, f)))
      findings.push(`${v.file} @${v.offset}: ${v.message}`);
  findings.push(...checkAppSources(path.relative(process.cwd(), path.join(root, "app")) || "app"));
  if (findings.length) {
    for (const line of findings) console.error(line);
    console.error(`browser floor: ${findings.length} finding(s) (docs/decisions.md "Browsers we support").`);
    process.exit(1);
  }
  console.log(
    `browser floor: ${js.length} build files parse as ES${TIER_A_ECMA_VERSION} for tier (a); app CSS and browser APIs within the floor.`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
