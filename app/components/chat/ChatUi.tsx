/**
 * The chat's shared pieces, in ONE module so the /chat routes and the popup load them as one
 * chunk (each extra shared chunk is an entry in the route manifest every page loads):
 * - channel titles, a channel's line in a list (title, unread count, last message) and the tab
 *   labels with their unread marker (spec 000 §2 "tabs: chat and notification, with unread
 *   marker");
 * - the /chat pages' tabs as links;
 * - a channel's messages (spec 000 §2 "message list with date groups and sticky dates"): days
 *   oldest first, newest message at the bottom, each day under a heading that sticks to the top
 *   while its messages scroll (CSS `position: sticky`), each message with its author (you,
 *   support staff, or the bank for system messages), its time, and its text as safe markdown
 *   HTML (lib/markdown.ts) or, for a DOCUMENT, a download link. The /chat/:channelId page renders
 *   the HTML in its loader; the popup in the browser (markdown-it in the popup's chunk only): the
 *   caller passes `html`.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ChatChannel, ChatMessage, MessageDay } from "~/lib/chat";
import { formatTime } from "~/lib/dates";
import styles from "./Chat.module.css";

/** The displayed title of a channel. */
export function useChannelTitle(): (channel: ChatChannel) => string {
  const { t } = useTranslation("chat");
  return (channel) => {
    if (channel.channelType === "MAIN") return t("channel.main");
    if (channel.channelType === "NOTIFICATION") return t("tabs.notifications");
    const a = channel.application;
    const applicant = a ? a.companyName || [a.firstName, a.lastName].filter(Boolean).join(" ") : "";
    return channel.title || applicant || t("channel.untitled");
  };
}

export function ChannelSummary({ channel, count }: { channel: ChatChannel; count: number }) {
  const { t } = useTranslation("chat");
  const title = useChannelTitle();
  const last = channel.lastMessage;
  return (
    <>
      <span className={styles.channelTitle}>
        <span>{title(channel)}</span>
        {count > 0 ? (
          <span className={styles.badge} data-testid="channel-unread">
            <span aria-hidden="true">{count}</span>
            <span className="visually-hidden">{t("unread", { count })}</span>
          </span>
        ) : null}
      </span>
      {last ? (
        <span className={styles.preview}>
          {last.contentType === "DOCUMENT" ? t("messages.document", { name: last.document?.name ?? last.content }) : last.content}
        </span>
      ) : null}
    </>
  );
}

/** Tab label with its unread marker (spec 000 §2: "tabs: chat and notification, with unread marker"). */
export function TabLabel({ label, count }: { label: string; count: number }) {
  const { t } = useTranslation("chat");
  return (
    <>
      {label}
      {count > 0 ? (
        <span className={styles.badge}>
          <span aria-hidden="true">{count}</span>
          <span className="visually-hidden">{t("unread", { count })}</span>
        </span>
      ) : null}
    </>
  );
}

/** The Chat / Notifications tab links (current one marked with aria-current). */
export function ChatTabs({
  current,
  chatUnread,
  notificationsUnread,
}: {
  current: "chat" | "notifications";
  chatUnread: number;
  notificationsUnread: number;
}) {
  const { t } = useTranslation("chat");
  return (
    <nav aria-label={t("tabs.label")}>
      <ul className={styles.tabs}>
        <li>
          <Link
            to="/chat"
            className={current === "chat" ? styles.tabActive : styles.tab}
            aria-current={current === "chat" ? "page" : undefined}
          >
            <TabLabel label={t("tabs.chat")} count={chatUnread} />
          </Link>
        </li>
        <li>
          <Link
            to="/chat/notifications"
            className={current === "notifications" ? styles.tabActive : styles.tab}
            aria-current={current === "notifications" ? "page" : undefined}
          >
            <TabLabel label={t("tabs.notifications")} count={notificationsUnread} />
          </Link>
        </li>
      </ul>
    </nav>
  );
}

export interface MessageListProps<M extends ChatMessage> {
  days: MessageDay<M>[];
  /** The signed-in user's id (own messages are marked and aligned to the end). */
  userId: string;
  /** Safe HTML of a TEXT message (lib/markdown.ts `renderMarkdown`). */
  html: (message: M) => string;
  /** The download URL of a DOCUMENT message's file (a web resource route). */
  documentHref: (message: M) => string;
  /** Heading level of the day headings (the page: h2; the popup: h3). */
  headingLevel?: 2 | 3;
}

/** Who wrote a message, as shown above it. */
export function useAuthorName(): (message: ChatMessage, userId: string) => string {
  const { t } = useTranslation("chat");
  return (message, userId) => {
    if (message.userId && message.userId === userId) return t("author.you");
    const name = [message.author?.firstName, message.author?.lastName].filter(Boolean).join(" ");
    if (message.employeeId) return name ? t("author.support-named", { name }) : t("author.support");
    if (message.userId) return name || t("author.colleague");
    return t("author.bank");
  };
}

export function MessageList<M extends ChatMessage>({ days, userId, html, documentHref, headingLevel = 2 }: MessageListProps<M>) {
  const { t } = useTranslation("chat");
  const authorName = useAuthorName();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  if (days.length === 0) return <p className={styles.empty}>{t("messages.empty")}</p>;
  return (
    <div className={styles.days} data-testid="chat-messages">
      {days.map((day) => (
        <section key={day.key} className={styles.day} aria-labelledby={`chat-day-${day.key}`}>
          <Heading id={`chat-day-${day.key}`} className={styles.dayHeading}>
            <time dateTime={day.key}>{day.label.kind === "today" ? t("messages.today") : day.label.text}</time>
          </Heading>
          <ol className={styles.messages}>
            {day.messages.map((m) => {
              const own = m.userId !== null && m.userId === userId;
              return (
                <li
                  key={m.id}
                  className={`${styles.message} ${own ? styles.own : styles.other}`}
                  data-testid="chat-message"
                  data-message-id={m.id}
                >
                  <p className={styles.meta}>
                    <span className={styles.author}>{authorName(m, userId)}</span>{" "}
                    <time dateTime={m.createdAt} className={styles.time}>
                      {formatTime(m.createdAt)}
                    </time>
                  </p>
                  {m.contentType === "DOCUMENT" && m.documentId ? (
                    <p className={styles.document}>
                      <a href={documentHref(m)} download data-testid="chat-document">
                        {t("messages.document", { name: m.document?.name ?? m.content })}
                      </a>
                    </p>
                  ) : (
                    // Safe HTML: markdown-it without HTML, links http(s)/mailto only (lib/markdown.ts).
                    <div className={styles.content} dangerouslySetInnerHTML={{ __html: html(m) }} />
                  )}
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </div>
  );
}
