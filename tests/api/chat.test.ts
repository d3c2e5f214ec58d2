/**
 * Chat and notifications API (issue 11; docs/chat.md; spec 000 §5 4096 characters, §7 Chat, §9
 * page size 15) against a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
 * every call, the owner rule (another organization's channel is 404, another organization's list
 * 403), the message limit, cursor paging, unread counts and batch-read, documents, idempotency,
 * notifications, staff replies, and one MAIN channel under concurrent first lists.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createBeneficiary, createCustomer, createUser, type CreatedCustomer } from "../../server/seed/factories.js";
import {
  listChannels,
  listChannelsAwaitingReply,
  postMessage,
  postNotification,
  staffReply,
} from "../../server/domain/chat/index.js";
import { verifyMessagingToken } from "../../server/domain/chat/tokens.js";
import { escapeMarkdown } from "../../server/domain/chat/notify.js";
import { parseBankArgs, runBankCommand } from "../../server/staff/commands.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

describe.each(databases)("chat API on %s", (kind) => {
  let s: TestServer;
  let a: CreatedCustomer;
  let aToken: string;
  let colleagueToken: string;
  let colleagueId: string;
  let b: CreatedCustomer;
  let bToken: string;
  let mainId: string;
  let notificationId: string;

  const upload = (token: string, organizationId?: string) => s.upload(token, { organizationId, bytes: PDF });

  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    a = await createCustomer(s.db, { type: "CORPORATE", firstName: "Ada", lastName: "Owner" });
    aToken = await s.login(a.phone);
    const colleague = await createUser(s.db, { firstName: "Cole", lastName: "League" });
    await addMember(s.db, { organizationId: a.organization.id, userId: colleague.id, companyOfficialType: "DIRECTOR" });
    colleagueId = colleague.id;
    colleagueToken = await s.login(colleague.phone);
    b = await createCustomer(s.db, { type: "INDIVIDUAL" });
    bToken = await s.login(b.phone);
  });
  afterAll(async () => s?.close());

  it("GET /channels creates MAIN and NOTIFICATION once and lists them", async () => {
    const first = await s.call("GET", `/channels?all=true&organizationId=${a.organization.id}`, { token: aToken });
    expect(first.status).toBe(200);
    const types = first.body.data.map((c: { channelType: string }) => c.channelType).sort();
    expect(types).toEqual(["MAIN", "NOTIFICATION"]);
    const again = await s.call("GET", `/channels?all=true&organizationId=${a.organization.id}`, { token: colleagueToken });
    expect(again.body.data.map((c: { id: string }) => c.id).sort()).toEqual(
      first.body.data.map((c: { id: string }) => c.id).sort(),
    );
    mainId = first.body.data.find((c: { channelType: string }) => c.channelType === "MAIN").id;
    notificationId = first.body.data.find((c: { channelType: string }) => c.channelType === "NOTIFICATION").id;
    expect(first.body.data[0]).toMatchObject({
      organizationId: a.organization.id,
      hasUnread: false,
      unreadCount: 0,
      lastMessage: null,
      application: null,
    });
    const onlyMain = await s.call("GET", `/channels?channelType=MAIN&organizationId=${a.organization.id}`, { token: aToken });
    expect(onlyMain.body.data.map((c: { id: string }) => c.id)).toEqual([mainId]);
    const two = await s.call("GET", `/channels?channelType=MAIN&channelType=NOTIFICATION&organizationId=${a.organization.id}`, {
      token: aToken,
    });
    expect(two.body.data).toHaveLength(2);
    expect((await s.call("GET", `/channels?channelType=NOPE`, { token: aToken })).status).toBe(400);
    // Without organizationId: the caller's own channels (another pair, not the organization's).
    const own = await s.call("GET", "/channels", { token: aToken });
    expect(own.body.data.map((c: { organizationId: string | null }) => c.organizationId)).toEqual([null, null]);
    expect(own.body.data.map((c: { id: string }) => c.id)).not.toContain(mainId);
  });

  it("posts, lists, pages with a cursor and refuses what is too long, empty or NUL", async () => {
    const res = await s.call("POST", `/channels/${mainId}/messages`, {
      token: aToken,
      body: { content: "  Hello **bank** <b>x</b>  " },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      channelId: mainId,
      content: "Hello **bank** <b>x</b>",
      contentType: "TEXT",
      userId: a.user.id,
      employeeId: null,
      author: { firstName: "Ada", lastName: "Owner" },
      documentId: null,
      document: null,
    });
    expect(res.body.readAt).toBe(res.body.createdAt);
    const max = await s.call("POST", `/channels/${mainId}/messages`, { token: aToken, body: { content: "x".repeat(4096) } });
    expect(max.status).toBe(201);
    const tooLong = await s.call("POST", `/channels/${mainId}/messages`, { token: aToken, body: { content: "x".repeat(4097) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toEqual([{ property: "content", constraints: { maxLength: "Chat.max-length" } }]);
    for (const content of ["   ", "a\u0000b", 5]) {
      const bad = await s.call("POST", `/channels/${mainId}/messages`, { token: aToken, body: { content } });
      expect(bad.status, JSON.stringify(content)).toBe(400);
    }
    for (let i = 0; i < 18; i++) {
      const r = await s.call("POST", `/channels/${mainId}/messages`, { token: colleagueToken, body: { content: `m${i}` } });
      expect(r.status).toBe(201);
    }
    const page1 = await s.call("GET", `/channels/${mainId}/messages`, { token: aToken });
    expect(page1.status).toBe(200);
    expect(page1.body.data).toHaveLength(15);
    expect(page1.body.data[0].content).toBe("m17");
    expect(page1.body.data[0].readAt).toBeNull();
    const page2 = await s.call("GET", `/channels/${mainId}/messages?take=15&cursor=${page1.body.cursor}`, { token: aToken });
    expect(page2.body.data.map((m: { content: string }) => m.content)).toEqual([
      "m2",
      "m1",
      "m0",
      "x".repeat(4096),
      "Hello **bank** <b>x</b>",
    ]);
    expect(page2.body.cursor).toBeNull();
    const all = [...page1.body.data, ...page2.body.data].map((m: { id: string }) => m.id);
    expect(new Set(all).size).toBe(20);
    expect((await s.call("GET", `/channels/${mainId}/messages?take=51`, { token: aToken })).status).toBe(400);
    expect((await s.call("GET", `/channels/${mainId}/messages?cursor=garbage`, { token: aToken })).status).toBe(400);
    const channel = await s.call("GET", `/channels/${mainId}`, { token: aToken });
    expect(channel.body).toMatchObject({ id: mainId, hasUnread: true, unreadCount: 18, lastMessage: { content: "m17" } });
  });

  it("unread counts per user and batch-read", async () => {
    const unread = await s.call("GET", `/channels/unread-messages-count?organizationId=${a.organization.id}`, { token: aToken });
    expect(unread.body).toEqual({ data: { [mainId]: 18 }, total: 18 });
    const colleague = await s.call("GET", `/channels/unread-messages-count?organizationId=${a.organization.id}`, {
      token: colleagueToken,
    });
    expect(colleague.body).toEqual({ data: { [mainId]: 2 }, total: 2 });
    const page = await s.call("GET", `/channels/${mainId}/messages?take=5`, { token: aToken });
    const times = page.body.data.map((m: { createdAt: string }) => m.createdAt);
    const read = await s.call("POST", `/channels/${mainId}/messages/batch-read`, {
      token: aToken,
      body: { createdAtFrom: times[times.length - 1], createdAtTo: times[0], channelId: mainId },
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ data: { read: 5 } });
    const again = await s.call("POST", `/channels/${mainId}/messages/batch-read`, {
      token: aToken,
      body: { createdAtFrom: times[times.length - 1], createdAtTo: times[0] },
    });
    expect(again.body).toEqual({ data: { read: 0 } });
    const after = await s.call("GET", `/channels/unread-messages-count?organizationId=${a.organization.id}`, { token: aToken });
    expect(after.body.total).toBe(13);
    const listed = await s.call("GET", `/channels/${mainId}/messages?take=5`, { token: aToken });
    expect(listed.body.data.every((m: { readAt: string | null }) => m.readAt !== null)).toBe(true);
    const wrongChannel = await s.call("POST", `/channels/${mainId}/messages/batch-read`, {
      token: aToken,
      body: { createdAtFrom: times[0], createdAtTo: times[0], channelId: notificationId },
    });
    expect(wrongChannel.status).toBe(400);
    const backwards = await s.call("POST", `/channels/${mainId}/messages/batch-read`, {
      token: aToken,
      body: { createdAtFrom: times[0], createdAtTo: times[times.length - 1] },
    });
    expect(backwards.status).toBe(400);
  });

  it("Idempotency-Key: the same key answers the first message; another content is 409", async () => {
    const send = (content: string, key: string) =>
      s.call("POST", `/channels/${mainId}/messages`, { token: aToken, body: { content }, headers: { "Idempotency-Key": key } });
    const [one, two] = await Promise.all([send("once only", "msg-key-1"), send("once only", "msg-key-1")]);
    expect([one.status, two.status].sort()).toEqual([200, 201]);
    expect(one.body.id).toBe(two.body.id);
    const third = await send("once only", "msg-key-1");
    expect(third.status).toBe(200);
    expect(third.body.id).toBe(one.body.id);
    expect((await send("something else", "msg-key-1")).status).toBe(409);
    expect((await send("once only", "x".repeat(129))).status).toBe(400);
    const page = await s.call("GET", `/channels/${mainId}/messages?take=3`, { token: aToken });
    expect(page.body.data.filter((m: { content: string }) => m.content === "once only")).toHaveLength(1);
  });

  it("another customer gets 404 for the channel and 403 for the organization's lists, and learns nothing", async () => {
    for (const [method, path, body] of [
      ["GET", `/channels/${mainId}`],
      ["GET", `/channels/${mainId}/messages`],
      ["POST", `/channels/${mainId}/messages`, { content: "intrusion" }],
      [
        "POST",
        `/channels/${mainId}/messages/batch-read`,
        { createdAtFrom: "2020-01-01T00:00:00Z", createdAtTo: "2100-01-01T00:00:00Z" },
      ],
      ["POST", `/channels/${mainId}/documents`, { data: [{ uploadId: "00000000-0000-4000-8000-000000000000", name: "x.pdf" }] }],
      ["GET", `/channels/00000000-0000-4000-8000-000000000000`],
      ["GET", `/channels/not-a-uuid/messages`],
    ] as const) {
      const res = await s.call(method, path, { token: bToken, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain("Hello");
    }
    for (const path of [
      `/channels?organizationId=${a.organization.id}`,
      `/channels/unread-messages-count?organizationId=${a.organization.id}`,
      `/notifications?organizationId=${a.organization.id}`,
    ]) {
      expect((await s.call("GET", path, { token: bToken })).status, path).toBe(403);
    }
    const q = await s.call("POST", "/channels", {
      token: bToken,
      body: { organizationId: a.organization.id, title: "t", content: "c" },
    });
    expect(q.status).toBe(403);
    const unread = await s.call("GET", `/channels/unread-messages-count?organizationId=${a.organization.id}`, { token: aToken });
    expect(unread.body.total).toBe(13);
  });

  it("a message, question or title of only zero-width / invisible characters is refused as empty, nothing written", async () => {
    const before = await s.call("GET", `/channels/${mainId}/messages?take=1`, { token: aToken });
    const blank = " \u200B\u200C\u200D\u2060\uFEFF\n\t\u00A0";
    for (const content of ["\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF", blank]) {
      const res = await s.call("POST", `/channels/${mainId}/messages`, { token: aToken, body: { content } });
      expect(res.status, JSON.stringify(content)).toBe(400);
      // The same refusal as an empty message (the web app shows its translated Chat.empty).
      expect(res.body.message).toEqual([{ property: "content", constraints: { isNotEmpty: "content should not be empty" } }]);
    }
    const question = await s.call("POST", "/channels", {
      token: aToken,
      body: { organizationId: a.organization.id, title: "Zero width", content: blank },
    });
    expect(question.status).toBe(400);
    expect(question.body.message).toEqual([{ property: "content", constraints: { isNotEmpty: "content should not be empty" } }]);
    const title = await s.call("POST", "/channels", {
      token: aToken,
      body: { organizationId: a.organization.id, title: "\u200B\u2060\uFEFF", content: "A real question" },
    });
    expect(title.status).toBe(400);
    expect(title.body.message).toEqual([{ property: "title", constraints: { isNotEmpty: "title should not be empty" } }]);
    const after = await s.call("GET", `/channels/${mainId}/messages?take=1`, { token: aToken });
    expect(after.body.data[0].id).toBe(before.body.data[0].id);
    // Inside a message they stay (a zero-width joiner builds an emoji).
    const family = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}";
    const ok = await s.call("POST", `/channels/${mainId}/messages`, { token: aToken, body: { content: `\u200B${family}` } });
    expect(ok.status).toBe(201);
    expect(ok.body.content).toBe(`\u200B${family}`);
  });

  it("customers cannot post to the NOTIFICATION channel", async () => {
    const res = await s.call("POST", `/channels/${notificationId}/messages`, { token: aToken, body: { content: "hi" } });
    expect(res.status).toBe(403);
  });

  it("POST /channels opens a QUESTION with its first message", async () => {
    const res = await s.call("POST", "/channels", {
      token: aToken,
      body: { organizationId: a.organization.id, title: "  Card   limit ", content: "How do I raise it?" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: "Card limit",
      channelType: "QUESTION",
      organizationId: a.organization.id,
      unreadCount: 0,
      lastMessage: { content: "How do I raise it?", userId: a.user.id },
    });
    const listed = await s.call("GET", `/channels?organizationId=${a.organization.id}`, { token: colleagueToken });
    expect(listed.body.data[0]).toMatchObject({ id: res.body.id, unreadCount: 1, hasUnread: true });
    for (const body of [
      { organizationId: a.organization.id, title: "", content: "x" },
      { organizationId: a.organization.id, title: "t", content: "x".repeat(4097) },
      { organizationId: a.organization.id, title: "t".repeat(201), content: "x" },
    ]) {
      expect((await s.call("POST", "/channels", { token: aToken, body })).status).toBe(400);
    }
  });

  it("documents: attach an upload of the organization, read details and the file; foreign uploads refused", async () => {
    const uploadId = await upload(colleagueToken, a.organization.id);
    const res = await s.call("POST", `/channels/${mainId}/documents`, {
      token: aToken,
      body: { data: [{ uploadId, name: "Invoice March.pdf" }] },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toHaveLength(1);
    const m = res.body.data[0];
    expect(m).toMatchObject({ contentType: "DOCUMENT", content: "Invoice March.pdf", document: { name: "Invoice March.pdf" } });
    // A new name may not give the file another type's extension (uploads' nameMatchingType).
    const renamed = await s.call("POST", `/channels/${mainId}/documents`, {
      token: aToken,
      body: { data: [{ uploadId: await upload(colleagueToken, a.organization.id), name: "Invoice March.html" }] },
    });
    expect(renamed.status).toBe(201);
    expect(renamed.body.data[0].document.name).toBe("Invoice March.html.pdf");
    const detail = await s.call("GET", `/channels/${mainId}/documents/${m.documentId}`, { token: colleagueToken });
    expect(detail.body).toMatchObject({
      id: m.documentId,
      name: "Invoice March.pdf",
      mimeType: "application/pdf",
      size: PDF.length,
    });
    const file = await fetch(`${s.baseUrl}/api/v1/channels/${mainId}/documents/${m.documentId}/file`, {
      headers: { authorization: `Bearer ${aToken}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("attachment");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    // B cannot read it, nor attach B's upload to A's channel, nor A's upload to B's channel.
    expect((await s.call("GET", `/channels/${mainId}/documents/${m.documentId}`, { token: bToken })).status).toBe(404);
    expect((await s.call("GET", `/channels/${mainId}/documents/${m.documentId}/file`, { token: bToken })).status).toBe(404);
    expect((await s.call("GET", `/channels/${notificationId}/documents/${m.documentId}`, { token: aToken })).status).toBe(404);
    const bUpload = await upload(bToken, b.organization.id);
    const foreign = await s.call("POST", `/channels/${mainId}/documents`, {
      token: aToken,
      body: { data: [{ uploadId: bUpload, name: "x.pdf" }] },
    });
    expect(foreign.status).toBe(400);
    const bChannels = await s.call("GET", `/channels?organizationId=${b.organization.id}`, { token: bToken });
    const bMain = bChannels.body.data.find((c: { channelType: string }) => c.channelType === "MAIN").id;
    const aUploadInB = await s.call("POST", `/channels/${bMain}/documents`, {
      token: bToken,
      body: { data: [{ uploadId, name: "x.pdf" }] },
    });
    expect(aUploadInB.status).toBe(400);
    // An applicant's own channel takes the caller's own uploads without organization.
    const own = await s.call("GET", "/channels?channelType=MAIN", { token: bToken });
    const ownUpload = await upload(bToken);
    const attached = await s.call("POST", `/channels/${own.body.data[0].id}/documents`, {
      token: bToken,
      body: { data: [{ uploadId: ownUpload, name: "passport.pdf" }] },
    });
    expect(attached.status).toBe(201);
  });

  it("notifications: listed newest first, read by the notification read call, counted as unread", async () => {
    await postNotification(
      s.db,
      { organizationId: a.organization.id },
      { content: "First", key: "Notifications.test", params: { n: "1" } },
    );
    await postNotification(
      s.db,
      { organizationId: a.organization.id },
      { content: "Second", key: "Notifications.test", params: { n: "2" } },
    );
    const list = await s.call("GET", `/notifications?organizationId=${a.organization.id}&take=1`, { token: aToken });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ content: "Second", readAt: null, key: "Notifications.test", params: { n: "2" } }),
    ]);
    const next = await s.call("GET", `/notifications?organizationId=${a.organization.id}&take=1&cursor=${list.body.cursor}`, {
      token: aToken,
    });
    expect(next.body.data[0].content).toBe("First");
    const unread = await s.call("GET", `/channels/unread-messages-count?organizationId=${a.organization.id}`, { token: aToken });
    expect(unread.body.data[notificationId]).toBe(2);
    const read = await s.call("POST", `/notifications/${list.body.data[0].id}/read`, { token: aToken });
    expect(read.status).toBe(200);
    expect(read.body.readAt).not.toBeNull();
    const again = await s.call("POST", `/notifications/${list.body.data[0].id}/read`, { token: aToken });
    expect(again.body.readAt).toBe(read.body.readAt);
    expect((await s.call("POST", `/notifications/${list.body.data[0].id}/read`, { token: bToken })).status).toBe(404);
    const page = await s.call("GET", `/channels/${mainId}/messages?take=1`, { token: aToken });
    expect((await s.call("POST", `/notifications/${page.body.data[0].id}/read`, { token: aToken })).status).toBe(404);
    const after = await s.call("GET", `/channels/unread-messages-count?organizationId=${a.organization.id}`, { token: aToken });
    expect(after.body.data[notificationId]).toBe(1);
    // The colleague has its own read state.
    const colleague = await s.call("GET", `/notifications?organizationId=${a.organization.id}`, { token: colleagueToken });
    expect(colleague.body.data.every((n: { readAt: string | null }) => n.readAt === null)).toBe(true);
  });

  it("staff reply: in the channel, unread for the customers, listed by chat:list until answered", async () => {
    const waiting = await listChannelsAwaitingReply(s.db);
    expect(waiting.map((w) => w.channelId)).toContain(mainId);
    const out = await runBankCommand(s.db, parseBankArgs(["chat:reply", mainId, "We are on it."]) as never);
    expect(out).toContain(mainId);
    const page = await s.call("GET", `/channels/${mainId}/messages?take=1`, { token: colleagueToken });
    expect(page.body.data[0]).toMatchObject({
      content: "We are on it.",
      userId: null,
      employeeId: "staff:cli",
      author: null,
      readAt: null,
    });
    expect((await listChannelsAwaitingReply(s.db)).map((w) => w.channelId)).not.toContain(mainId);
    await expect(staffReply(s.db, { channelId: notificationId, content: "x", employeeId: "staff:test" })).rejects.toThrow();
    await expect(
      staffReply(s.db, { channelId: "00000000-0000-4000-8000-000000000000", content: "x", employeeId: "s" }),
    ).rejects.toThrow(/not found/);
    const list = await runBankCommand(s.db, parseBankArgs(["chat:list"]) as never);
    expect(typeof list).toBe("string");
  });

  it("POST /tokens/messaging issues a short-lived token for the caller", async () => {
    const res = await s.call("POST", "/tokens/messaging", { token: aToken });
    expect(res.status).toBe(200);
    expect(new Date(res.body.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    expect(verifyMessagingToken("api-test-otp-secret-0123456789", res.body.token)).toMatchObject({ userId: a.user.id });
    expect(verifyMessagingToken("another-secret-0123456789", res.body.token)).toBeNull();
    expect(verifyMessagingToken("api-test-otp-secret-0123456789", res.body.token, Date.now() + 61_000)).toBeNull();
    expect(verifyMessagingToken("api-test-otp-secret-0123456789", `${res.body.token}x`)).toBeNull();
    expect((await s.call("POST", "/tokens/messaging")).status).toBe(401);
  });

  it("staff decisions and payment outcomes post notifications (key, params, escaped content)", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { EUR: "100.00" } });
    const token = await s.login(c.phone);
    const notifications = async () =>
      (await s.call("GET", `/notifications?organizationId=${c.organization.id}`, { token })).body.data as {
        content: string;
        key: string;
        params: Record<string, string>;
      }[];
    expect(await notifications()).toEqual([]);
    const ben = await createBeneficiary(s.db, {
      organizationId: c.organization.id,
      name: "Evil [link](javascript:x) *Co*",
      status: "UNDER_REVIEW",
    });
    await runBankCommand(s.db, parseBankArgs(["beneficiary:approve", ben.id]) as never);
    let list = await notifications();
    expect(list[0]).toMatchObject({
      key: "Notifications.beneficiary-approved",
      params: { name: "Evil [link](javascript:x) *Co*" },
      content: `Beneficiary ${escapeMarkdown("Evil [link](javascript:x) *Co*")} was approved: you can now pay them.`,
    });
    expect(list[0].content).toContain("\\[link\\]");
    const pay = await s.call("POST", "/payments", {
      token,
      headers: { "Idempotency-Key": "notify-decline-1" },
      body: {
        organizationId: c.organization.id,
        kind: "EURO",
        accountId: c.account!.id,
        currencyId: "EUR",
        amount: "12.50",
        beneficiaryName: "Müller Logistik GmbH",
        iban: "DE02120300000000202051",
        bic: "BYLADEM1001",
      },
    });
    expect(pay.status).toBe(201);
    expect((await s.call("DELETE", `/payments/${pay.body.id}/decline`, { token })).status).toBe(200);
    list = await notifications();
    expect(list[0]).toMatchObject({
      key: "Notifications.payment-declined",
      params: { amount: "12.50", currency: "EUR", payee: "Müller Logistik GmbH" },
    });
    const unread = await s.call("GET", `/channels/unread-messages-count?organizationId=${c.organization.id}`, { token });
    expect(unread.body.total).toBe(2);
  });

  it("a customer writes at most 30 messages a minute (strict limits; the API tests run relaxed)", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const [main] = await listChannels(s.db, c.user.id, { organizationId: c.organization.id, channelTypes: ["MAIN"] });
    for (let i = 0; i < 30; i++) await postMessage(s.db, c.user.id, main.id, { content: `burst ${i}` });
    await expect(postMessage(s.db, c.user.id, main.id, { content: "one too many" })).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
  });

  it("concurrent first lists create one MAIN and one NOTIFICATION channel", async () => {
    const c = await createCustomer(s.db, { type: "INDIVIDUAL" });
    const token = await s.login(c.phone);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => s.call("GET", `/channels?organizationId=${c.organization.id}`, { token })),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const ids = new Set(answers.flatMap((r) => r.body.data.map((ch: { id: string }) => ch.id)));
    expect(ids.size).toBe(2);
    void colleagueId;
  });
});
