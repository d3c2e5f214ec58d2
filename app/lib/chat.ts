/**
 * Chat and notifications (issue 11; docs/chat.md, spec 000 §2 chat popup, §3, §4, §5, §9):
 * the shapes the API answers (server/api/v1/contract.ts) and pure helpers shared by the server-rendered /chat pages and the
 * chat popup (no date library: Intl only, so the popup chunk stays small).
 */
import type { ChatMessage, ChatNotification } from "../../server/api/v1/contract";
import { isBlankMessage } from "../../server/rules/chat-text";
import { numberLocaleOf } from "../i18n";
import { DISPLAY_TIME_ZONE, zonedDayKey } from "./dates";

/** Longest message (spec 000 §5, §9). */
export const MAX_MESSAGE_LENGTH = 4096;
/** Messages per page (spec 000 §9). */
export const MESSAGES_PAGE_SIZE = 15;

/** Whether a text shows nothing (only white space and invisible characters): the API's rule. */
export { isBlankMessage };

export type { ChannelType, ChatChannel, ChatMessage, ChatNotification } from "../../server/api/v1/contract";
/** GET /channels/unread-messages-count. */
export type { UnreadMessagesCount as UnreadCounts } from "../../server/api/v1/contract";

/**
 * Check a message before it is sent (spec 000 §5). A line break counts as one character however
 * it came (a form sent without JavaScript sends CRLF), as the API counts it. A text of only white
 * space and invisible characters (U+200B, U+200C, U+200D, U+2060, U+FEFF…) is empty, as the API
 * reads it (server/rules/chat-text.ts).
 * @returns an error key of the `chat` namespace, or null when the text can be sent
 */
export function messageError(content: string): "Chat.empty" | "Chat.max-length" | null {
  const text = content.replace(/\r\n?/g, "\n").trim();
  if (isBlankMessage(text)) return "Chat.empty";
  if (text.length > MAX_MESSAGE_LENGTH) return "Chat.max-length";
  return null;
}

/**
 * A new idempotency key (a random UUID v4) for a message or form, made in the browser at compose
 * time, so a message is never sent without one (docs/chat.md "Posting from the popup").
 * `crypto.randomUUID` exists only in secure contexts (https, localhost): elsewhere (the sandbox
 * opened at a LAN address over http) the same UUID is made from `crypto.getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The length hint shows once this many characters or fewer are left (and over the limit). */
export const LENGTH_HINT_FROM = 500;

/**
 * Characters left before a message reaches MAX_MESSAGE_LENGTH, counted as `messageError` counts
 * them (the trimmed text, UTF-16 code units as the API counts); negative when over the limit.
 */
export function charactersLeft(content: string): number {
  return MAX_MESSAGE_LENGTH - content.trim().length;
}

/** One day of messages, oldest first, as the chat shows them (newest at the bottom). */
export interface MessageDay<T> {
  /** `yyyy-MM-dd` in the display time zone. */
  key: string;
  /** "today", or the date as "24 November" (this year) / "24 November 2025" (other years). */
  label: { kind: "today" } | { kind: "date"; text: string };
  messages: T[];
}

/**
 * Group messages by calendar day in the display time zone, oldest day first and, within a day,
 * oldest first (the chat's reading order). Duplicates (same id) are kept once.
 * @param opts.now reference time for "today" and "this year" (default: now)
 * @param opts.lng the page's language: the month is named in it ("23 November", "23. November",
 *   "23 نوفمبر"; Latin digits, numberLocaleOf); default English
 * @param opts.timeZone default the display zone (Europe/London)
 */
