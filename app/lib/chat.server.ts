/**
 * The chat calls of the banking API (docs/chat.md) for the /chat pages, the layout's unread
 * count and the messaging-token route. Thin wrappers over `Api` (lib/api.server.ts): errors are
 * the client's usual `ApiError`s and redirects.
 */
import { ApiError, type Api } from "./api.server";
import {
  MESSAGES_PAGE_SIZE,
  readRange,
  type ChannelType,
  type ChatChannel,
  type ChatMessage,
  type ChatNotification,
  type UnreadCounts,
} from "./chat";

/** Channel types the chat lists (spec 000 §3; the NOTIFICATION channel feeds the notifications tab's marker). */
export const LISTED_CHANNEL_TYPES: ChannelType[] = ["MAIN", "NOTIFICATION", "QUESTION", "APPLICATION", "TRANSACTION", "DEMO"];

/** GET /channels?all=true&channelType=…: the organization's channels, updatedAt desc. */
export async function listChannels(api: Api, organizationId: string): Promise<ChatChannel[]> {
  const query = new URLSearchParams({ all: "true", organizationId });
  for (const type of LISTED_CHANNEL_TYPES) query.append("channelType", type);
  const res = await api.get<{ data: ChatChannel[] }>(`/channels?${query}`);
  return res.data;
}

/** GET /channels/unread-messages-count. */
export function unreadCounts(api: Api, organizationId: string): Promise<UnreadCounts> {
  return api.get<UnreadCounts>("/channels/unread-messages-count", { organizationId });
}

/**
 * The header's unread total: one call; 0 when the API fails (the header must render anyway).
 * Redirects (an ended session) still propagate.
 */
export async function unreadTotalSafe(api: Api, organizationId: string): Promise<number> {
  try {
    const counts = await unreadCounts(api, organizationId);
    return Number.isFinite(counts.total) ? counts.total : 0;
  } catch (error) {
    if (error instanceof Response) throw error;
    return 0;
  }
}

/** GET /channels/:id. */
export function getChannel(api: Api, channelId: string): Promise<ChatChannel> {
  return api.get<ChatChannel>(`/channels/${encodeURIComponent(channelId)}`);
}

/**
 * GET /channels/:id/messages (createdAt desc, `cursor`: the next, older page). `paged`: an older
 * page is shown. A refused cursor rejects with ApiError 400 (lib/paging.server.ts).
 */
export async function listMessages(
  api: Api,
  channelId: string,
  cursor?: string | null,
): Promise<{ data: ChatMessage[]; cursor: string | null; paged: boolean }> {
  const page = await api.get<{ data: ChatMessage[]; cursor: string | null }>(
    `/channels/${encodeURIComponent(channelId)}/messages`,
    {
      take: MESSAGES_PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    },
  );
  return { ...page, paged: Boolean(cursor) };
}

/** POST /channels/:id/messages with an Idempotency-Key (a second post with the same key answers the first message). */
export function postMessage(api: Api, channelId: string, content: string, idempotencyKey?: string): Promise<ChatMessage> {
  return api.post<ChatMessage>(`/channels/${encodeURIComponent(channelId)}/messages`, { content }, { idempotencyKey });
}

/**
 * Mark the given messages read (POST /channels/:id/messages/batch-read over their time range) when
 * any of them is unread and not the user's own; best effort (a failure leaves them unread).
 * @returns how many the API marked read (0 when nothing was asked or the call failed)
 */
export async function markMessagesRead(api: Api, channelId: string, messages: ChatMessage[], userId: string): Promise<number> {
  const unread = messages.filter((m) => !m.readAt && m.userId !== userId);
  const range = readRange(unread);
  if (!range) return 0;
  try {
    const res = await api.post<{ data: { read: number } }>(`/channels/${encodeURIComponent(channelId)}/messages/batch-read`, {
      ...range,
      channelId,
    });
    return res.data.read;
  } catch (error) {
    if (error instanceof Response) throw error;
    return 0;
  }
}

/**
 * POST /channels: a QUESTION channel with its first message, with an Idempotency-Key (the form's
 * hidden key: a second submission with the same key answers the first question).
 */
