/**
 * Content-Security-Policy on every page (issue 5 §3, OWASP ASVS 5.0 V3.4; the proofs are in
 * ./csp-checks.ts). The pages come from the Remix manifest the server serves, each opened as the
 * one it is for (./every-page.ts). The customers' pages (anonymous, unidentified, individual) are
 * proved in the German reflow walk (reflow.spec.ts), which opens each of them anyway; the back
 * office's pages here. Together the two walks cover every route of the manifest: each checks
 * that it opened every page of its audiences.
 */
import { expect, test } from "./fixtures";
import { forEveryPage } from "./every-page";
import { openLockedDown, watchViolations } from "./csp-checks";

test("every back-office page: CSP with a per-request nonce, nonce on every script, no inline handlers or styles, no violation", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await watchViolations(page);
  const checked: string[] = [];
  const pages = await forEveryPage(
    page,
    request,
    async (url, route, who) => {
      await openLockedDown(page, url, route, who);
      checked.push(route.id);
    },
    ["ops"],
  );
  expect(checked.sort(), "every back-office page of the manifest was opened").toEqual(pages.map((r) => r.id).sort());
});

test("the nonce is new on every request", async ({ request }) => {
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const header = (await request.get("/auth/phone")).headers()["content-security-policy"];
    nonces.add(/'nonce-([^']+)'/.exec(header)?.[1] ?? "");
  }
  expect(nonces.size).toBe(3);
});
