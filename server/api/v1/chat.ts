/**
 * Chat, notifications and messaging tokens API (issue 11; spec 000 §7 Chat; docs/chat.md, the
 * contract with the web app; rules in server/domain/chat). Every route needs a bearer token.
 *
 * GET  /channels?all=true&channelType=MAIN&channelType=…&organizationId= → { data: ChatChannel[] }
 *   (updatedAt desc; MAIN and NOTIFICATION created when missing) | 400 | 403
 * POST /channels { organizationId?, title, content } (optional Idempotency-Key header) → 201
 *   ChatChannel (QUESTION) | 200 the first question (same key, same title and content) | 400 | 403
 *   | 409 IDEMPOTENCY_KEY_REUSED | 429
 * GET  /channels/unread-messages-count?organizationId= → { data: { [channelId]: n }, total } | 403
 * GET  /channels/:id → ChatChannel | 404
 * GET  /channels/:id/messages?take=15&cursor= → { data: ChatMessage[], cursor } | 400 | 404
 * POST /channels/:id/messages { content } (optional Idempotency-Key header) → 201 ChatMessage |
 *   200 the first message (same key, same content) | 400 ('Chat.max-length') | 403 (NOTIFICATION)
 *   | 404 | 409 IDEMPOTENCY_KEY_REUSED | 429 RATE_LIMITED (30 writes a minute per user, questions and
 *   documents included)
 * POST /channels/:id/messages/batch-read { createdAtFrom, createdAtTo, channelId? } → { data: { read } } | 400 | 404
 * POST /channels/:id/documents { data: [{ uploadId, name }] } (optional Idempotency-Key header) →
 *   201 { data: ChatMessage[] } | 200 the first call's messages (same key, same files by content and
 *   name) | 400 | 403 | 404 | 409 IDEMPOTENCY_KEY_REUSED | 429
 * GET  /channels/:id/documents/:documentId → ChatDocument | 404
 * GET  /channels/:id/documents/:documentId/file → the bytes (attachment, nosniff, no-store) | 404
 * GET  /notifications?take=&cursor=&organizationId= → { data: ChatNotification[], cursor } | 400 | 403
 * POST /notifications/:id/read → ChatNotification | 404
 * POST /tokens/messaging → { token, expiresAt } (the chat socket's 60 s token)
 *
 * Message texts are stored as typed and answered as JSON only (the web app renders markdown
 * without HTML).
 */
import { Router } from "express";
import { z } from "zod";
import {
  attachDocuments,
  batchRead,
  CHANNEL_TYPES,
  createQuestion,
  DEFAULT_MESSAGES_TAKE,
  getChannel,
  getDocument,
  getDocumentFile,
  listChannels,
  listMessages,
  listNotifications,
  MAX_DOCUMENTS_PER_CALL,
  MAX_MESSAGES_TAKE,
  postMessage,
  readNotification,
  unreadMessagesCount,
} from "../../domain/chat/index.js";
import { messagingTokenForSession } from "../../domain/chat/tokens.js";
import { asyncHandler, fieldErrors, getAuth, optionalIdempotencyKey, requireAuth, type ApiDeps } from "./http.js";
import { cursorParam } from "./query.js";
import { attachmentDisposition } from "./uploads.js";

const channelType = z.enum(CHANNEL_TYPES as [string, ...string[]]);
const take = z.coerce.number().int().min(1).max(MAX_MESSAGES_TAKE).default(DEFAULT_MESSAGES_TAKE);

