/**
 * Everything the /chat routes do on the server, from ONE module: each `.server` module a route
 * imports becomes a stub chunk in the browser build and an entry in the route manifest that
 * every page loads (first-load bytes, budget 120 KB), so the chat routes import only this one.
 * Also the chat's first screen (`chatOverview`).
 */
import type { Api } from "~/lib/api.server";
import type { ChatChannel } from "~/lib/chat";
import { listChannels, listNotifications, unreadCounts } from "~/lib/chat.server";

export { ApiError, getApi, type Api } from "~/lib/api.server";
export { requireAppContext } from "~/lib/app-context.server";
export * from "~/lib/chat.server";
export { verifyCsrf } from "~/lib/csrf.server";
export { fileNotFound, streamApiFile } from "~/lib/file-download.server";
export { startAction } from "~/lib/forms.server";
export { default as i18next } from "~/lib/i18next.server";
export { settleList } from "~/lib/list-errors.server";
export { firstPageOnBadCursor, withoutCursor } from "~/lib/paging.server";
export { renderMarkdown, renderNotification } from "~/lib/markdown";
export { chosenFiles, readUploadForm, uploadErrorResponse, uploadFiles, uploadReadErrorResponse } from "~/lib/uploads.server";

export interface ChatOverview {
  main: ChatChannel | null;
  others: ChatChannel[];
  /** The NOTIFICATION channel, when the API lists it. */
  notificationChannel: ChatChannel | null;
  /** channelId → unread count. */
  counts: Record<string, number>;
  /** Unread notifications (the notifications tab's marker). */
  notificationsUnread: number;
}

/**
 * GET /channels, /channels/unread-messages-count and the first page of /notifications, split for
 * the chat's first screen (the counts and notifications tolerate a failing call: no markers).
 */
export async function chatOverview(api: Api, organizationId: string): Promise<ChatOverview> {
  const tolerate = (error: unknown) => {
    if (error instanceof Response) throw error;
    return null;
  };
  const [channels, unread, notifications] = await Promise.all([
    listChannels(api, organizationId),
    unreadCounts(api, organizationId).catch(tolerate),
    listNotifications(api, organizationId).catch(tolerate),
  ]);
  const counts: Record<string, number> = {};
  for (const c of channels) counts[c.id] = unread?.data[c.id] ?? c.unreadCount ?? 0;
  const notificationChannel = channels.find((c) => c.channelType === "NOTIFICATION") ?? null;
  return {
    main: channels.find((c) => c.channelType === "MAIN") ?? null,
    others: channels.filter((c) => c.channelType !== "MAIN" && c.channelType !== "NOTIFICATION"),
    notificationChannel,
    counts,
    notificationsUnread: Math.max(
      notificationChannel ? (counts[notificationChannel.id] ?? 0) : 0,
      notifications?.data.filter((n) => !n.readAt).length ?? 0,
    ),
  };
}
