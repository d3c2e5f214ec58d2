/**
 * Support chat in the back office (/ops/chat, issue 13), JavaScript off and on: a customer's
 * message puts the channel in the waiting list with its unread count; support opens it, a
 * blank reply is refused on its field, a reply is sent and the customer receives it; the
 * channel then leaves the waiting list. Support also sends a file (refused without one), which the
 * customer's channel lists and staff open from the page. Customers: James (off) and Grace (on); no other spec
 * counts their chat messages.
 */
import { randomUUID } from "node:crypto";
import { allowValidationAnswers, apiSession, CUSTOMERS, expect, test } from "./fixtures";
import { opsLogin, STAFF } from "./ops-fixtures";

for (const js of [false, true]) {
  test.describe(`support chat in /ops, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("a waiting channel is answered and the customer receives the reply", async ({ page, consoleErrors }) => {
      const phone = js ? CUSTOMERS.unidentified : CUSTOMERS.both;
      const api = await apiSession(page.request, phone);
      const channels = await api.call("GET", "/channels");
      const main = channels.body.data.find((c: { channelType: string }) => c.channelType === "MAIN");
      const question = `Where is my parcel? ${randomUUID().slice(0, 8)}`;
      expect((await api.call("POST", `/channels/${main.id}/messages`, { content: question })).status).toBe(201);

      await opsLogin(page, STAFF.support);
      await expect(page.getByTestId("queue-chat")).toBeVisible();
      await page.getByRole("navigation", { name: "Back office areas" }).getByRole("link", { name: "Chat" }).click();
      const row = page.locator(`[data-testid=ops-chat-channel][data-id="${main.id}"]`);
      await expect(row.getByTestId("ops-chat-unread")).not.toHaveText("0");
      await expect(row).toContainText(question.slice(0, 40));
      const customerName = ((await row.locator("td").first().textContent()) ?? "").trim();
      expect(customerName, "the customer's name, not an owner key").not.toMatch(/^(org|user):/);
      await row.getByRole("link").click();
      await expect(page).toHaveURL(new RegExp(`/ops/chat/${main.id}$`));
      await expect(page.getByTestId("ops-chat-message").last()).toContainText(question);

      await page.getByRole("button", { name: "Send reply" }).click();
      await expect(page.getByTestId("reply-error")).toHaveText("Write a reply.");
      allowValidationAnswers(consoleErrors, `/ops/chat/${main.id}`);
      const answer = `Your parcel is on its way <script>x</script> ${randomUUID().slice(0, 8)}`;
      await page.getByLabel("Your reply (the customer sees it)").fill(answer);
      await page.getByRole("button", { name: "Send reply" }).click();
      await expect(page.getByTestId("reply-sent")).toBeVisible();
      await expect(page.locator("[data-testid=ops-chat-message][data-from=STAFF]").last()).toContainText(answer);

      // A file for the customer: refused without a file, then sent; staff open it from the page.
      await page.getByRole("button", { name: "Send files", exact: true }).click();
      await expect(page.getByTestId("files-error")).toHaveText("Choose at least one file.");
      allowValidationAnswers(consoleErrors, `/ops/chat/${main.id}`);
      const fileName = `terms-${randomUUID().slice(0, 6)}.pdf`;
      await page.getByLabel("Send files to the customer").setInputFiles({
        name: fileName,
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"),
      });
      await page.getByRole("button", { name: "Send files", exact: true }).click();
      await expect(page.getByTestId("attach-sent")).toBeVisible();
      const link = page.getByTestId("ops-chat-document").last();
      await expect(link).toContainText(fileName);
      const download = await page.request.get((await link.getAttribute("href"))!);
      expect(download.status()).toBe(200);
      expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");

      const seen = await api.call("GET", `/channels/${main.id}/messages`);
      expect(JSON.stringify(seen.body)).toContain(answer);
      expect(
        seen.body.data.some(
          (m: { contentType: string; content: string }) => m.contentType === "DOCUMENT" && m.content === fileName,
        ),
      ).toBe(true);
      await page.goto("/ops/chat");
      await expect(page.locator(`[data-testid=ops-chat-channel][data-id="${main.id}"]`)).toHaveCount(0);
      // Answered, it is still found by its customer's name.
      await page.getByLabel("Customer name, phone or email").fill(customerName);
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page.locator(`[data-testid=ops-chat-found-channel][data-id="${main.id}"]`)).toBeVisible();
    });
  });
}
