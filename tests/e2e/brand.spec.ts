/**
 * White label (issue 12; spec 000 §1): staff change the brand (`npm run bank -- brand:set …`,
 * here through the e2e server's staff endpoint) and, without a rebuild or restart, pages show
 * the new name in the title and header, the logo, and the colours — with JavaScript on and off.
 */
import fs from "node:fs";
import path from "node:path";
import { CUSTOMERS, expect, login, staffCommand, test } from "./fixtures";

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

for (const javaScriptEnabled of [true, false]) {
  test.describe(`brand switch, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test.afterEach(async ({ page }) => {
      await staffCommand(page, ["brand:reset"]);
      // Leave only when the web app shows the default again (its 10 s brand cache), for the next specs.
      await expect(async () => {
        await page.goto("/auth/phone");
        await expect(page).toHaveTitle(/ — Demo Bank$/, { timeout: 100 });
      }).toPass({ timeout: 15_000 });
    });

    test("a new name, colour and logo show on the login page and signed in", async ({ page }) => {
      await page.goto("/auth/phone");
      await expect(page).toHaveTitle(/Demo Bank/);

      const logo = path.resolve("tests/.tmp/brand-logo.png");
      fs.mkdirSync(path.dirname(logo), { recursive: true });
      fs.writeFileSync(logo, PNG);
      await staffCommand(page, ["brand:set", "name", "Northwind Bank"]);
      await staffCommand(page, ["brand:set", "primary", "#5b2a86"]);
      await staffCommand(page, ["brand:set", "logo", logo]);

      // Each app process rereads the brand within 10 s (app/lib/brand.server.ts).
      await expect(async () => {
        await page.goto("/auth/phone");
        await expect(page).toHaveTitle(/Northwind Bank/, { timeout: 100 });
      }).toPass({ timeout: 15_000 });
      const mark = page.getByRole("img", { name: "Northwind Bank" });
      await expect(mark).toBeVisible();
      expect(await mark.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim(),
      );
      expect(primary).toBe("#5b2a86");

      await login(page, CUSTOMERS.individual);
      await expect(page).toHaveTitle(/ — Northwind Bank$/);
      await expect(page.getByRole("banner").getByRole("img", { name: "Northwind Bank" })).toBeVisible();
    });
  });
}
