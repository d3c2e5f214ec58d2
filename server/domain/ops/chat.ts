/**
 * Support chat in the back office (issue 13; docs/ops.md, role SUPPORT): the channels waiting
 * for a reply (customer messages newer than the last staff reply = the staff's unread count),
 * one channel's messages, and a reply — the same `staffReply` as `npm run bank -- chat:reply`,
 * inside one transaction with its audit entry (`chat.reply`). Staff replies carry
 * `employeeId` = `staff:<email>`. Attachments from staff are not built yet (uploads belong to
 * customers: `uploads.user_id`); see docs/ops.md "Left".
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { chatChannels, chatDocuments, chatMessages, uploads } from "../../db/schema/index.js";
import { listChannelsAwaitingReply, staffReply, type ChannelAwaitingReply } from "../chat/index.js";
import { isUuid } from "../accounts/index.js";
import { notFound } from "../organizations/access.js";
import type { StaffContext } from "./auth.js";
import { recordStaffAction } from "./audit.js";

/** Channels waiting for a reply, oldest wait first (at most 100). `waiting`: the staff's unread count. */
export async function listSupportQueue(db: Database): Promise<ChannelAwaitingReply[]> {
  return listChannelsAwaitingReply(db, 100);
}

/** One message as staff read it. `from`: CUSTOMER (a user), STAFF (an employee) or SYSTEM (a notification). */
export interface StaffChatMessage {
  id: string;
  from: "CUSTOMER" | "STAFF" | "SYSTEM";
  employeeId: string | null;
  content: string;
  contentType: string;
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
    document: name && mimeType && size !== null ? { name, mimeType, size } : null,
    createdAt: m.createdAt.toISOString(),
  }));
  return { id: channel.id, channelType: channel.channelType, title: channel.title, owner: channel.ownerKey, messages };
}

/**
 * Reply in a channel as `staff`, audited as `chat.reply` (after: the message id and its length).
 * @returns the new message's id
 * @throws 404 NOT_FOUND; 403 FORBIDDEN (NOTIFICATION channel); 400 VALIDATION_FAILED on `content`
 */
export async function replyAsStaff(
  db: Database,
  staff: StaffContext,
  channelId: string,
  content: unknown,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [{ n }] = isUuid(channelId)
      ? await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(chatMessages)
          .where(and(eq(chatMessages.channelId, channelId), sql`${chatMessages.employeeId} is not null`))
      : [{ n: 0 }];
    const message = await staffReply(tx as unknown as Database, { channelId, content, employeeId: `staff:${staff.email}` });
    await recordStaffAction(tx, {
      staffUserId: staff.id,
      action: "chat.reply",
      subjectType: "chat_channel",
      subjectId: channelId,
      before: { staffReplies: Number(n) },
      after: { staffReplies: Number(n) + 1, messageId: message.id, length: message.content.length },
    });
    return { id: message.id };
  });
}
