/**
 * The history filter (a GET form: period and currency) and the signing page's resend form
 * (a new code by SMS or WhatsApp), with JavaScript on and off.
 */
import { allowValidationAnswers, CUSTOMERS, expect, signIn, test } from "./fixtures";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("history: the currency and period filters narrow the list; a bad custom date is a field error", async ({ page }) => {
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/history");
      await page.locator("input[name=period][value=month]").check();
      await page.locator("select[name=currency]").selectOption("GBP");
      await page.locator("main form[method=get] button[type=submit]").first().click();
      await expect(page).toHaveURL(/currency=GBP/);
      await expect(page).toHaveURL(/period=month/);
      // The whole document before reading every item: without JavaScript the new page streams in,
      // and an item still being parsed reads as "" (a flaky failure in CI).
      await page.waitForLoadState("load");
      const items = page.getByTestId("statement-item");
      await expect(items.first()).toBeVisible();
      for (const text of await items.allTextContents()) expect(text).toContain("GBP");
      await expect(page.locator("select[name=currency]")).toHaveValue("GBP");

      await page.goto("/history?period=custom&from=2026-02-31&to=2026-03-01");
      await expect(page.locator("#from-error")).not.toBeEmpty();
      await expect(page.locator("input[name=from]")).toHaveAttribute("aria-invalid", "true");

      // The From and To dates only once "Custom dates" is chosen (CSS: without JavaScript too), their
      // boxes side by side on one line on a wide screen, one hint for both.
      await page.goto("/history?period=all");
      const [from, to] = [page.locator("input[name=from]"), page.locator("input[name=to]")];
      await expect(from).toBeHidden();
      await expect(to).toBeHidden();
      await page.locator("input[name=period][value=custom]").check();
      await expect(from).toBeVisible();
      await expect(page).toHaveURL(/period=all/); // nothing applied yet
      expect((await from.boundingBox())!.y).toBe((await to.boundingBox())!.y);
      await expect(from).toHaveAttribute("aria-describedby", "dates-hint");
      await expect(to).toHaveAttribute("aria-describedby", "dates-hint");
    });

    test("signing: a new code by WhatsApp replaces the first one, and only the new one signs", async ({
      page,
      consoleErrors,
    }) => {
      await signIn(page, CUSTOMERS.individual);
      await page.goto("/payments/euro");
      await page.locator("[name=beneficiaryName]").fill(`Resend ${javaScriptEnabled ? "JS" : "NoJS"}`);
      await page.locator("[name=iban]").fill("DE89370400440532013000");
      await page.locator("[name=bic]").fill("COBADEFFXXX");
      await page.locator("[name=amount]").fill("1.50");
      await page.locator("main form[method=post] button[type=submit]").first().click();
      await expect(page).toHaveURL(/\/sign$/);
      const first = ((await page.getByTestId("debug-code").textContent()) ?? "").match(/\d{4}/)![0];

      const resend = page.locator("form#resend");
      await resend.locator("input[name=channel][value=WHATSAPP]").check();
      await resend.locator("button[type=submit]").click();
      await expect(page.getByTestId("debug-code")).not.toHaveText(new RegExp(`\\b${first}\\b`));
      const second = ((await page.getByTestId("debug-code").textContent()) ?? "").match(/\d{4}/)![0];
      expect(second).not.toBe(first);

      // The first code was invalidated by the new one.
      await page.locator("input[name=code]").fill(first);
      if (!javaScriptEnabled) await page.locator("input[name=code]").press("Enter");
      await expect(page.locator("#code-error")).not.toBeEmpty();
      await page.locator("input[name=code]").fill(second);
      if (!javaScriptEnabled) await page.locator("input[name=code]").press("Enter");
      await expect(page.getByTestId("payment-status")).toContainText(/completed/i);
      allowValidationAnswers(consoleErrors, new URL(page.url()).pathname + "/sign");
    });
  });
}
