/**
 * A page without JavaScript downloads no JavaScript, and a page with it still preloads every
 * chunk before its modules run (app/lib/html-stream.server.ts: Remix's `modulepreload` links
 * leave the server inert and an inline script with the CSP nonce restores them).
 */
import { CUSTOMERS, expect, signIn, test } from "./fixtures";

/** Pages a customer without JavaScript meets first: a login step and a payment form. */
const PAGES = ["/auth/phone", "/payments/gbp"];

for (const javaScriptEnabled of [false, true]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test(`the first pages ${javaScriptEnabled ? "preload every chunk they then run" : "fetch no script at all"}`, async ({
      page,
    }) => {
      const scripts: string[] = [];
      page.on("request", (r) => {
        if (/\/build\/.*\.js$/.test(new URL(r.url()).pathname)) scripts.push(new URL(r.url()).pathname);
      });
      for (const path of PAGES) {
        if (path === "/payments/gbp") await signIn(page, CUSTOMERS.individual);
        scripts.length = 0;
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        // The page as served (once hydrated, Remix may drop the links from the DOM): every link
        // inert, none a preload of its own.
        const html = await response!.text();
        const inert = [...html.matchAll(/<link rel="x-modulepreload" href="([^"]+)"\/>/g)].map((m) => m[1]);
        expect(inert.length, `${path}: the page's chunks are listed`).toBeGreaterThan(5);
        expect(html, `${path}: a module preload left as it was`).not.toContain('<link rel="modulepreload"');
        if (!javaScriptEnabled) {
          await page.waitForLoadState("load");
          expect(scripts, `${path}: scripts fetched without JavaScript`).toEqual([]);
          continue;
        }
        // Hydrated (the entry ran and made Remix's router), each listed chunk preloaded in <head> and fetched.
        await expect.poll(() => page.evaluate(() => "__remixRouter" in window), `${path}: hydrated`).toBe(true);
        await expect
          .poll(() =>
            page.evaluate(() =>
              [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute("href") ?? ""),
            ),
          )
          .toEqual(inert);
        await page.waitForLoadState("networkidle");
        for (const href of inert) expect(scripts, `${path}: ${href} fetched`).toContain(href);
      }
    });
  });
}
