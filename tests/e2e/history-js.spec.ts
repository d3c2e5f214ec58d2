/**
 * History with JavaScript on (issue 9): filters apply without a full page load (a marker set on
 * `window` survives), 6 placeholders on desktop and 3 on mobile with aria-busy while the list
 * loads, an item opens in the side panel (URL /history/:id, Escape, the close button and Back
 * close it, focus returns to the item), a range picked on the calendar with the keyboard becomes
 * the custom period, and "more" appends the next page with the days merged. axe with the panel
 * and the calendar open; placeholders on the home history tab. Without JavaScript:
 * tests/e2e/history.spec.ts.
 */
import type { Locator, Page } from "@playwright/test";
import { CUSTOMERS, expect, holdBuildFiles, signIn, test } from "./fixtures";
import { axeScan, watchReady } from "./layout-helpers";

async function axe(page: Page, label: string) {
  const results = await axeScan(page);
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Mark the document: a full page load loses the mark, a client-side navigation keeps it. */
async function mark(page: Page) {
  await page.evaluate(() => ((window as unknown as { __historyMark: string }).__historyMark = "kept"));
}
async function expectMarkKept(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __historyMark?: string }).__historyMark)).toBe("kept");
}

/** Hold a page's data requests (`?_data=`) until `release()`, to see the loading state (then let them all through). */
async function holdListData(page: Page, path = "/history"): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(new RegExp(`${path}\\?.*_data=`), async (route) => {
    await gate;
    // A request the page gave up meanwhile (a newer navigation) cannot be continued.
    await route.fallback().catch(() => {});
  });
  return release;
}

