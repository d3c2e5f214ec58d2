/**
 * The chat popup (issue 11; spec 000 §2 "Chat popup", §4 "Chat connection", §5, §9;
 * docs/chat.md), JavaScript only. Loaded with `import()` when the header's (or tab bar's) chat
 * link is first clicked (components/layout/LayoutWatchImpl.tsx): this module, socket.io-client
 * and markdown-it are never part of a page's first-load JavaScript. Without JavaScript the link
 * leads to /chat, whose routes this popup reuses for its data and writes (fetchers on
 * /chat?index, /chat/:id?index, /chat/notifications, /chat/new with `reply=json`).
 *
 * - Tabs Chat / Notifications with unread markers; panels: the main channel, the other channels
 *   (requests, questions), "ask a question", a single channel; Back returns to the list.
 * - A channel: its messages by day with sticky dates (MessageList), safe markdown (lib/markdown.ts),
 *   "older messages", a scroll-to-bottom button with the count of new messages that arrived while
 *   scrolled up, an aria-live announcement of new messages, the markdown hint, the attachment
 *   panel, and the composer: Shift+Enter sends, Enter is a new line (spec 000 §2), at most 4096
 *   characters (`Chat.max-length` before sending, with the characters left near the limit; no box
 *   has a `maxlength`, which would cut a longer paste without a word: MessageField.tsx).
 * - The socket (socket.io, path /api/socket.io) authenticates with a messaging token from
 *   POST /chat/messaging-token (CSRF-protected; the session's API tokens stay on the server); a
 *   `connect_error` "unauthorized" fetches a new one; "rate-limited" and "too-many-connections"
 *   (the gateway's limits, docs/chat.md "Limits") wait longer first (`refusedRetryDelay`).
 *   States (lib/chat-connection.ts): connecting → the unsupported view after 10 s; open; closed
 *   (the not-connected notice), reconnecting every 5 s up to 1000 attempts; after a reconnection the channels, the open
 *   channel and the unread counts reload. On open it subscribes to every channel; `message`
 *   appends live, `data-unread-messages-count` updates the markers and the header's count (the
 *   chat links' text: no loader call, which would count as activity), `data-new-channel` adds a
 *   channel, `notification` marks
 *   the Notifications tab.
 * - Opening a channel marks its messages read (its loader's batch-read); so does a message that
 *   arrives while it is open. Messages are sent over the socket when it is open, else through the
 *   page's form action (with an Idempotency-Key).
 * - Modal dialog: focus moves in and is trapped, Escape or the close button closes (back to the
 *   Chat tab, selections cleared); the connection stays up for the header's count.
 */
