/**
 * Every customer page fits a screen 320 CSS px wide without scrolling sideways (WCAG 2.1
 * 1.4.10 Reflow, level AA: 320 px is a 1280 px desktop at 400 % zoom, and the width of the
 * smallest phones this bank serves). axe cannot check it: it needs the page laid out. The pages
 * come from the Remix manifest, each opened as the customer it is for (./every-page.ts), in
 * German (its words are mostly the longest of our three languages) and Arabic (right to left).
 * A data table may scroll inside its own box (1.4.10 exempts two-dimensional content); the page
 * may not. The back office (/ops) is for staff at desks and is not held to it.
 *
 * The German walk runs with JavaScript, the page measured once hydrated and settled, and also
 * proves every customer page's Content-Security-Policy (./csp-checks.ts), file routes included:
 * one walk instead of two (web-security-csp.spec.ts walks the back office); and that hydration
 * moves nothing on the page (layout shifts: a control that moves while the page hydrates takes a
 * slow phone's tap elsewhere). For that each page's scripts wait until its HTML is parsed and
 * painted, as on a slow network, and only shifts after that moment count (not a box painted
 * while the HTML streamed in, which is timing, not the page); the screen is as tall as the
 * longest page (`TALL`), so a move anywhere on a page is seen, not only on its first screen.
 *
 * The Arabic walk runs without JavaScript. The layout is CSS and the server renders the same
 * HTML either way, so what right to left could push past the screen's edge is there before
 * hydration; a page without JavaScript is the HTML as the server sent it (forms with every
 * conditional field shown, no-script fallbacks) — the layout a customer without JavaScript gets,
 * measured nowhere else. What only scripts add (hydrated-only controls, popups) is measured by
 * the German walk, whose words are the longest. And it is the cheaper walk: no page hydrates,
 * nothing waits for scripts, about half the time of a walk with JavaScript on 2 cores. The
 * overflow is measured by `page.evaluate`, which Chromium runs through the DevTools protocol
 * whether or not the page may run scripts (a JavaScript-off context's `window.__remixContext`,
 * set by an inline script, is undefined: the walk asserts it, or it would prove nothing new).
 */
import { expect, test } from "./fixtures";
import { forEveryPage, RESOURCE_ROUTES, type Audience } from "./every-page";
import { openLockedDown, startLockedDownWalk } from "./csp-checks";
import { layoutShifts } from "./layout-helpers";

const WIDTH = 320;
/**
 * The walk with JavaScript looks at a screen as tall as the longest customer page (an identity
 * application's check-answers page, about 10,800 px at 320 px wide): a layout shift counts only
 * where it is seen, and a form whose lower half moved at hydration passed a phone-high screen
 * (the international payment form's intermediary bank, found so). The height changes nothing the
 * reflow half measures (widths) and, on 2 cores, not the walk's time.
 */
const TALL = 12_000;

/** The walks' audiences: every page of the manifest but the back office's. */
const CUSTOMER_AUDIENCES: Audience[] = ["anonymous", "unidentified", "individual"];

test.use({ viewport: { width: WIDTH, height: 640 } });

for (const language of ["de", "ar"]) {
  // The CSP proofs once, in the German walk with JavaScript; the Arabic walk without.
  const withCsp = language === "de";
  const scripts = language === "de";
  const andCsp = withCsp ? ", each locked down by its CSP" : ", JavaScript off";
  test.describe(() => {
    test.use({ javaScriptEnabled: scripts, viewport: { width: WIDTH, height: scripts ? TALL : 640 } });
    // One test per audience: each a few minutes at most on a busy machine, and a retry walks again
    // only the audience that failed.
    for (const who of CUSTOMER_AUDIENCES) {
      test(`every ${who} page fits a ${WIDTH} px screen in "${language}" (WCAG 1.4.10 Reflow)${andCsp}`, async ({
        page,
        request,
      }) => {
        // Every page of the audience in the manifest (the signed-in customer's most: about 100).
        test.setTimeout(360_000);
        const walk = withCsp ? await startLockedDownWalk(page) : null;
        const wide: string[] = [];
        const moved: string[] = [];
        const cspChecked: string[] = [];
        const pages = await forEveryPage(
          page,
          request,
          async (url, route) => {
            // With JavaScript the scripts wait until the server's page is painted, as on a slow
            // network, so that what hydration moves shows as a layout shift after that moment.
            let paintedAt = 0;
            if (withCsp) {
              paintedAt = (await openLockedDown(page, url, route, who))?.paintedAt ?? 0;
              cspChecked.push(route.id);
            }
            if (RESOURCE_ROUTES.has(route.id)) return; // files, not pages
            if (!withCsp) await page.goto(url);
            // The walk is in the language asked for, or it proves nothing about it.
            expect(await page.locator("html").getAttribute("lang"), url).toBe(language);
            // With JavaScript or without, as the walk says (the page's inline script ran or did not).
            expect(await page.evaluate(() => "__remixContext" in window), `${url}: scripts ran`).toBe(scripts);
            const overflow = await page.evaluate((width) => {
              const scrollWidth = document.documentElement.scrollWidth;
              if (scrollWidth <= width) return null;
              // The innermost elements reaching past the screen's end edge (the left one right to left).
              const rtl = document.documentElement.dir === "rtl";
              const culprits = [...document.querySelectorAll<HTMLElement>("body *")]
                .filter((el) => {
                  const box = el.getBoundingClientRect();
                  // Its box sticks out, or its text overflows a box that does not (a word too long for its line).
                  const overflowsItself = el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === "visible";
                  return box.width > 0 && ((rtl ? box.left < -1 : box.right > width + 1) || overflowsItself);
                })
                .filter((el, _, all) => !all.some((other) => other !== el && el.contains(other)))
                .slice(0, 3)
                .map((el) => `<${el.tagName.toLowerCase()}> "${(el.textContent ?? "").trim().slice(0, 30)}"`);
              return `${scrollWidth} px wide: ${culprits.join(", ")}`;
            }, WIDTH);
            if (overflow) wide.push(`${url} (${who}): ${overflow}`);
            // Nothing moved once the server's page was painted, with no input to cause it (hydration,
            // late controls): docs/decisions.md "Nothing moves under a tap while a page hydrates".
            if (scripts) {
              const shifts = await layoutShifts(page, paintedAt);
              if (shifts.length) moved.push(`${url} (${who}): ${shifts.join("; ")}`);
            }
          },
          [who],
          language,
        ).finally(() => walk?.stop());
        expect(wide, "pages wider than the screen").toEqual([]);
        expect(moved, "pages whose content moved after the first paint (layout shifts)").toEqual([]);
        if (withCsp) expect(cspChecked.sort(), `CSP: every ${who} page of the manifest`).toEqual(pages.map((r) => r.id).sort());
      });
    }
  });
}