export function askQuestion(
  api: Api,
  organizationId: string,
  title: string,
  content: string,
  idempotencyKey?: string,
): Promise<ChatChannel> {
  return api.post<ChatChannel>("/channels", { organizationId, title, content }, { idempotencyKey });
}

/**
 * POST /channels/:id/documents: one DOCUMENT message per upload, with an Idempotency-Key (the
 * attachment form's hidden key: the same files submitted again answer the first messages).
 */
export async function attachDocuments(
  api: Api,
  channelId: string,
  uploads: { uploadId: string; name: string }[],
  idempotencyKey?: string,
): Promise<ChatMessage[]> {
  const res = await api.post<{ data: ChatMessage[] }>(
    `/channels/${encodeURIComponent(channelId)}/documents`,
    { data: uploads },
    { idempotencyKey },
  );
  return res.data;
}

/**
 * GET /notifications (newest first, cursor paging). `paged`: a later page is shown. A refused
 * cursor rejects with ApiError 400 (lib/paging.server.ts).
 */
export async function listNotifications(
  api: Api,
  organizationId: string,
  cursor?: string | null,
): Promise<{ data: ChatNotification[]; cursor: string | null; paged: boolean }> {
  const page = await api.get<{ data: ChatNotification[]; cursor: string | null }>("/notifications", {
    organizationId,
    take: MESSAGES_PAGE_SIZE,
    ...(cursor ? { cursor } : {}),
  });
  return { ...page, paged: Boolean(cursor) };
}

/** POST /notifications/:id/read. */
export function markNotificationRead(api: Api, notificationId: string): Promise<ChatNotification> {
  return api.post<ChatNotification>(`/notifications/${encodeURIComponent(notificationId)}/read`);
}

/** POST /tokens/messaging: a short-lived token for the chat socket only. */
export function messagingToken(api: Api): Promise<{ token: string; expiresAt: string }> {
  return api.post("/tokens/messaging");
}

/** Errors of a chat form as the page shows them: on fields, or for the whole form. */
export interface ChatFormErrors {
  fieldErrors: Record<string, string>;
  formError?: string;
}

/** Translated by the caller's `t` (chat and errors namespaces). */
type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * An API refusal of a chat call as the form's errors (spec 000 §5 server errors, §8): a field
 * error on one of `fields` goes on that field — `Chat.max-length` (as the constraint's id or
 * text, or a `maxLength` constraint) as the chat's max-length message, an empty `content`
 * (`isNotEmpty`: also a text of only invisible characters) as `Chat.empty`, a key-shaped text
 * translated, other texts as the API wrote them; anything else is a form-level message (the
 * API's text, else 'Internal Server Error. Try Again'). Redirects and non-API errors are rethrown.
 */
export function chatFormErrors(error: unknown, t: T, fields: readonly string[]): ChatFormErrors {
  if (!(error instanceof ApiError)) throw error;
  // More than the chat's writes a minute (docs/chat.md): one clear message.
  if (error.status === 429) return { fieldErrors: {}, formError: t("chat:Chat.rate-limited") };
  const out: ChatFormErrors = { fieldErrors: {} };
  const general: string[] = [];
  const message = error.body.message;
  if (Array.isArray(message)) {
    for (const item of message) {
      const [id, text] = Object.entries(item.constraints ?? {})[0] ?? ["", ""];
      const shown =
        id === "Chat.max-length" || text === "Chat.max-length" || id === "maxLength"
          ? t("chat:Chat.max-length")
          : id === "isNotEmpty" && item.property === "content"
            ? // Empty, or only invisible characters (U+200B…): the web check's own words.
              t("chat:Chat.empty")
            : /^[A-Z][\w-]*\.[\w.-]+$/.test(String(text))
              ? t(`chat:${text}`, { defaultValue: t(`errors:${text}`, { defaultValue: String(text) }) })
              : String(text);
      if (fields.includes(item.property) && !out.fieldErrors[item.property]) out.fieldErrors[item.property] = shown;
      else general.push(shown);
    }
  } else if (typeof message === "string" && message && error.status < 500) {
    general.push(message);
  }
  if (general.length) out.formError = general.join(", ");
  else if (Object.keys(out.fieldErrors).length === 0) out.formError = t("errors:Errors.internal");
  return out;
}
