/**
 * Layout widgets (spec 000 §2, §5, §9): the sidebar remembers opened accounts in local storage
 * (and forgets them when the session ends), the back button's history rule, the tooltip's width rule.
 */
import type { Locator, Page } from "@playwright/test";
import { CUSTOMERS, expect, login, signIn, test } from "./fixtures";
import { formReady } from "./signing-helpers";

const OPENED = "bank.openedAccounts";

async function selectByText(select: Locator, text: RegExp) {
  const options = await select
    .locator("option")
    .evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? "" })));
  const hit = options.find((o) => text.test(o.text));
  if (!hit) throw new Error(`no option matching ${text}`);
  await select.selectOption(hit.value);
}

/** A payment between the individual's own accounts, left awaiting signature; returns its id. */
async function unsignedPayment(page: Page, javaScriptEnabled: boolean): Promise<string> {
  await page.goto("/payments/between-accounts");
  await formReady(page, javaScriptEnabled, page.locator("main form[method=post]").first());
  await selectByText(page.locator("select[name=source]"), /^Main account — .*GBP/);
  await selectByText(page.locator("select[name=toAccountId]"), /^Savings/);
  await page.locator("[name=amount]").fill("1.00");
  await page.locator("main form[method=post] button[type=submit]").first().click();
  await expect(page).toHaveURL(/\/payments\/[^/]+\/sign$/);
  return new URL(page.url()).pathname.split("/")[2];
}

test.describe("JavaScript on", () => {
  test("the sidebar remembers a closed account across pages; logout forgets it", async ({ page }) => {
    await signIn(page, CUSTOMERS.individual);
    await page.goto("/home");
    const first = page.locator("aside details[data-account-id]").first();
    const id = await first.getAttribute("data-account-id");
    await expect(first).toHaveJSProperty("open", true);
    await first.locator("summary").click();
    await expect(first).toHaveJSProperty("open", false);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), OPENED)).toContain(`"${id}":false`);

    await page.goto("/history");
    await expect(page.locator(`aside details[data-account-id="${id}"]`)).toHaveJSProperty("open", false);
    await page.locator(`aside details[data-account-id="${id}"] summary`).click();
    await page.reload();
    await expect(page.locator(`aside details[data-account-id="${id}"]`)).toHaveJSProperty("open", true);
    await page.locator(`aside details[data-account-id="${id}"] summary`).click();
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), OPENED)).toContain(`"${id}":false`);

    await page
      .getByRole("banner")
      .getByRole("button", { name: /log out/i })
      .click();
    await page.waitForURL(/\/auth\//);
    expect(await page.evaluate((key) => localStorage.getItem(key), OPENED)).toBeNull();
  });

  test("a session that ends without the logout button (cookie gone, 401, expiry) forgets the opened accounts too", async ({
    page,
    context,
  }) => {
    await signIn(page, CUSTOMERS.individual);
    await page.goto("/home");
    const first = page.locator("aside details[data-account-id]").first();
    const id = await first.getAttribute("data-account-id");
    await first.locator("summary").click();
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), OPENED)).toContain(`"${id}":false`);
    // The session is gone (as after a revocation elsewhere): the next page lands on the login.
    await context.clearCookies();
    await page.goto("/history");
    await page.waitForURL(/\/auth\/phone/);
    expect(await page.evaluate((key) => localStorage.getItem(key), OPENED)).toBeNull();
  });

  test("the back button returns to the previous page, or to its link on a first page", async ({ page, context }) => {
    await login(page, CUSTOMERS.individual);
    const paymentId = await unsignedPayment(page, true);

    await page.goto("/history");
    await page.goto(`/payments/${paymentId}`);
    await page.getByTestId("back-button").click();
    await expect(page).toHaveURL(/\/history$/);

    // A tab opened on the payment itself: no history to go back through, so its link (/home).
    const fresh = await context.newPage();
    await fresh.goto(`/payments/${paymentId}`);
    expect(await fresh.evaluate(() => window.history.length)).toBeLessThanOrEqual(2);
    await fresh.getByTestId("back-button").click();
    await expect(fresh).toHaveURL(/\/home$/);
  });

  test("a tooltip shows on focus, wide over 40 characters", async ({ page }) => {
    await signIn(page, CUSTOMERS.individual);
    await page.goto("/payments/between-accounts");
    const tip = page.getByRole("tooltip", { includeHidden: true }).first();
    await expect(tip).toBeHidden();
    await page.getByRole("button", { name: "More information" }).first().focus();
    await expect(tip).toBeVisible();
    // Wide: past the narrow tooltip's 12rem (192 px) limit.
    expect((await tip.boundingBox())!.width).toBeGreaterThan(200);
    await expect(page.locator("#reference")).toHaveAttribute("aria-describedby", /reference-tooltip/);
  });
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("every account is open and the back button is a plain link", async ({ page }) => {
    await signIn(page, CUSTOMERS.individual);
    await page.goto("/home");
    const details = page.locator("aside details[data-account-id]");
    await expect(details.first()).toBeVisible();
    for (const d of await details.all()) await expect(d).toHaveAttribute("open", "");
    const paymentId = await unsignedPayment(page, false);
    await page.goto(`/payments/${paymentId}`);
    await expect(page.getByTestId("back-button")).toHaveAttribute("href", "/home");
  });
});