test.describe("JavaScript on", () => {
  test.use({ javaScriptEnabled: true });

  test("history filters apply without a page load, with placeholders while loading", async ({ page }) => {
    await signIn(page, CUSTOMERS.individual);
    await page.goto("/history?period=all");
    await expect(page.getByTestId("calendar-open")).toBeVisible(); // hydrated
    await mark(page);

    // Currency applies on change (no button), placeholders meanwhile: 6 on desktop.
    const release = await holdListData(page);
    await page.locator("select[name=currency]").selectOption("GBP");
    const list = page.getByTestId("history-list");
    await expect(list).toHaveAttribute("aria-busy", "true");
    await expect(page.getByTestId("history-placeholder").locator("visible=true")).toHaveCount(6);
    release();
    await expect(page).toHaveURL(/currency=GBP/);
    await expect(list).toHaveAttribute("aria-busy", "false");
    const items = page.getByTestId("statement-item");
    await expect(items.first()).toBeVisible();
    for (const text of await items.allTextContents()) expect(text).toMatch(/\d\.\d{2} GBP/);
    await expectMarkKept(page);

    // A preset applies on change too; on a phone, 3 placeholders.
    await page.setViewportSize({ width: 390, height: 800 });
    const release2 = await holdListData(page);
    await page.locator("input[name=period][value=days30]").check();
    await expect(page.getByTestId("history-placeholder").locator("visible=true")).toHaveCount(3);
    release2();
    await expect(page).toHaveURL(/period=days30/);
    await expect(page).toHaveURL(/currency=GBP/);
    await expectMarkKept(page);

    // Back: the previous filter, and the form shows it again.
    await page.goBack();
    await expect(page).toHaveURL(/period=all/);
    await expect(page.locator("input[name=period][value=all]")).toBeChecked();
    await expectMarkKept(page);
  });

  test("nothing moves when the filters hydrate and the calendar shows (a tap while it loads lands where aimed)", async ({
    page,
  }) => {
    await signIn(page, CUSTOMERS.individual);
    // The scripts (not the stylesheets) held back until the server's page is measured, as on a slow network.
    const release = await holdBuildFiles(page, "**/build/**/*.js");
    await page.goto("/history?period=all", { waitUntil: "commit" });
    const show = page.locator("form[aria-labelledby=filters-title]").getByRole("button", { name: "Show" });
    await expect(show).toBeVisible();
    await expect(page.getByTestId("calendar-open")).toBeHidden();
    const before = await show.boundingBox();
    release();
    await expect(page.getByTestId("calendar-open")).toBeVisible(); // hydrated
    expect(await show.boundingBox(), "the filters' Show where it was before hydration").toEqual(before);
  });

  test("an item opens in the side panel; Escape, the close button and Back close it", async ({ page }) => {
    await signIn(page, CUSTOMERS.individual);
    await page.goto("/history?period=all&currency=GBP");
    await expect(page.getByTestId("calendar-open")).toBeVisible();
    await mark(page);
    const link = page.locator("main [data-testid=statement-item] a").first();
    const href = (await link.getAttribute("href"))!;
    const title = (await link.textContent())!;

    await link.click();
    const panel = page.getByRole("dialog", { name: title });
    await expect(panel).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(panel.getByTestId("item-amount")).toContainText("GBP");
    await expect(panel.locator("dl")).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    await expect(panel.getByTestId("receipt-link")).toHaveAttribute(
      "href",
      new RegExp(`^${href}/receipt\\?accountId=[0-9a-f-]{36}$`),
    );
    await expect(panel).toBeFocused();
    // The list stays under the panel.
    await expect(page.getByTestId("statement-item").first()).toBeAttached();
    await axe(page, "/history with the side panel");

    // Focus stays in the panel.
    for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/history\?period=all&currency=GBP$/);
    await expect(link).toBeFocused();

    // The close button.
    await link.click();
    await expect(panel).toBeVisible();
    await page.getByRole("button", { name: "Close" }).click();
    await expect(panel).toBeHidden();
    await expect(link).toBeFocused();

    // Back.
    await link.click();
    await expect(panel).toBeVisible();
    await page.goBack();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/history\?period=all&currency=GBP$/);
    await expectMarkKept(page);

    // The item's URL opened directly is its own page (no list, no panel).
    await page.goto(href);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("statement-item")).toHaveCount(0);
    await expect(page.getByTestId("receipt-link")).toBeVisible();
  });

  test("an item of another of the caller's organizations than the active one downloads its receipt", async ({ page }) => {
    await signIn(page, CUSTOMERS.both);
    await page.goto("/history?period=all&currency=GBP");
    const href = (await page.locator("main [data-testid=statement-item] a").first().getAttribute("href"))!;
    // The profile popup opens once the page's JavaScript runs (before, the link is a page of its own).
    await watchReady(page);
    await page.getByTestId("profile-link").click();
    const profile = page.getByRole("dialog", { name: "James Patel" });
    await profile.getByRole("button", { name: "Switch to Patel Consulting Ltd" }).click();
    await expect(page.getByRole("complementary", { name: "Accounts" })).toContainText(/Business account/);
    try {
      // The personal item, opened while the company is active: shown, and its receipt downloads.
      await page.goto(href);
      await expect(page.getByTestId("item-amount")).toContainText("GBP");
      const [receipt] = await Promise.all([page.waitForEvent("download"), page.getByTestId("receipt-link").click()]);
      expect(receipt.suggestedFilename()).toMatch(/^receipt-.*\.pdf$/);
    } finally {
      await page.goto("/home");
      await watchReady(page);
      await page.getByTestId("profile-link").click();
      await profile.getByRole("button", { name: "Switch to James Patel" }).click();
      await expect(page.getByRole("complementary", { name: "Accounts" })).toContainText(/Personal account/);
    }
  });

  test("a range picked on the calendar with the keyboard becomes the custom period", async ({ page }) => {
    await signIn(page, CUSTOMERS.individual);
    await page.goto("/history?period=all");
    // The dates wait for "Custom dates" (choosing it applies nothing yet: both days are needed).
    await expect(page.getByTestId("calendar-open")).toBeVisible(); // hydrated
    await expect(page.locator("input[name=from]")).toBeHidden();
    await page.locator("input[name=period][value=custom]").check();
    await page.locator("input[name=from]").fill("2026-03-10");
    await mark(page);

    await page.getByTestId("calendar-open").click();
    const picker = page.getByRole("dialog", { name: "Choose dates" });
    await expect(picker).toBeVisible();
    // Desktop: two months; the focus on the "from" day.
    await expect(picker.getByRole("grid")).toHaveCount(2);
    await expect(picker.locator("[data-day='2026-03-10']")).toBeFocused();
    await axe(page, "/history with the calendar");

    await page.keyboard.press("ArrowRight"); // 11 March
    await page.keyboard.press("Enter");
    await expect(picker).toContainText("now choose the last day");
    await page.keyboard.press("PageDown"); // 11 April
    await page.keyboard.press("ArrowDown"); // 18 April
    await expect(picker.locator("[data-day='2026-04-18']")).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(picker).toBeHidden();
    await expect(page).toHaveURL(/period=custom/);
    await expect(page).toHaveURL(/from=2026-03-11/);
    await expect(page).toHaveURL(/to=2026-04-18/);
    await expect(page.locator("input[name=from]")).toHaveValue("2026-03-11");
    await expect(page.locator("input[name=to]")).toHaveValue("2026-04-18");
    await expect(page.getByTestId("calendar-open")).toBeFocused();
    await expectMarkKept(page);

    // Clear empties both fields; Escape closes; the earliest day is 1 Jan 1920.
    await page.getByTestId("calendar-open").click();
    await picker.getByRole("button", { name: "Clear dates" }).click();
    await expect(page.locator("input[name=from]")).toHaveValue("");
    await expect(page.locator("input[name=to]")).toHaveValue("");
    await page.keyboard.press("Escape");
    await expect(picker).toBeHidden();
    await page.locator("input[name=from]").fill("1920-02-15");
    await page.getByTestId("calendar-open").click();
    await expect(picker.locator("[data-day='1920-02-15']")).toBeFocused();
    await page.keyboard.press("Shift+PageUp");
    await expect(picker.locator("[data-day='1920-01-01']")).toBeFocused();
    await expect(picker.getByTestId("calendar-prev-month")).toBeDisabled();
  });

  test("more appends the next page, the days merged, the URL unchanged", async ({ page }) => {
    await signIn(page, CUSTOMERS.individual);
    await page.goto("/history?period=all");
    await expect(page.getByTestId("calendar-open")).toBeVisible();
    await mark(page);
    const links = page.locator("main [data-testid=statement-item] a");
    const first = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(first).toHaveLength(20);

    const release = await holdListData(page);
    await page.getByTestId("history-more").click();
    await expect(page.getByTestId("history-list")).toHaveAttribute("aria-busy", "true");
    await expect(page.getByTestId("history-placeholder").locator("visible=true")).toHaveCount(6);
    release();
    await expect(links).not.toHaveCount(20);
    const all = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(all.slice(0, 20)).toEqual(first);
    expect(new Set(all).size).toBe(all.length);
    // Focus on the first item added.
    await expect(links.nth(20)).toBeFocused();
    // One heading per day across both pages.
    const days = await page.locator("main section h2").allTextContents();
    expect(new Set(days).size).toBe(days.length);
    await expect(page).toHaveURL(/\/history\?period=all$/);
    await expectMarkKept(page);

    // An item of the appended page opens in the panel; closing keeps both pages.
    await links.nth(20).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    // The page behind the panel is inert (no clicks, no focus), the panel is not.
    const underInert = (l: Locator) => l.evaluate((el) => el.closest("[inert]") !== null);
    await expect.poll(() => underInert(links.first())).toBe(true);
    expect(await underInert(page.getByRole("dialog"))).toBe(false);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    expect(await underInert(links.first())).toBe(false);
    await expect(links).toHaveCount(all.length);
    await expect(links.nth(20)).toBeFocused();

    // Closed while its item is still loading: the list is not reloaded, both pages stay.
    const item = await holdListData(page, "/history/[^?]+");
    await links.nth(21).click();
    await expect(page.getByTestId("panel-placeholder").first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    item();
    await expect(page).toHaveURL(/\/history\?period=all$/);
    await page.waitForLoadState("networkidle");
    await expect(links).toHaveCount(all.length);
    await expectMarkKept(page);
  });

  test("the home history tab shows placeholders while it loads", async ({ page }) => {
    await signIn(page, CUSTOMERS.individual);
    await page.goto("/home?tab=signing");
    // Hydrated first: a click before it is a plain page load, which has no placeholders.
    await watchReady(page);
    const release = await holdListData(page, "/home");
    await page.locator("main a[href$='tab=history']").click();
    const loading = page.getByTestId("home-history-loading");
    await expect(loading).toHaveAttribute("aria-busy", "true");
    await expect(loading.locator("li").locator("visible=true")).toHaveCount(6);
    release();
    await expect(loading).toHaveCount(0);
    await expect(page.locator("main a[href^='/history/']").first()).toBeVisible();
  });
});
