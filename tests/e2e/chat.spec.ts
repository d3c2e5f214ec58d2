/**
 * Chat and notifications (issue 11; spec 000 §2 chat popup, §4, §5; docs/chat.md), in the browser
 * against the real server (API, socket.io gateway, staff `chat:reply`).
 *
 * JavaScript off: /chat lists the main channel; a message posted from /chat/:id appears there;
 * over 4096 characters, pasted (no maxlength cuts it), is refused on the field with the text kept
 * (also a question at /chat/new); a double submit (same
 * Idempotency-Key) posts once; a file attaches and downloads; an empty upload is refused; a staff
 * reply appears after a refresh and counts in the header until the channel is opened; a question
 * asked at /chat/new opens its own channel; more than a page of messages gives "Older messages".
 *
 * JavaScript on: the header's chat link opens the popup (not /chat), which connects; Shift+Enter
 * sends (Enter is a new line); a staff reply arrives live without a reload; a message full of
 * HTML and script links renders inert; too long (pasted) is refused before sending, in the popup's
 * box and question form and on the /chat pages; Escape closes.
 *
 * Customers: Oliver (JavaScript off) and Amelia's Northwind (JavaScript on); no other spec reads
 * their chat, and every check is about messages posted here (unique texts).
 */
import type { Locator, Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { io, type Socket } from "socket.io-client";
import { apiSession, approvedBeneficiary, CUSTOMERS, expect, login, signIn, staffCommand, test } from "./fixtures";
import { expectNoViolations, watchReady } from "./layout-helpers";

/** A 1×1 PNG (the API checks files by their bytes). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

/** Open the main channel from /chat (no JavaScript needed); returns its id. */
async function openMainChannel(page: Page): Promise<string> {
  await page.goto("/chat");
  await page.getByTestId("chat-main-channel").click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split("/")[2];
}

/** The unread count in the header's chat link ("Chat (3 unread)"; "Chat" is 0). */
async function headerCount(page: Page): Promise<number> {
  const text = (await page.locator("header nav a[href='/chat']").textContent()) ?? "";
  return Number(/\((\d+) unread\)/.exec(text)?.[1] ?? 0);
}

/**
 * `read()` once it has stopped changing (two reads 500 ms apart agree) and `accept`s it; the
 * settled value.
 */
async function settled(read: () => number | Promise<number>, accept: (n: number) => boolean = () => true): Promise<number> {
  let last = -1; // the first read only sets it: the first comparison comes 500 ms later
  await expect
    .poll(
      async () => {
        const now = await read();
        const same = now === last && accept(now);
        last = now;
        return same;
      },
      { intervals: [500] },
    )
    .toBe(true);
  return last;
}

/** The header's unread count once it has stopped changing. */
const settledHeaderCount = (page: Page) => settled(() => headerCount(page));

/**
 * Paste `text` into `box` as a person does: through the clipboard and Ctrl+V (works with and
 * without the page's JavaScript). A `maxlength` on the box would cut it to that length.
 */
async function paste(page: Page, box: Locator, text: string): Promise<void> {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(page.url()).origin });
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await box.focus();
  await page.keyboard.press("ControlOrMeta+V");
  // The paste is whole: nothing cut.
  await expect(box).toHaveValue(text);
}

/** The POSTs the page sends to `path` from now on (their URLs), to show that nothing was sent. */
function watchPosts(page: Page, path: string): string[] {
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === path) posts.push(r.url());
  });
  return posts;
}

/** The message too long (spec 000 §5: at most 4096 characters) and its error (spec 000 §8). */
const TOO_LONG = "x".repeat(4097);
const MAX_LENGTH_ERROR = "The message is too long: at most 4096 characters";

