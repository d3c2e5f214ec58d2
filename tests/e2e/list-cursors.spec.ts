/**
 * Cursor-paged lists keep their cursor in the URL ("more" links, bookmarks), so a cursor the API
 * refuses (an edited or stale link) must show the list's first page, not a server error
 * (app/lib/paging.server.ts). JavaScript off: the plain page load.
 */
import { CUSTOMERS, expect, login, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

test("a cursor the API refuses shows the list's first page", async ({ page }) => {
  await login(page, CUSTOMERS.individual);
  for (const list of [
    "/history",
    "/beneficiaries",
    "/chat/notifications",
    "/payments/remittance",
    "/currency-exchange/requests",
  ]) {
    const first = await page.goto(list);
    expect(first?.status(), list).toBe(200);
    const firstPage = await page.locator("main").innerText();
    // Right characters, wrong content: the web app passes it on and the API refuses it (400).
    for (const cursor of ["abc", "eyJpZCI6MX0"]) {
      const refused = await page.goto(`${list}?cursor=${cursor}`);
      expect(refused?.status(), `${list}?cursor=${cursor}`).toBe(200);
      expect(await page.locator("main").innerText(), `${list}?cursor=${cursor}`).toBe(firstPage);
    }
  }
});
