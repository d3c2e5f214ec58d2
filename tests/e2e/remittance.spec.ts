/**
 * Remittance orders in the browser (issue 7; spec 000 §2 home remittance tab, spec 001 §3, §4,
 * §7), with JavaScript on and off: Oliver (orders enabled for his organization) creates an order
 * with a file through the multipart form, confirms it with the sandbox code, sees it pending
 * (pending icon) with its file (same bytes back); the bank moves it to ACCEPTED (the e2e staff
 * route, which calls the same domain function as `npm run bank -- remittance:advance`); the list
 * then shows it accepted without an icon and the home remittance tab lists it. A rejected order
 * shows the rejected marker and the bank's reason. Invalid fields come back on their fields.
 * Amelia (Northwind: orders off) sees no remittance option or tab and the pages answer 404.
 * In German the payee's countries are German names in German order. axe on every new page (with JavaScript on: axe needs page scripts).
 */
import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import { CUSTOMERS, expect, login, signIn, staffCommand, test } from "./fixtures";
import { newOrder } from "./remittance-helpers";
import { axe, confirmWithCode, formReady } from "./signing-helpers";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF");

/** The bank moves an order: `npm run bank -- remittance:advance <id> <STATUS> [--reason]`, run by the e2e server (staffCommand). */
async function advance(page: Page, orderId: string, status: string, reason?: string) {
  await staffCommand(page, ["remittance:advance", orderId, status, ...(reason ? ["--reason", reason] : [])]);
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JS" : "NoJS";
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("Oliver sends an order with a file, confirms it with the code, the bank accepts it; list and home tab show it", async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/payments");
      await page.getByTestId("payment-option-remittance").click();
      await expect(page).toHaveURL(/\/payments\/remittance$/);
      await expect(page.locator("main h1")).toHaveText("Remittance orders");
      await axe(page, javaScriptEnabled);
      await page.getByTestId("new-remittance").click();
      await expect(page).toHaveURL(/\/payments\/remittance\/new$/);
      await axe(page, javaScriptEnabled);

      const payee = `Amina Njoroge ${mode}`;
      const sum = javaScriptEnabled ? "25.00" : "26.00";
      const id = await newOrder(page, javaScriptEnabled, { payee, sum, file: PDF });
      await expect(page.getByTestId("order-payee")).toHaveText(payee);
      await expect(page.getByTestId("order-sum")).toContainText(`${sum} GBP`);
      await expect(page.getByTestId("order-status")).toHaveAttribute("data-status", "PENDING");
      await axe(page, javaScriptEnabled);
      await confirmWithCode(page, javaScriptEnabled);

      // Its page: queued, the pending icon, the file, the history.
      await expect(page).toHaveURL(new RegExp(`/payments/remittance/${id}\\?signed=1$`));
      await expect(page.getByTestId("order-status")).toHaveAttribute("data-status", "QUEUED");
      await expect(page.getByTestId("order-status")).toContainText("Queued");
      await expect(page.getByTestId("order-pending-icon")).toHaveCount(1);
      await expect(page.getByTestId("order-history")).toContainText("Queued (by you)");
      await axe(page, javaScriptEnabled);
      const link = page.getByTestId("order-file").getByRole("link", { name: "id-card.pdf" });
      const href = (await link.getAttribute("href"))!;
      expect(href).toMatch(new RegExp(`^/payments/remittance/${id}/file/[0-9a-f-]{36}$`));
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      expect(await fs.readFile((await download.path())!)).toEqual(PDF);
      const file = await page.request.get(href);
      expect(file.headers()["content-type"]).toBe("application/pdf");
      expect(file.headers()["cache-control"]).toBe("private, no-store");

      // Pending in the list, then the bank moves it to ACCEPTED.
      await page.goto("/payments/remittance");
      const row = page.locator(`[data-testid=remittance-order][data-order-id="${id}"]`);
      await expect(row.getByTestId("order-pending-icon")).toHaveCount(1);
      for (const status of ["PROC", "AML", "AML_DONE", "ACCEPTED"]) await advance(page, id, status);
      await page.reload();
      await expect(row.getByTestId("order-status")).toHaveText("Accepted");
      await expect(row.getByTestId("order-pending-icon")).toHaveCount(0);
      await expect(row.getByTestId("order-rejected-marker")).toHaveCount(0);

      // Home: the remittance tab lists it.
      await page.goto("/home");
      await page.getByTestId("tab-remittance").click();
      await expect(page).toHaveURL(/\/home\?tab=remittance$/);
      const item = page.getByTestId("home-remittance-order").filter({ hasText: payee });
      await expect(item).toContainText("Accepted");
      await axe(page, javaScriptEnabled);
      await page.goto(`/payments/remittance/${id}`);
      await expect(page.getByTestId("order-history")).toContainText("Accepted (by the bank)");
    });

    test("a rejected order shows the rejected marker and the bank's reason; invalid fields come back on their fields", async ({
      page,
    }) => {
      await login(page, CUSTOMERS.individual);
      // Invalid: the form comes back (server-side without JS) with the messages on the fields.
      await page.goto("/payments/remittance/new");
      const form = page.locator("form#remittance-form");
      await formReady(page, javaScriptEnabled, form);
      // Required fields filled (the browser checks those without JavaScript); the sum and phone are wrong.
      await form.locator("[name=sum]").fill("1.005");
      await form.locator("[name=description]").fill("Family support");
      await form.locator("[name=payeeName]").fill("Invalid Phone Payee");
      await form.locator("[name=payeeAddress]").fill("12 Moi Avenue");
      await form.locator("[name=payeeCity]").fill("Nairobi");
      await form.locator("select[name=payeeCountry]").selectOption("KE");
      await form.locator("[name=payeePhone]").fill("0712");
      await form.getByRole("button", { name: "Continue to confirm" }).click();
      await expect(page.locator("#payeePhone-error")).toHaveText(
        "Enter the phone number in international format, for example +254 712 345 678",
      );
      await expect(page.locator("#sum-error")).not.toBeEmpty();
      await expect(page).toHaveURL(/\/payments\/remittance\/new$/);
      await expect(page.locator("[name=payeePhone]")).toHaveValue("0712");
      await expect(page.locator("[name=payeeName]")).toHaveValue("Invalid Phone Payee");

      const id = await newOrder(page, javaScriptEnabled, { payee: `Rejected Payee ${mode}`, sum: "3.00" });
      await confirmWithCode(page, javaScriptEnabled);
      await expect(page.getByTestId("order-status")).toHaveAttribute("data-status", "QUEUED");
      await advance(page, id, "REJECTED", "The payee failed the sanctions screening");
      await page.reload();
      await expect(page.getByTestId("order-status")).toContainText("Rejected");
      await expect(page.getByTestId("order-rejected-marker")).toHaveCount(1);
      await expect(page.getByTestId("order-pending-icon")).toHaveCount(0);
      await expect(page.getByTestId("order-reason")).toHaveText("The payee failed the sanctions screening");
      await axe(page, javaScriptEnabled);
      await page.goto("/payments/remittance");
      const row = page.locator(`[data-testid=remittance-order][data-order-id="${id}"]`);
      await expect(row.getByTestId("order-rejected-marker")).toHaveCount(1);
    });

    test("Amelia (orders off for Northwind) has no remittance option or tab; the pages answer 404", async ({ page }) => {
      await signIn(page, CUSTOMERS.corporate);
      await page.goto("/payments");
      await expect(page.getByTestId("payment-option-internal")).toBeVisible();
      await expect(page.getByTestId("payment-option-remittance")).toHaveCount(0);
      await page.goto("/home?tab=remittance");
      await expect(page.getByTestId("tab-remittance")).toHaveCount(0);
      await expect(page.getByTestId("home-remittance")).toHaveCount(0);
      for (const path of ["/payments/remittance", "/payments/remittance/new"]) {
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(404);
        await expect(page.locator("main h1")).toBeVisible();
      }
    });
  });
}

test.describe("country names in the page's language", () => {
  test.use({ locale: "de-DE", javaScriptEnabled: false });

  test("the payee's country select names and sorts the countries in German (the loader's list)", async ({ page }) => {
    await signIn(page, CUSTOMERS.individual);
    await page.goto("/payments/remittance/new");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    const select = page.locator("select[name=payeeCountry]");
    await expect(select.locator("option[value=DE]")).toHaveText("Deutschland");
    await expect(select.locator("option[value=AT]")).toHaveText("Österreich");
    const names = (await select.locator("option:not([value=''])").allTextContents()).map((n) => n.trim());
    expect(names.length).toBeGreaterThanOrEqual(249);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "de")));
  });
});
