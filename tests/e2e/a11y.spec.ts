/**
 * axe-core (WCAG 2.1 A and AA rules) on every page of the walking skeleton. axe needs page
 * scripts, so it runs in a JavaScript-enabled context (design note).
 *
 * Time (a few minutes of a CI run): the scans share the e2e specs' one axe configuration
 * (`expectNoViolations` of ./layout-helpers.ts: axe.run in the page, no blank page opened per
 * scan); each page is opened once, its form steps taken from the page the scan just saw
 * instead of opening it again; `signIn` (no render of the landing page) where the next step
 * opens a page of its own, and the landing page scanned where `login` or `opsLogin` shows it.
 */
import { allowValidationAnswers, apiSession, CUSTOMERS, expect, login, signIn, test } from "./fixtures";
import { expectNoViolations } from "./layout-helpers";
import { opsLogin, STAFF } from "./ops-fixtures";
import { signedFxRequest, signedPayment } from "./ops-payments-helpers";
import { beneficiaryUnderReview, queuedOrder } from "./ops-decisions-helpers";

test("login pages have no WCAG 2.1 AA violations", async ({ page }) => {
  await page.goto("/auth/phone");
  await expectNoViolations(page, "/auth/phone (phone step)");
  await page.getByLabel(/phone/i).fill(CUSTOMERS.individual);
  await page.locator("form button[type=submit]").first().click();
  await expect(page.getByTestId("debug-code")).toBeVisible();
  await expectNoViolations(page, "/auth/phone (code step)");
});

test("signed-in pages have no WCAG 2.1 AA violations", async ({ page, consoleErrors }) => {
  // Many pages, each scanned by axe: more than the default minute on a slow machine.
  test.setTimeout(180_000);
  await login(page, CUSTOMERS.individual);
  await expect(page).toHaveURL(/\/home$/);
  await expectNoViolations(page, "/home");
  for (const url of [
    "/home?tab=signing",
    "/payments",
    "/payments/internal",
    "/payments/euro/payment-kinds",
    "/payments/cash-over",
    "/payments/between-accounts",
    "/payments/international",
    "/payments/international/form",
    "/payments/casp",
    "/payments/casp/form",
    "/history",
    "/currency-exchange",
    "/currency-exchange/requests",
    "/currency-exchange/requests/new",
    "/home?tab=requests",
    "/profile",
    "/profile/agreements",
    "/profile/organizations",
    "/permission-denied",
    "/no-such-page",
  ]) {
    await page.goto(url);
    await expectNoViolations(page, url);
  }
  const account = await page.locator("a[href^='/accounts/']").first().getAttribute("href");
  await page.goto(account!);
  await expectNoViolations(page, "/accounts/{id}");

  // Card pages (issue 12): a card, its freeze confirmation, the order form (and with errors), an ORDERED card.
  const card = await page.locator("aside a[href^='/cards/']:not([href^='/cards/order-card'])").first().getAttribute("href");
  await page.goto(card!);
  await expectNoViolations(page, "/cards/{id}");
  await page.goto(`${card}?confirm=freeze`);
  await expectNoViolations(page, "/cards/{id}?confirm=freeze");
  await page.goto(`/cards/order-card?cardId=${card!.split("/")[2]}`);
  await expectNoViolations(page, "/cards/order-card?cardId=");
  await page.goto("/cards/order-card");
  await page.locator("[name=cardName]").fill("x".repeat(41));
  await page.getByRole("button", { name: "Order the card" }).click();
  await expect(page.locator("#cardName-error")).toBeVisible();
  await expectNoViolations(page, "/cards/order-card (refused)");
  allowValidationAnswers(consoleErrors, "/cards/order-card");

  // The SEPA form, the signing page and the confirmation.
  await page.goto("/payments/euro");
  await expectNoViolations(page, "/payments/euro");
  await page.locator("[name=beneficiaryName]").fill("Axe Tester");
  await page.locator("[name=iban]").fill("DE89370400440532013000");
  await page.locator("[name=bic]").fill("COBADEFFXXX");
  await page.locator("[name=amount]").fill("1.00");
  await page.locator("main form[method=post] button[type=submit]").first().click();
  await expect(page).toHaveURL(/\/sign/);
  await expectNoViolations(page, "signing page");
  // "Change details" asks first on a page of its own; back to signing from there.
  await page.getByTestId("change-details").click();
  await expect(page).toHaveURL(/\/change$/);
  await expectNoViolations(page, "change details page");
  await page.getByRole("link", { name: "Back to signing" }).click();
  await expect(page).toHaveURL(/\/sign$/);
  const code = ((await page.getByTestId("debug-code").textContent()) ?? "").match(/\d{4}/)![0];
  await page.locator("input[name=code]").fill(code);
  await expect(page.getByTestId("payment-status")).toBeVisible();
  await expectNoViolations(page, "payment confirmation");
});

