/**
 * Content-Security-Policy on every page (issue 5 §3, OWASP ASVS 5.0 V3.4; the proofs are in
 * ./csp-checks.ts). The pages come from the Remix manifest the server serves, each opened as the
 * one it is for (./every-page.ts). The customers' pages (anonymous, unidentified, individual) are
 * proved in the German reflow walk (reflow.spec.ts), which opens each of them anyway; the back
 * office's pages here. Together the two walks cover every route of the manifest: each checks
 * that it opened every page of its audiences. Both also fail on a page that hydration moves
 * (layout shifts once the server's page is painted: ./layout-helpers.ts `layoutShifts`).
 */
import { expect, test } from "./fixtures";
import { forEveryPage } from "./every-page";
import { openLockedDown, startLockedDownWalk } from "./csp-checks";
import { layoutShifts } from "./layout-helpers";

// A desk's width, and tall enough to see a whole page: a layout shift counts only where it is seen.
test.use({ viewport: { width: 1280, height: 8_000 } });

test("every back-office page: CSP with a per-request nonce, nonce on every script, no inline handlers or styles, no violation; nothing moves at hydration", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const walk = await startLockedDownWalk(page);
  const checked: string[] = [];
  const moved: string[] = [];
  const pages = await forEveryPage(
    page,
    request,
    async (url, route, who) => {
      // The scripts wait until the server's page is painted: what hydration moves shows after that
      // moment (docs/decisions.md "Nothing moves under a tap while a page hydrates").
      const opened = await openLockedDown(page, url, route, who);
      checked.push(route.id);
      if (!opened) return; // a file
      const shifts = await layoutShifts(page, opened.paintedAt);
      if (shifts.length) moved.push(`${url}: ${shifts.join("; ")}`);
    },
    ["ops"],
  ).finally(() => walk.stop());
  expect(checked.sort(), "every back-office page of the manifest was opened").toEqual(pages.map((r) => r.id).sort());
  expect(moved, "back-office pages whose content moved at hydration (layout shifts)").toEqual([]);
});

test("the nonce is new on every request", async ({ request }) => {
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const header = (await request.get("/auth/phone")).headers()["content-security-policy"];
    nonces.add(/'nonce-([^']+)'/.exec(header)?.[1] ?? "");
  }
  expect(nonces.size).toBe(3);
});