/** Query of GET /channels: `channelType` once or repeated; `all` is accepted (every channel is listed). */
export const channelsQuery = z.object({
  organizationId: z.string().uuid().optional(),
  all: z.string().max(10).optional(),
  channelType: z
    .union([channelType, z.array(channelType).max(CHANNEL_TYPES.length)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
});

/** Query of GET /channels/unread-messages-count. */
export const unreadQuery = z.object({ organizationId: z.string().uuid().optional() });

/** Query of GET /channels/:id/messages. */
export const messagesQuery = z.object({ take, cursor: cursorParam });

/** Query of GET /notifications. */
export const notificationsQuery = z.object({ organizationId: z.string().uuid().optional(), take, cursor: cursorParam });

/** Body of POST /channels/:id/messages (length and emptiness are the domain's: 'Chat.max-length'). */
export const postMessageBody = z.object({ content: z.string() });

/** Body of POST /channels (a QUESTION: title and first message). */
export const createChannelBody = z.object({
  organizationId: z.string().uuid().optional(),
  title: z.string(),
  content: z.string(),
});

const isoTime = z.string().datetime({ offset: true });
/** Body of POST /channels/:id/messages/batch-read (times as the messages carry them). */
export const batchReadBody = z.object({
  createdAtFrom: isoTime,
  createdAtTo: isoTime,
  channelId: z.string().uuid().optional(),
});

/** Body of POST /channels/:id/documents (after POST /uploads). */
export const attachChatDocumentsBody = z.object({
  data: z
    .array(z.object({ uploadId: z.string().uuid(), name: z.string().max(1_000) }))
    .min(1)
    .max(MAX_DOCUMENTS_PER_CALL),
});

/** Build the chat router (routes above). */
export function createChatRouter(deps: ApiDeps): Router {
  const r = Router();
  const limits = { relaxed: deps.config.RATE_LIMITS === "relaxed" };
  r.use("/channels", requireAuth(deps));
  r.use("/notifications", requireAuth(deps));
  r.use("/tokens", requireAuth(deps));

  r.get(
    "/channels",
    asyncHandler(async (req, res) => {
      const q = channelsQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      const data = await listChannels(deps.db, getAuth(res).userId, {
        organizationId: q.data.organizationId,
        channelTypes: q.data.channelType as (typeof CHANNEL_TYPES)[number][],
      });
      res.json({ data });
    }),
  );
  r.post(
    "/channels",
    asyncHandler(async (req, res) => {
      const key = optionalIdempotencyKey(req);
      const body = createChannelBody.safeParse(req.body);
      if (!body.success) throw fieldErrors(body.error);
      const { channel, created } = await createQuestion(
        deps.db,
        getAuth(res).userId,
        { ...body.data, idempotencyKey: key },
        limits,
      );
      res.status(created ? 201 : 200).json(channel);
    }),
  );
  r.get(
    "/channels/unread-messages-count",
    asyncHandler(async (req, res) => {
      const q = unreadQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json(await unreadMessagesCount(deps.db, getAuth(res).userId, q.data));
    }),
  );
  r.get(
    "/channels/:id",
    asyncHandler(async (req, res) => {
      res.json(await getChannel(deps.db, getAuth(res).userId, req.params.id));
    }),
  );
  r.get(
    "/channels/:id/messages",
    asyncHandler(async (req, res) => {
      const q = messagesQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json(await listMessages(deps.db, getAuth(res).userId, req.params.id, q.data));
    }),
  );
  r.post(
    "/channels/:id/messages",
    asyncHandler(async (req, res) => {
      const key = optionalIdempotencyKey(req);
      const body = postMessageBody.safeParse(req.body);
      if (!body.success) throw fieldErrors(body.error);
      const { message, created } = await postMessage(
        deps.db,
        getAuth(res).userId,
        req.params.id,
        {
          content: body.data.content,
          idempotencyKey: key,
        },
        limits,
      );
      res.status(created ? 201 : 200).json(message);
    }),
  );
  r.post(
    "/channels/:id/messages/batch-read",
    asyncHandler(async (req, res) => {
      const body = batchReadBody.safeParse(req.body);
      if (!body.success) throw fieldErrors(body.error);
      const data = await batchRead(deps.db, getAuth(res).userId, req.params.id, {
        createdAtFrom: new Date(body.data.createdAtFrom),
        createdAtTo: new Date(body.data.createdAtTo),
        channelId: body.data.channelId,
      });
      res.json({ data });
    }),
  );
  r.post(
    "/channels/:id/documents",
    asyncHandler(async (req, res) => {
      const key = optionalIdempotencyKey(req);
      const body = attachChatDocumentsBody.safeParse(req.body);
      if (!body.success) throw fieldErrors(body.error);
      const { messages, created } = await attachDocuments(
        deps.db,
        getAuth(res).userId,
        req.params.id,
        body.data.data,
        limits,
        key,
      );
      res.status(created ? 201 : 200).json({ data: messages });
    }),
  );
  r.get(
    "/channels/:id/documents/:documentId",
    asyncHandler(async (req, res) => {
      res.json(await getDocument(deps.db, getAuth(res).userId, req.params.id, req.params.documentId));
    }),
  );
  r.get(
    "/channels/:id/documents/:documentId/file",
    asyncHandler(async (req, res) => {
      const file = await getDocumentFile(deps.db, getAuth(res).userId, req.params.id, req.params.documentId);
      res.set({
        "Content-Type": file.mimeType,
        "Content-Disposition": attachmentDisposition(file.name),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      });
      res.send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    }),
  );
  r.get(
    "/notifications",
    asyncHandler(async (req, res) => {
      const q = notificationsQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json(await listNotifications(deps.db, getAuth(res).userId, q.data));
    }),
  );
  r.post(
    "/notifications/:id/read",
    asyncHandler(async (req, res) => {
      res.json(await readNotification(deps.db, getAuth(res).userId, req.params.id));
    }),
  );
  r.post(
    "/tokens/messaging",
    asyncHandler(async (_req, res) => {
      res.json(await messagingTokenForSession(deps.db, deps.config.otpSecret, getAuth(res)));
    }),
  );
  return r;
}