test("company users and agreements pages (a main representative) have no WCAG 2.1 AA violations", async ({ page }) => {
  const organizationId = (await apiSession(page.request, CUSTOMERS.corporate)).organizationId;
  await signIn(page, CUSTOMERS.corporate);
  const cof = `/profile/companies/${organizationId}/cof`;
  await page.goto(cof);
  await expectNoViolations(page, cof);
  const amelia = await page.getByTestId("official").filter({ hasText: "Amelia" }).getByRole("link").getAttribute("href");
  await page.goto(amelia!);
  await expectNoViolations(page, `${cof}?edit= (edit form)`);
  await page.goto("/profile/agreements");
  await expectNoViolations(page, "/profile/agreements (corporate)");
});

test("identity and company-official pages have no WCAG 2.1 AA violations", async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, CUSTOMERS.unidentified);
  await expect(page).toHaveURL(/\/identity/);
  await expectNoViolations(page, "/identity");
  await page.context().clearCookies();
  await login(page, CUSTOMERS.official);
  await expect(page).toHaveURL(/\/home$/);
  await expectNoViolations(page, "/home (company official)");
  for (const url of ["/history", "/payments"]) {
    await page.goto(url);
    await expectNoViolations(page, `${url} (company official)`);
  }
  // The company-official application's pages (issue 8): the first step, saved for later, then each step.
  await page.goto("/identity/company-official/personal-data?new=1");
  await expectNoViolations(page, "/identity/company-official/personal-data (new)");
  await page.getByLabel("First name").fill("Ada");
  await page.getByRole("button", { name: "Save and come back later" }).click();
  await expect(page).toHaveURL(/\/identity\?saved=/);
  const href = (await page
    .locator("main a[href*='/identity/company-official/'][href*='applicationId=']")
    .first()
    .getAttribute("href"))!;
  const id = new URL(href, "http://x").searchParams.get("applicationId");
  for (const step of ["personal-data", "additional-information", "identity-verification", "sign", "check-answers"]) {
    await page.goto(`/identity/company-official/${step}?applicationId=${id}`);
    await expect(page.locator("main h1")).toBeVisible();
    await expectNoViolations(page, `/identity/company-official/${step}`);
  }
});

test("demo mode pages and the identity-needed popup have no WCAG 2.1 AA violations", async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await signIn(page, CUSTOMERS.unidentified);
  await page.goto("/home");
  await expect(page).toHaveURL(/\/identity-needed$/);
  await expectNoViolations(page, "/identity-needed");
  for (const url of [
    "/demo/home",
    "/demo/history",
    "/demo/history/demo-op-2",
    "/demo/beneficiaries",
    "/demo/payments",
    "/demo/profile",
    "/demo/profile/companies/demo-company/cof",
    "/demo/cards/demo-visa",
  ]) {
    await page.goto(url);
    await expect(page.locator("main h1")).toBeVisible();
    await expectNoViolations(page, url);
  }
  await page.goto("/demo/payments/form");
  await expect(page.locator("main h1")).toBeVisible();
  await expectNoViolations(page, "/demo/payments/form");
  await page.getByRole("button", { name: "Send payment" }).click();
  await expect(page.locator("#payee-error")).toBeVisible();
  await expectNoViolations(page, "/demo/payments/form (refused)");
  allowValidationAnswers(consoleErrors, "/demo/payments/form");
  await page.locator("[name=payee]").fill("Axe Tester");
  await page.locator("[name=amount]").fill("1.00");
  await page.getByRole("button", { name: "Send payment" }).click();
  await expect(page.getByTestId("demo-nothing-sent")).toBeVisible();
  await expectNoViolations(page, "/demo/payments/form (nothing sent)");
});

test("chat pages have no WCAG 2.1 AA violations", async ({ page, consoleErrors }) => {
  await signIn(page, CUSTOMERS.individual);
  await page.goto("/chat/notifications");
  await expectNoViolations(page, "/chat/notifications");
  // The new-question form, and its error state.
  await page.goto("/chat/new");
  await expectNoViolations(page, "/chat/new");
  await page.getByRole("button", { name: "Send question" }).click();
  await expect(page.getByText("Enter a title")).toBeVisible();
  await expectNoViolations(page, "/chat/new (errors)");
  allowValidationAnswers(consoleErrors, "/chat/new");
  // The channel list, and a channel with a message.
  await page.goto("/chat");
  await expectNoViolations(page, "/chat");
  await page.getByTestId("chat-main-channel").click();
  await page.locator("#chat-content").fill("Axe was here");
  await page.getByTestId("chat-post-form").getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("chat-message").last()).toContainText("Axe was here");
  await expectNoViolations(page, "/chat/{channelId}");
});

