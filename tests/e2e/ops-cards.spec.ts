/**
 * The back office's cards screen (docs/ops.md "Cards") in the browser against the real server,
 * JavaScript off and on: a card James ordered (through the banking API) waits on /ops/cards; staff
 * with PAYMENTS issues it (a malformed last four comes back on its field with everything typed
 * kept), activates it, and the customer's card page shows the masked number and "Active"; a
 * cancel without a reason is refused on its field, with one the card is canceled for good.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { allowValidationAnswers, apiSession, CUSTOMERS, expect, signIn, test } from "./fixtures";
import { opsLogin, STAFF } from "./ops-fixtures";

/** Order a GBP Visa named `name` on James's personal account through the API; returns its id. */
async function orderCard(page: Page, name: string): Promise<string> {
  const api = await apiSession(page.request, CUSTOMERS.both);
  const accounts = await api.call("GET", `/accounts?organizationId=${api.organizationId}`);
  const account = (accounts.body.data as { id: string; balances: { currencyId: string }[] }[]).find((a) =>
    a.balances.some((b) => b.currencyId === "GBP"),
  )!;
  const res = await api.call(
    "POST",
    "/cards/order",
    {
      organizationId: api.organizationId,
      accountId: account.id,
      currencyId: "GBP",
      paymentSystem: "VISA",
      color: "BLUE",
      deliveryMethod: "POST",
      cardName: name,
    },
    { "Idempotency-Key": randomUUID() },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

for (const js of [false, true]) {
  test.describe(`ops cards, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("staff issues and activates an ordered card; the customer sees it active; cancel needs a reason", async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(120_000);
      const name = `Ops card ${js ? "on" : "off"} ${randomUUID().slice(0, 4)}`;
      const id = await orderCard(page, name);
      const lastFour = js ? "6161" : "6060";

      await opsLogin(page, STAFF.payments);
      await page.getByRole("link", { name: "Cards", exact: true }).click();
      await expect(page).toHaveURL(/\/ops\/cards$/);
      const row = page.locator(`[data-testid=card-row][data-card-id="${id}"]`);
      await expect(row).toContainText(name);
      await expect(row).toContainText("No number yet");

      // A malformed last four: refused on its field, both values kept.
      await row.getByText("Issue", { exact: true }).click();
      await row.getByLabel("Last four digits").fill("61a");
      await row.getByLabel("Expiry").fill("12/30");
      await row.getByRole("button", { name: "Issue the card" }).click();
      await expect(row.getByTestId("lastFour-error")).toHaveText("Enter the four digits.");
      await expect(row.getByLabel("Last four digits")).toHaveValue("61a");
      await expect(row.getByLabel("Expiry")).toHaveValue("12/30");
      allowValidationAnswers(consoleErrors, "/ops/cards");
      await row.getByLabel("Last four digits").fill(lastFour);
      await row.getByRole("button", { name: "Issue the card" }).click();
      await expect(page).toHaveURL(/\/ops\/cards\?status=NEW&done=issue$/);
      await expect(page.getByTestId("done")).toHaveText("The card was issued.");
      await expect(row).toContainText(`•••• ${lastFour}`);
      await row.getByRole("button", { name: "Activate" }).click();
      await expect(page).toHaveURL(/\/ops\/cards\?status=ACTIVE&done=activate$/);
      await expect(row).toBeVisible();

      // The customer's card page: the masked number, active.
      await signIn(page, CUSTOMERS.both);
      await page.goto(`/cards/${id}`);
      await expect(page.getByTestId("card-status")).toHaveText("Active");
      await expect(page.getByTestId("card-number")).toContainText(lastFour);

      // Cancel: a reason is required; then the card is final.
      await page.goto("/ops/cards?status=ACTIVE");
      await row.getByText("Cancel", { exact: true }).click();
      await row.getByRole("button", { name: "Cancel the card" }).click();
      await expect(row.getByTestId("reason-error")).toBeVisible();
      allowValidationAnswers(consoleErrors, "/ops/cards");
      await row.locator(`#cancel-reason-${id}`).fill("Customer reported it lost");
      await row.getByRole("button", { name: "Cancel the card" }).click();
      await expect(page).toHaveURL(/\/ops\/cards\?status=CANCELED&done=cancel$/);
      await expect(row).toContainText("Final: no more moves.");
    });
  });
}
