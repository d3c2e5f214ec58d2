/**
 * Chat hardening (docs/chat.md):
 * - a question (POST /channels) and an attachment (POST /channels/:id/documents) sent twice with
 *   one Idempotency-Key — one after the other, or at once — write once and answer the first
 *   result; the same key with another body is 409; a replayed attachment leaves one upload row
 *   (the replay's own copy is deleted; nobody else's upload is);
 * - staff messages of the back office are announced only after their transaction (with the audit
 *   entry) commits: a rolled-back reply or attachment is never shown live;
 * - losing access (an official suspended, a logout, a device logged out, a refresh token reused)
 *   disconnects the user's open sockets (a device's: that device's only), and a reconnection is
 *   checked again.
 */
import { createHash, randomUUID } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiSessions, chatChannels, chatMessages, staffUsers, uploads } from "../../server/db/schema/index.js";
import { setChatPublisher, type ChatPublisher } from "../../server/domain/chat/publisher.js";
import { createSession, hashToken } from "../../server/domain/auth/sessions.js";
import { attachAsStaff, replyAsStaff } from "../../server/domain/ops/chat.js";
import type { StaffContext } from "../../server/domain/ops/auth.js";
import { addMember, createCustomer, createUser, type CreatedCustomer } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

describe.each(databases)("chat idempotency and live delivery on %s", (kind) => {
  let s: TestServer;
  let a: CreatedCustomer;
  let aToken: string;
  let mainId: string;
  let colleague: { id: string; phone: string };
  let colleagueToken: string;
  let b: CreatedCustomer;
  let bToken: string;

  const upload = (token: string, organizationId: string, bytes = PDF) => s.upload(token, { organizationId, bytes });
  const ask = (key: string, title: string, content = "How do I close my account?") =>
    s.call("POST", "/channels", {
      token: aToken,
      body: { organizationId: a.organization.id, title, content },
      headers: { "Idempotency-Key": key },
    });
  const questionsTitled = async (title: string) =>
    s.db
      .select({ id: chatChannels.id })
      .from(chatChannels)
      .where(and(eq(chatChannels.ownerKey, `org:${a.organization.id}`), eq(chatChannels.title, title)));

  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    a = await createCustomer(s.db, { type: "CORPORATE" });
    aToken = await s.login(a.phone);
    const list = await s.call("GET", `/channels?channelType=MAIN&organizationId=${a.organization.id}`, { token: aToken });
    mainId = list.body.data[0].id;
    colleague = await createUser(s.db, { firstName: "Col" });
    await addMember(s.db, { organizationId: a.organization.id, userId: colleague.id, companyOfficialType: "DIRECTOR" });
    colleagueToken = await s.login(colleague.phone);
    b = await createCustomer(s.db, { type: "CORPORATE" });
    bToken = await s.login(b.phone);
  });
  afterAll(async () => s?.close());

  it("a question sent twice with one Idempotency-Key opens one channel; the replay answers it (200)", async () => {
    const key = randomUUID();
    const first = await ask(key, "Closing my account");
    expect(first.status).toBe(201);
    const again = await ask(key, "Closing my account");
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.lastMessage.content).toBe("How do I close my account?");
    expect(await questionsTitled("Closing my account")).toHaveLength(1);
    const messages = await s.call("GET", `/channels/${first.body.id}/messages`, { token: aToken });
    expect(messages.body.data).toHaveLength(1);
    // Another question under the same key is refused; without a key every question is new.
    expect((await ask(key, "Another question")).status).toBe(409);
    expect(await questionsTitled("Another question")).toHaveLength(0);
  });

  it("a question double-submitted at once (concurrent requests, one key) opens one channel", async () => {
    const key = randomUUID();
    const answers = await Promise.all([ask(key, "Double click"), ask(key, "Double click"), ask(key, "Double click")]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
    expect(await questionsTitled("Double click")).toHaveLength(1);
  });

  it("attachments sent twice with one key (the form uploading its file again) make one message", async () => {
    const key = randomUUID();
    const attach = async () => {
      const uploadId = await upload(aToken, a.organization.id);
      return s.call("POST", `/channels/${mainId}/documents`, {
        token: aToken,
        body: { data: [{ uploadId, name: "invoice.pdf" }] },
        headers: { "Idempotency-Key": key },
      });
    };
    const first = await attach();
    expect(first.status).toBe(201);
    const again = await attach();
    expect(again.status).toBe(200);
    expect(again.body.data.map((m: { id: string }) => m.id)).toEqual(first.body.data.map((m: { id: string }) => m.id));
    const stored = await s.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.channelId, mainId), like(chatMessages.idempotencyKey, `attach:${key}:%`)));
    expect(stored).toHaveLength(1);
    // Another file under the same key is refused.
    const other = await upload(aToken, a.organization.id, new TextEncoder().encode("%PDF-1.4\n% other\n%%EOF\n"));
    const refused = await s.call("POST", `/channels/${mainId}/documents`, {
      token: aToken,
      body: { data: [{ uploadId: other, name: "other.pdf" }] },
      headers: { "Idempotency-Key": key },
    });
    expect(refused.status).toBe(409);
  });

  it("attachments double-submitted at once with one key make one message", async () => {
    const key = randomUUID();
    const uploadId = await upload(aToken, a.organization.id);
    const attach = () =>
      s.call("POST", `/channels/${mainId}/documents`, {
        token: aToken,
        body: { data: [{ uploadId, name: "twice.pdf" }] },
        headers: { "Idempotency-Key": key },
      });
    const answers = await Promise.all([attach(), attach(), attach()]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((r) => r.body.data[0].id)).size).toBe(1);
    const stored = await s.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.channelId, mainId), eq(chatMessages.content, "twice.pdf")));
    expect(stored).toHaveLength(1);
  });

  it("a replayed attachment leaves one upload row: the replay's own copy goes, nobody else's upload", async () => {
    const bytes = new TextEncoder().encode(`%PDF-1.4\n% statement ${randomUUID()}\n%%EOF\n`);
    const digest = createHash("sha256").update(bytes).digest("hex");
    const rowsOf = async (userId: string) =>
      (
        await s.db
          .select({ id: uploads.id })
          .from(uploads)
          .where(and(eq(uploads.sha256, digest), eq(uploads.userId, userId)))
      ).map((r) => r.id);
    const attach = (uploadId: string, key: string, token = aToken) =>
      s.call("POST", `/channels/${mainId}/documents`, {
        token,
        body: { data: [{ uploadId, name: "statement.pdf" }] },
        headers: { "Idempotency-Key": key },
      });
    const key = randomUUID();
    const first = await upload(aToken, a.organization.id, bytes);
    expect((await attach(first, key)).status).toBe(201);
    // The form resubmitted without JavaScript: its file is uploaded again, the call is a replay.
    const again = await upload(aToken, a.organization.id, bytes);
    expect((await attach(again, key)).status).toBe(200);
    expect(await rowsOf(a.user.id)).toEqual([first]);
    // A retry naming the first call's upload keeps it (it is attached).
    expect((await attach(first, key)).status).toBe(200);
    expect(await rowsOf(a.user.id)).toEqual([first]);

    // Double-submitted at once: each submission uploads its own copy; one row stays for the key.
    const atOnce = randomUUID();
    const copies = await Promise.all([1, 2, 3].map(() => upload(aToken, a.organization.id, bytes)));
    const answers = await Promise.all(copies.map((id) => attach(id, atOnce)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    const kept = await rowsOf(a.user.id);
    expect(kept).toHaveLength(2);
    expect(copies.filter((id) => kept.includes(id))).toHaveLength(1);

    // A colleague's upload of the same file, pending (about to be attached by their own call):
    // named in a replay of someone else, it is not removed, and their call attaches it.
    const pending = await upload(colleagueToken, a.organization.id, bytes);
    expect((await attach(pending, key)).status).toBe(200);
    expect(await rowsOf(colleague.id)).toEqual([pending]);
    expect((await attach(pending, randomUUID(), colleagueToken)).status).toBe(201);
    // Another organization's upload can be neither referenced nor removed.
    const foreign = await upload(bToken, b.organization.id, bytes);
    const refused = await attach(foreign, key);
    expect(refused.status).toBe(400);
    expect(await rowsOf(b.user.id)).toEqual([foreign]);
  });

  it("staff replies and attachments are announced only after the audit entry commits", async () => {
    const events: { event: string; payload: unknown }[] = [];
    const recorder: ChatPublisher = {
      live: true,
      toChannel: (_id, event, payload) => events.push({ event, payload }),
      toUser: (_id, event, payload) => events.push({ event, payload }),
      disconnectUser: () => {},
      disconnectDevice: () => {},
      error: () => {},
    };
    const restore = setChatPublisher(recorder);
    try {
      const [staff] = await s.db.select().from(staffUsers).limit(1);
      const real: StaffContext = {
        id: staff.id,
        email: staff.email,
        phone: staff.phone,
        roles: ["SUPPORT"],
        sessionId: randomUUID(),
      };
      // An unknown staff user: the audit entry fails, the transaction rolls back.
      const ghost: StaffContext = { ...real, id: randomUUID() };
      await expect(replyAsStaff(s.db, ghost, mainId, "Never shown")).rejects.toThrow();
      const file = { name: "ghost.pdf", bytes: PDF };
      await expect(attachAsStaff(s.db, ghost, mainId, [file])).rejects.toThrow();
      expect(events).toEqual([]);
      const rolledBack = await s.db.select().from(chatMessages).where(eq(chatMessages.content, "Never shown"));
      expect(rolledBack).toHaveLength(0);

      const { id } = await replyAsStaff(s.db, real, mainId, "Shown after commit");
      expect(events.some((e) => e.event === "message" && (e.payload as { id: string }).id === id)).toBe(true);
      const { ids } = await attachAsStaff(s.db, real, mainId, [{ ...file, name: "shown.pdf" }]);
      expect(events.some((e) => e.event === "message" && (e.payload as { id: string }).id === ids[0])).toBe(true);
    } finally {
      restore();
    }
  });
});