test("back-office (/ops) pages have no WCAG 2.1 AA violations", async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.goto("/ops/login");
  await expectNoViolations(page, "/ops/login");
  await page.getByLabel("Email").fill("support@ops.example");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("password-error")).toBeVisible();
  await expectNoViolations(page, "/ops/login (refused)");
  allowValidationAnswers(consoleErrors, "/ops/login");
  await page.getByLabel("Password").fill("Bank-Demo-2026");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("debug-code")).toBeVisible();
  await expectNoViolations(page, "/ops/login/code");
  await page.getByLabel("Code").fill("12");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByTestId("code-error")).toBeVisible();
  await expectNoViolations(page, "/ops/login/code (refused)");
  allowValidationAnswers(consoleErrors, "/ops/login/code");
  await page.context().clearCookies();

  // opsLogin lands on /ops.
  await opsLogin(page, "admin@ops.example");
  await expectNoViolations(page, "/ops");
  for (const url of ["/ops/applications", "/ops/audit", "/ops/audit?action=staff.login", "/ops/applications?status=INCOMPLETE"]) {
    await page.goto(url);
    await expectNoViolations(page, url);
  }
  // The seeded half-filled corporate application (from the INCOMPLETE list just scanned):
  // answers, its main representative, the decision-less view.
  await page.getByTestId("ops-application").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/ops\/applications\/[0-9a-f-]{36}$/);
  await expectNoViolations(page, "/ops/applications/{id}");
  await page.goto("/ops/applications/00000000-0000-4000-8000-000000000000");
  await expectNoViolations(page, "/ops/applications/{unknown} (404)");
  // Support chat: the waiting list with a customer's message, and that channel.
  const customer = await apiSession(page.request, CUSTOMERS.both);
  const main = (await customer.call("GET", "/channels")).body.data.find((c: { channelType: string }) => c.channelType === "MAIN");
  await customer.call("POST", `/channels/${main.id}/messages`, { content: "Axe chat probe" });
  await page.goto("/ops/chat");
  await expectNoViolations(page, "/ops/chat");
  await page.goto("/ops/chat?q=an");
  await expectNoViolations(page, "/ops/chat?q= (results)");
  await page.goto("/ops/chat?q=a");
  await expectNoViolations(page, "/ops/chat?q= (too short)");
  await page.goto(`/ops/chat/${main.id}`);
  await expectNoViolations(page, "/ops/chat/{channelId}");
  await page.context().clearCookies();
  await opsLogin(page, "support@ops.example");
  await page.goto("/ops/applications");
  await expectNoViolations(page, "/ops/applications (403)");
});

test("the back office's payments pages have no WCAG 2.1 AA violations", async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await signedPayment(page.request, "1.23", "Axe Payee Ltd");
  await signedFxRequest(page.request, "1.00");
  await opsLogin(page, STAFF.payments);
  for (const url of ["/ops/payments?status=SETTLED", "/ops/fx-requests", "/ops/cards", "/ops/cards?status=ACTIVE"]) {
    await page.goto(url);
    await expectNoViolations(page, url);
  }
  // Each with a refusal on its field: the reason of a refund, the incoming payment's form.
  await page.goto("/ops/payments");
  await expectNoViolations(page, "/ops/payments");
  const row = page.getByTestId("payment-row").first();
  await row.getByText("Refund…").click();
  await row.getByRole("button", { name: "Refund the amount" }).click();
  await expect(row.getByTestId("reason-error")).toBeVisible();
  await expectNoViolations(page, "/ops/payments (reason refused)");
  allowValidationAnswers(consoleErrors, "/ops/payments");
  await page.goto("/ops/payments/incoming");
  await expectNoViolations(page, "/ops/payments/incoming");
  await page.getByRole("button", { name: "Credit the customer" }).click();
  await expect(page.getByTestId("account-error")).toBeVisible();
  await expectNoViolations(page, "/ops/payments/incoming (refused)");
  allowValidationAnswers(consoleErrors, "/ops/payments/incoming");
});

test("back-office decision and ADMIN pages have no WCAG 2.1 AA violations", async ({ page }) => {
  test.setTimeout(180_000);
  const beneficiary = await beneficiaryUnderReview(page.request, "Axe Ops Beneficiary");
  const order = await queuedOrder(page.request, "Axe Ops Payee");
  // opsLogin lands on /ops.
  await opsLogin(page, STAFF.admin);
  await expectNoViolations(page, "/ops");
  for (const url of [
    "/ops/beneficiaries",
    `/ops/beneficiaries/${beneficiary}`,
    "/ops/contracts",
    "/ops/remittance",
    `/ops/remittance/${order}`,
    "/ops/rates",
    "/ops/tariffs",
    "/ops/settings",
    "/ops/settings?q=Patel",
  ]) {
    await page.goto(url);
    await expectNoViolations(page, url);
  }
  const organization = await page.getByTestId("organizations").getByRole("link").first().getAttribute("href");
  await page.goto(organization!);
  await expectNoViolations(page, "/ops/settings?organizationId=");
  await page.goto(organization!.replace("/ops/settings", "/ops/tariffs"));
  await expectNoViolations(page, "/ops/tariffs?organizationId=");
});
