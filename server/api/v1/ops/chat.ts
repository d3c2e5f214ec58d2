/**
 * /api/v1/ops/chat — support chat for staff with role SUPPORT (issue 13; server/domain/ops/chat.ts).
 *
 * GET  /ops/chat                        → {data: ChannelAwaitingReply[]} (waiting = the staff's unread count)
 * GET  /ops/chat-search?q=               → {data: FoundChannel[]} (every channel of the matching customers)
 * GET  /ops/chat/:channelId             → {id, channelType, title, owner, messages}
 * POST /ops/chat/:channelId/messages {content} → 201 {id} (audited as chat.reply)
 * POST /ops/chat/:channelId/documents (multipart, files in `files`) → 201 {ids} (audited as chat.attach)
 * GET  /ops/chat/:channelId/documents/:documentId/file → the bytes (attachment)
 * Errors: 401/403 (guard), 404, 400 VALIDATION_FAILED (content), 403 FORBIDDEN (NOTIFICATION channel).
 */
import { Router } from "express";
import { z } from "zod";
import type { ApiDeps } from "../http.js";
import {
  attachAsStaff,
  listSupportQueue,
  replyAsStaff,
  searchChannels,
  staffChannelView,
  staffDocumentFile,
} from "../../../domain/ops/chat.js";
import { attachmentDisposition, multipartUpload } from "../uploads.js";
import { opsRoute } from "./guard.js";
import { parse } from "./auth.js";

export const opsChatReplyBody = z.object({ content: z.string().max(10_000) });
/** GET /ops/chat-search: the customer to look for. */
export const opsChatSearchQuery = z.object({ q: z.string().max(200) });
/** Text fields of the attachment form: none (the files come in `files`). */
export const opsChatAttachFields = z.object({}).strict();

/** The chat routes (paths relative to /api/v1/ops). */
export function createOpsChatRouter(deps: ApiDeps): Router {
  const r = Router();
  r.get(
    "/chat",
    ...opsRoute(deps, "SUPPORT", async (_req, res) => {
      res.json({ data: await listSupportQueue(deps.db) });
    }),
  );
  r.get(
    "/chat-search",
    ...opsRoute(deps, "SUPPORT", async (req, res) => {
      const { q } = parse(opsChatSearchQuery, req.query);
      res.json({ data: await searchChannels(deps.db, q) });
    }),
  );
  r.get(
    "/chat/:channelId",
    ...opsRoute(deps, "SUPPORT", async (req, res) => {
      res.json(await staffChannelView(deps.db, req.params.channelId));
    }),
  );
  r.post(
    "/chat/:channelId/messages",
    ...opsRoute(deps, "SUPPORT", async (req, res, staff) => {
      const { content } = parse(opsChatReplyBody, req.body);
      res.status(201).json(await replyAsStaff(deps.db, staff, req.params.channelId, content));
    }),
  );
  {
    // The staff check runs before the body is read.
    const [guard, handler] = opsRoute(deps, "SUPPORT", async (req, res, staff) => {
      parse(opsChatAttachFields, req.body ?? {});
      const files = Array.isArray(req.files) ? req.files : [];
      const answer = await attachAsStaff(
        deps.db,
        staff,
        req.params.channelId,
        files.map((f) => ({ name: f.originalname, bytes: f.buffer })),
      );
      res.status(201).json(answer);
    });
    r.post("/chat/:channelId/documents", guard, ...multipartUpload(deps), handler);
  }
  r.get(
    "/chat/:channelId/documents/:documentId/file",
    ...opsRoute(deps, "SUPPORT", async (req, res) => {
      const file = await staffDocumentFile(deps.db, req.params.channelId, req.params.documentId);
      res.set({
        "Content-Type": file.mimeType,
        "Content-Disposition": attachmentDisposition(file.name),
        "Cache-Control": "private, no-store",
      });
      res.send(Buffer.from(file.bytes));
    }),
  );
  return r;
}
