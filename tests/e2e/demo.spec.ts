/**
 * Demo mode (issue 12; spec 000 §1, §2, §4; docs/decisions.md "Demo mode (issue 12)"), with
 * JavaScript on and off: a customer not yet identified lands on /identity after login (with a
 * small "Explore the demo" link), gets the identity-needed popup on a real page (/home), enters
 * /demo, sees the GBP, EUR and USD sample balances, the banner and a demo card (masked), no
 * profile button, a history item whose receipt download is disabled, and a demo payment that is
 * checked (the shared amount rules: "12,5" is 12.5, "05" and "1.123" refused with their rule's
 * message) and then answered "In demo mode nothing is sent". The real ledger is unchanged: a real
 * customer's accounts and the demo user's (lack of) organizations read the same through the API
 * before and after. An identified customer is sent from /demo to /home.
 */
import { allowValidationAnswers, apiSession, CUSTOMERS, expect, login, test } from "./fixtures";

/** The demo user: not identified; demo pages change nothing, so sharing the seeded customer is safe. */
const DEMO_USER = CUSTOMERS.unidentified;

for (const javaScriptEnabled of [false, true]) {
  test.describe(`demo mode, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("identity-needed popup, sample balances and cards, receipt disabled, a demo payment sends nothing", async ({
      page,
      request,
      consoleErrors,
    }) => {
      test.setTimeout(90_000);
      const real = await apiSession(request, CUSTOMERS.individual);
      const demoApi = await apiSession(request, DEMO_USER);
      const realAccountsBefore = (await real.call("GET", `/accounts?organizationId=${real.organizationId}&all=true`)).body;
      const demoUserBefore = (await demoApi.call("GET", "/users/whoami")).body.organizations;
      expect((await demoApi.call("GET", "/settings/demo")).body).toEqual({ enabled: true });

      // Login lands on /identity (onboarding goes on), with a small way into the demo.
      await login(page, DEMO_USER);
      await expect(page).toHaveURL(/\/identity$/);
      await expect(page.getByTestId("explore-demo")).toHaveAttribute("href", "/demo");

      // A real page: the identity-needed popup instead of the plain redirect.
      await page.goto("/home");
      await expect(page).toHaveURL(/\/identity-needed$/);
      await expect(page.getByRole("heading", { level: 1, name: "Identification needed" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Complete identification" })).toHaveAttribute("href", "/identity");
      await page.getByRole("link", { name: "Explore the demo" }).click();

      // /demo → /demo/home: banner, sample balances, demo cards, no profile button.
      await expect(page).toHaveURL(/\/demo\/home$/);
      const banner = page.getByTestId("demo-banner");
      await expect(banner).toContainText("You are exploring with sample data");
      await expect(banner.getByRole("link", { name: "complete identification to open real accounts" })).toHaveAttribute(
        "href",
        "/identity",
      );
      await expect(page.getByTestId("profile-link")).toHaveCount(0);
      await expect(page.getByTestId("demo-balance-GBP")).toHaveText("2,450.00 GBP");
      await expect(page.getByTestId("demo-balance-EUR")).toHaveText("1,320.50 EUR");
      await expect(page.getByTestId("demo-balance-USD")).toHaveText("980.00 USD");
      await expect(page.locator("aside")).toContainText("2,450.00 GBP");
      const card = page.getByTestId("demo-card").first();
      await expect(card).toHaveText("Demo Visa •••• 4821");
      // A card that cannot pay says so, as in the bank's own card lists.
      await expect(page.getByTestId("demo-card").nth(1)).toHaveText("Demo Mastercard •••• 7310 · Frozen");
      await card.click();
      await expect(page).toHaveURL(/\/demo\/cards\/demo-visa$/);
      await expect(page.getByTestId("card-number")).toHaveText("•••• 4821");
      await expect(page.getByTestId("card-status")).toHaveAttribute("data-status", "ACTIVE");
      expect(await page.locator("main").textContent()).not.toMatch(/\d{5}/);

      // History: an item's page with the receipt download disabled and explained.
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "History" }).click();
      await expect(page).toHaveURL(/\/demo\/history$/);
      await page.getByRole("link", { name: "Acme Payroll Ltd" }).click();
      await expect(page).toHaveURL(/\/demo\/history\/demo-op-2$/);
      await expect(page.getByTestId("item-amount")).toHaveText("+1,850.00 GBP");
      // The real page's info block: money in from another bank, the bank's own account debited.
      await expect(page.locator("main dl")).toContainText("Debited accountThe bank's own account");
      await expect(page.locator("main dl")).toContainText("Credited accountDEMO 0001");
      await expect(page.getByTestId("receipt-disabled")).toContainText("Receipts cannot be downloaded in demo mode");
      await expect(page.getByTestId("receipt-link")).toHaveCount(0);

      // Beneficiaries and profile (companies visible in demo mode).
      await page.goto("/demo/beneficiaries");
      await expect(page.getByTestId("demo-beneficiary")).toHaveCount(3);
      await page.goto("/demo/profile");
      await expect(page.getByTestId("demo-companies")).toContainText("Demo Trading Ltd");
      await page.getByRole("link", { name: "Company users" }).click();
      await expect(page).toHaveURL(/\/demo\/profile\/companies\/demo-company\/cof$/);
      await expect(page.locator("main table")).toContainText("Main representative");

      // A demo payment: checked like a real one, then nothing is sent.
      await page.goto("/demo/payments");
      await page.getByRole("link", { name: "Pay in euros (EUR)" }).click();
      await expect(page).toHaveURL(/\/demo\/payments\/form\?currencyId=EUR$/);
      await expect(page.locator("select[name=currencyId]")).toHaveValue("EUR");
      await page.locator("[name=amount]").fill("5000.00");
      await page.getByRole("button", { name: "Send payment" }).click();
      await expect(page.locator("#payee-error")).toHaveText("Enter the payee's name.");
      await expect(page.locator("#amount-error")).toHaveText("The amount is more than the sample balance.");
      await expect(page.locator("[name=amount]")).toHaveValue("5000.00");
      await expect(page.getByTestId("demo-nothing-sent")).toHaveCount(0);
      await page.locator("[name=payee]").fill("Maria Rossi");
      // The shared amount rules (spec 000 §5), each with its own message on the amount field.
      const amount = page.locator("[name=amount]");
      if (javaScriptEnabled) {
        // While typing (once hydrated: a letter no longer stays), the mask of spec 000 §5: a letter
        // and a leading zero before a digit are refused.
        await expect(async () => {
          await amount.fill("");
          await amount.pressSequentially("x");
          await expect(amount).toHaveValue("", { timeout: 500 });
        }).toPass();
        await amount.pressSequentially("05");
        await expect(amount).toHaveValue("0");
        // "1,123" (one thousand one hundred and twenty-three to an English reader) is never 1.12: a
        // comma before exactly three digits stays as typed, also once the field is left, and is
        // refused on its field.
        await amount.fill("");
        await amount.pressSequentially("1,123");
        await expect(amount).toHaveValue("1,123");
        await amount.blur();
        await expect(amount).toHaveValue("1,123");
        await page.getByRole("button", { name: "Send payment" }).click();
        await expect(page.locator("#amount-error")).toHaveText(
          "A comma before exactly three digits could be a thousands separator. Type the amount without thousands separators, with a dot before the decimals: 1000 or 1.000",
        );
        await expect(amount).toHaveValue("1,123");
        await expect(page.getByTestId("demo-nothing-sent")).toHaveCount(0);
        // "1,5" keeps its comma while typing and is 1.5 once the field is left.
        await amount.fill("");
        await amount.pressSequentially("1,5");
        await expect(amount).toHaveValue("1,5");
        await amount.blur();
        await expect(amount).toHaveValue("1.5");
      }
      for (const [typed, message] of [
        ["05", "The amount cannot start with 0 followed by a digit"],
        ["1.123", "Too many decimals"],
      ]) {
        // With JavaScript, set on the element without an input event (a value typed before the
        // JavaScript started) and sent at once: the action's check names the rule.
        if (javaScriptEnabled)
          await amount.evaluate((el, value) => {
            const input = el as HTMLInputElement;
            input.value = value;
            input.form!.requestSubmit();
          }, typed);
        else {
          await amount.fill(typed);
          await page.getByRole("button", { name: "Send payment" }).click();
        }
        await expect(page.locator("#amount-error")).toHaveText(message);
        await expect(page.getByTestId("demo-nothing-sent")).toHaveCount(0);
        if (!javaScriptEnabled) await expect(amount).toHaveValue(typed);
      }
      // "12,5" is 12.5 and is accepted.
      await amount.fill("12,5");
      await page.getByRole("button", { name: "Send payment" }).click();
      await expect(page.getByTestId("demo-nothing-sent")).toContainText("12.5 EUR to Maria Rossi");
      await page.locator("[name=amount]").fill("25.50");
      await page.getByRole("button", { name: "Send payment" }).click();
      await expect(page.getByTestId("demo-nothing-sent")).toContainText("In demo mode nothing is sent.");
      await expect(page.getByTestId("demo-nothing-sent")).toContainText("25.50 EUR to Maria Rossi");
      if (javaScriptEnabled) allowValidationAnswers(consoleErrors, "/demo/payments/form");

      // The real ledger is untouched: same accounts and balances, the demo user still has none.
      expect((await real.call("GET", `/accounts?organizationId=${real.organizationId}&all=true`)).body).toEqual(
        realAccountsBefore,
      );
      expect((await demoApi.call("GET", "/users/whoami")).body.organizations).toEqual(demoUserBefore);
      expect(demoUserBefore).toEqual([]);
    });
  });
}

test("an identified customer is sent from /demo to /home; signed out, to the login page", async ({ page }) => {
  await page.goto("/demo/home");
  await expect(page).toHaveURL(/\/auth\/phone/);
  await login(page, CUSTOMERS.individual);
  await expect(page).toHaveURL(/\/home$/);
  for (const url of ["/demo", "/demo/home", "/demo/payments/form", "/identity-needed"]) {
    await page.goto(url);
    await expect(page, url).toHaveURL(/\/home$/);
  }
  const res = await page.request.post("/demo/payments/form", {
    form: { payee: "X", currencyId: "GBP", amount: "1" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  expect(res.headers()["location"]).toBe("/home");
});
