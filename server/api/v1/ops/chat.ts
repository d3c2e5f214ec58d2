/**
 * /api/v1/ops/chat — support chat for staff with role SUPPORT (issue 13; server/domain/ops/chat.ts).
 *
 * GET  /ops/chat                        → {data: ChannelAwaitingReply[]} (waiting = the staff's unread count)
 * GET  /ops/chat/:channelId             → {id, channelType, title, owner, messages}
 * POST /ops/chat/:channelId/messages {content} → 201 {id} (audited as chat.reply)
 * Errors: 401/403 (guard), 404, 400 VALIDATION_FAILED (content), 403 FORBIDDEN (NOTIFICATION channel).
 */
import { Router } from "express";
import { z } from "zod";
import type { ApiDeps } from "../http.js";
import { listSupportQueue, replyAsStaff, staffChannelView } from "../../../domain/ops/chat.js";
import { opsRoute } from "./guard.js";
import { parse } from "./auth.js";

export const opsChatReplyBody = z.object({ content: z.string().max(10_000) });

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
  return r;
}
