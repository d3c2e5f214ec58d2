/**
 * The back office (/ops, issue 13) in the browser against the real server: staff login with a
 * one-time code, JavaScript off and on; a customer session never reaches /ops; a staff user
 * without the role gets the 403 page; applications are decided in /ops and the customer sees
 * the result on /identity; the audit log shows each decision.
 */
import { expectNoViolations } from "./layout-helpers";
import { allowValidationAnswers, apiSession, CUSTOMERS, expect, login, signIn, test } from "./fixtures";
import { OPS_APPLICANTS, opsLogin, opsLoginThroughForms, STAFF, submitIndividualApplication } from "./ops-fixtures";

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
      // The server never sends the password back; with JavaScript the field is emptied too.
      await expect(page.getByLabel("Password")).toHaveValue("");

      await opsLoginThroughForms(page, STAFF.support);
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
  await signIn(page, CUSTOMERS.individual);
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

for (const js of [false, true]) {
  test.describe(`applications in /ops, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("a submitted application is taken into review and approved; the customer is identified with an account", async ({
      page,
    }) => {
      const phone = js ? OPS_APPLICANTS.jsOn : OPS_APPLICANTS.jsOff;
      const firstName = js ? "Leo" : "Mia";
      const id = await submitIndividualApplication(page, phone, firstName);

      await opsLogin(page, STAFF.onboarding);
      await page.getByRole("navigation", { name: "Back office areas" }).getByRole("link", { name: "Applications" }).click();
      await expect(page).toHaveURL(/\/ops\/applications$/);
      const row = page.locator(`[data-testid=ops-application][data-id="${id}"]`);
      await expect(row).toContainText(`${firstName} Applicant`);
      await expect(row).toContainText(phone);
      await row.getByRole("link").click();
      await expect(page).toHaveURL(new RegExp(`/ops/applications/${id}$`));
      await expect(page.getByTestId("ops-application-status")).toHaveText("Ready to review");
      await expect(page.getByTestId("ops-answers")).toContainText("QQ123456C");

      await page.getByRole("button", { name: "Take into review" }).click();
      await expect(page.getByTestId("decision-done")).toHaveText("The application is now in review.");
      await expect(page.getByTestId("ops-application-status")).toHaveText("Review in progress");
      await page.getByRole("button", { name: "Approve" }).click();
      await expect(page.getByTestId("decision-done")).toContainText("The application is approved");
      await expect(page.getByTestId("ops-application-status")).toHaveText("Accepted");
      await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);

      // The audit log shows both decisions by this staff user.
      await page.getByRole("link", { name: "This application in the audit log" }).click();
      const entries = page.getByTestId("audit-entry");
      await expect(entries).toHaveCount(2);
      await expect(entries.nth(0)).toHaveAttribute("data-action", "application.approve");
      await expect(entries.nth(1)).toHaveAttribute("data-action", "application.review");
      await expect(entries.nth(0)).toContainText(STAFF.onboarding);
      await expect(entries.nth(0)).toContainText('"status": "ACCEPTED"');

      // The customer: identified now, lands on /home with the new account.
      await page.context().clearCookies();
      await login(page, phone);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByText("Main account").first()).toBeVisible();
      // Told once that they are verified (spec 000 §2 popups): closed, it stays closed.
      const notice = page.getByTestId("verified-notice");
      await expect(notice).toContainText("You are verified");
      if (js) await expectNoViolations(page, "/home with the verified popup");
      await notice.getByRole("button", { name: "Got it" }).click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(notice).toHaveCount(0);
      await page.reload();
      await expect(page.getByText("Main account").first()).toBeVisible();
      await expect(notice).toHaveCount(0);
    });
  });
}

test.describe("request changes and decline, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });
  test("the reason is required on its field; the applicant sees each", async ({ page }) => {
    const id = await submitIndividualApplication(page, OPS_APPLICANTS.other, "Zoe");
    await opsLogin(page, STAFF.onboarding);
    await page.goto(`/ops/applications/${id}`);
    const changes = page.getByTestId("form-request-changes");
    await changes.getByRole("button", { name: "Request changes" }).click();
    await expect(page.getByTestId("error-request-changes")).toHaveText("Enter the reason.");
    await page
      .getByTestId("form-request-changes")
      .getByLabel(/Reason/)
      .fill("Please add <b>your</b> employer's name");
    await page.getByTestId("form-request-changes").getByRole("button", { name: "Request changes" }).click();
    await expect(page.getByTestId("decision-done")).toHaveText("The application went back to the applicant for changes.");
    await expect(page.getByTestId("ops-application-status")).toHaveText("Incomplete");

    await page.context().clearCookies();
    await login(page, OPS_APPLICANTS.other);
    await expect(page).toHaveURL(/\/identity$/);
    await expect(page.getByTestId("changes-requested")).toHaveText(
      "Changes requested by the bank: Please add <b>your</b> employer's name",
    );
    // The applicant submits again (through the API: the steps are unchanged and complete).
    const api = await apiSession(page.request, OPS_APPLICANTS.other);
    expect((await api.call("PUT", `/clients-applications/${id}/submit`)).status).toBe(200);

    await opsLogin(page, STAFF.onboarding);
    await page.goto(`/ops/applications/${id}`);
    await page
      .getByTestId("form-decline")
      .getByLabel(/Reason/)
      .fill("We cannot open an account for this applicant");
    await page.getByTestId("form-decline").getByRole("button", { name: "Decline" }).click();
    await expect(page.getByTestId("ops-application-status")).toHaveText("Declined");
    await page.context().clearCookies();
    await login(page, OPS_APPLICANTS.other);
    await expect(page.getByTestId("decline-reason")).toHaveText("Reason: We cannot open an account for this applicant");
  });
});
