import { describe, expect, it } from "vitest";
import {
  charactersLeft,
  documentHref,
  groupMessagesByDay,
  MAX_MESSAGE_LENGTH,
  mergeMessages,
  messageError,
  newIdempotencyKey,
  readRange,
  unreadTotal,
} from "./chat";

const msg = (id: string, createdAt: string) => ({ id, createdAt });
const NOW = new Date("2026-11-24T12:00:00Z");

describe("messageError (spec 000 §5)", () => {
  it("refuses empty and over-long text", () => {
    expect(messageError("   ")).toBe("Chat.empty");
    expect(messageError("x".repeat(MAX_MESSAGE_LENGTH + 1))).toBe("Chat.max-length");
  });
  it("accepts up to 4096 characters after trimming", () => {
    expect(messageError(`  ${"x".repeat(MAX_MESSAGE_LENGTH)}  `)).toBeNull();
  });
  it("refuses a text of only zero-width / invisible characters as empty (no empty bubble)", () => {
    for (const invisible of ["\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF"])
      expect(messageError(` ${invisible}\n${invisible}\t`), JSON.stringify(invisible)).toBe("Chat.empty");
    expect(messageError("\u200B\u200C\u200D\u2060\uFEFF\r\n\u00A0\u3000")).toBe("Chat.empty");
    // Inside a message they stay: a zero-width joiner builds an emoji, a non-joiner a Persian word.
    expect(messageError("\u200Bhi\u200B")).toBeNull();
    expect(messageError("\u{1F468}\u200D\u{1F469}\u200D\u{1F467}")).toBeNull();
    expect(messageError("\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645")).toBeNull();
  });
  it("counts a line break once, CRLF as a form without JavaScript sends it included", () => {
    const text = `${"x".repeat(MAX_MESSAGE_LENGTH - 20)}${"\r\n".repeat(10)}${"y".repeat(10)}`;
    expect(messageError(text)).toBeNull();
    expect(messageError(`${text}z`)).toBe("Chat.max-length");
  });
});

describe("charactersLeft", () => {
  it("counts as messageError does: the trimmed text, negative over the limit", () => {
    expect(charactersLeft("")).toBe(MAX_MESSAGE_LENGTH);
    expect(charactersLeft(`  ${"x".repeat(MAX_MESSAGE_LENGTH)}\n`)).toBe(0);
    expect(charactersLeft("x".repeat(MAX_MESSAGE_LENGTH + 5))).toBe(-5);
  });
});

describe("groupMessagesByDay", () => {
  it("groups oldest day first, oldest message first, labels today and other days", () => {
    const days = groupMessagesByDay(
      [
        msg("c", "2026-11-24T09:00:00Z"),
        msg("a", "2026-11-23T10:00:00Z"),
        msg("b", "2026-11-24T08:00:00Z"),
        msg("z", "2025-01-02T10:00:00Z"),
      ],
      { now: NOW },
    );
    expect(days.map((d) => d.key)).toEqual(["2025-01-02", "2026-11-23", "2026-11-24"]);
    expect(days[2].messages.map((m) => m.id)).toEqual(["b", "c"]);
    expect(days[2].label).toEqual({ kind: "today" });
    expect(days[1].label).toEqual({ kind: "date", text: "23 November" });
    expect(days[0].label).toEqual({ kind: "date", text: "2 January 2025" });
  });

  it("names the month in the page's language, with Latin digits", () => {
    const messages = [msg("a", "2026-11-23T10:00:00Z"), msg("z", "2025-01-02T10:00:00Z")];
    const label = (lng: string) => groupMessagesByDay(messages, { now: NOW, lng }).map((d) => d.label);
    expect(label("de")).toEqual([
      { kind: "date", text: "2. Januar 2025" },
      { kind: "date", text: "23. November" },
    ]);
    expect(label("ar")).toEqual([
      { kind: "date", text: "2 يناير 2025" },
      { kind: "date", text: "23 نوفمبر" },
    ]);
  });

  it("uses the display time zone's calendar day (London)", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    const days = groupMessagesByDay([msg("x", "2026-06-30T23:30:00Z")], { now: NOW });
    expect(days[0].key).toBe("2026-07-01");
  });

  it("keeps a duplicate id once and skips invalid dates", () => {
    const days = groupMessagesByDay([msg("a", "2026-11-24T08:00:00Z"), msg("a", "2026-11-24T08:00:00Z"), msg("b", "nonsense")], {
      now: NOW,
    });
    expect(days).toHaveLength(1);
    expect(days[0].messages).toHaveLength(1);
  });
});