/** Post a message with the channel page's form. */
async function post(page: Page, text: string): Promise<void> {
  await page.locator("#chat-content").fill(text);
  await page.getByTestId("chat-post-form").getByRole("button", { name: "Send" }).click();
}

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("post, refuse too long, post once on a double submit, attach, staff reply after refresh, header count", async ({
    page,
  }) => {
    await signIn(page, CUSTOMERS.individual);
    await page.goto("/chat");
    await expect(page.getByRole("heading", { level: 1, name: "Chat" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Notifications/ })).toBeVisible();
    const channelId = await openMainChannel(page);

    // A message: posted, back on the channel (PRG), newest at the bottom.
    const text = unique("Hello from the no-JS test");
    await post(page, text);
    await expect(page).toHaveURL(new RegExp(`/chat/${channelId}$`));
    await expect(page.getByTestId("chat-message").last()).toContainText(text);
    await expect(page.getByTestId("chat-message").last()).toContainText("You");

    // Over 4096 characters, pasted: whole in the box (no maxlength cuts it); the server refuses it
    // on the field with the text kept, and says by how much it is over. Nothing was posted.
    await paste(page, page.locator("#chat-content"), TOO_LONG);
    await page.getByTestId("chat-post-form").getByRole("button", { name: "Send" }).click();
    await expect(page.getByTestId("chat-content-error")).toHaveText(MAX_LENGTH_ERROR);
    await expect(page.locator("#chat-content")).toHaveValue(TOO_LONG);
    await expect(page.locator("#chat-content")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("chat-length-hint")).toHaveText("1 character too many");
    await page.goto(`/chat/${channelId}`);
    await expect(page.getByTestId("chat-message").filter({ hasText: "x".repeat(100) })).toHaveCount(0);

    // A double submit (the same form twice: the same Idempotency-Key) posts once.
    await page.goto(`/chat/${channelId}`);
    const once = unique("Only once");
    await page.locator("#chat-content").fill(once);
    const fields = await page
      .getByTestId("chat-post-form")
      .evaluate((f) => Object.fromEntries(new FormData(f as HTMLFormElement)));
    for (let i = 0; i < 2; i++) {
      const res = await page.request.post(`/chat/${channelId}`, { form: fields as Record<string, string>, maxRedirects: 0 });
      expect(res.status()).toBe(302);
    }
    await page.goto(`/chat/${channelId}`);
    await expect(page.getByTestId("chat-message").filter({ hasText: once })).toHaveCount(1);

    // An attachment: uploaded, shown as a download link that serves the bytes.
    const upload = page.getByTestId("chat-upload-form");
    await upload.locator("input[name=files]").setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: PNG });
    await upload.getByRole("button", { name: "Upload" }).click();
    const link = page.getByTestId("chat-document").filter({ hasText: "receipt.png" }).last();
    await expect(link).toBeVisible();
    const file = await page.request.get((await link.getAttribute("href"))!);
    expect(file.status()).toBe(200);
    expect(Buffer.from(await file.body()).equals(PNG)).toBe(true);
    expect(file.headers()["cache-control"]).toContain("no-store");

    // A multipart post without the form's token is refused (403) and attaches nothing.
    const forged = await page.request.post(`/chat/${channelId}`, {
      multipart: { files: { name: "forged.png", mimeType: "image/png", buffer: PNG } },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    await page.reload();
    await expect(page.getByTestId("chat-document").filter({ hasText: "forged.png" })).toHaveCount(0);

    // Nothing chosen: refused on the field.
    await page.getByTestId("chat-upload-form").getByRole("button", { name: "Upload" }).click();
    await expect(page.getByTestId("chat-files-error")).toHaveText("Choose a file to attach");

    // Support answers (markdown): after a refresh the reply is there, rendered.
    // (Other specs' payments may have left notifications: counted relative to before.)
    await page.goto("/home");
    const before = await headerCount(page);
    const reply = unique("Thanks for writing");
    await staffCommand(page, ["chat:reply", channelId, `**${reply}**`]);
    await page.goto("/home");
    expect(await headerCount(page)).toBe(before + 1);
    await expect(page.locator("header nav a[href='/chat']")).toHaveText(/^Chat \(\d+ unread\)$/);
    await page.goto(`/chat/${channelId}`);
    const answer = page.getByTestId("chat-message").last();
    await expect(answer.locator("strong")).toHaveText(reply);
    await expect(answer).toContainText("Support");
    // Opening the channel read it: the header has no count any more.
    await page.reload();
    expect(await headerCount(page)).toBe(before);
  });

  test("ask a question; older messages page by page", async ({ page, request }) => {
    await signIn(page, CUSTOMERS.individual);
    await page.goto("/chat");
    await page.getByTestId("chat-ask").click();
    await expect(page).toHaveURL(/\/chat\/new$/);
    // Both fields empty: refused on the fields.
    await page.getByRole("button", { name: "Send question" }).click();
    await expect(page.getByText("Enter a title")).toBeVisible();
    // A question over 4096 characters, pasted: refused on its field, title and text kept.
    const longTitle = unique("Too long");
    await page.getByLabel("Title").fill(longTitle);
    await paste(page, page.getByLabel("Your question"), TOO_LONG);
    await page.getByRole("button", { name: "Send question" }).click();
    await expect(page).toHaveURL(/\/chat\/new$/);
    await expect(page.locator("#chat-ask-content-error")).toHaveText(MAX_LENGTH_ERROR);
    await expect(page.getByLabel("Your question")).toHaveValue(TOO_LONG);
    await expect(page.getByLabel("Title")).toHaveValue(longTitle);
    const title = unique("Card limit");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Your question").fill("How do I raise my card limit?");
    await page.getByRole("button", { name: "Send question" }).click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("chat-channel-title")).toHaveText(title);
    await expect(page.getByTestId("chat-message").last()).toContainText("How do I raise my card limit?");
    const questionId = new URL(page.url()).pathname.split("/")[2];
    await page.goto("/chat");
    await expect(page.getByTestId("chat-channel").filter({ hasText: title })).toBeVisible();

    // The same form posted twice at once (a double click without JavaScript): one question.
    await page.goto("/chat/new");
    const askForm = page.locator("main form[method=post]", { has: page.locator("input[name=idempotencyKey]") });
    const twiceTitle = unique("Asked twice");
    const form = {
      csrf: await askForm.locator("input[name=csrf]").inputValue(),
      idempotencyKey: await askForm.locator("input[name=idempotencyKey]").inputValue(),
      title: twiceTitle,
      content: "Sent with one click too many",
    };
    const answers = await Promise.all([0, 1].map(() => page.request.post("/chat/new", { form, maxRedirects: 0 })));
    const places = answers.map((r) => r.headers()["location"]);
    for (const r of answers) expect(r.status(), await r.text()).toBe(302);
    expect(places[0]).toMatch(/^\/chat\/[0-9a-f-]{36}$/);
    expect(places[1]).toBe(places[0]);
    await page.goto("/chat");
    await expect(page.getByTestId("chat-channel").filter({ hasText: twiceTitle })).toHaveCount(1);

    // 16 more messages (through the API): the page shows 15 and links the older ones.
    const api = await apiSession(request, CUSTOMERS.individual);
    for (let i = 1; i <= 16; i++) {
      const res = await api.call("POST", `/channels/${questionId}/messages`, { content: `Paging ${i}` });
      expect(res.status).toBe(201);
    }
    await page.goto(`/chat/${questionId}`);
    await expect(page.getByTestId("chat-message")).toHaveCount(15);
    await expect(page.getByTestId("chat-message").last()).toContainText("Paging 16");
    await page.getByTestId("chat-older").click();
    await expect(page.getByTestId("chat-message").first()).toContainText("How do I raise my card limit?");
    await expect(page.getByRole("link", { name: "Back to the newest messages" })).toBeVisible();
  });
});

