/**
 * The back office (/ops, issue 13) in the browser against the real server: staff login with a
 * one-time code, JavaScript off and on; a customer session never reaches /ops; a staff user
 * without the role gets the 403 page; applications are decided in /ops and the customer sees
 * the result on /identity; the audit log shows each decision.
 */
import { allowValidationAnswers, CUSTOMERS, expect, login, test } from "./fixtures";
import { opsLogin, STAFF } from "./ops-fixtures";

for (const js of [false, true]) {
  test.describe(`staff login, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("a wrong password comes back on its field with the email kept; then login, logout", async ({ page, consoleErrors }) => {
      await page.goto("/ops/login");
      await page.getByLabel("Email").fill(STAFF.support);
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByTestId("password-error")).toHaveText("Email or password is wrong.");
      await expect(page.getByLabel("Email")).toHaveValue(STAFF.support);
      allowValidationAnswers(consoleErrors, "/ops/login");
      // The server never sends the password back (with JavaScript the browser keeps what was typed).
      if (!js) await expect(page.getByLabel("Password")).toHaveValue("");

      await opsLogin(page, STAFF.support);
      // SUPPORT does not open applications: the 403 page, inside the ops shell.
      const denied = await page.goto("/ops/applications");
      expect(denied?.status()).toBe(403);
      await expect(page.locator("main h1")).toHaveText("Not allowed");
      await page.getByRole("button", { name: "Log out" }).click();
      await expect(page).toHaveURL(/\/ops\/login$/);
      await page.goto("/ops");
      await expect(page).toHaveURL(/\/ops\/login$/);
    });

    test("a wrong code says how many tries are left", async ({ page, consoleErrors }) => {
      await page.goto("/ops/login");
      await page.getByLabel("Email").fill(STAFF.compliance);
      await page.getByLabel("Password").fill("Bank-Demo-2026");
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page).toHaveURL(/\/ops\/login\/code$/);
      const code = ((await page.getByTestId("debug-code").textContent()) ?? "").match(/\d{6}/)![0];
      await page.getByLabel("Code").fill(code === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page.getByTestId("code-error")).toHaveText("Wrong code. 4 tries left.");
      allowValidationAnswers(consoleErrors, "/ops/login/code");
    });
  });
}

test("a customer session never reaches /ops, nor the staff API", async ({ page }) => {
  await login(page, CUSTOMERS.individual);
  await page.goto("/ops");
  await expect(page).toHaveURL(/\/ops\/login$/);
  await page.goto("/ops/audit");
  await expect(page).toHaveURL(/\/ops\/login$/);
  const cookies = await page.context().cookies();
  expect(cookies.some((c) => c.name === "__session")).toBe(true);
  expect(cookies.some((c) => c.name === "__ops" && c.value.length > 0 && c.path === "/ops")).toBe(true);
  const api = await page.request.get("/api/v1/ops/me");
  expect(api.status()).toBe(401);
});