import { useFetcher, useRouteLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { io, type Socket } from "socket.io-client";
import {
  charactersLeft,
  documentHref,
  groupMessagesByDay,
  LENGTH_HINT_FROM,
  mergeMessages,
  messageError,
  newIdempotencyKey,
  notificationText,
  unreadTotal,
  type ChatChannel,
  type ChatMessage,
  type ChatNotification,
} from "~/lib/chat";
import {
  ACK_TIMEOUT_MS,
  CONNECT_TIMEOUT_MS,
  connectionReducer,
  type ChatRefusal,
  initialConnection,
  MAX_RECONNECT_ATTEMPTS,
  RECONNECT_DELAY_MS,
  refusedRetryDelay,
} from "~/lib/chat-connection";
import { formatDate, formatTime } from "~/lib/dates";
import { renderMarkdown, renderNotification } from "~/lib/markdown";
import { ModalDialog } from "../ui/ModalDialog";
import { ChannelSummary, MessageList, TabLabel, useAuthorName, useChannelTitle } from "./ChatUi";
import { LengthHint, MessageField, useMessageCheck } from "./MessageField";
import styles from "./Chat.module.css";
import popup from "./ChatPopup.module.css";

/** What /chat?index answers (routes/_app+/chat+/__chat.server.ts `ChatOverview`). */
interface OverviewData {
  main: ChatChannel | null;
  others: ChatChannel[];
  notificationChannel: ChatChannel | null;
  counts: Record<string, number>;
  notificationsUnread: number;
}
/** What /chat/:id?index answers. */
interface ChannelData {
  channel: ChatChannel;
  messages: ChatMessage[];
  olderCursor: string | null;
  isOlderPage: boolean;
  userId: string;
}
/** What /chat/notifications answers. */
interface NotificationsData {
  notifications: ChatNotification[];
  cursor: string | null;
}
/** The answers of the chat actions with `reply=json`. */
interface ActionReply {
  form?: "message" | "upload";
  messages?: ChatMessage[];
  channel?: ChatChannel;
  fieldErrors?: Record<string, string>;
  formError?: string;
}
type Ack = { ok: true; message?: ChatMessage } | { ok: false; error?: string };

type View = { kind: "list" } | { kind: "ask" } | { kind: "channel"; id: string };

/** Pixels from the bottom that still count as "at the bottom". */
const AT_BOTTOM_PX = 40;
/** Most rows the composer grows to (spec 000 §5: multi-line text area grows up to 10 rows). */
const MAX_ROWS = 10;

const channelUrl = (id: string, cursor?: string | null) =>
  `/chat/${encodeURIComponent(id)}?index${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;

export interface ChatPopupProps {
  /** Shown (the connection stays up while hidden, for the header's count). */
  open: boolean;
  onClose: () => void;
}

export default function ChatPopup({ open, onClose }: ChatPopupProps) {
  const { t } = useTranslation("chat");
  const csrf = (useRouteLoaderData("root") as { csrf?: string } | undefined)?.csrf ?? "";
  const channelTitle = useChannelTitle();
  const authorName = useAuthorName();
  const titleId = useId();

  const [tab, setTab] = useState<"chat" | "notifications">("chat");
  const [view, setView] = useState<View>({ kind: "list" });
  const [connection, dispatch] = useReducer(connectionReducer, initialConnection);

  // ---- data (the /chat routes' loaders) ----
  const overviewFetcher = useFetcher<OverviewData>();
  const channelFetcher = useFetcher<ChannelData>();
  const olderFetcher = useFetcher<ChannelData>();
  const notificationsFetcher = useFetcher<NotificationsData>();
  const postFetcher = useFetcher<ActionReply>();
  const askFetcher = useFetcher<ActionReply>();
  const readFetcher = useFetcher<{ ok: boolean }>();

  const [channels, setChannels] = useState<ChatChannel[]>([]);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [notificationsUnread, setNotificationsUnread] = useState(0);
  const [notifications, setNotifications] = useState<ChatNotification[]>([]);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [olderCursor, setOlderCursor] = useState<string | null>(null);
  const [userId, setUserId] = useState("");
  // However it closes (its button, Escape, a navigation): back to the chat tab, selections cleared (spec 000 §4).
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) {
      setTab("chat");
      setView({ kind: "list" });
      setMessages([]);
    }
  }
  const openChannelId = view.kind === "channel" ? view.id : null;
  const openChannelRef = useRef<string | null>(null);
  useEffect(() => {
    openChannelRef.current = openChannelId;
  });

  // Fetchers are new objects on every render: reached through a ref, so the
  // callbacks below (and the socket effect that uses them) stay the same.
  const live = useRef({ overviewFetcher, channelFetcher });
  useEffect(() => {
    live.current = { overviewFetcher, channelFetcher };
  });
  const loadOverview = useCallback(() => live.current.overviewFetcher.load("/chat?index"), []);
  const loadChannel = useCallback((id: string) => live.current.channelFetcher.load(channelUrl(id)), []);

  useEffect(() => {
    if (open) loadOverview();
    // Only when the popup opens (and on reconnection, below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // Each answer of a loader is taken in once, while rendering (state adjusted from new data).
  const [seen, setSeen] = useState<{ overview?: unknown; channel?: unknown; older?: unknown; notifications?: unknown }>({});
  const overview = overviewFetcher.data;
  if (overview && overview !== seen.overview) {
    setSeen((s) => ({ ...s, overview }));
    setChannels([
      ...(overview.main ? [overview.main] : []),
      ...overview.others,
      ...(overview.notificationChannel ? [overview.notificationChannel] : []),
    ]);
    setCounts(overview.counts);
    setNotificationsUnread(overview.notificationsUnread);
  }
  const channelData = channelFetcher.data;
  if (channelData && channelData !== seen.channel) {
    setSeen((s) => ({ ...s, channel: channelData }));
    if (channelData.channel.id === openChannelId) {
      setUserId(channelData.userId);
      setMessages((current) => mergeMessages(current, channelData.messages));
      if (!channelData.isOlderPage) setOlderCursor((c) => c ?? channelData.olderCursor);
      setCounts((c) => ({ ...c, [channelData.channel.id]: 0 }));
    }
  }
  const olderData = olderFetcher.data;
  if (olderData && olderData !== seen.older) {
    setSeen((s) => ({ ...s, older: olderData }));
    if (olderData.channel.id === openChannelId) {
      setMessages((current) => mergeMessages(current, olderData.messages));
      setOlderCursor(olderData.olderCursor);
    }
  }
  const notificationsData = notificationsFetcher.data;
  if (notificationsData && notificationsData !== seen.notifications) {
    setSeen((s) => ({ ...s, notifications: notificationsData }));
    setNotifications(notificationsData.notifications);
  }

  // ---- the header's count ----
  // Kept live from the popup's counts by writing the chat links' text (the text node the layout
  // rendered from its loader; its next render sets it from the loader again). Not by
  // revalidating the layout: a loader call counts as activity and events pushed by the server
  // must not keep an idle session alive (inactivity limit, PSD2 RTS Art. 4(3)(b)).
  const { t: tc } = useTranslation("common");
  useEffect(() => {
    if (!seen.overview) return;
    const text = tc("nav.chat", { count: unreadTotal(counts) || undefined });
    for (const link of document.querySelectorAll<HTMLAnchorElement>("[data-layout-nav] a[href='/chat']")) {
      const node = link.firstChild;
      if (link.childNodes.length === 1 && node?.nodeType === Node.TEXT_NODE && node.nodeValue !== text) node.nodeValue = text;
    }
  }, [counts, seen.overview, tc]);

  // ---- the socket ----
  const socketRef = useRef<Socket | null>(null);
  const subscribed = useRef(new Set<string>());
  const channelIds = useRef<string[]>([]);
  const [liveNote, setLiveNote] = useState("");
  const [newCount, setNewCount] = useState(0);
  const atBottom = useRef(true);
  const readTimer = useRef(0);

  const subscribeAll = useCallback(() => {
    const socket = socketRef.current;
    if (!socket?.connected) return;
    for (const channelId of channelIds.current) {
      if (subscribed.current.has(channelId)) continue;
      subscribed.current.add(channelId);
      socket.emit("subscribe", { channelId }, (ack?: Ack) => {
        if (ack && !ack.ok) subscribed.current.delete(channelId);
      });
    }
  }, []);
  /** Leave the channels no longer listed (spec 000 §7 "unsubscribe per channel"), or all of them. */
  const unsubscribe = useCallback((keep: readonly string[]) => {
    const socket = socketRef.current;
    for (const channelId of [...subscribed.current]) {
      if (keep.includes(channelId)) continue;
      subscribed.current.delete(channelId);
      if (socket?.connected) socket.emit("unsubscribe", { channelId });
    }
  }, []);
  useEffect(() => {
    channelIds.current = channels.map((c) => c.id);
    unsubscribe(channelIds.current);
    subscribeAll();
  }, [channels, subscribeAll, unsubscribe]);

  const onLiveMessage = useRef<(message: ChatMessage) => void>(() => undefined);
  useEffect(() => {
    onLiveMessage.current = (message) => {
      if (message.channelId === openChannelRef.current) {
        setMessages((current) => mergeMessages(current, [message]));
        if (message.userId !== userId) {
          setLiveNote(t("popup.live-new", { name: authorName(message, userId) }));
          if (!atBottom.current) setNewCount((n) => n + 1);
          // The open channel reads what arrives while it is shown: its loader marks it read.
          clearTimeout(readTimer.current);
          readTimer.current = window.setTimeout(() => {
            if (openChannelRef.current === message.channelId && document.visibilityState === "visible")
              loadChannel(message.channelId);
          }, 800);
        }
      }
      setChannels((list) =>
        list.map((c) => (c.id === message.channelId ? { ...c, lastMessage: message, updatedAt: message.createdAt } : c)),
      );
    };
  });

  useEffect(() => {
    let stopped = false;
    let token: string | null = null;
    let retry = 0;
    let manualAttempts = 0;
    /** Handshakes refused by the gateway since the last open (the backoff of too-many-connections). */
    let refusals = 0;
    const fetchToken = async () => {
      try {
        const res = await fetch("/chat/messaging-token", {
          method: "POST",
          body: new URLSearchParams({ csrf }),
          headers: { Accept: "application/json" },
          credentials: "same-origin",
        });
        token = res.ok ? ((await res.json()) as { token: string }).token : null;
      } catch {
        token = null;
      }
    };
    const socket = io({
      path: "/api/socket.io",
      autoConnect: false,
      reconnection: true,
      reconnectionDelay: RECONNECT_DELAY_MS,
      reconnectionDelayMax: RECONNECT_DELAY_MS,
      randomizationFactor: 0,
      reconnectionAttempts: MAX_RECONNECT_ATTEMPTS,
      timeout: CONNECT_TIMEOUT_MS,
      auth: (cb) => cb({ token }),
    });
    socketRef.current = socket;
    // A refusal by the server (unauthorized, rate-limited, too-many-connections, or a server-side
    // disconnect) is not retried by socket.io itself: a new token, then another attempt after
    // `delay` (5 s; longer after a refusal that asks to slow down: refusedRetryDelay), up to 1000.
    const retryLater = (newToken: boolean, delay = RECONNECT_DELAY_MS) => {
      clearTimeout(retry);
      if (stopped || manualAttempts >= MAX_RECONNECT_ATTEMPTS) return;
      retry = window.setTimeout(async () => {
        manualAttempts++;
        dispatch({ type: "attempt" });
        if (newToken) await fetchToken();
        if (!stopped) socket.connect();
      }, delay);
    };
    socket.on("connect", () => {
      manualAttempts = 0;
      refusals = 0;
      subscribed.current.clear();
      dispatch({ type: "open" });
      subscribeAll();
    });
    socket.on("disconnect", (reason) => {
      subscribed.current.clear();
      dispatch({ type: "close" });
      if (reason === "io server disconnect") retryLater(true);
    });
    socket.on("connect_error", (err: Error & { data?: { retryAfter?: unknown } }) => {
      dispatch({ type: "close" });
      // A transport error: socket.io's own reconnection goes on (every 5 s); a limit refused
      // earlier is no longer the reason the chat is closed.
      if (socket.active) {
        dispatch({ type: "unreachable" });
        return;
      }
      // Refused by the server: "unauthorized" (an expired or unknown token) after 5 s with a new
      // token; "rate-limited" (this address's handshakes, e.g. an office after a deploy) after the
      // gateway's retryAfter; "too-many-connections" (20 sockets of this user on that server) after
      // 30 s, then longer. Meanwhile the popup works over HTTP without live updates.
      refusals++;
      dispatch({ type: "refused", message: err.message });
      retryLater(true, refusedRetryDelay(err.message, refusals, err.data?.retryAfter));
    });
    socket.io.on("reconnect_attempt", () => dispatch({ type: "attempt" }));
    socket.on("message", (message: ChatMessage) => onLiveMessage.current(message));
    socket.on("data-unread-messages-count", (map: Record<string, number>) => {
      setCounts((c) => ({ ...c, ...map }));
    });
    socket.on("data-new-channel", (channel: ChatChannel) => {
      setChannels((list) => (list.some((c) => c.id === channel.id) ? list : [channel, ...list]));
    });
    socket.on("notification", (notification: ChatNotification) => {
      setNotifications((list) => (list.some((n) => n.id === notification.id) ? list : [notification, ...list]));
      setNotificationsUnread((n) => n + 1);
    });
    const timeout = window.setTimeout(() => dispatch({ type: "timeout" }), CONNECT_TIMEOUT_MS);
    void fetchToken().then(() => {
      if (!stopped) socket.connect();
    });
    return () => {
      stopped = true;
      clearTimeout(timeout);
      clearTimeout(retry);
      // The chat is closed: leave every channel before the socket goes (spec 000 §7).
      unsubscribe([]);
      socket.removeAllListeners();
      socket.io.removeAllListeners();
      socket.disconnect();
      socketRef.current = null;
    };
  }, [csrf, subscribeAll, unsubscribe]);

  // After a reconnection: channels, the open channel and the counts again (spec 000 §4).
  useEffect(() => {
    if (!connection.reloadNeeded) return;
    dispatch({ type: "reloaded" });
    loadOverview();
    if (openChannelRef.current) loadChannel(openChannelRef.current);
  }, [connection.reloadNeeded, loadOverview, loadChannel]);

  // ---- navigation inside the popup ----
  const openChannel = (id: string) => {
    setMessages([]);
    setOlderCursor(null);
    setNewCount(0);
    atBottom.current = true;
    setView({ kind: "channel", id });
    loadChannel(id);
  };
  const back = () => {
    setView({ kind: "list" });
    setMessages([]);
    loadOverview();
  };
  const close = () => {
    // Closing returns to the chat tab and clears selections (spec 000 §4).
    setTab("chat");
    setView({ kind: "list" });
    setMessages([]);
    onClose();
  };
  const showNotifications = () => {
    setTab("notifications");
    notificationsFetcher.load("/chat/notifications");
  };

  if (!open) return null;

  const current = openChannelId ? (channels.find((c) => c.id === openChannelId) ?? channelFetcher.data?.channel) : undefined;
  const main = channels.find((c) => c.channelType === "MAIN");
  const others = channels.filter((c) => c.channelType !== "MAIN" && c.channelType !== "NOTIFICATION");
  const notificationChannelId = channels.find((c) => c.channelType === "NOTIFICATION")?.id;
  const chatUnread = Object.entries(counts).reduce((s, [id, n]) => (id === notificationChannelId ? s : s + (n > 0 ? n : 0)), 0);
  const heading =
    view.kind === "channel" && current ? channelTitle(current) : view.kind === "ask" ? t("ask.title") : t("popup.title");

  return (
    <div className={popup.overlay}>
      <div className={popup.backdrop} aria-hidden="true" />
      <ModalDialog
        labelledBy={titleId}
        className={popup.dialog}
        onClose={close}
        testId="chat-popup"
        initialFocus={() => document.getElementById(`${titleId}-close`)}
      >
        <div className={popup.header} data-chat-connection={connection.status}>
          {view.kind !== "list" ? (
            <button type="button" className={popup.iconButton} onClick={back} data-testid="chat-popup-back">
              <span aria-hidden="true">‹ </span>
              {t("popup.back")}
            </button>
          ) : null}
          <h2 id={titleId} className={popup.title}>
            {heading}
          </h2>
          <button type="button" id={`${titleId}-close`} className={popup.close} onClick={close} aria-label={t("popup.close")}>
            <span aria-hidden="true">×</span>
          </button>
        </div>

        <ConnectionNotice status={connection.status} gaveUp={connection.gaveUp} refusal={connection.refusal} />

        {view.kind === "list" ? (
          <div className={popup.tabs} role="group" aria-label={t("tabs.label")}>
            <button
              type="button"
              className={tab === "chat" ? styles.tabActive : styles.tab}
              aria-pressed={tab === "chat"}
              onClick={() => setTab("chat")}
            >
              <TabLabel label={t("tabs.chat")} count={chatUnread} />
            </button>
            <button
              type="button"
              className={tab === "notifications" ? styles.tabActive : styles.tab}
              aria-pressed={tab === "notifications"}
              onClick={showNotifications}
              data-testid="chat-popup-notifications-tab"
            >
              <TabLabel label={t("tabs.notifications")} count={notificationsUnread} />
            </button>
          </div>
        ) : null}

        {view.kind === "list" && tab === "chat" ? (
          <div className={popup.body} aria-busy={overviewFetcher.state === "loading" || undefined}>
            {main ? (
              <section className={styles.section} aria-labelledby={`${titleId}-main`}>
                <h3 id={`${titleId}-main`} className={styles.sectionTitle}>
                  {t("channels.main-title")}
                </h3>
                <button
                  type="button"
                  className={styles.channel}
                  onClick={() => openChannel(main.id)}
                  data-testid="chat-popup-main"
                >
                  <ChannelSummary channel={main} count={counts[main.id] ?? 0} />
                </button>
              </section>
            ) : overviewFetcher.state !== "idle" ? (
              <p role="status">{t("messages.loading")}</p>
            ) : null}
            <p>
              <button
                type="button"
                className={popup.linkButton}
                onClick={() => setView({ kind: "ask" })}
                data-testid="chat-popup-ask"
              >
                {t("ask.link")}
              </button>
            </p>
            <section className={styles.section} aria-labelledby={`${titleId}-others`}>
              <h3 id={`${titleId}-others`} className={styles.sectionTitle}>
                {t("channels.others-title")}
              </h3>
              {others.length === 0 ? (
                <p className={styles.empty}>{t("channels.none")}</p>
              ) : (
                <ul className={styles.channels}>
                  {others.map((c) => (
                    <li key={c.id}>
                      <button type="button" className={styles.channel} onClick={() => openChannel(c.id)}>
                        <ChannelSummary channel={c} count={counts[c.id] ?? 0} />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        ) : null}

        {view.kind === "list" && tab === "notifications" ? (
          <div className={popup.body}>
            <NotificationList
              notifications={notifications}
              loading={notificationsFetcher.state === "loading"}
              onRead={(id) => {
                readFetcher.submit(
                  { csrf, notificationId: id, reply: "json" },
                  { method: "post", action: "/chat/notifications" },
                );
                setNotifications((list) => list.map((n) => (n.id === id ? { ...n, readAt: new Date().toISOString() } : n)));
                setNotificationsUnread((n) => Math.max(0, n - 1));
              }}
            />
          </div>
        ) : null}

        {view.kind === "ask" ? (
          <AskForm
            csrf={csrf}
            fetcher={askFetcher}
            onCreated={(channel) => {
              setChannels((list) => (list.some((c) => c.id === channel.id) ? list : [channel, ...list]));
              openChannel(channel.id);
            }}
          />
        ) : null}

        {view.kind === "channel" ? (
          <ChannelView
            key={view.id}
            channelId={view.id}
            readOnly={current?.channelType === "NOTIFICATION"}
            messages={messages}
            userId={userId}
            loading={channelFetcher.state === "loading" && messages.length === 0}
            olderCursor={olderCursor}
            loadingOlder={olderFetcher.state === "loading"}
            onOlder={() => olderCursor && olderFetcher.load(channelUrl(view.id, olderCursor))}
            newCount={newCount}
            onAtBottom={(bottom) => {
              atBottom.current = bottom;
              if (bottom) setNewCount(0);
            }}
            liveNote={liveNote}
            connected={connection.status === "open"}
            csrf={csrf}
            postFetcher={postFetcher}
            onSent={(message) => setMessages((list) => mergeMessages(list, [message]))}
            send={(content, idempotencyKey) =>
              new Promise<Ack>((resolve) => {
                const socket = socketRef.current;
                if (!socket?.connected) return resolve({ ok: false, error: "not-connected" });
                socket
                  // No acknowledgement within 5 s: the composer posts it over HTTP (ACK_TIMEOUT_MS).
                  .timeout(ACK_TIMEOUT_MS)
                  // The key the HTTP fallback sends too: a lost acknowledgement then posted again is one message.
                  .emit("message", { channelId: view.id, content, idempotencyKey }, (err: Error | null, ack?: Ack) =>
                    resolve(err || !ack ? { ok: false } : ack),
                  );
              })
            }
          />
        ) : null}
      </ModalDialog>
    </div>
  );
}

/**
 * The connecting / not-connected / unsupported notices (spec 000 §2 "not-connected notice", §4),
 * and the gateway's limits by name (docs/chat.md "Limits"): too many windows, or too many
 * connections from this network — each says the popup reconnects by itself.
 */
function ConnectionNotice({ status, gaveUp, refusal }: { status: string; gaveUp: boolean; refusal: ChatRefusal | null }) {
  const { t } = useTranslation("chat");
  if (status === "open") return null;
  if (refusal && !gaveUp)
    return (
      <p className={popup.notice} role="status" data-testid={`chat-refused-${refusal}`}>
        {t(refusal === "too-many-connections" ? "popup.too-many-windows" : "popup.network-busy")}
      </p>
    );
  if (status === "unsupported" || gaveUp)
    return (
      <div className={popup.notice} role="alert" data-testid="chat-unsupported">
        <p>{t("popup.unsupported")}</p>
        <a href="/chat">{t("popup.open-page")}</a>
      </div>
    );
  return (
    <p className={popup.notice} role="status" data-testid={status === "closed" ? "chat-not-connected" : "chat-connecting"}>
      {status === "closed" ? t("popup.not-connected") : t("popup.connecting")}
    </p>
  );
}

function NotificationList({
  notifications,
  loading,
  onRead,
}: {
  notifications: ChatNotification[];
  loading: boolean;
  onRead: (id: string) => void;
}) {
  const { t } = useTranslation("chat");
  const html = useMemo(
    () => new Map(notifications.map((n) => [n.id, renderNotification(notificationText(n, t as never))])),
    [notifications, t],
  );
  if (notifications.length === 0)
    return <p className={styles.empty}>{loading ? t("messages.loading") : t("notifications.none")}</p>;
  return (
    <ul className={styles.notifications}>
      {notifications.map((n) => (
        <li key={n.id} className={`${styles.notification} ${n.readAt ? "" : styles.unread}`}>
          <p className={styles.meta}>
            <time dateTime={n.createdAt}>
              {formatDate(n.createdAt)} {formatTime(n.createdAt)}
            </time>
            {n.readAt ? null : <strong> · {t("notifications.unread")}</strong>}
          </p>
          {/* Safe HTML: markdown-it without HTML (lib/markdown.ts). */}
          <div className={styles.content} dangerouslySetInnerHTML={{ __html: html.get(n.id) ?? "" }} />
          {n.readAt ? null : (
            <button type="button" className={popup.linkButton} onClick={() => onRead(n.id)}>
              {t("notifications.mark-read")}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

type Fetcher = ReturnType<typeof useFetcher<ActionReply>>;

function AskForm({ csrf, fetcher, onCreated }: { csrf: string; fetcher: Fetcher; onCreated: (channel: ChatChannel) => void }) {
  const { t } = useTranslation("chat");
  const errors = fetcher.data?.fieldErrors ?? {};
  const handled = useRef<unknown>(null);
  // One key per opened form: a double submit opens one question (POST /channels Idempotency-Key).
  const [idempotencyKey] = useState(newIdempotencyKey);
  // Checked before sending: never cut by a `maxlength` (MessageField.tsx).
  const check = useMessageCheck();
  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state === "idle" && data?.channel && handled.current !== data) {
      handled.current = data;
      onCreated(data.channel);
    }
  }, [fetcher.state, fetcher.data, onCreated]);
  return (
    <fetcher.Form
      method="post"
      action="/chat/new"
      className={`${popup.body} ${styles.form}`}
      noValidate
      onSubmit={check.onSubmit}
    >
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="reply" value="json" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {fetcher.data?.formError ? (
        <p className={styles.error} role="alert">
          {fetcher.data.formError}
        </p>
      ) : null}
      <label htmlFor="chat-popup-ask-title" className={styles.label}>
        {t("ask.title-label")}
      </label>
      <input
        id="chat-popup-ask-title"
        name="title"
        className={styles.input}
        maxLength={200}
        required
        aria-invalid={errors.title ? true : undefined}
        aria-describedby={errors.title ? "chat-popup-ask-title-error" : undefined}
      />
      {errors.title ? (
        <p id="chat-popup-ask-title-error" className={styles.error}>
          {errors.title}
        </p>
      ) : null}
      <label htmlFor="chat-popup-ask-content" className={styles.label}>
        {t("ask.content-label")}
      </label>
      <MessageField
        id="chat-popup-ask-content"
        check={check}
        rows={4}
        required
        serverError={errors.content}
        hint={t("compose.markdown-hint")}
        errorTestId="chat-popup-ask-content-error"
      />
      <div className={styles.actions}>
        <button type="submit" className={popup.primary} disabled={fetcher.state !== "idle"}>
          {t("ask.submit")}
        </button>
      </div>
    </fetcher.Form>
  );
}

interface ChannelViewProps {
  channelId: string;
  readOnly: boolean;
  messages: ChatMessage[];
  userId: string;
  loading: boolean;
  olderCursor: string | null;
  loadingOlder: boolean;
  onOlder: () => void;
  newCount: number;
  onAtBottom: (atBottom: boolean) => void;
  liveNote: string;
  connected: boolean;
  csrf: string;
  postFetcher: Fetcher;
  onSent: (message: ChatMessage) => void;
  /** Send over the socket with the message's idempotency key (the composer's: see `Composer`). */
  send: (content: string, idempotencyKey: string) => Promise<Ack>;
}

function ChannelView(props: ChannelViewProps) {
  const { channelId, messages, userId, newCount, onAtBottom, postFetcher, onSent } = props;
  const { t } = useTranslation("chat");
  const list = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const [bottom, setBottom] = useState(true);
  const previousLast = useRef<string | undefined>(undefined);
  const html = useMemo(() => {
    const map = new Map<string, string>();
    for (const m of messages) if (m.contentType === "TEXT") map.set(m.id, renderMarkdown(m.content));
    return map;
  }, [messages]);
  const { i18n } = useTranslation();
  const days = useMemo(() => groupMessagesByDay(messages, { lng: i18n.language }), [messages, i18n.language]);

  // Newest at the bottom: follow new messages while the reader is at the bottom.
  useEffect(() => {
    const last = messages[messages.length - 1]?.id;
    const el = list.current;
    if (el && last !== previousLast.current && (stick.current || previousLast.current === undefined))
      el.scrollTop = el.scrollHeight;
    previousLast.current = last;
  }, [messages]);

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    const isBottom = el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM_PX;
    if (isBottom !== stick.current) {
      stick.current = isBottom;
      setBottom(isBottom);
      onAtBottom(isBottom);
    }
  };
  const toBottom = () => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
    stick.current = true;
    setBottom(true);
    onAtBottom(true);
  };

  // Documents uploaded through the page's action come back as messages.
  const handledPost = useRef<unknown>(null);
  useEffect(() => {
    const data = postFetcher.data;
    if (postFetcher.state !== "idle" || !data || handledPost.current === data) return;
    handledPost.current = data;
    for (const m of data.messages ?? []) onSent(m);
  }, [postFetcher.state, postFetcher.data, onSent]);

  return (
    <>
      <div
        className={popup.messages}
        ref={list}
        onScroll={onScroll}
        aria-busy={props.loading || undefined}
        data-channel-id={channelId}
      >
        {props.olderCursor ? (
          <p className={styles.older}>
            <button type="button" className={popup.linkButton} onClick={props.onOlder} disabled={props.loadingOlder}>
              {t("messages.older")}
            </button>
          </p>
        ) : null}
        {props.loading ? (
          <p role="status">{t("messages.loading")}</p>
        ) : (
          <MessageList
            days={days}
            userId={userId}
            html={(m) => html.get(m.id) ?? ""}
            documentHref={documentHref}
            headingLevel={3}
          />
        )}
      </div>
      <p className="visually-hidden" aria-live="polite" data-testid="chat-live">
        {props.liveNote}
      </p>
      {!bottom || newCount > 0 ? (
        <button type="button" className={popup.toBottom} onClick={toBottom} data-testid="chat-to-bottom">
          {newCount > 0 ? t("messages.new-count", { count: newCount }) : t("messages.to-bottom")}
          <span aria-hidden="true"> ↓</span>
        </button>
      ) : null}
      {props.readOnly ? null : <Composer {...props} key={channelId} />}
    </>
  );
}

/**
 * The popup's message box. Every message carries an idempotency key made HERE, in the browser,
 * when the message is composed (not the channel loader's, which may not have arrived when a
 * message is sent right after the channel opens): the socket message and, when its
 * acknowledgement is lost (ACK_TIMEOUT_MS) or the socket is down, the page's action both send it,
 * so a retry is one message. The key stays while the same text is sent again, and is renewed once
 * a message is posted or the text is changed after an attempt (a changed text is another message).
 */
function Composer({ channelId, connected, csrf, postFetcher, onSent, send }: ChannelViewProps) {
  const { t } = useTranslation("chat");
  const [text, setText] = useState("");
  // `used`: the key went out with the text in the box (an attempt whose outcome may be unknown).
  const [key, setKey] = useState(() => ({ value: newIdempotencyKey(), used: false }));
  const idempotencyKey = key.value;
  const renewKey = () => setKey({ value: newIdempotencyKey(), used: false });
  const [error, setError] = useState("");
  const [sending, setSending] = useState(false);
  const [attachOpen, setAttachOpen] = useState(false);
  // The text sent through the page's action (the socket was down), kept in the box until the
  // action says it was posted: a refusal must not lose what the customer typed.
  const [postedText, setPostedText] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const rows = Math.min(MAX_ROWS, Math.max(2, text.split("\n").length));
  const uploadErrors = postFetcher.data?.form === "upload" ? postFetcher.data.fieldErrors : undefined;
  // An answer of the page's action is taken in once: a refused message shows its error, an
  // attached file closes the attachment panel.
  const [seenPost, setSeenPost] = useState(postFetcher.data);
  const reply = postFetcher.data;
  if (postFetcher.state === "idle" && reply !== seenPost) {
    setSeenPost(reply);
    if (reply?.form === "message") {
      setError(reply.fieldErrors?.content ?? reply.formError ?? "");
      // Posted: the box empties, unless the customer has typed on since; the next message gets a new key.
      if (reply.messages?.length && postedText !== null && text === postedText) setText("");
      if (reply.messages?.length && postedText !== null) renewKey();
      setPostedText(null);
    }
    if (reply?.form === "upload" && reply.messages) setAttachOpen(false);
  }

  const submit = async () => {
    if (sending) return;
    const invalid = messageError(text);
    if (invalid) {
      setError(t(invalid));
      return;
    }
    setError("");
    setSending(true);
    setKey((k) => (k.used ? k : { ...k, used: true }));
    if (connected) {
      const ack = await send(text.trim(), idempotencyKey);
      setSending(false);
      if (ack.ok) {
        if (ack.message) onSent(ack.message);
        setText("");
        renewKey();
        return;
      }
      if (ack.error && ack.error !== "not-connected") {
        setError(ack.error.startsWith("Chat.") ? t(ack.error) : ack.error);
        return;
      }
    }
    // Not connected (or the socket failed): through the page's action, with the Idempotency-Key.
    postFetcher.submit(
      { csrf, content: text, idempotencyKey, reply: "json" },
      { method: "post", action: `/chat/${encodeURIComponent(channelId)}?index` },
    );
    setSending(false);
    setPostedText(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Shift+Enter sends; Enter alone is a new line (spec 000 §2).
    if (event.key === "Enter" && event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <div className={popup.composer}>
      {attachOpen ? (
        <postFetcher.Form
          method="post"
          action={`/chat/${encodeURIComponent(channelId)}?index`}
          encType="multipart/form-data"
          className={popup.attach}
          aria-labelledby="chat-popup-attach-title"
          data-testid="chat-popup-attach"
        >
          <h3 id="chat-popup-attach-title" className={styles.sectionTitle}>
            {t("attach.title")}
          </h3>
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="reply" value="json" />
          <label htmlFor="chat-popup-files" className={styles.label}>
            {t("attach.label")}
          </label>
          <input
            id="chat-popup-files"
            type="file"
            name="files"
            multiple
            accept=".pdf,.png,.jpg,.jpeg,.xlsx,.docx"
            aria-describedby={`chat-popup-files-hint${uploadErrors?.files ? " chat-popup-files-error" : ""}`}
          />
          <p id="chat-popup-files-hint" className={styles.hint}>
            {t("attach.hint")}
          </p>
          {uploadErrors?.files ? (
            <p id="chat-popup-files-error" className={styles.error} role="alert">
              {uploadErrors.files}
            </p>
          ) : null}
          <div className={styles.actions}>
            <button type="submit" className={popup.primary} disabled={postFetcher.state !== "idle"}>
              {t("attach.submit")}
            </button>
            <button type="button" className={popup.linkButton} onClick={() => setAttachOpen(false)}>
              {t("common:cancel")}
            </button>
          </div>
        </postFetcher.Form>
      ) : null}
      <form onSubmit={onSubmit} className={popup.composeForm} data-testid="chat-popup-compose">
        <label htmlFor="chat-popup-content" className="visually-hidden">
          {t("compose.label")}
        </label>
        <textarea
          id="chat-popup-content"
          ref={textarea}
          className={styles.textarea}
          value={text}
          rows={rows}
          onChange={(e) => {
            setText(e.target.value);
            // Changed after an attempt: another message, another key.
            if (key.used) renewKey();
          }}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={`chat-popup-hint${charactersLeft(text) <= LENGTH_HINT_FROM ? " chat-popup-length" : ""}${error ? " chat-popup-error" : ""}`}
        />
        <p id="chat-popup-hint" className={styles.hint}>
          {t("compose.markdown-hint")} {t("compose.shift-enter-hint")}
        </p>
        <LengthHint text={text} id="chat-popup-length" />
        {error ? (
          <p id="chat-popup-error" className={styles.error} role="alert" data-testid="chat-popup-error">
            {error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="submit" className={popup.primary} disabled={sending || postFetcher.state !== "idle"}>
            {t("compose.send")}
          </button>
          <button
            type="button"
            className={popup.linkButton}
            onClick={() => setAttachOpen((o) => !o)}
            aria-expanded={attachOpen}
            data-testid="chat-popup-attach-toggle"
          >
            {t("attach.open")}
          </button>
        </div>
      </form>
    </div>
  );
}