test.describe("JavaScript off, notifications", () => {
  test.use({ javaScriptEnabled: false });

  test("a staff decision notifies; the Notifications tab marks it unread until read", async ({ page }) => {
    // A beneficiary of Oliver's, submitted and approved by the bank: a notification.
    const name = unique("Notified *Ltd*");
    await approvedBeneficiary(page, name);

    await signIn(page, CUSTOMERS.individual);
    await page.goto("/chat");
    await expect(page.getByRole("link", { name: /Notifications \d+ unread/ })).toBeVisible();
    await page.getByRole("link", { name: /Notifications/ }).click();
    await expect(page).toHaveURL(/\/chat\/notifications$/);
    // The name is shown as typed (its markdown escaped), in the web app's wording.
    const notice = page.getByTestId("notification").filter({ hasText: `Beneficiary ${name} was approved` });
    await expect(notice).toHaveCount(1);
    await expect(notice.locator("em")).toHaveCount(0);
    await notice.getByRole("button", { name: "Mark as read" }).click();
    await expect(page).toHaveURL(/\/chat\/notifications$/);
    await expect(notice.getByRole("button", { name: "Mark as read" })).toHaveCount(0);
  });
});

test.describe("JavaScript on", () => {
  test("the popup: live reply, Shift+Enter sends, Enter is a new line, inert HTML, too long, Escape", async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await login(page, CUSTOMERS.corporate);
    await watchReady(page);
    const before = page.url();
    // The header's chat link opens the popup (no navigation).
    await page.locator("header nav a[href='/chat']").click();
    const popup = page.getByTestId("chat-popup");
    await expect(popup).toBeVisible();
    expect(page.url()).toBe(before);
    await expect(popup.locator("[data-chat-connection=open]")).toBeAttached({ timeout: 15_000 });
    await expectNoViolations(page, "the chat popup");

    await popup.getByTestId("chat-popup-main").click();
    const channelId = await popup.locator("[data-channel-id]").getAttribute("data-channel-id");
    expect(channelId).toBeTruthy();
    const box = popup.locator("#chat-popup-content");

    // Enter is a new line; Shift+Enter sends.
    const first = unique("First line");
    await box.fill("");
    await box.pressSequentially(first);
    await box.press("Enter");
    await box.pressSequentially("second line");
    await expect(box).toHaveValue(`${first}\nsecond line`);
    await box.press("Shift+Enter");
    await expect(box).toHaveValue("");
    const sent = popup.getByTestId("chat-message").filter({ hasText: first });
    await expect(sent).toHaveCount(1);
    await expect(sent).toContainText("second line");

    // Support replies: the reply appears live, announced, without a reload.
    const reply = unique("Live reply");
    await staffCommand(page, ["chat:reply", channelId!, reply]);
    await expect(popup.getByTestId("chat-message").filter({ hasText: reply })).toBeVisible();
    await expect(popup.getByTestId("chat-live")).toContainText("New message from");
    expect(page.url()).toBe(before);

    // HTML, script links and images in a message are shown as text, never run or loaded.
    const xss = `XSS ${randomUUID().slice(0, 6)} <img src=x onerror="window.__xss=1"> <script>window.__xss=2</script> [click](javascript:window.__xss=3) ![i](https://evil.example/x.png)`;
    await box.fill(xss);
    await box.press("Shift+Enter");
    const inert = popup.getByTestId("chat-message").filter({ hasText: "<img src=x" });
    await expect(inert).toHaveCount(1);
    await expect(inert.locator("img, script, iframe, [onerror]")).toHaveCount(0);
    await expect(inert.locator("a")).toHaveCount(0);
    await expect(inert).toContainText("<script>window.__xss=2</script>");
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    // The staff side (and a reload) sees it the same way on the no-JS page.
    await page.goto(`/chat/${channelId}`);
    const rendered = page.getByTestId("chat-message").filter({ hasText: "<img src=x" });
    await expect(rendered.locator("img, script")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);

    // Too long: refused in the popup, the text kept.
    await watchReady(page);
    await page.locator("header nav a[href='/chat']").click();
    await expect(popup.locator("[data-chat-connection=open]")).toBeAttached({ timeout: 15_000 });
    await popup.getByTestId("chat-popup-main").click();
    await box.fill("");
    await paste(page, box, TOO_LONG);
    await expect(popup.getByTestId("chat-length-hint")).toHaveText("1 character too many");
    await box.press("Shift+Enter");
    await expect(popup.getByTestId("chat-popup-error")).toHaveText(MAX_LENGTH_ERROR);
    await expect(box).toHaveValue(TOO_LONG);

    // Escape closes; focus goes back to the chat link.
    await page.keyboard.press("Escape");
    await expect(popup).toBeHidden();
    await expect(page.locator("header nav a[href='/chat']")).toBeFocused();

    // Closed, the chat stays connected: a reply counts in the header at once, and in the popup's list.
    await page.goto("/home");
    await watchReady(page);
    await page.locator("header nav a[href='/chat']").click();
    await expect(popup.locator("[data-chat-connection=open]")).toBeAttached({ timeout: 15_000 });
    await page.keyboard.press("Escape");
    // The count the reply adds to: once the popup's own read of the counts has landed (two reads
    // half a second apart agree). Read at once, a late update could follow it (a CI flake: 2 read,
    // then 1 landed, then the reply made it 2, not 3).
    const unreadBefore = await settledHeaderCount(page);
    await staffCommand(page, ["chat:reply", channelId!, unique("While closed")]);
    await expect(page.locator("header nav a[href='/chat']")).toHaveText(`Chat (${unreadBefore + 1} unread)`);
    expect(new URL(page.url()).pathname).toBe("/home");
    await page.locator("header nav a[href='/chat']").click();
    await expect(popup.getByTestId("chat-popup-main").getByTestId("channel-unread")).toContainText("1");
  });

  test("the channels of an organization left by a switch are unsubscribed (spec 000 §7), the new one's subscribed", async ({
    page,
  }) => {
    const frames: string[] = [];
    // socket.io sends over HTTP long-polling until it has upgraded to a WebSocket: both.
    page.on("websocket", (ws) => ws.on("framesent", (f) => frames.push(String(f.payload))));
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/api/socket.io/")) frames.push(r.postData() ?? "");
    });
    const channelsIn = (event: string) =>
      frames.flatMap((f) => [...f.matchAll(new RegExp(`"${event}",\\{"channelId":"([0-9a-f-]{36})"`, "g"))].map((m) => m[1]));
    await login(page, CUSTOMERS.both);
    await watchReady(page);
    const popup = page.getByTestId("chat-popup");
    await page.locator("header nav a[href='/chat']").click();
    await expect(popup.locator("[data-chat-connection=open]")).toBeAttached({ timeout: 15_000 });
    // One frame per channel, each its own event here: the set is read once every one has gone
    // (two reads half a second apart agree), not at the first (a flake: a channel subscribed
    // after the read was then unsubscribed by the switch, "not in the set").
    await settled(
      () => channelsIn("subscribe").length,
      (n) => n > 0,
    );
    const personal = new Set(channelsIn("subscribe"));
    expect(channelsIn("unsubscribe")).toEqual([]);
    await page.keyboard.press("Escape");

    await page.getByTestId("profile-link").click();
    const profile = page.getByRole("dialog", { name: "James Patel" });
    await profile.getByRole("button", { name: "Switch to Patel Consulting Ltd" }).click();
    await expect(page.getByRole("complementary", { name: "Accounts" })).toContainText(/Business account/);
    await page.locator("header nav a[href='/chat']").click();
    await expect(popup.locator("[data-chat-connection=open]")).toBeAttached({ timeout: 15_000 });
    // Every channel of the personal organization was left; the company's were joined.
    await expect.poll(() => new Set(channelsIn("unsubscribe"))).toEqual(personal);
    expect(channelsIn("subscribe").filter((id) => !personal.has(id)).length).toBeGreaterThan(0);
    await page.keyboard.press("Escape");
    await page.getByTestId("profile-link").click();
    await profile.getByRole("button", { name: "Switch to James Patel" }).click();
    await expect(page.getByRole("complementary", { name: "Accounts" })).toContainText(/Personal account/);
  });

  test("the chat pages refuse a message over 4096 characters before sending it", async ({ page }) => {
    await signIn(page, CUSTOMERS.corporate);
    await page.goto("/chat");
    await page.getByTestId("chat-main-channel").click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await watchReady(page);
    const posts = watchPosts(page, new URL(page.url()).pathname);
    const box = page.locator("#chat-content");
    await paste(page, box, TOO_LONG);
    await expect(page.getByTestId("chat-length-hint")).toHaveText("1 character too many");
    await page.getByTestId("chat-post-form").getByRole("button", { name: "Send" }).click();
    await expect(page.getByTestId("chat-content-error")).toHaveText(MAX_LENGTH_ERROR);
    await expect(box).toBeFocused();
    await expect(box).toHaveValue(TOO_LONG);
    expect(posts).toEqual([]);
    // Shortened to the limit: the error goes, and the whole text is sent.
    const atLimit = `${unique("At the limit")} `.padEnd(4096, "z");
    await box.fill(atLimit);
    await expect(page.getByTestId("chat-content-error")).toHaveCount(0);
    await expect(page.getByTestId("chat-length-hint")).toHaveText("0 characters left");
    await page.getByTestId("chat-post-form").getByRole("button", { name: "Send" }).click();
    await expect(page.getByTestId("chat-message").last()).toContainText(atLimit.slice(0, 40));
    await expect(box).toHaveValue("");
    expect(posts).toHaveLength(1);

    await page.goto("/chat/new");
    await watchReady(page);
    const asks = watchPosts(page, "/chat/new");
    await page.getByLabel("Title").fill(unique("Too long with JavaScript"));
    await paste(page, page.getByLabel("Your question"), TOO_LONG);
    await page.getByRole("button", { name: "Send question" }).click();
    await expect(page.locator("#chat-ask-content-error")).toHaveText(MAX_LENGTH_ERROR);
    await expect(page.getByLabel("Your question")).toHaveValue(TOO_LONG);
    expect(asks).toEqual([]);
  });

  test("the popup's tabs and ask a question", async ({ page }) => {
    await login(page, CUSTOMERS.corporate);
    await watchReady(page);
    await page.locator("header nav a[href='/chat']").click();
    const popup = page.getByTestId("chat-popup");
    await popup.getByTestId("chat-popup-notifications-tab").click();
    await expect(popup.getByTestId("chat-popup-notifications-tab")).toHaveAttribute("aria-pressed", "true");
    await popup.getByRole("button", { name: /^Chat/ }).click();
    await popup.getByTestId("chat-popup-ask").click();
    const title = unique("Popup question");
    await popup.getByLabel("Title").fill(title);
    // A question over 4096 characters, pasted: refused before anything is sent, text kept.
    const posts = watchPosts(page, "/chat/new");
    await paste(page, popup.getByLabel("Your question"), TOO_LONG);
    await popup.getByRole("button", { name: "Send question" }).click();
    await expect(popup.locator("#chat-popup-ask-content-error")).toHaveText(MAX_LENGTH_ERROR);
    await expect(popup.getByLabel("Your question")).toHaveValue(TOO_LONG);
    expect(posts).toEqual([]);
    await popup.getByLabel("Your question").fill("Asked from the popup");
    await popup.getByRole("button", { name: "Send question" }).click();
    await expect(popup.getByRole("heading", { name: title })).toBeVisible();
    await expect(popup.getByTestId("chat-message").filter({ hasText: "Asked from the popup" })).toBeVisible();
    await popup.getByTestId("chat-popup-back").click();
    await expect(popup.getByRole("button", { name: new RegExp(title) })).toBeVisible();

    // Closing returns to the chat tab with nothing selected.
    await popup.getByRole("button", { name: new RegExp(title) }).click();
    await expect(popup.getByRole("heading", { name: title })).toBeVisible();
    await popup.getByRole("button", { name: "Close the chat" }).click();
    await expect(popup).toBeHidden();
    await page.locator("header nav a[href='/chat']").click();
    await expect(popup.getByTestId("chat-popup-main")).toBeVisible();
    await expect(popup.getByRole("heading", { level: 2, name: "Chat" })).toBeVisible();
  });
});

