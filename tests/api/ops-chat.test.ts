/**
 * Support chat in the back office (issue 13; server/domain/ops/chat.ts): the channels waiting
 * for a reply with the staff's unread counts, a channel's messages, and a reply the customer
 * receives, audited as chat.reply in the same transaction (a refused reply writes nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { staffAuditLog } from "../../server/db/schema/index.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";
import { staffLogin } from "./ops-helpers.js";

describe.each(databases)("back-office support chat on %s", (kind) => {
  let s: TestServer;
  let staff: string;
  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    staff = await staffLogin(s, "support@ops.example");
  });
  afterAll(async () => s?.close());

  it("lists the waiting channel with its unread count; a reply reaches the customer and is audited", async () => {
    const customer = await s.login("+447700900001");
    const channels = await s.call("GET", "/channels", { token: customer });
    const main = channels.body.data.find((c: { channelType: string }) => c.channelType === "MAIN");
    for (const content of ["Hello, my card is stuck", "Any news?"])
      expect((await s.call("POST", `/channels/${main.id}/messages`, { token: customer, body: { content } })).status).toBe(201);

    const queue = await s.call("GET", "/ops/chat", { token: staff });
    expect(queue.status).toBe(200);
    expect(queue.body.data.find((c: { channelId: string }) => c.channelId === main.id)).toMatchObject({
      waiting: 2,
      lastCustomerMessage: "Any news?",
    });
    const dashboard = await s.call("GET", "/ops/dashboard", { token: staff });
    expect(dashboard.body.chat.unread).toBeGreaterThanOrEqual(2);

    const view = await s.call("GET", `/ops/chat/${main.id}`, { token: staff });
    expect(view.status).toBe(200);
    expect(view.body.messages.slice(-2).map((m: { from: string; content: string }) => [m.from, m.content])).toEqual([
      ["CUSTOMER", "Hello, my card is stuck"],
      ["CUSTOMER", "Any news?"],
    ]);

    const empty = await s.call("POST", `/ops/chat/${main.id}/messages`, { token: staff, body: { content: "   " } });
    expect(empty.status).toBe(400);
    const reply = await s.call("POST", `/ops/chat/${main.id}/messages`, {
      token: staff,
      body: { content: "We have unblocked it <b>now</b>" },
    });
    expect(reply.status).toBe(201);
    const entries = await s.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, "chat.reply"), eq(staffAuditLog.subjectId, main.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ subjectType: "chat_channel", after: { messageId: reply.body.id, staffReplies: 1 } });

    const seen = await s.call("GET", `/channels/${main.id}/messages`, { token: customer });
    const texts = JSON.stringify(seen.body);
    expect(texts).toContain("We have unblocked it <b>now</b>");
    const after = await s.call("GET", "/ops/chat", { token: staff });
    expect(after.body.data.find((c: { channelId: string }) => c.channelId === main.id)).toBeUndefined();
  });

  it("a customer's notification channel is no conversation; unknown channels are 404", async () => {
    const customer = await s.login("+447700900002");
    const channels = await s.call("GET", "/channels", { token: customer });
    const notes = channels.body.data.find((c: { channelType: string }) => c.channelType === "NOTIFICATION");
    if (notes) {
      expect((await s.call("GET", `/ops/chat/${notes.id}`, { token: staff })).status).toBe(404);
      expect((await s.call("POST", `/ops/chat/${notes.id}/messages`, { token: staff, body: { content: "x" } })).status).toBe(403);
    }
    expect((await s.call("GET", "/ops/chat/00000000-0000-4000-8000-000000000000", { token: staff })).status).toBe(404);
    expect((await s.call("POST", "/ops/chat/not-a-uuid/messages", { token: staff, body: { content: "x" } })).status).toBe(404);
  });

  it("staff attach a file: the customer sees a DOCUMENT message and opens it; audited; a non-document is refused", async () => {
    const customer = await s.login("+447700900003");
    const channels = await s.call("GET", "/channels", { token: customer });
    const main = channels.body.data.find((c: { channelType: string }) => c.channelType === "MAIN");
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
    const send = (name: string, bytes: Buffer, token = staff) => {
      const form = new FormData();
      form.append("files", new Blob([new Uint8Array(bytes)]), name);
      return fetch(`${s.baseUrl}/api/v1/ops/chat/${main.id}/documents`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      });
    };
    const refused = await send("notes.pdf", Buffer.from("just text, not a PDF"));
    expect(refused.status).toBe(400);
    expect((await send("statement.pdf", pdf, customer)).status).toBe(401);

    const sent = await send("statement.pdf", pdf);
    expect(sent.status).toBe(201);
    const { ids } = (await sent.json()) as { ids: string[] };
    expect(ids).toHaveLength(1);

    const seen = await s.call("GET", `/channels/${main.id}/messages`, { token: customer });
    const message = seen.body.data.find((m: { id: string }) => m.id === ids[0]);
    expect(message).toMatchObject({ contentType: "DOCUMENT", content: "statement.pdf" });
    const documentId = message.documentId ?? message.document?.id;
    expect(documentId).toBeTruthy();
    const file = await fetch(`${s.baseUrl}/api/v1/channels/${main.id}/documents/${documentId}/file`, {
      headers: { Authorization: `Bearer ${customer}` },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    // Staff open it too; another customer does not.
    const staffFile = await fetch(`${s.baseUrl}/api/v1/ops/chat/${main.id}/documents/${documentId}/file`, {
      headers: { Authorization: `Bearer ${staff}` },
    });
    expect(staffFile.status).toBe(200);
    const other = await s.login("+447700900001");
    const foreign = await fetch(`${s.baseUrl}/api/v1/channels/${main.id}/documents/${documentId}/file`, {
      headers: { Authorization: `Bearer ${other}` },
    });
    expect(foreign.status).toBe(404);

    const entries = await s.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, "chat.attach"), eq(staffAuditLog.subjectId, main.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0].after).toMatchObject({ messageIds: ids, files: [{ name: "statement.pdf", size: pdf.length }] });
  });

  it("finds every channel of a customer by name, waiting or not; the query's wildcards are literal", async () => {
    const customer = await s.login("+447700900001");
    const channels = await s.call("GET", "/channels", { token: customer });
    const main = channels.body.data.find((c: { channelType: string }) => c.channelType === "MAIN");
    const queue = await s.call("GET", "/ops/chat", { token: staff });
    expect(queue.body.data.find((c: { channelId: string }) => c.channelId === main.id)).toBeUndefined();

    const found = await s.call("GET", "/ops/chat-search?q=thomps", { token: staff });
    expect(found.status).toBe(200);
    const hit = found.body.data.find((c: { channelId: string }) => c.channelId === main.id);
    expect(hit).toMatchObject({ channelType: "MAIN" });
    expect(hit.ownerName).toMatch(/Thompson/);
    expect(found.body.data.every((c: { channelType: string }) => c.channelType !== "NOTIFICATION")).toBe(true);

    expect((await s.call("GET", "/ops/chat-search?q=%25%25", { token: staff })).body.data).toEqual([]);
    expect((await s.call("GET", "/ops/chat-search?q=x", { token: staff })).status).toBe(400);
  });
});
