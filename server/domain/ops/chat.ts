/**
 * Support chat in the back office (issue 13; docs/ops.md, role SUPPORT): the channels waiting
 * for a reply (customer messages newer than the last staff reply = the staff's unread count),
 * one channel's messages, and a reply — the same `staffReply` as `npm run bank -- chat:reply`,
 * inside one transaction with its audit entry (`chat.reply`), delivered live after it commits. Staff replies carry
 * `employeeId` = `staff:<email>`. Staff attach files too (`attachAsStaff`: uploads owned by the
 * staff user, `uploads.staff_user_id`), audited as `chat.attach`, and open a channel's documents
 * (`staffDocumentFile`).
 */
import { and, desc, eq, ilike, inArray, ne, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { chatChannels, chatDocuments, chatMessages, organizations, uploads, users } from "../../db/schema/index.js";
import { fieldError } from "../errors.js";
import { listChannelsAwaitingReply, writeStaffDocuments, writeStaffReply, type ChannelAwaitingReply } from "../chat/index.js";
import { checkedFile, type UploadInput } from "../uploads/index.js";
import { isUuid } from "../accounts/index.js";
import { notFound } from "../organizations/access.js";
import type { StaffContext } from "./auth.js";
import { actorOf, auditActor, CLI_ACTOR, recordStaffAction, type StaffCaller } from "./audit.js";

/** The customer's name behind an owner key ("org:<id>" → the organization, "user:<id>" → the user). */
async function ownerNames(db: Database, ownerKeys: readonly string[]): Promise<Map<string, string>> {
  const orgIds = ownerKeys.filter((k) => k.startsWith("org:")).map((k) => k.slice(4));
  const userIds = ownerKeys.filter((k) => k.startsWith("user:")).map((k) => k.slice(5));
  const names = new Map<string, string>();
  if (orgIds.length)
    for (const o of await db
      .select({
        id: organizations.id,
        companyName: organizations.companyName,
        firstName: organizations.firstName,
        lastName: organizations.lastName,
      })
      .from(organizations)
      .where(inArray(organizations.id, orgIds)))
      names.set(`org:${o.id}`, o.companyName ?? ([o.firstName, o.lastName].filter(Boolean).join(" ") || o.id));
  if (userIds.length)
    for (const u of await db
      .select({ id: users.id, phone: users.phone, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, userIds)))
      names.set(`user:${u.id}`, [u.firstName, u.lastName].filter(Boolean).join(" ") || u.phone);
  return names;
}

/**
 * Channels waiting for a reply, oldest wait first (at most 100). `waiting`: the staff's unread
 * count; `ownerName`: the customer (organization or applicant) the channel belongs to.
 */
export async function listSupportQueue(db: Database): Promise<(ChannelAwaitingReply & { ownerName: string })[]> {
  const waiting = await listChannelsAwaitingReply(db, 100);
  const names = await ownerNames(
    db,
    waiting.map((c) => c.owner),
  );
  return waiting.map((c) => ({ ...c, ownerName: names.get(c.owner) ?? c.owner }));
}

/** A channel found by its customer (`searchChannels`). */
export interface FoundChannel {
  channelId: string;
  channelType: string;
  title: string;
  ownerName: string;
  updatedAt: string;
}

/**
 * Every conversation channel (not NOTIFICATION) of the customers matching `query`: an
 * organization's company or person name, or a user's name, phone or email (case-insensitive
 * substring; LIKE wildcards in the query are taken literally). Newest activity first, at most 50.
 * @param query 2 to 100 characters after trimming
 * @throws 400 VALIDATION_FAILED on `q` otherwise
 */
export async function searchChannels(db: Database, query: string): Promise<FoundChannel[]> {
  const q = query.trim();
  if (q.length < 2 || q.length > 100) throw fieldError("q", "length", "q must have 2 to 100 characters");
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({
      channelId: chatChannels.id,
      channelType: chatChannels.channelType,
      title: chatChannels.title,
      owner: chatChannels.ownerKey,
      updatedAt: chatChannels.updatedAt,
    })
    .from(chatChannels)
    .leftJoin(organizations, eq(organizations.id, chatChannels.organizationId))
    .leftJoin(users, eq(users.id, chatChannels.userId))
    .where(
      and(
        ne(chatChannels.channelType, "NOTIFICATION"),
        or(
          ilike(organizations.companyName, pattern),
          ilike(sql`coalesce(${organizations.firstName}, '') || ' ' || coalesce(${organizations.lastName}, '')`, pattern),
          ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, pattern),
          ilike(users.phone, pattern),
          ilike(users.email, pattern),
        ),
      ),
    )
    .orderBy(desc(chatChannels.updatedAt))
    .limit(50);
  const names = await ownerNames(
    db,
    rows.map((r) => r.owner),
  );
  return rows.map((r) => ({
    channelId: r.channelId,
    channelType: r.channelType,
    title: r.title,
    ownerName: names.get(r.owner) ?? r.owner,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** One message as staff read it. `from`: CUSTOMER (a user), STAFF (an employee) or SYSTEM (a notification). */
export interface StaffChatMessage {
  id: string;
  from: "CUSTOMER" | "STAFF" | "SYSTEM";
  employeeId: string | null;
  content: string;
  contentType: string;
  /** The chat document's id (download: GET /ops/chat/:channelId/documents/:documentId/file). */
  documentId: string | null;
  document: { name: string; mimeType: string; size: number } | null;
  createdAt: string;
}

/**
 * A channel and its newest 200 messages (oldest first), for staff.
 * @throws 404 NOT_FOUND (unknown channel or a customer's NOTIFICATION channel: not a conversation)
 */
export async function staffChannelView(
  db: Database,
  channelId: string,
): Promise<{ id: string; channelType: string; title: string; owner: string; messages: StaffChatMessage[] }> {
  if (!isUuid(channelId)) throw notFound("Channel");
  const [channel] = await db.select().from(chatChannels).where(eq(chatChannels.id, channelId));
  if (!channel || channel.channelType === "NOTIFICATION") throw notFound("Channel");
  const rows = await db
    .select({ m: chatMessages, name: uploads.name, mimeType: uploads.mimeType, size: uploads.size })
    .from(chatMessages)
    .leftJoin(chatDocuments, eq(chatDocuments.id, chatMessages.documentId))
    .leftJoin(uploads, eq(uploads.id, chatDocuments.uploadId))
    .where(and(eq(chatMessages.channelId, channelId)))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(200);
  const messages = rows.reverse().map(({ m, name, mimeType, size }) => ({
    id: m.id,
    from: (m.userId ? "CUSTOMER" : m.employeeId ? "STAFF" : "SYSTEM") as StaffChatMessage["from"],
    employeeId: m.employeeId,
    content: m.content,
    contentType: m.contentType,
    documentId: m.documentId,
    document: name && mimeType && size !== null ? { name, mimeType, size } : null,
    createdAt: m.createdAt.toISOString(),
  }));
  return { id: channel.id, channelType: channel.channelType, title: channel.title, owner: channel.ownerKey, messages };
}

/**
 * Reply in a channel as `staff` (employeeId `staff:<email>`; `source` cli when named at the
 * command line) or from the anonymous command line (`CLI_ACTOR`: employeeId `staff:cli`),
 * audited as `chat.reply` (after: the message id and its length) in the same transaction; the
 * reply is delivered live only after that transaction commits.
 * @returns the new message's id
 * @throws 404 NOT_FOUND; 403 FORBIDDEN (NOTIFICATION channel); 400 VALIDATION_FAILED on `content`
 */
export async function replyAsStaff(
  db: Database,
  staff: (Pick<StaffContext, "id" | "email"> & StaffCaller) | typeof CLI_ACTOR,
  channelId: string,
  content: unknown,
): Promise<{ id: string }> {
  const { id, publish } = await db.transaction(async (tx) => {
    const [{ n }] = isUuid(channelId)
      ? await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(chatMessages)
          .where(and(eq(chatMessages.channelId, channelId), sql`${chatMessages.employeeId} is not null`))
      : [{ n: 0 }];
    const employeeId = "email" in staff ? `staff:${staff.email}` : "staff:cli";
    const { message, publish } = await writeStaffReply(tx, { channelId, content, employeeId });
    await recordStaffAction(tx, {
      ...auditActor(actorOf(staff)),
      action: "chat.reply",
      subjectType: "chat_channel",
      subjectId: channelId,
      before: { staffReplies: Number(n) },
      after: { staffReplies: Number(n) + 1, messageId: message.id, length: message.content.length },
    });
    return { id: message.id, publish };
  });
  await publish(db);
  return { id };
}

/**
 * Attach files in a channel as `staff` (each checked as every upload: type by its bytes, size),
 * audited as `chat.attach` in the same transaction (after: the message ids and file names); the
 * messages are delivered live only after that transaction commits.
 * @returns the new messages' ids
 * @throws 404 NOT_FOUND; 403 FORBIDDEN (NOTIFICATION channel); 400 VALIDATION_FAILED on `files`
 */
export async function attachAsStaff(
  db: Database,
  staff: StaffContext,
  channelId: string,
  files: UploadInput[],
): Promise<{ ids: string[] }> {
  const checked: Awaited<ReturnType<typeof checkedFile>>[] = [];
  for (const file of files) checked.push(await checkedFile(file));
  const { ids, publish } = await db.transaction(async (tx) => {
    const { messages, publish } = await writeStaffDocuments(tx, {
      channelId,
      employeeId: `staff:${staff.email}`,
      staffUserId: staff.id,
      files: checked,
    });
    await recordStaffAction(tx, {
      staffUserId: staff.id,
      action: "chat.attach",
      subjectType: "chat_channel",
      subjectId: channelId,
      after: { messageIds: messages.map((m) => m.id), files: checked.map((f) => ({ name: f.name, size: f.size })) },
    });
    return { ids: messages.map((m) => m.id), publish };
  });
  await publish(db);
  return { ids };
}

/**
 * A document of a channel, for staff (any channel but a NOTIFICATION one).
 * @returns `{ name, mimeType, bytes }`
 * @throws 404 NOT_FOUND (unknown channel or document, or a document of another channel)
 */
export async function staffDocumentFile(
  db: Database,
  channelId: string,
  documentId: string,
): Promise<{ name: string; mimeType: string; bytes: Uint8Array }> {
  if (!isUuid(channelId) || !isUuid(documentId)) throw notFound("Document");
  const [row] = await db
    .select({ name: chatDocuments.name, mimeType: uploads.mimeType, data: uploads.data })
    .from(chatDocuments)
    .innerJoin(uploads, eq(uploads.id, chatDocuments.uploadId))
    .innerJoin(chatChannels, eq(chatChannels.id, chatDocuments.channelId))
    .where(
      and(
        eq(chatDocuments.id, documentId),
        eq(chatDocuments.channelId, channelId),
        sql`${chatChannels.channelType} <> 'NOTIFICATION'`,
      ),
    )
    .limit(1);
  if (!row) throw notFound("Document");
  return { name: row.name, mimeType: row.mimeType, bytes: row.data };
}
