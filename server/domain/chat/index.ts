/**
 * Chat with support and notifications (issue 11; spec 000 §2 chat popup, §3 Chat channel /
 * Message / Notification, §4 chat connection, §5 "Chat message: at most 4096 characters", §7
 * Chat, §9; docs/chat.md is the contract with the web app).
 *
 * Ownership: a channel belongs to one organization or, for a user without one (an applicant), to
 * that user. The `organizationId` of a list call selects the organization (403 when the caller is
 * not an APPROVED member, as everywhere); without it the caller's OWN channels are meant. A
 * channel id the caller may not read is 404, exactly like an unknown one.
 *
 * Writes announce themselves after commit through the process's `ChatPublisher` (./publisher.ts):
 * a `message` to the channel's room, `notification` and `data-unread-messages-count` to the
 * owners' users, `data-new-channel` when a QUESTION is opened.
 */
import crypto from "node:crypto";
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { ChannelType, ChatChannel, ChatDocument, ChatMessage, ChatNotification } from "../../api/v1/contract.js";
import type { Database, Tx } from "../../db/client.js";
import {
  chatChannels,
  chatDocuments,
  chatMessageReads,
  chatMessages,
  organizationMembers,
  uploads,
  users,
} from "../../db/schema/index.js";
import { DomainError, fieldError } from "../errors.js";
import { isUuid } from "../accounts/index.js";
import { memberOrganizationIdsQuery, notFound, requireMembership } from "../organizations/access.js";
import { encodeCursor, newestFirst } from "../pagination.js";
import { discardUnattachedUploads, lockUploadsForAttach, nameMatchingType, sanitizeFileName } from "../uploads/index.js";
import { consumeRateLimit, RATE_LIMITS } from "../rate-limit/index.js";
import { isBlankMessage } from "../../rules/chat-text.js";
import { chatPublisher } from "./publisher.js";

/** Longest message, in UTF-16 code units (what a browser's `maxlength` counts): spec 000 §5, §9. */
export const MAX_MESSAGE_LENGTH = 4096;
/** The message key of a too-long message (spec 000 §8 "Chat message too long | max-length error"). */
export const MAX_LENGTH_ERROR = "Chat.max-length";
/** Longest QUESTION title. */
export const MAX_TITLE_LENGTH = 200;
/** Messages page size: default 15 (spec 000 §9), at most 50. */
export const DEFAULT_MESSAGES_TAKE = 15;
export const MAX_MESSAGES_TAKE = 50;
/** Most documents attached in one call. */
export const MAX_DOCUMENTS_PER_CALL = 10;
/** Every channel type (spec 000 §3; QUESTION: a customer's question). */
export const CHANNEL_TYPES: readonly ChannelType[] = ["MAIN", "NOTIFICATION", "QUESTION", "APPLICATION", "TRANSACTION", "DEMO"];
/** Titles of the channels every owner has (the web app may show its own translation per channelType). */
const SINGLETON_TITLES = { MAIN: "Support", NOTIFICATION: "Notifications" } as const;

type ChannelRow = typeof chatChannels.$inferSelect;
/** How a customer's writes are limited: `relaxed` under RATE_LIMITS=relaxed (tests; `RATE_LIMITS.chatMessages`). */
export type WriteLimits = { relaxed?: boolean };
type MessageRow = typeof chatMessages.$inferSelect;

/** Whose channels: an organization's, or one user's own (no organization). */
export type ChatOwner = { organizationId: string; userId?: undefined } | { organizationId?: undefined; userId: string };

function ownerKey(owner: ChatOwner): string {
  return owner.organizationId ? `org:${owner.organizationId}` : `user:${owner.userId}`;
}

// ------------------------------------------------------------------ validation

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Characters a message or title never keeps: C0/C1 controls other than TAB and LF (NUL is refused
 * instead, as before) and the bidirectional embeddings, overrides and isolates that reorder the
 * text around them ("pay \u202Enoitcelloc", a channel title reversing its list row); the same
 * set as file names (server/domain/uploads `sanitizeFileName`) minus TAB/LF and the LRM/RLM/ALM
 * marks a right-to-left writer may type. docs/decisions.md 2026-11-29 "Chat text".
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE_CONTROLS = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/** A line break as a browser submits a textarea's (CRLF) or an old Mac's (CR): stored as LF. */
const CR_LINE_BREAK = /\r\n?/g;

/**
 * A message text as it is stored: line breaks as LF, without `INVISIBLE_CONTROLS` (a form without JavaScript sends CRLF; a line
 * break is one character, as the text box counts it, spec 000 §5), trimmed, lone surrogates
 * replaced (PostgreSQL text holds UTF-8).
 * @throws 400 VALIDATION_FAILED on `field`: not a string or empty (`isNotEmpty`; also a text of
 *   only white space and invisible characters such as U+200B, U+FEFF: rules/chat-text.ts), a NUL
 *   character (`isNotNul`), longer than 4096 (`maxLength`, message 'Chat.max-length')
 */
export function normalizeContent(raw: unknown, field = "content"): string {
  if (typeof raw !== "string") throw fieldError(field, "isString", `${field} must be a string`);
  const text = raw.replace(CR_LINE_BREAK, "\n").replace(INVISIBLE_CONTROLS, "").replace(LONE_SURROGATE, "\uFFFD").trim();
  // Only zero-width or other invisible characters: an empty bubble, refused as empty.
  if (isBlankMessage(text)) throw fieldError(field, "isNotEmpty", `${field} should not be empty`);
  if (text.includes("\u0000")) throw fieldError(field, "isNotNul", `${field} must not contain NUL characters`);
  if (text.length > MAX_MESSAGE_LENGTH) throw fieldError(field, "maxLength", MAX_LENGTH_ERROR);
  return text;
}

function normalizeTitle(raw: unknown): string {
  if (typeof raw !== "string") throw fieldError("title", "isString", "title must be a string");
  const text = raw.replace(INVISIBLE_CONTROLS, "").replace(LONE_SURROGATE, "\uFFFD").replace(/\s+/g, " ").trim();
  if (isBlankMessage(text)) throw fieldError("title", "isNotEmpty", "title should not be empty");
  if (text.includes("\u0000")) throw fieldError("title", "isNotNul", "title must not contain NUL characters");
  if (text.length > MAX_TITLE_LENGTH)
    throw fieldError("title", "maxLength", `title must be at most ${MAX_TITLE_LENGTH} characters`);
  return text;
}

