/**
 * Session flows without a browser test yet, with JavaScript on and off: logging out ends the
 * session, login errors land on the right field (malformed phone, unknown phone, wrong
 * password), and an unidentified customer is sent to /identity.
 */
import type { Page } from "@playwright/test";
import { allowValidationAnswers, CUSTOMERS, expect, loginThroughForms, test } from "./fixtures";

/** With JS, wait until the login step's form is hydrated (noValidate is set then). */
async function stepReady(page: Page, javaScriptEnabled: boolean) {
  const form = page.locator("main form[method=post]").first();
  await expect(form).toBeVisible();
  if (javaScriptEnabled) await expect(form).toHaveAttribute("novalidate", "");
}

async function submitPhone(page: Page, javaScriptEnabled: boolean, phone: string) {
  await page.goto("/auth/phone");
  await stepReady(page, javaScriptEnabled);
  await page.locator("input[name=phone]").fill(phone);
  await page.locator("form button[type=submit]").first().click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("'Log out' ends the session: /home then goes to /auth/phone", async ({ page }) => {
      await loginThroughForms(page, CUSTOMERS.individual);
      await expect(page).toHaveURL(/\/home$/);
      await page.getByRole("button", { name: "Log out" }).click();
      await expect(page).toHaveURL(/\/auth\/phone$/);
      await page.goto("/home");
      await expect(page).toHaveURL(/\/auth\/phone/);
      await expect(page.locator("input[name=phone]")).toBeVisible();
    });

    test("a malformed phone shows the field error", async ({ page }) => {
      await submitPhone(page, javaScriptEnabled, "07700 9000");
      await expect(page.locator("#phone-error")).toHaveText("Enter the phone number in international format, like +447700900001");
      await expect(page.locator("input[name=phone]")).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("input[name=code]")).toHaveCount(0);
    });

    test("an unknown phone reaches the code step but no code verifies", async ({ page, consoleErrors }) => {
      await submitPhone(page, javaScriptEnabled, "+447700900999");
      const code = page.locator("input[name=code]");
      await expect(code).toBeVisible();
      await stepReady(page, javaScriptEnabled);
      await code.fill("1234");
      if (!javaScriptEnabled) await page.locator("form button[type=submit]").first().click();
      await expect(page.locator("#code-error")).toContainText("The code is not correct");
      await expect(page.locator("input[name=password]")).toHaveCount(0);
      allowValidationAnswers(consoleErrors, "/auth/phone");
    });

    test("a wrong password shows the error on the password field", async ({ page, consoleErrors }) => {
      await submitPhone(page, javaScriptEnabled, CUSTOMERS.individual);
      const debug = page.getByTestId("debug-code");
      await expect(debug).toHaveText(/\d{4}/);
      const code = ((await debug.textContent()) ?? "").match(/\d{4}/)![0];
      await stepReady(page, javaScriptEnabled);
      await page.locator("input[name=code]").fill(code);
      if (!javaScriptEnabled) await page.locator("form button[type=submit]").first().click();
      const password = page.locator("input[name=password]");
      await expect(password).toBeVisible();
      await stepReady(page, javaScriptEnabled);
      await password.fill("Not-The-Password-1");
      await page.locator("form button[type=submit]").first().click();
      await expect(page.locator("#password-error")).toHaveText("The password is not correct.");
      await expect(password).toHaveAttribute("aria-invalid", "true");
      // The refused password is not kept, with JavaScript as without.
      await expect(password).toHaveValue("");
      await page.goto("/home");
      await expect(page).toHaveURL(/\/auth\/phone/);
      allowValidationAnswers(consoleErrors, "/auth/phone");
    });

    test("an unidentified customer is sent to /identity; a real page shows the identity-needed popup (demo mode on)", async ({
      page,
    }) => {
      await loginThroughForms(page, CUSTOMERS.unidentified);
      await expect(page).toHaveURL(/\/identity$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.goto("/home");
      await expect(page).toHaveURL(/\/identity-needed$/);
      await page.getByRole("link", { name: "Complete identification" }).click();
      await expect(page).toHaveURL(/\/identity$/);
    });
  });
}