test.describe("JavaScript on, the gateway's limits", () => {
  test('a popup refused for too many windows says so, not "cannot connect", and connects once one closes', async ({
    page,
    request,
    consoleErrors,
  }) => {
    // Amelia's other windows: the gateway's ceiling of sockets per user (MAX_SOCKETS_PER_USER,
    // 20 on one instance; docs/chat.md "Limits"), held from here.
    const api = await apiSession(request, CUSTOMERS.corporate);
    const { token } = (await api.call("POST", "/tokens/messaging")).body as { token: string };
    const others: Socket[] = [];
    try {
      for (let i = 0; i < 20; i++) {
        const socket = io(test.info().project.use.baseURL!, {
          path: "/api/socket.io",
          auth: { token },
          transports: ["websocket"],
          reconnection: false,
        });
        others.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once("connect", () => resolve());
          socket.once("connect_error", reject);
        });
      }
      await page.clock.install();
      await login(page, CUSTOMERS.corporate);
      await watchReady(page);
      await page.locator("header nav a[href='/chat']").click();
      const popup = page.getByTestId("chat-popup");
      const crowded = popup.getByTestId("chat-refused-too-many-connections");
      await expect(crowded).toHaveText(
        "The chat is open in too many windows or devices. Close some of them: this one will reconnect by itself.",
      );
      // Past the connect timeout (10 s): still the reason, not the unsupported view.
      await page.clock.fastForward(11_000);
      await expect(crowded).toBeVisible();
      await expect(popup.getByTestId("chat-unsupported")).toHaveCount(0);
      await expectNoViolations(page, "the chat popup refused for too many windows");

      // One window closes: the popup's next attempt (30 s after the refusal, at most 37.5) connects.
      others.pop()!.disconnect();
      await page.clock.fastForward(40_000);
      await expect(popup.locator("[data-chat-connection=open]")).toBeAttached({ timeout: 15_000 });
      await expect(crowded).toHaveCount(0);
      // A refused handshake makes socket.io close its long-polling session while a poll may still
      // be on its way, and the clock's jumps fire its heartbeat timers at once: that poll is
      // answered 400 (session unknown) and Chromium logs it. socket.io's transport, not the app
      // (seen once in CI, 2026-11-30); any other error still fails the test.
      for (let i = consoleErrors.length - 1; i >= 0; i--)
        if (/status of 400 .*\/api\/socket\.io\/\?EIO=4&transport=polling/.test(consoleErrors[i])) consoleErrors.splice(i, 1);
    } finally {
      for (const socket of others) socket.disconnect();
    }
  });
});