// ------------------------------------------------------------------ access

/**
 * The owner a list call means: `organizationId` (the caller must be an APPROVED member) or,
 * without one, the caller's own channels.
 * @throws 403 FORBIDDEN when the caller is not a member of `organizationId`
 */
export async function resolveOwner(db: Database | Tx, userId: string, organizationId?: string | null): Promise<ChatOwner> {
  if (!organizationId) return { userId };
  await requireMembership(db, userId, organizationId);
  return { organizationId };
}

/** Condition: a channel the caller may read (an organization they are a member of, or their own). */
function visibleTo(db: Database | Tx, userId: string): SQL {
  return or(
    inArray(chatChannels.organizationId, memberOrganizationIdsQuery(db, userId)),
    and(isNull(chatChannels.organizationId), eq(chatChannels.userId, userId)),
  )!;
}

/**
 * A channel the caller may read.
 * @throws 404 NOT_FOUND "Channel not found" when unknown, not a uuid, or not the caller's
 */
export async function findChannel(db: Database | Tx, userId: string, channelId: string): Promise<ChannelRow> {
  if (!isUuid(channelId)) throw notFound("Channel");
  const [row] = await db
    .select()
    .from(chatChannels)
    .where(and(eq(chatChannels.id, channelId), visibleTo(db, userId)))
    .limit(1);
  if (!row) throw notFound("Channel");
  return row;
}

/** User ids who read an owner's channels: the APPROVED members of the organization, or the user. */
async function ownerUserIds(db: Database | Tx, channel: Pick<ChannelRow, "organizationId" | "userId">): Promise<string[]> {
  if (!channel.organizationId) return channel.userId ? [channel.userId] : [];
  const rows = await db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, channel.organizationId), eq(organizationMembers.status, "APPROVED")));
  return rows.flatMap((r) => (r.userId ? [r.userId] : []));
}

// ------------------------------------------------------------------ channels

/**
 * Create the owner's MAIN and NOTIFICATION channels when missing. Idempotent under concurrency:
 * the unique (owner_key, singleton_type) index and ON CONFLICT DO NOTHING make simultaneous
 * first calls create one of each.
 * @returns the two channels
 */
export async function ensureOwnerChannels(
  db: Database | Tx,
  owner: ChatOwner,
): Promise<{ main: ChannelRow; notification: ChannelRow }> {
  const key = ownerKey(owner);
  const base = { organizationId: owner.organizationId ?? null, userId: owner.userId ?? null, ownerKey: key };
  await db
    .insert(chatChannels)
    .values([
      { ...base, channelType: "MAIN", singletonType: "MAIN", title: SINGLETON_TITLES.MAIN },
      { ...base, channelType: "NOTIFICATION", singletonType: "NOTIFICATION", title: SINGLETON_TITLES.NOTIFICATION },
    ])
    .onConflictDoNothing({ target: [chatChannels.ownerKey, chatChannels.singletonType] });
  const rows = await db
    .select()
    .from(chatChannels)
    .where(and(eq(chatChannels.ownerKey, key), inArray(chatChannels.singletonType, ["MAIN", "NOTIFICATION"])));
  const main = rows.find((r) => r.singletonType === "MAIN");
  const notification = rows.find((r) => r.singletonType === "NOTIFICATION");
  if (!main || !notification) throw new Error("chat: owner channels missing after insert");
  return { main, notification };
}

/**
 * GET /v1/channels: the owner's channels, most recently active first (updatedAt desc); MAIN and
 * NOTIFICATION are created first when missing (`ensureOwnerChannels`).
 * @param input.organizationId the organization (else the caller's own channels)
 * @param input.channelTypes only these types (empty or absent: all)
 * @returns contract ChatChannel[] as the caller sees them (unread counts, last message)
 * @throws 403 FORBIDDEN (not a member of `organizationId`)
 */
export async function listChannels(
  db: Database,
  userId: string,
  input: { organizationId?: string | null; channelTypes?: ChannelType[] } = {},
): Promise<ChatChannel[]> {
  const owner = await resolveOwner(db, userId, input.organizationId);
  await ensureOwnerChannels(db, owner);
  const types = input.channelTypes?.length ? input.channelTypes : null;
  const rows = await db
    .select()
    .from(chatChannels)
    .where(and(eq(chatChannels.ownerKey, ownerKey(owner)), types ? inArray(chatChannels.channelType, types) : undefined))
    .orderBy(desc(chatChannels.updatedAt), desc(chatChannels.id));
  return channelsToWire(db, userId, rows);
}

/**
 * GET /v1/channels/:id: one channel as the caller sees it.
 * @throws 404 NOT_FOUND (unknown or not the caller's)
 */
export async function getChannel(db: Database, userId: string, channelId: string): Promise<ChatChannel> {
  const row = await findChannel(db, userId, channelId);
  return (await channelsToWire(db, userId, [row]))[0];
}

/** Channel rows → contract ChatChannel for `viewer`: unread counts and last messages in two queries. */
async function channelsToWire(db: Database | Tx, viewer: string, rows: ChannelRow[]): Promise<ChatChannel[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const unread = await unreadByChannel(db, viewer, inArray(chatMessages.channelId, ids));
  const last = await db
    .selectDistinctOn([chatMessages.channelId], messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.userId))
    .leftJoin(chatDocuments, eq(chatDocuments.id, chatMessages.documentId))
    .leftJoin(chatMessageReads, and(eq(chatMessageReads.messageId, chatMessages.id), eq(chatMessageReads.userId, viewer)))
    .where(inArray(chatMessages.channelId, ids))
    .orderBy(chatMessages.channelId, desc(chatMessages.createdAt), desc(chatMessages.id));
  const lastBy = new Map(last.map((m) => [m.m.channelId, messageToWire(m, viewer)]));
  return rows.map((r) => {
    const unreadCount = unread.get(r.id) ?? 0;
    return {
      id: r.id,
      title: r.title,
      channelType: r.channelType as ChannelType,
      organizationId: r.organizationId,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      hasUnread: unreadCount > 0,
      unreadCount,
      lastMessage: lastBy.get(r.id) ?? null,
      application: null,
    };
  });
}

