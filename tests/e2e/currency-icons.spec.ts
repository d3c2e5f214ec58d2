/**
 * Currency icons beside balances (spec 000 §1 "Icons exist for …", §9 "currency icons 32 px"):
 * on /home, the account page and the accounts column, each balance has its currency's icon,
 * decorative (the amount and code beside it stay the text). Server-rendered: JavaScript off.
 * Then right to left at 320 px (the icon at the line's start, the page no wider than the
 * screen) and in forced-colors mode (the badge drawn in the system's colours).
 */
import type { Locator, Page } from "@playwright/test";
import { CUSTOMERS, expect, login, signIn, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

/** Each balance's code (from its amount's text) and the icon in its row: code, aria-hidden, size. */
async function balanceIcons(list: Locator) {
  return list.evaluateAll((amounts) =>
    amounts.map((amount) => {
      const svg = amount.closest("li")?.querySelector(":scope > svg");
      return {
        code: (amount.textContent ?? "").trim().split(" ").pop(),
        icon: svg?.getAttribute("data-currency-icon"),
        hidden: svg?.getAttribute("aria-hidden"),
        size: svg ? Math.round(svg.getBoundingClientRect().width) : null,
      };
    }),
  );
}

/** Every balance of `list` has its own currency's icon, decorative, `size` px wide. */
async function expectIcons(list: Locator, size: number, label: string) {
  const icons = await balanceIcons(list);
  expect(icons.length, `${label}: balances`).toBeGreaterThan(0);
  expect(icons, label).toEqual(icons.map((i) => ({ code: i.code, icon: i.code, hidden: "true", size })));
}

async function switchLanguage(page: Page, lng: string) {
  const switcher = page.locator('form[action="/locale"]');
  await switcher.locator("select[name=lng]").selectOption(lng);
  await switcher.getByRole("button").click();
  await expect(page.locator("html")).toHaveAttribute("lang", lng);
}

test("an icon beside each balance: home, account page and the accounts column", async ({ page }) => {
  await signIn(page, CUSTOMERS.individual);
  await page.goto("/home");
  const home = page.locator('main section[aria-labelledby="accounts-title"] li > div > span[dir="ltr"]');
  await expectIcons(home, 32, "/home");
  await expect(page.getByTestId("balance-GBP")).toBeVisible();
  await expectIcons(page.locator("aside li > div > span[dir='ltr']"), 24, "accounts column");

  const account = await page.locator("aside a[href^='/accounts/']").first().getAttribute("href");
  await page.goto(account!);
  await expectIcons(page.locator("main [data-testid^='account-balance-']"), 32, "account page");
});

test("right to left at 320 px: the icon at the line's start, no page wider than the screen", async ({ page }) => {
  await signIn(page, CUSTOMERS.individual);
  await page.goto("/home");
  const account = await page.locator("aside a[href^='/accounts/']").first().getAttribute("href");
  await switchLanguage(page, "ar");
  await page.setViewportSize({ width: 320, height: 640 });
  for (const url of ["/home", account!]) {
    await page.goto(url);
    const amount = page.locator("main li:has(> svg[data-currency-icon]) span[dir='ltr']").first();
    const icon = page.locator("main li > svg[data-currency-icon]").first();
    const [a, i] = [await amount.boundingBox(), await icon.boundingBox()];
    expect(i!.x, `${url}: the icon right of the amount`).toBeGreaterThan(a!.x + a!.width - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${url} at 320 px`).toBeLessThanOrEqual(320);
  }
});

test("forced colors: the badge outlined in the page's colours, the symbol in its text colour", async ({ page }) => {
  await login(page, CUSTOMERS.individual);
  await page.emulateMedia({ forcedColors: "active" });
  await page.goto("/home");
  const colours = await page
    .locator("main li > svg[data-currency-icon='GBP']")
    .first()
    .evaluate((svg) => {
      const [badge, symbol] = [...svg.children].map((el) => getComputedStyle(el));
      const body = getComputedStyle(document.body);
      return { fill: badge.fill, outline: badge.stroke, symbol: symbol.stroke, text: body.color };
    });
  expect(colours.fill).not.toBe("rgb(138, 28, 61)");
  expect(colours.outline).toBe(colours.text);
  expect(colours.symbol).toBe(colours.text);
});