export function groupMessagesByDay<T extends { id: string; createdAt: string }>(
  messages: readonly T[],
  { now = new Date(), lng = "en", timeZone = DISPLAY_TIME_ZONE }: { now?: Date; lng?: string; timeZone?: string } = {},
): MessageDay<T>[] {
  const seen = new Set<string>();
  const sorted = messages
    .filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)))
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const today = zonedDayKey(now, timeZone);
  const days: MessageDay<T>[] = [];
  for (const message of sorted) {
    const key = zonedDayKey(message.createdAt, timeZone);
    if (!key) continue;
    let day = days[days.length - 1];
    if (!day || day.key !== key) {
      const label: MessageDay<T>["label"] =
        key === today
          ? { kind: "today" }
          : {
              kind: "date",
              text: new Intl.DateTimeFormat(lng === "en" ? "en-GB" : numberLocaleOf(lng), {
                timeZone,
                day: "numeric",
                month: "long",
                ...(key.slice(0, 4) === today.slice(0, 4) ? {} : { year: "numeric" }),
              }).format(new Date(message.createdAt)),
            };
      day = { key, label, messages: [] };
      days.push(day);
    }
    day.messages.push(message);
  }
  return days;
}

/**
 * Merge messages into a list (a live event, an older page), by id, oldest first.
 * @returns a new array; a message already present is replaced by the newer copy
 */
export function mergeMessages<T extends { id: string; createdAt: string }>(current: readonly T[], incoming: readonly T[]): T[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/**
 * The bounds of a batch-read of `messages`: the `createdAt` strings, as the API sent them, of the
 * oldest and the newest (docs/chat.md: the range is inclusive; a re-formatted time could lose
 * precision and miss the edges). Null when there is nothing with a valid time.
 */
export function readRange(messages: readonly { createdAt: string }[]): { createdAtFrom: string; createdAtTo: string } | null {
  const timed = messages.filter((m) => !Number.isNaN(Date.parse(m.createdAt)));
  if (timed.length === 0) return null;
  let oldest = timed[0];
  let newest = timed[0];
  for (const m of timed) {
    if (Date.parse(m.createdAt) < Date.parse(oldest.createdAt)) oldest = m;
    if (Date.parse(m.createdAt) > Date.parse(newest.createdAt)) newest = m;
  }
  return { createdAtFrom: oldest.createdAt, createdAtTo: newest.createdAt };
}

/** Whether a message was written by the signed-in customer (shown on the right). */
export function isOwnMessage(message: Pick<ChatMessage, "userId">, userId: string): boolean {
  return message.userId !== null && message.userId === userId;
}

/** Sum of the unread counts of a count map, for the header. */
export function unreadTotal(counts: Record<string, number>): number {
  return Object.values(counts).reduce((sum, n) => sum + (Number.isFinite(n) && n > 0 ? n : 0), 0);
}

/** The web download URL of a DOCUMENT message (routes/_app+/chat+/$channelId+/documents.$documentId.tsx). */
export function documentHref(message: Pick<ChatMessage, "channelId" | "documentId">): string {
  return `/chat/${encodeURIComponent(message.channelId)}/documents/${encodeURIComponent(message.documentId ?? "")}`;
}

/** Escape markdown in a value typed by someone (a payee's name, a reason) before it goes into a markdown text. */
export function escapeMarkdown(value: string): string {
  // On one line: a line break in a name would start a paragraph or list of its own.
  return value.replace(/\s+/g, " ").replace(/[\\`*_[\]()<>|~!#]/g, (c) => `\\${c}`);
}

/**
 * A notification's text in the web app's own words (`chat:Notifications.<key>` with its params,
 * markdown-escaped; a `reason` param selects the `_reason` variant where there is one), else the
 * API's plain English `content` (an unknown key, or none).
 * @param t a translate function with the `chat` namespace loaded
 * @returns markdown (render it with lib/markdown.ts)
 */
export function notificationText(
  notification: Pick<ChatNotification, "content" | "key" | "params">,
  t: (key: string, options: Record<string, unknown>) => string,
): string {
  if (!notification.key || !/^Notifications\.[\w-]+$/.test(notification.key)) return notification.content;
  const params = Object.fromEntries(Object.entries(notification.params ?? {}).map(([k, v]) => [k, escapeMarkdown(String(v))]));
  return t(`chat:${notification.key}`, {
    ...params,
    ...(params.reason ? { context: "reason" } : {}),
    defaultValue: notification.content,
  });
}
