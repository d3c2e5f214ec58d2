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
        // The server's links are inert in every case; the browser's preloads come from the script.
        const inert = await page
          .locator('link[rel="x-modulepreload"]')
          .evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? ""));
        expect(inert.length, `${path}: the page's chunks are listed`).toBeGreaterThan(5);
        if (!javaScriptEnabled) {
          await page.waitForLoadState("load");
          expect(scripts, `${path}: scripts fetched without JavaScript`).toEqual([]);
          continue;
        }
        // Hydrated (the entry ran and made Remix's router), each listed chunk preloaded in <head> and fetched.
        await expect.poll(() => page.evaluate(() => "__remixRouter" in window), `${path}: hydrated`).toBe(true);
        await expect
          .poll(() => page.evaluate(() => document.head.querySelectorAll('link[rel="modulepreload"]').length))
          .toBe(inert.length);
        await page.waitForLoadState("networkidle");
        for (const href of inert) expect(scripts, `${path}: ${href} fetched`).toContain(href);
      }
    });
  });
}
