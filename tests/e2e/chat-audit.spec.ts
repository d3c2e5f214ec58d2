/**
 * Chat audit (spec 000 §5 "at most 4096 characters", §2, §7; docs/chat.md), probes that failed
 * before their fixes:
 * - JavaScript off, a message with line breaks: a browser submits a textarea's line breaks as
 *   CRLF, so a message of 4096 characters (a line break is one character, as the box and its
 *   length hint count it) reached the server as more than 4096 code units and was refused as
 *   too long. Line breaks are now counted as one, on the page's action and in the API.
 *
 * Customer: Oliver (JavaScript off), as tests/e2e/chat.spec.ts; unique texts.
 */
import { randomUUID } from "node:crypto";
import { CUSTOMERS, expect, signIn, test } from "./fixtures";

test.describe("JavaScript off, line breaks", () => {
  test.use({ javaScriptEnabled: false });

  test("a message of 4096 characters with line breaks is posted, not refused as too long", async ({ page }) => {
    await signIn(page, CUSTOMERS.individual);
    await page.goto("/chat");
    await page.getByTestId("chat-main-channel").click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    const tag = randomUUID().slice(0, 8);
    // 64 lines: 4096 characters in all, line breaks counted once (as the box counts them).
    const lines = Array.from({ length: 64 }, (_, i) => (i === 0 ? `${tag}-` : "").padEnd(i === 0 ? 64 : 63, "y"));
    const text = lines.join("\n");
    expect(text.length).toBe(4096);
    await page.locator("#chat-content").fill(text);
    await page.getByTestId("chat-post-form").getByRole("button", { name: "Send" }).click();
    await expect(page.getByTestId("chat-content-error")).toHaveCount(0);
    await expect(page.getByTestId("chat-message").last()).toContainText(`${tag}-`);
  });
});
