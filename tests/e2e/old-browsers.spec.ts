/**
 * Older browsers get the server-rendered page, not a half-hydrated one (docs/decisions.md
 * "Browsers we support", tier (b)): Chromium made to look like one, on the login page, whose
 * form then still works by a full page post. (JavaScript off altogether is tested throughout
 * the suite; these are the two ways JavaScript can be on and still not run the app.)
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The page as the server sent it: Remix never started (no router), the form not enhanced. */
async function expectServerRendered(page: Page) {
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => "__remixRouter" in window), "hydrated").toBe(false);
  await expect(page.locator("main form[method=post]").first()).not.toHaveAttribute("novalidate", "");
}

/** The phone step posts the page itself and the code step comes back from the server. */
async function phoneStepWorks(page: Page) {
  await page.locator("input[name=phone]").fill("+447700900999");
  await page.locator("form button[type=submit]").first().click();
  await expect(page.locator("input[name=code]")).toBeVisible();
}

test("a browser that runs our modules but lacks an API the app needs (Object.hasOwn: Safari < 15.4) is not hydrated", async ({
  page,
}) => {
  await page.addInitScript(() => {
    delete (Object as { hasOwn?: unknown }).hasOwn;
  });
  await page.goto("/auth/phone");
  // The module script did run (the route modules loaded): the gate in entry.client stopped it.
  await expect
    .poll(() => page.evaluate(() => typeof (window as { __remixRouteModules?: object }).__remixRouteModules))
    .toBe("object");
  await expectServerRendered(page);
  await phoneStepWorks(page);
});

test("a browser that cannot parse a module of the page (syntax newer than it knows) runs none of them", async ({
  page,
  consoleErrors,
}) => {
  // The root route's chunk as an older parser sees ES2022: a syntax error.
  await page.route(/\/build\/root-[A-Z0-9]+\.js$/, (route) =>
    route.fulfill({ contentType: "text/javascript", body: "export const x = ;" }),
  );
  await page.goto("/auth/phone");
  await expectServerRendered(page);
  // The whole module graph was refused: not even the other route modules ran.
  expect(await page.evaluate(() => "__remixRouteModules" in window)).toBe(false);
  await phoneStepWorks(page);
  // The one expected error: the parse failure itself.
  const parseErrors = consoleErrors.filter((e) => /SyntaxError/.test(e));
  expect(parseErrors.length).toBeGreaterThan(0);
  for (let i = consoleErrors.length - 1; i >= 0; i--) if (/SyntaxError/.test(consoleErrors[i])) consoleErrors.splice(i, 1);
});