describe("mergeMessages", () => {
  it("adds new ones in time order and replaces known ids", () => {
    const merged = mergeMessages(
      [
        { id: "a", createdAt: "2026-11-24T08:00:00Z", v: 1 },
        { id: "b", createdAt: "2026-11-24T09:00:00Z", v: 1 },
      ],
      [
        { id: "c", createdAt: "2026-11-24T07:00:00Z", v: 1 },
        { id: "b", createdAt: "2026-11-24T09:00:00Z", v: 2 },
      ],
    );
    expect(merged.map((m) => `${m.id}${m.v}`)).toEqual(["c1", "a1", "b2"]);
  });
});

describe("readRange", () => {
  it("spans the oldest to the newest message, with the API's own strings", () => {
    expect(readRange([msg("a", "2026-11-24T09:00:00.123456Z"), msg("b", "2026-11-24T08:00:00.500Z"), msg("c", "bad")])).toEqual({
      createdAtFrom: "2026-11-24T08:00:00.500Z",
      createdAtTo: "2026-11-24T09:00:00.123456Z",
    });
    expect(readRange([])).toBeNull();
  });
});

describe("helpers", () => {
  it("sums unread counts, ignoring nonsense", () => {
    expect(unreadTotal({ a: 2, b: 0, c: -1, d: Number.NaN, e: 3 })).toBe(5);
  });
  it("builds a document's download URL", () => {
    expect(documentHref({ channelId: "c 1", documentId: "d/2" })).toBe("/chat/c%201/documents/d%2F2");
  });
});

describe("notificationText", async () => {
  const { notificationText, escapeMarkdown } = await import("./chat");
  const i18next = (await import("i18next")).default;
  const chat = (await import("../../public/locales/en/chat.json")).default;
  const i18n = i18next.createInstance();
  await i18n.init({ lng: "en", resources: { en: { chat } }, interpolation: { escapeValue: false } });
  const t = i18n.t.bind(i18n) as unknown as (key: string, options: Record<string, unknown>) => string;
  const n = (key: string | null, params: Record<string, string> | null, content = "API text") => ({ key, params, content });

  it("uses the web app's wording with the params, escaped for markdown", () => {
    expect(notificationText(n("Notifications.beneficiary-approved", { name: "[Evil](https://x.example) *Ltd*" }), t)).toBe(
      `Beneficiary ${escapeMarkdown("[Evil](https://x.example) *Ltd*")} was approved: you can now pay them.`,
    );
  });
  it("a name with a URL or line breaks stays one plain line of text in the rendered notification", async () => {
    const { renderNotification } = await import("./markdown");
    const text = notificationText(
      n("Notifications.beneficiary-approved", { name: "https://evil.example/verify\n\n# Call us" }),
      t,
    );
    const html = renderNotification(text);
    expect(html).not.toContain("<a");
    expect(html).not.toContain("<h1");
    expect(html).toContain("https://evil.example/verify # Call us");
    expect(html.match(/<p>/g)).toHaveLength(1);
  });
  it("picks the reason variant when there is a reason", () => {
    const params = { sum: "10.00", currency: "GBP", payee: "Ann", status: "REJECTED" };
    expect(notificationText(n("Notifications.remittance-status", params), t)).toBe(
      "Remittance order of 10.00 GBP to Ann is now REJECTED.",
    );
    expect(notificationText(n("Notifications.remittance-status", { ...params, reason: "AML" }), t)).toBe(
      "Remittance order of 10.00 GBP to Ann is now REJECTED. Reason: AML",
    );
  });
  it("falls back to the API's content for no key or an unknown one", () => {
    expect(notificationText(n(null, null), t)).toBe("API text");
    expect(notificationText(n("Notifications.something-new", {}), t)).toBe("API text");
    expect(notificationText(n("errors:Whatever", {}), t)).toBe("API text");
  });
});

describe("newIdempotencyKey", () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  it("makes a new UUID v4 each time", () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });
  it("makes one without crypto.randomUUID (an http page that is not localhost)", () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      const a = newIdempotencyKey();
      expect(a).toMatch(UUID_V4);
      expect(newIdempotencyKey()).not.toBe(a);
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: original, configurable: true });
    }
  });
});
