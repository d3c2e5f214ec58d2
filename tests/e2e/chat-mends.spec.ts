/**
 * Chat mends (docs/chat.md; docs/decisions.md "Chat mends"), probes that failed before their fixes:
 * - JavaScript on, a message sent right after the channel opens (its loader not back yet) whose
 *   socket acknowledgement is lost: the socket message carries an idempotency key made when it
 *   was composed, the popup posts it over HTTP with THAT key after 5 s (not 10 s), and the
 *   message is saved once. It used to go out without a key (the loader's key had not arrived),
 *   after 10 s, and be saved twice.
 * - A message of only zero-width / invisible characters (U+200B, U+200C, U+200D, U+2060, U+FEFF)
 *   is refused as empty ("Write a message first"): JavaScript off by the page's action, on by the
 *   page's and the popup's check. It used to post an empty bubble.
 * - JavaScript off, a file attached on /chat/:id of the user's organization that is NOT the
 *   active one (James Patel's company while his own is active) is attached; another customer's
 *   organization's channel stays 404, reading and attaching. It used to be uploaded for the
 *   active organization and refused by the API.
 *
 * Customers: Amelia's Northwind (JavaScript on), Oliver (JavaScript off), James Patel's Patel
 * Consulting (JavaScript off); unique texts, as tests/e2e/chat.spec.ts.
 */
import type { Page, Request } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { apiSession, CUSTOMERS, expect, login, signIn, test } from "./fixtures";
import { watchReady } from "./layout-helpers";

/** A 1×1 PNG (the API checks files by their bytes). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;
const EMPTY_ERROR = "Write a message first";
/** Zero-width space, non-joiner, joiner, word joiner, byte order mark, with white space. */
const INVISIBLE = " \u200B\u200C\u200D\u2060\uFEFF \n\u200B";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** How many messages of the channel page `/chat/:id` (its newest page) contain `text`. */
async function countOnPage(page: Page, channelId: string, text: string): Promise<number> {
  await page.goto(`/chat/${channelId}`);
  return page.getByTestId("chat-message").filter({ hasText: text }).count();
}

