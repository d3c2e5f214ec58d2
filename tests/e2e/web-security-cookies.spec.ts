/**
 * Session cookie flags (issue 5 §3, OWASP ASVS 5.0 V3.3): the `__session` cookie — the only
 * cookie the web app sets — is httpOnly (page scripts cannot read it) and SameSite=Lax, both
 * for the anonymous session of the login pages (it holds the CSRF token and the login
 * challenge) and after login. `Secure` under production settings is proved elsewhere.
 */
import type { BrowserContext } from "@playwright/test";
import { CUSTOMERS, expect, login, test } from "./fixtures";

async function expectSessionCookieFlags(context: BrowserContext, label: string) {
  const cookies = await context.cookies();
  expect(
    cookies.map((c) => c.name),
    `${label}: cookies set by the app`,
  ).toEqual(["__session"]);
  const [session] = cookies;
  expect(session.httpOnly, `${label}: httpOnly`).toBe(true);
  expect(session.sameSite, `${label}: SameSite`).toBe("Lax");
  expect(session.path, `${label}: path`).toBe("/");
}

test("the session cookie is httpOnly and SameSite=Lax before and after login; scripts cannot read it", async ({ page }) => {
  await page.goto("/auth/phone");
  await expectSessionCookieFlags(page.context(), "anonymous (login page)");
  await login(page, CUSTOMERS.individual);
  await expectSessionCookieFlags(page.context(), "logged in");
  expect(await page.evaluate(() => document.cookie), "document.cookie").not.toContain("__session");
});