describe.each(databases)("chat sockets after access is lost on %s", (kind) => {
  let s: TestServer;
  let a: CreatedCustomer;
  let aToken: string;
  let colleague: { id: string; phone: string };
  let officialId: string;
  let aMain: string;
  const sockets: Socket[] = [];

  const open = (token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(s.baseUrl, {
        path: "/api/socket.io",
        auth: { token },
        transports: ["websocket"],
        reconnection: false,
      });
      sockets.push(socket);
      socket.on("connect", () => resolve(socket));
      socket.on("connect_error", (err) => reject(err));
    });
  const tokenFor = async (bearer: string) => (await s.call("POST", "/tokens/messaging", { token: bearer })).body.token as string;
  const emit = (socket: Socket, event: string, payload: unknown) =>
    new Promise<{ ok: boolean; error?: string }>((resolve) => socket.emit(event, payload, resolve));
  const disconnected = (socket: Socket) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("still connected after 5 s")), 5_000);
      socket.on("disconnect", (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });

  beforeAll(async () => {
    s = await startTestServer({ db: kind, gateway: true });
    a = await createCustomer(s.db, { type: "CORPORATE" });
    aToken = await s.login(a.phone);
    colleague = await createUser(s.db, { firstName: "Sus" });
    const member = await addMember(s.db, {
      organizationId: a.organization.id,
      userId: colleague.id,
      companyOfficialType: "DIRECTOR",
    });
    officialId = member.id;
    aMain = (await s.call("GET", `/channels?channelType=MAIN&organizationId=${a.organization.id}`, { token: aToken })).body
      .data[0].id;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => s?.close());

  it("an official suspended is disconnected at once and cannot subscribe again", async () => {
    const bearer = await s.login(colleague.phone);
    const socket = await open(await tokenFor(bearer));
    expect(await emit(socket, "subscribe", { channelId: aMain })).toEqual({ ok: true });
    const gone = disconnected(socket);
    const res = await s.call("PUT", `/clients-organizations/${a.organization.id}/clients-officials/${officialId}/status`, {
      token: aToken,
      body: { status: "SUSPENDED" },
    });
    expect(res.status).toBe(200);
    expect(await gone).toBe("io server disconnect");
    // Reconnecting is checked again: the channel is no longer theirs.
    const again = await open(await tokenFor(bearer));
    expect(await emit(again, "subscribe", { channelId: aMain })).toEqual({ ok: false, error: "Chat.not-found" });
  });

  it("logging out (and logging a device out) disconnects the user's sockets", async () => {
    const first = await s.login(a.phone);
    const socket = await open(await tokenFor(first));
    expect(await emit(socket, "subscribe", { channelId: aMain })).toEqual({ ok: true });
    const gone = disconnected(socket);
    expect((await s.call("POST", "/auth/logout", { token: first })).status).toBeLessThan(300);
    expect(await gone).toBe("io server disconnect");

    const second = await s.login(a.phone);
    const other = await s.login(a.phone);
    const socket2 = await open(await tokenFor(second));
    const gone2 = disconnected(socket2);
    const devices = await s.call("GET", "/devices", { token: other });
    const device = (devices.body.data as { id: string; current: boolean }[]).find((d) => !d.current)!;
    // The device that stays signed in keeps its socket; the one logged out is closed.
    const kept = await open(await tokenFor(other));
    const issuedBefore = await tokenFor(second);
    expect((await s.call("DELETE", `/devices/${device.id}`, { token: other })).status).toBeLessThan(300);
    expect(await gone2).toBe("io server disconnect");
    expect(await emit(kept, "subscribe", { channelId: aMain })).toEqual({ ok: true });
    expect(kept.connected).toBe(true);
    // A token asked for by the logged-out device before it was logged out opens nothing now.
    await expect(open(issuedBefore)).rejects.toThrow("unauthorized");
  });

  it("reusing a refresh token closes the sockets of that device (session family) only", async () => {
    const stolen = await createSession(s.db, a.user.id);
    // The device refreshes (the same family, a new token pair) and opens a socket.
    const rotated = await s.call("POST", "/auth/refresh", { body: { refreshToken: stolen.refreshToken } });
    expect(rotated.status).toBe(200);
    const socket = await open(await tokenFor(rotated.body.accessToken));
    expect(await emit(socket, "subscribe", { channelId: aMain })).toEqual({ ok: true });
    const gone = disconnected(socket);
    const kept = await open(await tokenFor(await s.login(a.phone)));
    const issuedBefore = await tokenFor(rotated.body.accessToken);
    // The old refresh token again (a copy, after the rotation grace): the family is revoked, and its sockets close.
    await s.db
      .update(apiSessions)
      .set({ rotatedAt: sql`rotated_at - interval '1 minute'`, revokedAt: sql`revoked_at - interval '1 minute'` })
      .where(eq(apiSessions.refreshTokenHash, hashToken(stolen.refreshToken)));
    expect((await s.call("POST", "/auth/refresh", { body: { refreshToken: stolen.refreshToken } })).status).toBe(401);
    expect(await gone).toBe("io server disconnect");
    expect(await emit(kept, "subscribe", { channelId: aMain })).toEqual({ ok: true });
    expect(kept.connected).toBe(true);
    await expect(open(issuedBefore)).rejects.toThrow("unauthorized");
  });
});