/**
 * Serialise writers of one idempotency key until the transaction ends (PostgreSQL advisory
 * transaction lock on the key's 64-bit hash), so a concurrent repeat waits for the first
 * request's commit and then finds its result instead of writing a second one.
 */
async function lockIdempotencyKey(tx: Tx, scope: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${scope}, 0))`);
}

/** The QUESTION channel `userId` opened for `owner` under the stored key `stored`, or null; 409 for another request. */
async function findQuestionReplay(
  db: Database | Tx,
  userId: string,
  owner: ChatOwner,
  stored: string,
  hash: string,
): Promise<ChannelRow | null> {
  const [row] = await db
    .select({ channel: chatChannels, requestHash: chatMessages.requestHash })
    .from(chatMessages)
    .innerJoin(chatChannels, eq(chatChannels.id, chatMessages.channelId))
    .where(
      and(
        eq(chatMessages.userId, userId),
        eq(chatMessages.idempotencyKey, stored),
        eq(chatChannels.ownerKey, ownerKey(owner)),
        eq(chatChannels.channelType, "QUESTION"),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (row.requestHash !== hash)
    throw new DomainError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request body");
  return row.channel;
}

/**
 * POST /v1/channels: open a QUESTION channel ("ask a question", spec 000 §2) with its first message.
 * With an idempotency key (the API's `Idempotency-Key` header, the web form's hidden key), the
 * same key for the same owner answers the channel it opened first, concurrent repeats included
 * (advisory transaction lock on the key; the key is stored on the first message as `question:<key>`).
 * @param input.title 1..200 characters (trimmed, spaces collapsed); @param input.content as `normalizeContent`
 * @param input.idempotencyKey optional (1..128, checked by the API)
 * @returns `{ channel, created }`: contract ChatChannel (the question, its message as lastMessage);
 *   created false for a replay (nothing written, no rate limit consumed)
 * @throws 400 VALIDATION_FAILED on `title` / `content` (checked before anything is written);
 *   403 FORBIDDEN (not a member of `organizationId`); 409 IDEMPOTENCY_KEY_REUSED (the key opened
 *   another question); 429 RATE_LIMITED (`RATE_LIMITS.chatMessages`)
 */
export async function createQuestion(
  db: Database,
  userId: string,
  input: { organizationId?: string | null; title: unknown; content: unknown; idempotencyKey?: string | null },
  limits: WriteLimits = {},
): Promise<{ channel: ChatChannel; created: boolean }> {
  const title = normalizeTitle(input.title);
  const content = normalizeContent(input.content);
  const owner = await resolveOwner(db, userId, input.organizationId);
  const stored = input.idempotencyKey ? `question:${input.idempotencyKey}` : null;
  const hash = requestHash(JSON.stringify([title, content]));
  const replayed = async (row: ChannelRow) => ({ channel: (await channelsToWire(db, userId, [row]))[0], created: false });
  if (stored) {
    const earlier = await findQuestionReplay(db, userId, owner, stored, hash);
    if (earlier) return replayed(earlier);
  }
  await consumeRateLimit(db, RATE_LIMITS.chatMessages(userId), { relaxed: limits.relaxed });
  const now = new Date();
  const result = await db.transaction(async (tx) => {
    if (stored) {
      await lockIdempotencyKey(tx, `chat-question:${ownerKey(owner)}:${userId}:${stored}`);
      const earlier = await findQuestionReplay(tx, userId, owner, stored, hash);
      if (earlier) return { channel: earlier, message: null };
    }
    const [channel] = await tx
      .insert(chatChannels)
      .values({
        organizationId: owner.organizationId ?? null,
        userId: owner.userId ?? userId,
        ownerKey: ownerKey(owner),
        channelType: "QUESTION",
        singletonType: null,
        title,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const [message] = await tx
      .insert(chatMessages)
      .values({
        channelId: channel.id,
        userId,
        content,
        contentType: "TEXT",
        idempotencyKey: stored,
        requestHash: stored ? hash : null,
        createdAt: now,
      })
      .returning();
    return { channel, message };
  });
  if (!result.message) return replayed(result.channel);
  const [wire] = await channelsToWire(db, userId, [result.channel]);
  // After commit: a rollback must never have shown the question live.
  await announce(db, result.channel, [result.message], { newChannel: true });
  return { channel: wire, created: true };
}

// ------------------------------------------------------------------ messages

const messageColumns = {
  m: chatMessages,
  firstName: users.firstName,
  lastName: users.lastName,
  documentName: chatDocuments.name,
  readAt: chatMessageReads.readAt,
};
type MessageSelection = {
  m: MessageRow;
  firstName: string | null;
  lastName: string | null;
  documentName: string | null;
  readAt: Date | null;
};

function messageToWire(r: MessageSelection, viewer: string | null): ChatMessage {
  const m = r.m;
  const own = viewer !== null && m.userId === viewer;
  return {
    id: m.id,
    channelId: m.channelId,
    content: m.content,
    contentType: m.contentType as ChatMessage["contentType"],
    createdAt: m.createdAt.toISOString(),
    readAt: own ? m.createdAt.toISOString() : (r.readAt?.toISOString() ?? null),
    userId: m.userId,
    employeeId: m.employeeId,
    author: m.userId ? { firstName: r.firstName, lastName: r.lastName } : null,
    documentId: m.documentId,
    document: m.documentId && r.documentName !== null ? { id: m.documentId, name: r.documentName } : null,
  };
}

/** Messages matching `where`, with their author, document and the viewer's read time, newest first. */
function selectMessages(db: Database | Tx, viewer: string) {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.userId))
    .leftJoin(chatDocuments, eq(chatDocuments.id, chatMessages.documentId))
    .leftJoin(chatMessageReads, and(eq(chatMessageReads.messageId, chatMessages.id), eq(chatMessageReads.userId, viewer)))
    .$dynamic();
}

async function messagesById(db: Database | Tx, viewer: string | null, ids: string[]): Promise<ChatMessage[]> {
  if (!ids.length) return [];
  const rows = await selectMessages(db, viewer ?? "00000000-0000-0000-0000-000000000000")
    .where(inArray(chatMessages.id, ids))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  const byId = new Map(rows.map((r) => [r.m.id, messageToWire(r, viewer)]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** SHA-256 of what a message request asked for (idempotent replays must ask the same). */
function requestHash(content: string): string {
  return crypto.createHash("sha256").update(content).digest("hex");
}

/**
 * POST /v1/channels/:id/messages (and the gateway's `message` event): a customer's text message.
 * With an idempotency key, the same key in the same channel answers the first message again
 * (concurrent repeats included: unique index, ON CONFLICT DO NOTHING).
 * @param input.content as `normalizeContent` (1..4096 after trimming, no NUL)
 * @param input.idempotencyKey optional (1..128, checked by the API)
 * @returns `{ message, created }` (created false: a replay)
 * @throws 404 NOT_FOUND (channel unknown or not the caller's); 403 FORBIDDEN (a NOTIFICATION
 *   channel: customers cannot post there); 400 VALIDATION_FAILED on `content`; 409
 *   IDEMPOTENCY_KEY_REUSED (the key was used for another content); 429 RATE_LIMITED
 *   (`RATE_LIMITS.chatMessages`: 30 writes a minute per user, questions and documents included)
 */
export async function postMessage(
  db: Database,
  userId: string,
  channelId: string,
  input: { content: unknown; idempotencyKey?: string | null },
  limits: WriteLimits = {},
): Promise<{ message: ChatMessage; created: boolean }> {
  const channel = await findChannel(db, userId, channelId);
  if (channel.channelType === "NOTIFICATION") throw new DomainError("FORBIDDEN", "Notifications cannot be answered");
  const content = normalizeContent(input.content);
  await consumeRateLimit(db, RATE_LIMITS.chatMessages(userId), { relaxed: limits.relaxed });
  const key = input.idempotencyKey ?? null;
  const hash = requestHash(content);
  const now = new Date();
  const result = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(chatMessages)
      .values({
        channelId: channel.id,
        userId,
        content,
        contentType: "TEXT",
        idempotencyKey: key,
        requestHash: hash,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [chatMessages.channelId, chatMessages.userId, chatMessages.idempotencyKey] })
      .returning();
    if (inserted) {
      await tx.update(chatChannels).set({ updatedAt: now }).where(eq(chatChannels.id, channel.id));
      return { row: inserted, created: true };
    }
    const [existing] = await tx
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.channelId, channel.id), eq(chatMessages.userId, userId), eq(chatMessages.idempotencyKey, key!)))
      .limit(1);
    if (!existing || existing.requestHash !== hash)
      throw new DomainError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request body");
    return { row: existing, created: false };
  });
  if (result.created) await announce(db, channel, [result.row]);
  const [message] = await messagesById(db, userId, [result.row.id]);
  return { message, created: result.created };
}

/**
 * GET /v1/channels/:id/messages: a page of messages, newest first (createdAt desc, then id), as
 * the caller sees them.
 * @param input.take 1..50 (default 15); @param input.cursor the previous page's `cursor`
 * @returns `{ data, cursor }`: `cursor` names the next, older page (null on the last page)
 * @throws 404 NOT_FOUND; 400 VALIDATION_FAILED on `cursor` (malformed)
 */
export async function listMessages(
  db: Database,
  userId: string,
  channelId: string,
  input: { take?: number; cursor?: string } = {},
): Promise<{ data: ChatMessage[]; cursor: string | null }> {
  const channel = await findChannel(db, userId, channelId);
  const take = Math.min(Math.max(input.take ?? DEFAULT_MESSAGES_TAKE, 1), MAX_MESSAGES_TAKE);
  return pageOfMessages(db, userId, eq(chatMessages.channelId, channel.id), take, input.cursor, (r) => messageToWire(r, userId));
}

async function pageOfMessages<T>(
  db: Database | Tx,
  viewer: string,
  where: SQL,
  take: number,
  cursor: string | undefined,
  wire: (r: MessageSelection) => T,
): Promise<{ data: T[]; cursor: string | null }> {
  const page = newestFirst(chatMessages.createdAt, chatMessages.id, cursor);
  const rows = await selectMessages(db, viewer)
    .where(and(where, page.after))
    .orderBy(...page.order)
    .limit(take + 1);
  const shown = rows.slice(0, take);
  const last = shown[shown.length - 1];
  return { data: shown.map(wire), cursor: rows.length > take && last ? encodeCursor(last.m.createdAt, last.m.id) : null };
}

/** Unread messages of `viewer` per channel among the messages matching `where`. */
async function unreadByChannel(db: Database | Tx, viewer: string, where: SQL): Promise<Map<string, number>> {
  const rows = await db
    .select({ channelId: chatMessages.channelId, n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .leftJoin(chatMessageReads, and(eq(chatMessageReads.messageId, chatMessages.id), eq(chatMessageReads.userId, viewer)))
    .where(and(where, isNull(chatMessageReads.messageId), or(isNull(chatMessages.userId), ne(chatMessages.userId, viewer))))
    .groupBy(chatMessages.channelId);
  return new Map(rows.map((r) => [r.channelId, Number(r.n)]));
}

/**
 * GET /v1/channels/unread-messages-count: the caller's unread messages per channel of the owner
 * (messages someone else wrote that the caller has not read); channels without any are left out.
 * @returns `{ data: { [channelId]: n }, total }`
 * @throws 403 FORBIDDEN (not a member of `organizationId`)
 */
export async function unreadMessagesCount(
  db: Database,
  userId: string,
  input: { organizationId?: string | null } = {},
): Promise<{ data: Record<string, number>; total: number }> {
  const owner = await resolveOwner(db, userId, input.organizationId);
  const channelIds = db
    .select({ id: chatChannels.id })
    .from(chatChannels)
    .where(eq(chatChannels.ownerKey, ownerKey(owner)));
  const unread = await unreadByChannel(db, userId, inArray(chatMessages.channelId, channelIds));
  const data = Object.fromEntries(unread);
  return { data, total: [...unread.values()].reduce((a, b) => a + b, 0) };
}

/**
 * POST /v1/channels/:id/messages/batch-read: mark read, for the caller, the channel's messages
 * created from `createdAtFrom` to `createdAtTo` (inclusive, millisecond times as the messages
 * carry them) that someone else wrote. Reading twice is harmless.
 * @param input.channelId optional; when given it must be the channel of the path
 * @returns `{ read }`: how many messages became read now
 * @throws 404 NOT_FOUND; 400 VALIDATION_FAILED on `channelId` (another channel) or
 *   `createdAtTo` (before `createdAtFrom`)
 */
export async function batchRead(
  db: Database,
  userId: string,
  channelId: string,
  input: { createdAtFrom: Date; createdAtTo: Date; channelId?: string },
): Promise<{ read: number }> {
  const channel = await findChannel(db, userId, channelId);
  if (input.channelId !== undefined && input.channelId !== channel.id)
    throw fieldError("channelId", "equals", "channelId must be the channel of the path");
  if (input.createdAtTo < input.createdAtFrom)
    throw fieldError("createdAtTo", "minDate", "createdAtTo must not be before createdAtFrom");
  const read = await markRead(
    db,
    userId,
    channel.id,
    and(
      eq(chatMessages.channelId, channel.id),
      gte(chatMessages.createdAt, input.createdAtFrom),
      lte(chatMessages.createdAt, input.createdAtTo),
    )!,
  );
  if (read > 0) await announceUnread(db, channel, [userId]);
  return { read };
}

/** Insert the caller's read rows for unread messages (of others) matching `where`; @returns how many. */
async function markRead(db: Database | Tx, userId: string, channelId: string, where: SQL): Promise<number> {
  const now = new Date();
  const inserted = await db
    .insert(chatMessageReads)
    .select(
      db
        .select({
          messageId: chatMessages.id,
          userId: sql<string>`${userId}::uuid`.as("user_id"),
          channelId: sql<string>`${channelId}::uuid`.as("channel_id"),
          readAt: sql<Date>`${now.toISOString()}::timestamptz`.as("read_at"),
        })
        .from(chatMessages)
        .where(and(where, or(isNull(chatMessages.userId), ne(chatMessages.userId, userId)))),
    )
    .onConflictDoNothing()
    .returning({ messageId: chatMessageReads.messageId });
  return inserted.length;
}

// ------------------------------------------------------------------ documents

/** Stored idempotency keys of an attach call: `attach:<key>:<i>`, one per DOCUMENT message. */
function attachKeys(key: string): string[] {
  return Array.from({ length: MAX_DOCUMENTS_PER_CALL }, (_, i) => `attach:${key}:${i}`);
}

/** The messages `userId` attached in `channelId` under `key`, in order, or null; 409 for another request. */
async function findAttachReplay(
  db: Database | Tx,
  userId: string,
  channelId: string,
  key: string,
  hash: string,
): Promise<MessageRow[] | null> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.channelId, channelId),
        eq(chatMessages.userId, userId),
        inArray(chatMessages.idempotencyKey, attachKeys(key)),
      ),
    )
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  if (!rows.length) return null;
  if (rows.some((r) => r.requestHash !== hash))
    throw new DomainError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request body");
  return rows;
}

/**
 * POST /v1/channels/:id/documents: attach uploads (POST /v1/uploads) to a channel, one DOCUMENT
 * message per file (its content: the file's name). An organization's channel takes uploads of
 * that organization; a user's own channel takes the caller's own uploads without organization.
 * With an idempotency key, the same key in the same channel answers the messages of the first
 * call, concurrent repeats included (advisory transaction lock; unique index backstop). The
 * request is compared by the files' contents (SHA-256) and names, not their upload ids, so a form
 * submitted twice — each submission uploading its files again — is one request, and the replay
 * deletes the copies it brought (uploads of the caller named in it and attached nowhere, in the
 * replay's transaction: `discardUnattachedUploads`), so the uploads table keeps one row per file.
 * @param items 1..10 `{ uploadId, name }` (name sanitised like upload names; empty: the upload's name)
 * @param idempotencyKey optional (1..128, checked by the API)
 * @returns `{ messages, created }`: the messages, in the order given; created false for a replay
 * @throws 404 NOT_FOUND; 403 FORBIDDEN (NOTIFICATION channel); 400 VALIDATION_FAILED on `data`
 *   (an upload missing or not usable here: `isOwnUpload`, nothing written); 409
 *   IDEMPOTENCY_KEY_REUSED (the key attached other files); 429 RATE_LIMITED
 *   (`RATE_LIMITS.chatMessages`, one per call)
 */
export async function attachDocuments(
  db: Database,
  userId: string,
  channelId: string,
  items: { uploadId: string; name: string }[],
  limits: WriteLimits = {},
  idempotencyKey: string | null = null,
): Promise<{ messages: ChatMessage[]; created: boolean }> {
  const channel = await findChannel(db, userId, channelId);
  if (channel.channelType === "NOTIFICATION") throw new DomainError("FORBIDDEN", "Notifications cannot be answered");
  if (!items.length || items.length > MAX_DOCUMENTS_PER_CALL)
    throw fieldError("data", "arrayMaxSize", `data must hold 1 to ${MAX_DOCUMENTS_PER_CALL} documents`);
  const ids = [...new Set(items.map((i) => i.uploadId))];
  if (!ids.every(isUuid)) throw fieldError("data", "isOwnUpload", "data must name your uploads");
  const usable = channel.organizationId
    ? eq(uploads.organizationId, channel.organizationId)
    : and(isNull(uploads.organizationId), eq(uploads.userId, userId));
  const found = await db
    .select({ id: uploads.id, name: uploads.name, mimeType: uploads.mimeType, sha256: uploads.sha256 })
    .from(uploads)
    .where(and(inArray(uploads.id, ids), usable));
  if (found.length !== ids.length) throw fieldError("data", "isOwnUpload", "data must name your uploads");
  const byId = new Map(found.map((u) => [u.id, u]));
  const named = items.map((item) => ({
    uploadId: item.uploadId,
    // A new name keeps the extension of the file's type (uploads' nameMatchingType): "report.html" for a PDF is "report.html.pdf".
    name: nameMatchingType(sanitizeFileName(item.name ?? "", byId.get(item.uploadId)!.name), byId.get(item.uploadId)!.mimeType),
  }));
  const hash = requestHash(JSON.stringify(named.map((n) => [byId.get(n.uploadId)!.sha256, n.name])));
  const answer = async (rows: MessageRow[], created: boolean) => ({
    messages: await messagesById(
      db,
      userId,
      rows.map((r) => r.id),
    ),
    created,
  });
  // A replay answers the first call's messages and, in the same transaction, deletes the
  // uploads THIS request brought that nothing references (the resubmitted form's second copies;
  // the caller's own only: see `discardUnattachedUploads`), so no upload row is left unattached.
  const replay = async (tx: Tx, rows: MessageRow[]) => {
    await discardUnattachedUploads(tx, userId, ids);
    return { rows, created: false };
  };
  if (idempotencyKey) {
    const earlier = await findAttachReplay(db, userId, channel.id, idempotencyKey, hash);
    if (earlier) return answer((await db.transaction((tx) => replay(tx, earlier))).rows, false);
  }
  await consumeRateLimit(db, RATE_LIMITS.chatMessages(userId), { relaxed: limits.relaxed });
  const base = Date.now();
  const result = await db.transaction(async (tx) => {
    if (idempotencyKey) {
      await lockIdempotencyKey(tx, `chat-attach:${channel.id}:${userId}:${idempotencyKey}`);
      const earlier = await findAttachReplay(tx, userId, channel.id, idempotencyKey, hash);
      if (earlier) return replay(tx, earlier);
    }
    // Held against housekeeping's purge of orphans until they are attached (or refused here).
    if ((await lockUploadsForAttach(tx, ids, usable)).length !== ids.length)
      throw fieldError("data", "isOwnUpload", "data must name your uploads");
    const out: MessageRow[] = [];
    for (const [i, item] of named.entries()) {
      const createdAt = new Date(base + i);
      const [doc] = await tx
        .insert(chatDocuments)
        .values({ channelId: channel.id, uploadId: item.uploadId, name: item.name, createdAt })
        .returning();
      const [message] = await tx
        .insert(chatMessages)
        .values({
          channelId: channel.id,
          userId,
          content: item.name,
          contentType: "DOCUMENT",
          documentId: doc.id,
          idempotencyKey: idempotencyKey ? attachKeys(idempotencyKey)[i] : null,
          requestHash: idempotencyKey ? hash : null,
          createdAt,
        })
        .returning();
      out.push(message);
    }
    await tx
      .update(chatChannels)
      .set({ updatedAt: new Date(base + items.length - 1) })
      .where(eq(chatChannels.id, channel.id));
    return { rows: out, created: true };
  });
  // After commit: a rollback must never have shown the documents live.
  if (result.created) await announce(db, channel, result.rows);
  return answer(result.rows, result.created);
}

async function findDocument(db: Database, userId: string, channelId: string, documentId: string) {
  const channel = await findChannel(db, userId, channelId);
  if (!isUuid(documentId)) throw notFound("Document");
  const [row] = await db
    .select({
      id: chatDocuments.id,
      name: chatDocuments.name,
      createdAt: chatDocuments.createdAt,
      mimeType: uploads.mimeType,
      size: uploads.size,
      uploadId: uploads.id,
    })
    .from(chatDocuments)
    .innerJoin(uploads, eq(uploads.id, chatDocuments.uploadId))
    .where(and(eq(chatDocuments.id, documentId), eq(chatDocuments.channelId, channel.id)))
    .limit(1);
  if (!row) throw notFound("Document");
  return row;
}

/**
 * GET /v1/channels/:id/documents/:documentId: a document's details.
 * @returns contract ChatDocument `{ id, name, mimeType, size, createdAt }`
 * @throws 404 NOT_FOUND (channel or document unknown, or the document is of another channel)
 */
export async function getDocument(db: Database, userId: string, channelId: string, documentId: string): Promise<ChatDocument> {
  const d = await findDocument(db, userId, channelId, documentId);
  return { id: d.id, name: d.name, mimeType: d.mimeType, size: d.size, createdAt: d.createdAt.toISOString() };
}

/**
 * GET /v1/channels/:id/documents/:documentId/file: a document's bytes.
 * @returns `{ name, mimeType, bytes }` (the name already safe for Content-Disposition)
 * @throws 404 NOT_FOUND as `getDocument`
 */
export async function getDocumentFile(
  db: Database,
  userId: string,
  channelId: string,
  documentId: string,
): Promise<{ name: string; mimeType: string; bytes: Uint8Array }> {
  const d = await findDocument(db, userId, channelId, documentId);
  const [file] = await db.select({ data: uploads.data }).from(uploads).where(eq(uploads.id, d.uploadId)).limit(1);
  return { name: d.name, mimeType: d.mimeType, bytes: file.data };
}

// ------------------------------------------------------------------ notifications

function notificationToWire(r: MessageSelection): ChatNotification {
  return {
    id: r.m.id,
    content: r.m.content,
    createdAt: r.m.createdAt.toISOString(),
    readAt: r.readAt?.toISOString() ?? null,
    key: r.m.contentKey,
    params: r.m.contentParams ?? null,
  };
}

/**
 * GET /v1/notifications: the owner's notifications (messages of its NOTIFICATION channel),
 * newest first, with the caller's read time.
 * @param input.take 1..50 (default 15); @param input.cursor the previous page's `cursor`
 * @returns `{ data: ChatNotification[], cursor }`
 * @throws 403 FORBIDDEN (not a member of `organizationId`); 400 on a malformed cursor
 */
export async function listNotifications(
  db: Database,
  userId: string,
  input: { organizationId?: string | null; take?: number; cursor?: string } = {},
): Promise<{ data: ChatNotification[]; cursor: string | null }> {
  const owner = await resolveOwner(db, userId, input.organizationId);
  const take = Math.min(Math.max(input.take ?? DEFAULT_MESSAGES_TAKE, 1), MAX_MESSAGES_TAKE);
  const channelIds = db
    .select({ id: chatChannels.id })
    .from(chatChannels)
    .where(and(eq(chatChannels.ownerKey, ownerKey(owner)), eq(chatChannels.singletonType, "NOTIFICATION")));
  return pageOfMessages(db, userId, inArray(chatMessages.channelId, channelIds), take, input.cursor, notificationToWire);
}

/**
 * POST /v1/notifications/:id/read: mark one notification read for the caller (spec 000 §7
 * "Notification read call"). Reading it again keeps the first read time.
 * @returns contract ChatNotification with `readAt`
 * @throws 404 NOT_FOUND (unknown, not a notification, or of a channel the caller may not read)
 */
export async function readNotification(db: Database, userId: string, notificationId: string): Promise<ChatNotification> {
  if (!isUuid(notificationId)) throw notFound("Notification");
  const [row] = await db
    .select({ channel: chatChannels })
    .from(chatMessages)
    .innerJoin(chatChannels, eq(chatChannels.id, chatMessages.channelId))
    .where(and(eq(chatMessages.id, notificationId), eq(chatChannels.channelType, "NOTIFICATION"), visibleTo(db, userId)))
    .limit(1);
  if (!row) throw notFound("Notification");
  const read = await markRead(db, userId, row.channel.id, eq(chatMessages.id, notificationId));
  if (read > 0) await announceUnread(db, row.channel, [userId]);
  const [m] = await selectMessages(db, userId).where(eq(chatMessages.id, notificationId)).limit(1);
  return notificationToWire(m);
}

/**
 * Post a system notification to an owner's NOTIFICATION channel (created when missing) and
 * deliver it live (`notification` to the owner's users, `message` to the channel's room). Called
 * right after a staff decision the customer waits for has committed (beneficiary, contract,
 * application, remittance order, FX rate request, payment).
 * @param input.content plain English (markdown without HTML), at most 4096 characters
 * @param input.key a translation key, e.g. "Notifications.beneficiary-approved"; @param input.params its values
 * @returns contract ChatNotification
 */
export async function postNotification(
  db: Database | Tx,
  owner: ChatOwner,
  input: { content: string; key: string; params?: Record<string, string> },
): Promise<ChatNotification> {
  const content = normalizeContent(input.content.slice(0, MAX_MESSAGE_LENGTH));
  const [existing] = await db
    .select()
    .from(chatChannels)
    .where(and(eq(chatChannels.ownerKey, ownerKey(owner)), eq(chatChannels.singletonType, "NOTIFICATION")))
    .limit(1);
  const notification = existing ?? (await ensureOwnerChannels(db, owner)).notification;
  const now = new Date();
  const [row] = await db
    .insert(chatMessages)
    .values({
      channelId: notification.id,
      content,
      contentType: "TEXT",
      contentKey: input.key,
      contentParams: input.params ?? {},
      createdAt: now,
    })
    .returning();
  await db.update(chatChannels).set({ updatedAt: now }).where(eq(chatChannels.id, notification.id));
  await announce(db, notification, [row]);
  return notificationToWire({ m: row, firstName: null, lastName: null, documentName: null, readAt: null });
}

/**
 * `postNotification`, never failing the caller: the decision it reports has committed already,
 * so a failure to notify is reported to the publisher (logged by the gateway) and swallowed.
 */
export async function notifyQuietly(
  db: Database | Tx,
  owner: ChatOwner,
  input: { content: string; key: string; params?: Record<string, string> },
): Promise<void> {
  try {
    await postNotification(db, owner, input);
  } catch (err) {
    chatPublisher().error(err);
  }
}

// ------------------------------------------------------------------ staff

/** Live delivery of a write, to run once its transaction has committed (with the process's database). */
export type AfterCommit = (db: Database) => Promise<void>;

/** A channel staff may write to. @throws 404 NOT_FOUND (unknown); 403 FORBIDDEN (NOTIFICATION) */
async function staffWritableChannel(db: Database | Tx, channelId: string): Promise<ChannelRow> {
  if (!isUuid(channelId)) throw notFound("Channel");
  const [channel] = await db.select().from(chatChannels).where(eq(chatChannels.id, channelId)).limit(1);
  if (!channel) throw notFound("Channel");
  if (channel.channelType === "NOTIFICATION") throw new DomainError("FORBIDDEN", "Notifications take system messages only");
  return channel;
}

/**
 * Write a staff reply inside the caller's transaction WITHOUT announcing it: the caller runs
 * `publish` after its transaction commits (the back office commits the reply with its audit
 * entry first; a rollback must never have shown the message live).
 * @param input.employeeId who answers (free text, e.g. "staff:cli")
 * @returns `{ message, publish }`: contract ChatMessage (as a customer of the channel sees it:
 *   unread) and the live delivery to run after commit
 * @throws 404 NOT_FOUND (unknown channel); 403 FORBIDDEN (NOTIFICATION: system messages only);
 *   400 VALIDATION_FAILED on `content`
 */
export async function writeStaffReply(
  tx: Database | Tx,
  input: { channelId: string; content: unknown; employeeId: string },
): Promise<{ message: ChatMessage; publish: AfterCommit }> {
  const content = normalizeContent(input.content);
  const channel = await staffWritableChannel(tx, input.channelId);
  const now = new Date();
  const [row] = await tx
    .insert(chatMessages)
    .values({ channelId: channel.id, employeeId: input.employeeId, content, contentType: "TEXT", createdAt: now })
    .returning();
  await tx.update(chatChannels).set({ updatedAt: now }).where(eq(chatChannels.id, channel.id));
  const [message] = await messagesById(tx, null, [row.id]);
  return { message, publish: (db) => announce(db, channel, [row]) };
}

/**
 * Staff reply in a channel (`npm run bank -- chat:reply <channelId> <text>`): `writeStaffReply`
 * in its own transaction, delivered live after commit.
 * @returns contract ChatMessage (as a customer of the channel sees it: unread)
 * @throws as `writeStaffReply`
 */
export async function staffReply(
  db: Database,
  input: { channelId: string; content: unknown; employeeId: string },
): Promise<ChatMessage> {
  const { message, publish } = await db.transaction((tx) => writeStaffReply(tx, input));
  await publish(db);
  return message;
}

/**
 * Write staff attachments inside the caller's transaction WITHOUT announcing them (the back
 * office's chat, issue 13): each file (already checked by uploads' `checkedFile`) is stored as an
 * upload owned by the staff user (`uploads.staff_user_id`) and scoped to the channel's
 * organization, and posted as one DOCUMENT message with `employeeId`. Customers open it through
 * the channel, as their own documents. The caller runs `publish` after its commit.
 * @returns `{ messages, publish }`: contract ChatMessage per file (as a customer sees it: unread)
 *   and the live delivery to run after commit
 * @throws 404 NOT_FOUND (unknown channel); 403 FORBIDDEN (NOTIFICATION); 400 VALIDATION_FAILED
 *   on `files` (none, or more than MAX_DOCUMENTS_PER_CALL)
 */
export async function writeStaffDocuments(
  tx: Database | Tx,
  input: {
    channelId: string;
    employeeId: string;
    staffUserId: string;
    files: { id: string; name: string; mimeType: string; size: number; sha256: string; data: Uint8Array }[];
  },
): Promise<{ messages: ChatMessage[]; publish: AfterCommit }> {
  const channel = await staffWritableChannel(tx, input.channelId);
  if (!input.files.length || input.files.length > MAX_DOCUMENTS_PER_CALL)
    throw fieldError("files", "arrayMaxSize", `files must hold 1 to ${MAX_DOCUMENTS_PER_CALL} documents`);
  const base = Date.now();
  const rows: MessageRow[] = [];
  for (const [i, file] of input.files.entries()) {
    const createdAt = new Date(base + i);
    await tx
      .insert(uploads)
      .values({ ...file, organizationId: channel.organizationId, userId: null, staffUserId: input.staffUserId });
    const [doc] = await tx
      .insert(chatDocuments)
      .values({ channelId: channel.id, uploadId: file.id, name: file.name, createdAt })
      .returning();
    const [message] = await tx
      .insert(chatMessages)
      .values({
        channelId: channel.id,
        employeeId: input.employeeId,
        content: file.name,
        contentType: "DOCUMENT",
        documentId: doc.id,
        createdAt,
      })
      .returning();
    rows.push(message);
  }
  await tx
    .update(chatChannels)
    .set({ updatedAt: new Date(base + input.files.length - 1) })
    .where(eq(chatChannels.id, channel.id));
  const messages = await messagesById(
    tx,
    null,
    rows.map((r) => r.id),
  );
  return { messages, publish: (db) => announce(db, channel, rows) };
}

/**
 * Staff attachments in a channel: `writeStaffDocuments` in its own transaction, delivered live
 * after commit.
 * @returns contract ChatMessage per file
 * @throws as `writeStaffDocuments`
 */
export async function staffAttachDocuments(
  db: Database,
  input: Parameters<typeof writeStaffDocuments>[1],
): Promise<ChatMessage[]> {
  const { messages, publish } = await db.transaction((tx) => writeStaffDocuments(tx, input));
  await publish(db);
  return messages;
}

/** A channel waiting for support (`chat:list`). */
export interface ChannelAwaitingReply {
  channelId: string;
  channelType: string;
  title: string;
  owner: string;
  /** Customer messages since the last staff reply. */
  waiting: number;
  lastCustomerMessage: string;
  lastAt: Date;
}

/**
 * Staff: channels with customer messages newer than the last staff reply, oldest wait first.
 * @param limit at most this many (default 50)
 */
export async function listChannelsAwaitingReply(db: Database, limit = 50): Promise<ChannelAwaitingReply[]> {
  const lastStaff = db
    .select({ channelId: chatMessages.channelId, at: sql<Date>`max(${chatMessages.createdAt})`.as("at") })
    .from(chatMessages)
    .where(sql`${chatMessages.employeeId} is not null`)
    .groupBy(chatMessages.channelId)
    .as("last_staff");
  const rows = await db
    .select({
      channelId: chatChannels.id,
      channelType: chatChannels.channelType,
      title: chatChannels.title,
      owner: chatChannels.ownerKey,
      waiting: sql<number>`count(*)::int`,
      first: sql<string>`min(${chatMessages.createdAt})`,
      last: sql<string>`max(${chatMessages.createdAt})`,
      lastText: sql<string>`(array_agg(${chatMessages.content} order by ${chatMessages.createdAt} desc))[1]`,
    })
    .from(chatMessages)
    .innerJoin(chatChannels, eq(chatChannels.id, chatMessages.channelId))
    .leftJoin(lastStaff, eq(lastStaff.channelId, chatMessages.channelId))
    .where(
      and(
        sql`${chatMessages.userId} is not null`,
        ne(chatChannels.channelType, "NOTIFICATION"),
        or(isNull(lastStaff.at), sql`${chatMessages.createdAt} > ${lastStaff.at}`),
      ),
    )
    .groupBy(chatChannels.id)
    .orderBy(sql`min(${chatMessages.createdAt})`)
    .limit(limit);
  return rows.map((r) => ({
    channelId: r.channelId,
    channelType: r.channelType,
    title: r.title,
    owner: r.owner,
    waiting: Number(r.waiting),
    lastCustomerMessage: r.lastText,
    lastAt: new Date(r.last),
  }));
}

// ------------------------------------------------------------------ live delivery

/**
 * Deliver new messages of `channel` live (after commit): `message` to the channel's room; for a
 * NOTIFICATION channel `notification` to each owner user; to each owner user their new unread
 * count of the channel; `data-new-channel` too when the channel was just opened. Failures are
 * reported to the publisher, never thrown (the write has succeeded).
 */
async function announce(
  db: Database | Tx,
  channel: ChannelRow,
  rows: MessageRow[],
  opts: { newChannel?: boolean } = {},
): Promise<void> {
  const publisher = chatPublisher();
  if (!publisher.live || !rows.length) return;
  try {
    const messages = await messagesById(
      db,
      null,
      rows.map((r) => r.id),
    );
    const recipients = await ownerUserIds(db, channel);
    if (opts.newChannel) {
      for (const u of recipients) {
        const [wire] = await channelsToWire(db, u, [channel]);
        publisher.toUser(u, "data-new-channel", wire);
      }
    }
    for (const m of messages) publisher.toChannel(channel.id, "message", m);
    if (channel.channelType === "NOTIFICATION") {
      for (const r of rows) {
        const wire = notificationToWire({ m: r, firstName: null, lastName: null, documentName: null, readAt: null });
        for (const u of recipients) publisher.toUser(u, "notification", wire);
      }
    }
    await announceUnread(db, channel, recipients);
  } catch (err) {
    publisher.error(err);
  }
}

/** Send each of `userIds` their unread count of `channel` (`data-unread-messages-count`, `{ [channelId]: n }`). */
async function announceUnread(db: Database | Tx, channel: Pick<ChannelRow, "id">, userIds: string[]): Promise<void> {
  const publisher = chatPublisher();
  if (!publisher.live || !userIds.length) return;
  try {
    for (const u of userIds) {
      const unread = await unreadByChannel(db, u, eq(chatMessages.channelId, channel.id));
      publisher.toUser(u, "data-unread-messages-count", { [channel.id]: unread.get(channel.id) ?? 0 });
    }
  } catch (err) {
    publisher.error(err);
  }
}
