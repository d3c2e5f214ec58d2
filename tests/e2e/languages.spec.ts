/**
 * German and Arabic (issue 12): the language switcher works without JavaScript, the whole
 * journey (login with its errors, home, history, profile) reads German with JavaScript off, and
 * Arabic turns the page right to left — with amounts and IBANs still left to right, and the
 * examples in hints (an invoice number, an IBAN) too.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { CUSTOMERS, DEMO_PASSWORD, expect, login, test } from "./fixtures";
import { expectNoViolations } from "./layout-helpers";

/** Every text of a language's locale files. */
function texts(lng: string): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === "string") out.add(v);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  for (const f of fs.readdirSync(`public/locales/${lng}`))
    walk(JSON.parse(fs.readFileSync(`public/locales/${lng}/${f}`, "utf8")));
  return out;
}
const de = JSON.parse(fs.readFileSync("public/locales/de/common.json", "utf8"));
const deAuth = JSON.parse(fs.readFileSync("public/locales/de/auth.json", "utf8"));
const en = JSON.parse(fs.readFileSync("public/locales/en/common.json", "utf8"));

/** Whether `first` shows left of `second` in the element `selector` (both in one of its texts). */
async function leftOf(page: Page, selector: string, first: string, second: string): Promise<boolean> {
  return page.locator(selector).evaluate(
    (el, [a, b]) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let node: Node | null;
      while ((node = walker.nextNode()) && !(node.textContent ?? "").includes(a));
      if (!node) throw new Error(`no text with ${a}`);
      const text = node.textContent ?? "";
      const x = (part: string) => {
        const range = document.createRange();
        range.setStart(node!, text.indexOf(part));
        range.setEnd(node!, text.indexOf(part) + part.length);
        return range.getBoundingClientRect().x;
      };
      return x(a) < x(b);
    },
    [first, second],
  );
}

async function switchTo(page: Page, language: string) {
  const form = page.locator('form[action="/locale"]');
  await form.locator("select[name=lng]").selectOption({ label: language });
  await form.getByRole("button").click();
}

test.describe("German, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("login with its errors, home, history and profile read German", async ({ page }) => {
    await page.goto("/auth/phone");
    await switchTo(page, "Deutsch");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(deAuth.title.phone);

    // A refused phone number: the error is German.
    await page.getByLabel(deAuth.phone.label).fill("12");
    await page.getByRole("button", { name: deAuth.phone.submit }).click();
    const error = page.locator("#phone-error");
    await expect(error).toBeVisible();
    const message = (await error.textContent())!.trim();
    expect(texts("de").has(message), `"${message}" is a German text`).toBe(true);
    expect(texts("en").has(message), `"${message}" is not English`).toBe(false);

    await page.getByLabel(deAuth.phone.label).fill(CUSTOMERS.individual);
    await page.getByRole("button", { name: deAuth.phone.submit }).click();
    const code = ((await page.getByTestId("debug-code").textContent()) ?? "").match(/\d{4}/)![0];
    await page.locator("input[name=code]").fill(code);
    await page.locator("form button[type=submit]").first().click();
    await page.locator("input[name=password]").fill(DEMO_PASSWORD);
    await page.locator("form button[type=submit]").first().click();
    await page.waitForURL(/\/home$/);

    for (const path of ["/home", "/history", "/profile", "/payments"]) {
      await page.goto(path);
      const nav = page.getByRole("navigation", { name: de.nav.label });
      await expect(nav.getByRole("link", { name: de.nav.payments })).toBeVisible();
      await expect(nav.getByRole("link", { name: de.nav.history })).toBeVisible();
      await expect(page.getByRole("link", { name: en.nav.history, exact: true })).toHaveCount(0);
      await expect(page).toHaveTitle(/ — /);
    }
    // Amounts with German separators (1.234,56).
    await page.goto("/home");
    const amount = page.locator("aside [dir=ltr]").first();
    await expect(amount).toHaveText(/^-?\d{1,3}(\.\d{3})*,\d{2,} [A-Z]{3,4}$/);
    // Currency names in German; the "pay from" choices with German separators.
    await expect(page.getByText("Britisches Pfund").first()).toBeVisible();
    await page.goto("/payments/between-accounts");
    await expect(page.locator("select[name=source] option").first()).toHaveText(/ — -?\d{1,3}(\.\d{3})*,\d{2} [A-Z]{3,4}$/);
    // Payment categories by their German names (the form and history share them).
    await page.goto("/payments/gbp/form");
    await expect(page.locator("select[name=categoryId] option[value=rent]")).toHaveText("Miete");
    // (axe needs JavaScript in the page: German is checked by axe in the test below.)
  });
});

test.describe("German and Arabic, JavaScript on", () => {
  test("German passes axe; Arabic turns the page right to left, amounts stay left to right", async ({ page }) => {
    await login(page, CUSTOMERS.individual);
    await switchTo(page, "Deutsch");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expectNoViolations(page, "/home in German");

    await switchTo(page, "العربية");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page).toHaveURL(/\/home$/);

    // The accounts column, first in the source, sits on the right of the page's content.
    const aside = await page.locator("aside").first().boundingBox();
    const main = await page.locator("main").boundingBox();
    expect(aside && main && aside.x > main.x).toBe(true);
    const amount = page.locator("aside [dir=ltr]").first();
    await expect(amount).toHaveCSS("direction", "ltr");
    await expectNoViolations(page, "/home in Arabic");

    // Examples in hints read left to right inside the Arabic text: the invoice number 2024-117
    // (not 117-2024) and the IBAN's groups in their order.
    await page.goto("/payments/euro");
    for (const [hint, first, second] of [
      ["#purpose-hint", "2024", "117"],
      ["#iban-hint", "DE89", "3704"],
    ])
      expect(await leftOf(page, hint, first, second), `${first} left of ${second} in ${hint}`).toBe(true);

    await switchTo(page, "English");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  });
});
