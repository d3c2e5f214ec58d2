/**
 * The chat gateway (server/messaging; docs/chat.md "Gateway") on the test server, with
 * socket.io-client: a connection needs a messaging token (refused `unauthorized` without one,
 * with a forged or expired one); subscribing to another organization's channel is refused like an
 * unknown channel; messages sent over the socket and over HTTP, staff replies and notifications
 * reach the subscribed sockets and the owners' users live, with their unread counts.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addMember, createCustomer, createUser, type CreatedCustomer } from "../../server/seed/factories.js";
import { postNotification, staffReply } from "../../server/domain/chat/index.js";
import { issueMessagingToken } from "../../server/domain/chat/tokens.js";
import { createSession } from "../../server/domain/auth/sessions.js";
import { apiSessions } from "../../server/db/schema/index.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

const SECRET = "api-test-otp-secret-0123456789";
const STAFF_TOKEN = "chat-gateway-staff-token-0123456789abcdef";

describe.each(databases)("chat gateway on %s", (kind) => {
  let s: TestServer;
  let a: CreatedCustomer;
  let aToken: string;
  let colleagueToken: string;
  let b: CreatedCustomer;
  let bToken: string;
  let aMain: string;
  let bMain: string;
  const sockets: Socket[] = [];

  /** Open a socket with `auth`; resolves on connect, rejects with the connect_error message. */
  const open = (auth: Record<string, unknown> | undefined) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(s.baseUrl, { path: "/api/socket.io", auth, transports: ["websocket"], reconnection: false });
      sockets.push(socket);
      socket.on("connect", () => resolve(socket));
      socket.on("connect_error", (err) => reject(err));
    });
  const tokenFor = async (bearer: string) => (await s.call("POST", "/tokens/messaging", { token: bearer })).body.token as string;
  const emit = (socket: Socket, event: string, payload: unknown) =>
    new Promise<{ ok: boolean; error?: string; message?: { id: string; content: string } }>((resolve) =>
      socket.emit(event, payload, resolve),
    );
  /** The next `event` on `socket` matching `pred` (5 s). */
  const next = <T>(socket: Socket, event: string, pred: (p: T) => boolean = () => true) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5_000);
      const on = (p: T) => {
        if (!pred(p)) return;
        clearTimeout(timer);
        socket.off(event, on);
        resolve(p);
      };
      socket.on(event, on);
    });

  beforeAll(async () => {
    s = await startTestServer({ db: kind, gateway: true, staffToken: STAFF_TOKEN });
    a = await createCustomer(s.db, { type: "CORPORATE" });
    aToken = await s.login(a.phone);
    const colleague = await createUser(s.db, { firstName: "Cole" });
    await addMember(s.db, { organizationId: a.organization.id, userId: colleague.id, companyOfficialType: "DIRECTOR" });
    colleagueToken = await s.login(colleague.phone);
    b = await createCustomer(s.db, { type: "INDIVIDUAL" });
    bToken = await s.login(b.phone);
    const main = async (token: string, orgId: string) =>
      (await s.call("GET", `/channels?channelType=MAIN&organizationId=${orgId}`, { token })).body.data[0].id as string;
    aMain = await main(aToken, a.organization.id);
    bMain = await main(bToken, b.organization.id);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => s?.close());

  it("the CSP lets pages of this origin open the socket, and no other host", async () => {
    const res = await fetch(`${s.baseUrl}/api/v1/health`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1].split(" ") ?? [];
    expect(connect).toEqual(["'self'", s.baseUrl.replace(/^http/, "ws")]);
  });

  it("refuses a connection without a token, with a forged, expired or blocked user's token: connect_error unauthorized", async () => {
    await expect(open(undefined)).rejects.toThrow("unauthorized");
    await expect(open({ token: "forged.token" })).rejects.toThrow("unauthorized");
    const deviceOf = async (userId: string) =>
      (await s.db.select({ id: apiSessions.familyId }).from(apiSessions).where(eq(apiSessions.userId, userId)).limit(1))[0].id;
    const aDevice = await deviceOf(a.user.id);
    const expired = issueMessagingToken(SECRET, a.user.id, aDevice, Date.now() - 61_000).token;
    await expect(open({ token: expired })).rejects.toThrow("unauthorized");
    const other = issueMessagingToken("another-secret-0123456789", a.user.id, aDevice).token;
    await expect(open({ token: other })).rejects.toThrow("unauthorized");
    // A device that is not the user's (or no longer signed in) opens nothing.
    await expect(open({ token: issueMessagingToken(SECRET, a.user.id, randomUUID()).token })).rejects.toThrow("unauthorized");
    const blocked = await createUser(s.db, { status: "BLOCKED" });
    await createSession(s.db, blocked.id);
    await expect(open({ token: issueMessagingToken(SECRET, blocked.id, await deviceOf(blocked.id)).token })).rejects.toThrow(
      "unauthorized",
    );
    const socket = await open({ token: await tokenFor(aToken) });
    expect(socket.connected).toBe(true);
  });

  it("subscribe: the caller's channel yes; another organization's or an unknown one is refused alike", async () => {
    const socket = await open({ token: await tokenFor(aToken) });
    expect(await emit(socket, "subscribe", { channelId: aMain })).toEqual({ ok: true });
    expect(await emit(socket, "subscribe", { channelId: bMain })).toEqual({ ok: false, error: "Chat.not-found" });
    expect(await emit(socket, "subscribe", { channelId: "00000000-0000-4000-8000-000000000000" })).toEqual({
      ok: false,
      error: "Chat.not-found",
    });
    expect(await emit(socket, "subscribe", "garbage")).toEqual({ ok: false, error: "Chat.not-found" });
    expect(await emit(socket, "unsubscribe", { channelId: aMain })).toEqual({ ok: true });
  });

  it("a message sent over the socket reaches the colleague's subscribed socket, with the unread count", async () => {
    const sender = await open({ token: await tokenFor(aToken) });
    const reader = await open({ token: await tokenFor(colleagueToken) });
    const intruder = await open({ token: await tokenFor(bToken) });
    expect((await emit(reader, "subscribe", { channelId: aMain })).ok).toBe(true);
    expect((await emit(intruder, "subscribe", { channelId: aMain })).ok).toBe(false);
    let intruderGot = 0;
    intruder.on("message", () => intruderGot++);
    const received = next<{ id: string; content: string; channelId: string }>(reader, "message");
    const count = next<Record<string, number>>(reader, "data-unread-messages-count", (p) => aMain in p);
    const ack = await emit(sender, "message", { channelId: aMain, content: "  over the socket  " });
    expect(ack.ok).toBe(true);
    expect(ack.message?.content).toBe("over the socket");
    expect(await received).toMatchObject({ id: ack.message!.id, channelId: aMain, content: "over the socket" });
    expect((await count)[aMain]).toBeGreaterThanOrEqual(1);
    const tooLong = await emit(sender, "message", { channelId: aMain, content: "x".repeat(4097) });
    expect(tooLong).toEqual({ ok: false, error: "Chat.max-length" });
    // Empty, or only zero-width / invisible characters: the key of an empty message.
    for (const content of ["   ", "\u200B\u200C\u200D\u2060\uFEFF \n"])
      expect(await emit(sender, "message", { channelId: aMain, content }), JSON.stringify(content)).toEqual({
        ok: false,
        error: "Chat.empty",
      });
    expect(await emit(intruder, "message", { channelId: aMain, content: "intrusion" })).toEqual({
      ok: false,
      error: "Chat.not-found",
    });
    expect(intruderGot).toBe(0);
  });

  it("a socket message with an idempotency key is one message: repeated over the socket or posted over HTTP with the key", async () => {
    const sender = await open({ token: await tokenFor(aToken) });
    const key = randomUUID();
    const first = await emit(sender, "message", { channelId: aMain, content: "sent once", idempotencyKey: key });
    expect(first.ok).toBe(true);
    const again = await emit(sender, "message", { channelId: aMain, content: "sent once", idempotencyKey: key });
    expect(again).toMatchObject({ ok: true, message: { id: first.message!.id } });
    // The popup's fallback when the acknowledgement is lost: the page's action posts with the same key.
    const http = await s.call("POST", `/channels/${aMain}/messages`, {
      token: aToken,
      body: { content: "sent once" },
      headers: { "Idempotency-Key": key },
    });
    expect(http.status).toBe(200);
    expect(http.body.id).toBe(first.message!.id);
    const page = await s.call("GET", `/channels/${aMain}/messages?take=50`, { token: aToken });
    expect((page.body.data as { content: string }[]).filter((m) => m.content === "sent once")).toHaveLength(1);
    // Another text under the same key is refused; a malformed key is refused on its field.
    expect(await emit(sender, "message", { channelId: aMain, content: "different", idempotencyKey: key })).toEqual({
      ok: false,
      error: "Chat.error",
    });
    expect(await emit(sender, "message", { channelId: aMain, content: "x", idempotencyKey: "k".repeat(129) })).toEqual({
      ok: false,
      error: "Chat.invalid",
    });
    expect(await emit(sender, "message", { channelId: aMain, content: "x", idempotencyKey: 42 })).toEqual({
      ok: false,
      error: "Chat.invalid",
    });
  });

  it("messages posted over HTTP, staff replies, new questions and notifications are delivered live", async () => {
    const reader = await open({ token: await tokenFor(colleagueToken) });
    await emit(reader, "subscribe", { channelId: aMain });
    const viaHttp = next<{ content: string }>(reader, "message", (m) => m.content === "via HTTP");
    expect((await s.call("POST", `/channels/${aMain}/messages`, { token: aToken, body: { content: "via HTTP" } })).status).toBe(
      201,
    );
    await viaHttp;
    const reply = next<{ content: string; employeeId: string }>(reader, "message", (m) => m.content === "Support here");
    await staffReply(s.db, { channelId: aMain, content: "Support here", employeeId: "staff:test" });
    expect((await reply).employeeId).toBe("staff:test");
    const newChannel = next<{ channelType: string; title: string }>(reader, "data-new-channel");
    const q = await s.call("POST", "/channels", {
      token: aToken,
      body: { organizationId: a.organization.id, title: "Q", content: "?" },
    });
    expect(q.status).toBe(201);
    expect(await newChannel).toMatchObject({ channelType: "QUESTION", title: "Q", unreadCount: 1 });
    // `npm run bank -- chat:reply` through the running server's staff endpoint (BANK_URL) is live too.
    const viaStaff = next<{ content: string; employeeId: string }>(
      reader,
      "message",
      (m) => m.content === "Through the endpoint",
    );
    const staff = await fetch(`${s.baseUrl}/api/staff/bank`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Staff ${STAFF_TOKEN}` },
      body: JSON.stringify({ argv: ["chat:reply", aMain, "Through the endpoint"] }),
    });
    expect(staff.status).toBe(200);
    expect((await viaStaff).employeeId).toBe("staff:cli");
    const notification = next<{ content: string; key: string }>(reader, "notification");
    await postNotification(s.db, { organizationId: a.organization.id }, { content: "Approved", key: "Notifications.test" });
    expect(await notification).toMatchObject({ content: "Approved", key: "Notifications.test", readAt: null });
  });
});
