/**
 * The browser-floor checks (docs/decisions.md "Browsers we support"): each catches what it is
 * for, and the app's own stylesheets and browser code pass them.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkClientApis, isBrowserSource, NEWER_APIS } from "./client-apis";
import { checkCss, MODERN_FEATURES } from "./css-features";
import { browserslistOf, TIER_A } from "./floor";
import { checkAppSources } from "./index";
import { checkModuleSyntax, hasLookbehind } from "./js-syntax";

const ROOT = path.resolve(__dirname, "../..");

describe("emitted JavaScript (js-syntax)", () => {
  const ok = (code: string) => checkModuleSyntax(code, "x.js");

  it("accepts ES2022 that tier (a) parses: class fields, private members, ??=, ?., top-level await", () => {
    const code = `
      class A { #x = 1; static y = 2; get x() { return this.#x; } has(o) { return #x in o; } }
      let a = null; a ??= {}; const b = a?.c ?? 0;
      await Promise.resolve(b);
      export const re = /(?<year>\\d{4})/d;`;
    expect(ok(code)).toEqual([]);
  });

  it("catches a class static block (Safari 16.4)", () => {
    expect(ok(`class A { static { this.y = 1; } }`)).toMatchObject([{ message: expect.stringMatching(/static block/) }]);
  });

  it("catches RegExp lookbehind, in a literal and in new RegExp(…) (Safari 16.4)", () => {
    expect(ok(`export const r = /(?<=€)\\d+/;`)).toHaveLength(1);
    expect(ok(`export const r = new RegExp("(?<!x)y");`)).toHaveLength(1);
    expect(hasLookbehind("[(?<=]")).toBe(false);
    expect(hasLookbehind("\\(?<=")).toBe(false);
  });

  it("catches syntax newer than ES2022 (the RegExp v flag, import attributes)", () => {
    expect(ok(`export const r = /[\\p{L}--[a-z]]/v;`)).toMatchObject([{ message: expect.stringMatching(/not ES2022/) }]);
    expect(ok(`import data from "./a.json" with { type: "json" }; export default data;`)).toHaveLength(1);
  });
});

describe("CSS features (css-features)", () => {
  const check = (css: string, file = "app/components/ui/X.module.css") => checkCss(css, file).map((v) => v.message);

  it("accepts long-standing CSS and listed modern features", () => {
    expect(check(`.a { display: flex; gap: 1rem; padding-inline: 1rem; color: rgb(0 0 0 / 40%); }`)).toEqual([]);
    expect(check(`.a:focus-visible { outline: 3px solid var(--c); }`)).toEqual([]);
  });

  it("fails on a feature in no list (a new modern feature needs its support and fallback written down)", () => {
    expect(check(`.a { text-wrap: balance; }`)).toEqual([expect.stringMatching(/unknown CSS feature "property text-wrap"/)]);
    expect(check(`.a { color: color-mix(in srgb, red, blue); }`)).toEqual([
      expect.stringMatching(/unknown CSS feature "function color-mix"/),
    ]);
    expect(check(`.a { height: 100dvh; }`)).toEqual([expect.stringMatching(/"unit dvh"/)]);
    expect(check(`@layer base { .a { color: red; } }`)).toEqual([expect.stringMatching(/"at-rule layer"/)]);
    expect(check(`@media (width >= 40rem) { .a { color: red; } }`)).toContainEqual(expect.stringMatching(/range-syntax/));
    expect(check(`.a:is(.b, .c) { color: red; }`)).toEqual([expect.stringMatching(/"selector :is"/)]);
  });

  it("fails on :dir() (Chrome 120, Safari 16.4): [dir] on <html> instead", () => {
    expect(check(`.a:dir(rtl) { transform: scaleX(-1); }`)).toEqual([expect.stringMatching(/not allowed/)]);
    expect(check(`[dir="rtl"] .a { transform: scaleX(-1); }`)).toEqual([]);
  });

  it("a guarded feature only inside its @supports (lh with field-sizing)", () => {
    expect(check(`.a { max-height: calc(3lh + 1rem); }`)).toEqual([expect.stringMatching(/only inside @supports/)]);
    expect(check(`@supports (field-sizing: content) { .a { field-sizing: content; max-height: calc(3lh + 1rem); } }`)).toEqual(
      [],
    );
  });

  it("fails on nested rules (Chrome 112, Safari 16.5)", () => {
    expect(check(`.a { color: red; .b { color: blue; } }`)).toContainEqual(expect.stringMatching(/nested CSS rule/));
  });

  it("tier (b): a logical offset needs a physical one of its axis before it, except in JavaScript-only stylesheets", () => {
    expect(check(`.a { position: fixed; inset: 0; }`)).toEqual([
      expect.stringMatching(/"inset" without top\/bottom and left\/right/),
    ]);
    expect(check(`.a { position: fixed; top: 0; inset: 0; }`)).toHaveLength(1);
    expect(check(`.a { position: fixed; top: 0; right: 0; bottom: 0; left: 0; inset: 0; }`)).toEqual([]);
    expect(check(`.a { position: absolute; bottom: 0; inset-inline: 0; }`)).toEqual([
      expect.stringMatching(/"inset-inline" without left or right/),
    ]);
    expect(check(`.a { position: fixed; inset: 0; }`, "app/components/chat/ChatPopup.module.css")).toEqual([]);
  });

  it("every feature a tier (a) browser lacks says what happens there", () => {
    for (const f of MODERN_FEATURES.filter((f) => !f.inTierA)) expect(f.fallback || f.forbidden, f.name).toBeTruthy();
  });
});

describe("browser APIs in the app's browser code (client-apis)", () => {
  it("catches an API newer than tier (a), not in comments, and allows it in its listed file", () => {
    const code = `// form.requestSubmit() is Safari 16+\nexport function go(f: HTMLFormElement) {\n  f.requestSubmit();\n}\n`;
    expect(checkClientApis(code, "app/components/forms/X.tsx")).toMatchObject([{ line: 3 }]);
    expect(checkClientApis(code, "app/lib/request-submit.ts")).toEqual([]);
    expect(checkClientApis(`const c = structuredClone(x);`, "app/lib/x.ts")).toHaveLength(1);
    expect(checkClientApis(`el.closest("li:has(> a)");`, "app/lib/x.ts")).toHaveLength(1);
  });

  it("reads browser code only", () => {
    expect(isBrowserSource("app/components/ui/X.tsx")).toBe(true);
    expect(isBrowserSource("app/lib/api.server.ts")).toBe(false);
    expect(isBrowserSource("app/lib/x.test.ts")).toBe(false);
    expect(isBrowserSource("app/entry.server.tsx")).toBe(false);
  });

  it("every listed API says what to use instead", () => {
    for (const api of NEWER_APIS) expect(api.instead, api.api).toBeTruthy();
  });
});

describe("the app itself", () => {
  it("its stylesheets and browser code are within the floor", () => {
    expect(checkAppSources(path.join(ROOT, "app"))).toEqual([]);
  });

  it("package.json's browserslist is tier (a) of floor.ts", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { browserslist?: string[] };
    expect(pkg.browserslist).toEqual(browserslistOf(TIER_A));
  });
});
