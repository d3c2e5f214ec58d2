/**
 * Chat audit (spec 000 §5 "at most 4096 characters"; docs/chat.md "Validation"; docs/decisions.md
 * 2026-11-29 "Chat text"): what the API stores of a message and a question's title.
 * - A line break counts once: CRLF (a form sent without JavaScript) and CR are stored as LF, so a
 *   message of 4096 characters with line breaks is not refused as too long.
 * - Control characters other than TAB and LF, and the bidirectional embeddings, overrides and
 *   isolates, are dropped from messages and titles (they reordered or hid text in the channel list
 *   and the messages); text made only of them is empty. NUL is still refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer, type CreatedCustomer } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

describe.each(databases)("chat audit on %s", (kind) => {
  let s: TestServer;
  let a: CreatedCustomer;
  let token: string;
  let mainId: string;

  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    a = await createCustomer(s.db, { type: "INDIVIDUAL" });
    token = await s.login(a.phone);
    const list = await s.call("GET", `/channels?all=true&organizationId=${a.organization.id}`, { token });
    mainId = list.body.data.find((c: { channelType: string }) => c.channelType === "MAIN").id;
  });
  afterAll(async () => s?.close());

  const post = (content: unknown) => s.call("POST", `/channels/${mainId}/messages`, { token, body: { content } });

  it("stores CRLF and CR line breaks as LF and counts each as one character", async () => {
    const lines = Array.from({ length: 64 }, () => "y".repeat(63));
    lines[0] += "y";
    expect(lines.join("\n")).toHaveLength(4096);
    const crlf = await post(lines.join("\r\n"));
    expect(crlf.status).toBe(201);
    expect(crlf.body.content).toBe(lines.join("\n"));
    const cr = await post("one\rtwo\r\nthree");
    expect(cr.body.content).toBe("one\ntwo\nthree");
    // Still too long when the characters are.
    expect((await post(`${"y".repeat(4096)}\r\nz`)).status).toBe(400);
  });

  it("drops control characters and bidirectional overrides; keeps TAB, LF and right-to-left marks", async () => {
    const res = await post("pay\u0007 \u202Etnuocca\u202C\u2066 now\u2069\u001b[31m\u0085\tok\nשלום\u200F");
    expect(res.status).toBe(201);
    expect(res.body.content).toBe("pay tnuocca now[31m\tok\nשלום\u200F");
    for (const content of ["\u202E\u0008\u2067", "a\u0000b"])
      expect((await post(content)).status, JSON.stringify(content)).toBe(400);
    const question = await s.call("POST", "/channels", {
      token,
      body: { organizationId: a.organization.id, title: "Refund\u202E fdp.exe\u0007", content: "first\r\nsecond" },
    });
    expect(question.status).toBe(201);
    expect(question.body.title).toBe("Refund fdp.exe");
    const messages = await s.call("GET", `/channels/${question.body.id}/messages`, { token });
    expect(messages.body.data[0].content).toBe("first\nsecond");
  });
});
