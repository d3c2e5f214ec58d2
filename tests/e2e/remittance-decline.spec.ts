/**
 * Declining an unsigned remittance order in the browser (spec 000 §4 "Unsigned transactions can
 * be signed or cancelled (declined)"; spec 001 §4 REJECTED shows the rejected marker), with
 * JavaScript on and off: Oliver (orders enabled for his organization) creates an order and leaves
 * its confirmation page without the code; on the order's page "Decline this order" asks for
 * confirmation (`?decline=1`, a page: no JavaScript needed; "Keep it" goes back unchanged), then
 * the order is REJECTED with the rejected marker, written 'Declined by you', with the notice; it
 * can no longer be signed or declined, the list shows it declined, and his balance did not move
 * (nothing is held before signing). axe on the confirmation and on the declined order (with
 * JavaScript on: axe needs page scripts). Each test creates its own order (specs share the seed).
 */
import type { Page } from "@playwright/test";
import { CUSTOMERS, expect, login, test, toMinorUnits } from "./fixtures";
import { newOrder } from "./remittance-helpers";
import { axe } from "./signing-helpers";

/** The first account's balance on /home, in minor units. */
async function homeBalance(page: Page, currency: string): Promise<bigint> {
  await page.goto("/home");
  const el = page.getByTestId(`balance-${currency}`).first();
  await expect(el).toBeVisible();
  return toMinorUnits((await el.textContent()) ?? "");
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JS" : "NoJS";
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("Oliver declines an unsigned order after a confirmation: rejected marker, 'Declined by you', nothing held", async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await login(page, CUSTOMERS.individual);
      const gbpBefore = await homeBalance(page, "GBP");
      const id = await newOrder(page, javaScriptEnabled, {
        payee: `Declined Payee ${mode}`,
        sum: javaScriptEnabled ? "7.01" : "7.02",
      });
      // He leaves the confirmation without the code: the order's page offers to sign or decline it.
      await page.goto(`/payments/remittance/${id}`);
      const status = page.getByTestId("order-status");
      await expect(status).toHaveAttribute("data-status", "PENDING");
      await expect(page.getByTestId("go-sign")).toBeVisible();

      // "Keep it" goes back to the order, unchanged.
      await page.getByTestId("order-decline").click();
      await expect(page).toHaveURL(new RegExp(`/payments/remittance/${id}\\?decline=1$`));
      await page.getByTestId("order-decline-confirm").getByRole("link", { name: "Keep it" }).click();
      await expect(page).toHaveURL(new RegExp(`/payments/remittance/${id}$`));
      await expect(status).toHaveAttribute("data-status", "PENDING");

      await page.getByTestId("order-decline").click();
      await expect(page).toHaveURL(new RegExp(`/payments/remittance/${id}\\?decline=1$`));
      const confirm = page.getByTestId("order-decline-confirm");
      await expect(confirm.getByRole("heading", { name: "Decline this remittance order?" })).toBeVisible();
      await expect(confirm).toContainText("Nothing has been held for it, so your balance does not change.");
      await expect(page.getByTestId("go-sign")).toHaveCount(0);
      await axe(page, javaScriptEnabled);
      await confirm.getByRole("button", { name: "Decline order" }).click();

      await expect(page).toHaveURL(new RegExp(`/payments/remittance/${id}\\?declined=1$`));
      await expect(page.getByTestId("order-declined-notice")).toHaveText("The order is declined. It will not be sent.");
      await expect(status).toHaveAttribute("data-status", "REJECTED");
      await expect(status).toHaveAttribute("data-rejected-by", "CUSTOMER");
      await expect(status).toHaveText("Declined by you");
      await expect(page.getByTestId("order-rejected-marker")).toHaveCount(1);
      await expect(page.getByTestId("order-pending-icon")).toHaveCount(0);
      await expect(page.getByTestId("order-reason")).toHaveText("Declined before it was signed");
      await expect(page.getByTestId("order-history")).toContainText("Declined (by you)");
      await expect(page.getByTestId("go-sign")).toHaveCount(0);
      await expect(page.getByTestId("order-decline")).toHaveCount(0);
      await axe(page, javaScriptEnabled);

      // Later visits say why it will not be sent; no confirmation is offered again.
      await page.goto(`/payments/remittance/${id}?decline=1`);
      await expect(page.getByTestId("order-declined-info")).toHaveText(
        "This order was declined before it was signed. It will not be sent, and nothing was taken from your balance.",
      );
      await expect(page.getByTestId("order-decline-confirm")).toHaveCount(0);
      // No longer to sign: its signing page sends back; the list shows it declined with the marker.
      await page.goto(`/payments/remittance/${id}/sign`);
      await expect(page).toHaveURL(new RegExp(`/payments/remittance/${id}$`));
      await page.goto("/payments/remittance");
      const row = page.locator(`[data-testid=remittance-order][data-order-id="${id}"]`);
      await expect(row.getByTestId("order-status")).toHaveText("Declined by you");
      await expect(row.getByTestId("order-rejected-marker")).toHaveCount(1);
      expect(await homeBalance(page, "GBP")).toBe(gbpBefore);
    });
  });
}
