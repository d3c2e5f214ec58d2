/**
 * "Change details" of a payment of another of the customer's organizations than the active one
 * (a second tab switched organization), JavaScript on and off: the payment's organization becomes
 * the active one and the reopened form says so, naming it, above the "payment declined" notice
 * (docs/decisions.md "Security review leftovers"). James Patel: his personal organization and
 * Patel Consulting Ltd.
 */
import type { Page } from "@playwright/test";
import { apiSession, CUSTOMERS, expect, signIn, test } from "./fixtures";

const SIGN_URL = /\/payments\/([^/?#]+)\/sign$/;

/**
 * Switch to the organization `name` as another tab's profile popup would (its switch form's post),
 * without this tab leaving /payments (a page elsewhere would end the payment forms' drafts, and
 * with them "Change details").
 */
async function switchInAnotherTab(page: Page, name: string) {
  const { call } = await apiSession(page.request, CUSTOMERS.both);
  const orgs = (await call("GET", "/clients-organizations")).body.data as { id: string; fullName: string }[];
  const organizationId = orgs.find((o) => o.fullName === name)!.id;
  const csrf = await page.locator("main input[name=csrf]").first().inputValue();
  const res = await page.request.post("/profile/organizations", {
    form: { csrf, organizationId },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("Change details of the personal payment while the company is active: the form says the organization was switched", async ({
      page,
    }) => {
      await signIn(page, CUSTOMERS.both);
      await page.goto(`/payments/internal/form?phone=${encodeURIComponent(CUSTOMERS.individual)}`);
      const form = page.locator("main form#internal-form");
      if (javaScriptEnabled) await expect(form).toHaveAttribute("novalidate", "");
      const source = page.locator("select[name=source]");
      const gbp = await source
        .locator("option")
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).find((v) => v.endsWith(":GBP")));
      await source.selectOption(gbp!);
      await page.locator("[name=amount]").fill("1.07");
      await form.locator("button[type=submit]").first().click();
      await expect(page).toHaveURL(SIGN_URL);
      const paymentId = SIGN_URL.exec(new URL(page.url()).pathname)![1];

      await switchInAnotherTab(page, "Patel Consulting Ltd");
      await page.goto(`/payments/${paymentId}/change`);
      await page.getByTestId("change-submit").click();

      await expect(page).toHaveURL(/\/payments\/internal\/form\?/);
      await expect(page.getByTestId("payment-changing-switched")).toHaveText(
        "This payment belongs to James Patel, so the active organization was switched to James Patel. The form below pays from its accounts.",
      );
      await expect(page.getByTestId("payment-changing")).toContainText("The payment was declined and nothing was paid.");
      await expect(page.locator("[name=amount]")).toHaveValue("1.07");
      // Once: the next visit says nothing more.
      await page.reload();
      await expect(page.getByTestId("payment-changing-switched")).toHaveCount(0);
    });
  });
}
