/**
 * Cursor-paged lists keep their cursor in the URL ("more" links, bookmarks), so a cursor the API
 * refuses (an edited or stale link) must lead to the list's first page, filters kept, not to a
 * server error (app/lib/paging.server.ts: a redirect, so the address bar says what is shown).
 * JavaScript off: the plain page load.
 */
import { CUSTOMERS, expect, signIn, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

test("a cursor the API refuses leads to the list's first page", async ({ page }) => {
  await signIn(page, CUSTOMERS.individual);
  await page.goto("/chat");
  await page.getByTestId("chat-main-channel").click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const channel = new URL(page.url()).pathname;
  for (const list of [
    "/history",
    "/history?period=days30",
    "/beneficiaries",
    "/beneficiaries?status=ACTIVE",
    "/chat/notifications",
    channel,
    "/payments/remittance",
    "/currency-exchange/requests",
  ]) {
    const first = await page.goto(list);
    expect(first?.status(), list).toBe(200);
    const firstPage = await page.locator("main").innerText();
    // Right characters, wrong content: the web app passes it on and the API refuses it (400);
    // and one of 5,000 characters (the API takes at most 200), which must not become an error page.
    for (const cursor of ["abc", "eyJpZCI6MX0", "A".repeat(5000)]) {
      const asked = `${list}${list.includes("?") ? "&" : "?"}cursor=${cursor}`;
      const refused = await page.goto(asked);
      expect(refused?.status(), asked).toBe(200);
      expect(refused?.request().redirectedFrom(), `${asked} redirects`).not.toBeNull();
      const shown = new URL(page.url());
      expect(`${shown.pathname}${shown.search}`, asked).toBe(list);
      expect(await page.locator("main").innerText(), asked).toBe(firstPage);
    }
  }
});