test.describe("JavaScript on, no socket", () => {
  test("connecting, the unsupported view after 10 s; messages still go through the page's action", async ({
    page,
    consoleErrors,
  }) => {
    await login(page, CUSTOMERS.corporate);
    // The gateway unreachable (socket.io starts with HTTP long-polling: refused here).
    await page.route("**/api/socket.io/**", (route) => route.abort());
    await watchReady(page);
    await page.locator("header nav a[href='/chat']").click();
    const popup = page.getByTestId("chat-popup");
    await expect(popup.getByTestId("chat-connecting")).toBeVisible();
    await expect(popup.getByTestId("chat-unsupported")).toBeVisible({ timeout: 15_000 });
    await expect(popup.getByRole("link", { name: "Open the chat page" })).toHaveAttribute("href", "/chat");

    // Still usable: a message is posted through /chat/:id (with its Idempotency-Key).
    await popup.getByTestId("chat-popup-main").click();
    const text = unique("Sent without a socket");
    await popup.locator("#chat-popup-content").fill(text);
    await popup.locator("#chat-popup-content").press("Shift+Enter");
    await expect(popup.getByTestId("chat-message").filter({ hasText: text })).toHaveCount(1);
    await expect(popup.locator("#chat-popup-content")).toHaveValue("");

    // Refused by the page's action: the text stays in the box, the error beside it.
    const kept = unique("Kept after a refusal");
    await page.route(
      (url) => url.pathname.startsWith("/chat/") && url.searchParams.has("index"),
      (route) =>
        route.request().method() === "POST"
          ? route.fulfill({
              status: 400,
              contentType: "application/json",
              // Remix's data answer (not an error thrown by the action).
              headers: { "X-Remix-Response": "yes" },
              body: JSON.stringify({ form: "message", formError: "Refused for the test", values: { content: kept } }),
            })
          : route.fallback(),
    );
    await popup.locator("#chat-popup-content").fill(kept);
    await popup.locator("#chat-popup-content").press("Shift+Enter");
    await expect(popup.getByTestId("chat-popup-error")).toHaveText("Refused for the test");
    await expect(popup.locator("#chat-popup-content")).toHaveValue(kept);
    // The refused socket requests and the refused post are the point of this test.
    for (let i = consoleErrors.length - 1; i >= 0; i--)
      if (/\/api\/socket\.io\/|status of 400 .*\/chat\//.test(consoleErrors[i])) consoleErrors.splice(i, 1);
  });
});