test.describe("JavaScript on, a lost acknowledgement", () => {
  test("a message sent before the channel's data arrived carries a key, goes over HTTP after 5 s with it, and is saved once", async ({
    page,
  }) => {
    // Real waits (the 5-second HTTP fallback, an 8-second slow channel load): 33 s of the default
    // 60 on a slow CI machine beside the other shard.
    test.setTimeout(120_000);
    // The socket goes through a relay that drops the gateway's acknowledgements of `message`
    // (engine.io "4" + socket.io ACK "3" + id + `[{"ok":true,"message":…}]`): the message is saved,
    // the popup never hears so.
    const sent: { at: number; data: string }[] = [];
    let upgraded = false;
    await page.routeWebSocket(
      (url) => url.pathname.startsWith("/api/socket.io"),
      (ws) => {
        const server = ws.connectToServer();
        ws.onMessage((m) => {
          const data = String(m);
          if (data === "5") upgraded = true;
          sent.push({ at: Date.now(), data });
          server.send(m);
        });
        server.onMessage((m) => {
          if (/^43\d+\[\{"ok":true,"message"/.test(String(m))) return;
          ws.send(m);
        });
      },
    );
    await login(page, CUSTOMERS.corporate);
    await watchReady(page);
    await page.locator("header nav a[href='/chat']").click();
    const popup = page.getByTestId("chat-popup");
    await expect(popup.locator("[data-chat-connection=open]")).toBeAttached({ timeout: 15_000 });
    // Every frame from here goes through the relay (no long-polling left).
    await expect.poll(() => upgraded, { timeout: 15_000 }).toBe(true);

    // The channel's data (its loader, which also made the old key) held back 8 s.
    await page.route(
      (url) => /^\/chat\/[0-9a-f-]{36}$/.test(url.pathname) && url.searchParams.has("index"),
      async (route) => {
        if (route.request().method() === "GET") await new Promise((r) => setTimeout(r, 8_000));
        await route.fallback();
      },
    );
    const posts: { at: number; request: Request }[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && /^\/chat\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname))
        posts.push({ at: Date.now(), request: r });
    });

    await popup.getByTestId("chat-popup-main").click();
    const channelId = await popup.locator("[data-channel-id]").getAttribute("data-channel-id");
    const text = unique("Sent before the key loaded");
    const box = popup.locator("#chat-popup-content");
    await box.fill(text);
    await box.press("Shift+Enter");
    const sentAt = Date.now();

    // Over the socket, with a key made in the browser (the loader is still held back).
    await expect.poll(() => sent.find((f) => f.data.includes(text))).toBeTruthy();
    const frame = sent.find((f) => f.data.includes(text))!;
    const payload = JSON.parse(frame.data.replace(/^42\d*/, ""))[1] as { content: string; idempotencyKey?: string };
    expect(payload.idempotencyKey).toMatch(UUID);

    // No acknowledgement: posted through the page's action after 5 s, with the same key.
    await expect.poll(() => posts.length, { timeout: 12_000 }).toBe(1);
    const waited = posts[0].at - sentAt;
    expect(waited).toBeGreaterThanOrEqual(4_500);
    expect(waited).toBeLessThan(8_000);
    const form = new URLSearchParams(posts[0].request.postData() ?? "");
    expect(form.get("content")).toBe(text);
    expect(form.get("idempotencyKey")).toBe(payload.idempotencyKey);
    // The action answers the message the socket saved: the box empties, one bubble.
    await expect(box).toHaveValue("", { timeout: 15_000 });
    await expect(popup.getByTestId("chat-message").filter({ hasText: text })).toHaveCount(1);

    // The next message gets a new key.
    const second = unique("The next one");
    await box.fill(second);
    await box.press("Shift+Enter");
    await expect.poll(() => sent.find((f) => f.data.includes(second))).toBeTruthy();
    const next = JSON.parse(sent.find((f) => f.data.includes(second))!.data.replace(/^42\d*/, ""))[1];
    expect(next.idempotencyKey).toMatch(UUID);
    expect(next.idempotencyKey).not.toBe(payload.idempotencyKey);
    await expect(box).toHaveValue("", { timeout: 15_000 });

    // Saved once.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    expect(await countOnPage(page, channelId!, text)).toBe(1);
  });
});

test.describe("JavaScript off, invisible characters", () => {
  test.use({ javaScriptEnabled: false });

  test("a message of only zero-width characters is refused as empty by the page's action", async ({ page }) => {
    await signIn(page, CUSTOMERS.individual);
    await page.goto("/chat");
    await page.getByTestId("chat-main-channel").click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    // Without JavaScript the URL changes when the new document commits, before it has all
    // arrived: count the bubbles once it has loaded (a CI flake counted 0 of 1).
    await page.waitForLoadState("load");
    const bubbles = await page.getByTestId("chat-message").count();
    await page.locator("#chat-content").fill(INVISIBLE);
    await page.getByTestId("chat-post-form").getByRole("button", { name: "Send" }).click();
    await expect(page.getByTestId("chat-content-error")).toHaveText(EMPTY_ERROR);
    await expect(page.getByTestId("chat-message")).toHaveCount(bubbles);

    // A question whose title or text is only invisible characters: the same.
    await page.goto("/chat/new");
    await page.getByLabel("Title").fill("\u200B\u2060\uFEFF");
    await page.getByLabel("Your question").fill(INVISIBLE);
    await page.getByRole("button", { name: "Send question" }).click();
    await expect(page.locator("#chat-ask-content-error")).toHaveText(EMPTY_ERROR);
    await expect(page.locator("#chat-ask-title-error")).toHaveText("Enter a title");
    await expect(page).toHaveURL(/\/chat\/new$/);
  });
});

