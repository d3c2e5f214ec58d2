/**
 * /chat — support chat (issue 11; spec 000 §2 chat popup as a page, docs/chat.md), server
 * rendered, no JavaScript needed: the Chat and Notifications tabs (links, each with its unread
 * marker), the main channel, "Ask a question" (/chat/new) and the other channels (questions,
 * requests about an application or a payment) with their unread counts and last message. Each
 * channel opens as /chat/:channelId. With JavaScript the header's chat link opens the chat popup
 * instead (components/chat/ChatPopup.tsx); this page stays the no-JavaScript way in. A channel
 * list the API refuses shows its error where the channels would be, the tabs and "Ask a
 * question" kept (spec 000 §7 "a failed list passes the server message on as its error";
 * lib/list-errors.server.ts).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChannelSummary, ChatTabs } from "~/components/chat/ChatUi";
import styles from "~/components/chat/Chat.module.css";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { ListError } from "~/components/ui/ListError";
import { chatOverview, requireAppContext, settleList, type ChatOverview } from "./__chat.server";

export const handle = { i18n: ["chat"], titleKey: "chat:title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const { data: overview, error: listError } = await settleList(request, chatOverview(api, org.id));
  const none: ChatOverview = { main: null, others: [], counts: {}, notificationsUnread: 0, notificationChannel: null };
  return json({ ...(overview ?? none), listError }, { headers: await api.headers({ "Cache-Control": "private, no-store" }) });
}

export default function ChatPage() {
  const { main, others, counts, notificationsUnread, notificationChannel, listError } = useLoaderData<typeof loader>();
  const { t } = useTranslation("chat");
  const chatUnread = Object.entries(counts).reduce((sum, [id, n]) => (id === notificationChannel?.id ? sum : sum + n), 0);
  return (
    <>
      <h1>{t("title")}</h1>
      <ChatTabs current="chat" chatUnread={chatUnread} notificationsUnread={notificationsUnread} />
      {listError ? <ListError message={listError} testId="chat-channels-error" /> : null}
      {main ? (
        <section className={styles.section} aria-labelledby="chat-main-title">
          <h2 id="chat-main-title" className={styles.sectionTitle}>
            {t("channels.main-title")}
          </h2>
          <Link to={`/chat/${main.id}`} className={styles.channel} data-testid="chat-main-channel">
            <ChannelSummary channel={main} count={counts[main.id] ?? 0} />
          </Link>
        </section>
      ) : null}
      <p>
        <Link to="/chat/new" data-testid="chat-ask">
          {t("ask.link")}
        </Link>
      </p>
      <section className={styles.section} aria-labelledby="chat-others-title">
        <h2 id="chat-others-title" className={styles.sectionTitle}>
          {t("channels.others-title")}
        </h2>
        {listError ? null : others.length === 0 ? (
          <p className={styles.empty}>{t("channels.none")}</p>
        ) : (
          <ul className={styles.channels}>
            {others.map((c) => (
              <li key={c.id}>
                <Link to={`/chat/${c.id}`} className={styles.channel} data-testid="chat-channel">
                  <ChannelSummary channel={c} count={counts[c.id] ?? 0} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