test.describe("JavaScript on, invisible characters", () => {
  test("the page's form and the popup refuse a message of only zero-width characters before sending it", async ({ page }) => {
    await signIn(page, CUSTOMERS.corporate);
    await page.goto("/chat");
    await page.getByTestId("chat-main-channel").click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await watchReady(page);
    const path = new URL(page.url()).pathname;
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === path) posts.push(r.url());
    });
    await page.locator("#chat-content").fill(INVISIBLE);
    await page.getByTestId("chat-post-form").getByRole("button", { name: "Send" }).click();
    await expect(page.getByTestId("chat-content-error")).toHaveText(EMPTY_ERROR);

    // The popup: refused in the box, nothing over the socket or HTTP.
    const frames: string[] = [];
    page.on("websocket", (ws) => ws.on("framesent", (f) => frames.push(String(f.payload))));
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/api/socket.io/")) frames.push(r.postData() ?? "");
    });
    await page.locator("header nav a[href='/chat']").click();
    const popup = page.getByTestId("chat-popup");
    await expect(popup.locator("[data-chat-connection=open]")).toBeAttached({ timeout: 15_000 });
    await popup.getByTestId("chat-popup-main").click();
    const box = popup.locator("#chat-popup-content");
    await box.fill(INVISIBLE);
    await box.press("Shift+Enter");
    await expect(popup.getByTestId("chat-popup-error")).toHaveText(EMPTY_ERROR);
    await expect(box).toHaveValue(INVISIBLE);
    expect(frames.filter((f) => f.includes('"message"'))).toEqual([]);
    expect(posts).toEqual([]);
  });
});

test.describe("JavaScript off, another of the user's organizations", () => {
  test.use({ javaScriptEnabled: false });

  test("a file attaches on the chat of an organization that is not the active one; a foreign organization's chat stays 404", async ({
    page,
    request,
  }) => {
    const james = await apiSession(request, CUSTOMERS.both);
    const organizations = (await james.call("GET", "/clients-organizations")).body.data as { id: string; type: string }[];
    const company = organizations.find((o) => o.type === "CORPORATE" && o.id !== james.organizationId);
    expect(company, "Patel Consulting Ltd, not the active organization").toBeTruthy();
    const mainOf = async (session: Awaited<ReturnType<typeof apiSession>>, organizationId: string) =>
      (await session.call("GET", `/channels?all=true&channelType=MAIN&organizationId=${organizationId}`)).body.data[0]
        .id as string;
    const companyMain = await mainOf(james, company!.id);
    const amelia = await apiSession(request, CUSTOMERS.corporate);
    const northwindMain = await mainOf(amelia, amelia.organizationId);

    await login(page, CUSTOMERS.both);
    // The active organization is his own (the default one): the company's chat is opened by its address.
    await page.goto(`/chat/${companyMain}`);
    await expect(page.getByTestId("chat-upload-form")).toBeVisible();
    const name = `${unique("statement").replace(" ", "-")}.png`;
    await page.locator("#chat-files").setInputFiles({ name, mimeType: "image/png", buffer: PNG });
    await page.getByTestId("chat-upload-form").getByRole("button", { name: "Upload" }).click();
    await expect(page).toHaveURL(new RegExp(`/chat/${companyMain}$`));
    await expect(page.getByTestId("chat-files-error")).toHaveCount(0);
    const link = page.getByRole("link", { name });
    await expect(link).toHaveCount(1);
    const download = await page.request.get((await link.getAttribute("href"))!);
    expect(download.status()).toBe(200);
    expect(Buffer.from(await download.body())).toEqual(PNG);
    // The company's channel holds it (the API, as the company's other members see it).
    const messages = (await james.call("GET", `/channels/${companyMain}/messages`)).body.data as { content: string }[];
    expect(messages.map((m) => m.content)).toContain(name);

    // Another customer's organization: not shown, and a file sent to it is refused before any upload.
    expect((await page.goto(`/chat/${northwindMain}`))?.status()).toBe(404);
    await page.goto(`/chat/${companyMain}`);
    const csrf = await page.locator("[data-testid=chat-upload-form] input[name=csrf]").inputValue();
    const foreign = await page.request.post(`/chat/${northwindMain}`, {
      multipart: { csrf, files: { name: "intrusion.png", mimeType: "image/png", buffer: PNG } },
    });
    expect(foreign.status()).toBe(404);
    const northwind = (await amelia.call("GET", `/channels/${northwindMain}/messages`)).body.data as { content: string }[];
    expect(northwind.map((m) => m.content)).not.toContain("intrusion.png");
  });
});
