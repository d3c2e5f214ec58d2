/**
 * /chat/notifications — the Notifications tab (issue 11; spec 000 §2 chat popup tabs, §3
 * Notification; docs/chat.md GET /notifications, POST /notifications/:id/read), server rendered:
 * newest first, 15 a page with a "more" link (`?cursor=`), unread ones marked, each unread one
 * with a "Mark as read" button (a plain CSRF-protected form; back here afterwards). Texts are
 * the bank's own (in the web app's wording when the API names a key: lib/chat.ts
 * `notificationText`), shown as safe markdown (lib/markdown.ts, rendered in the loader).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import styles from "~/components/chat/Chat.module.css";
import { ChatTabs } from "~/components/chat/ChatUi";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Button } from "~/components/ui/Button";
import { ListError } from "~/components/ui/ListError";
import { notificationText } from "~/lib/chat";
import { formatDate, formatTime } from "~/lib/dates";
import {
  ApiError,
  firstPageOnBadCursor,
  i18next,
  listNotifications,
  markNotificationRead,
  renderNotification,
  requireAppContext,
  settleList,
  withoutCursor,
  unreadCounts,
  verifyCsrf,
} from "./__chat.server";

export const handle = { i18n: ["chat"], titleKey: "chat:notifications.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const cursor = new URL(request.url).searchParams.get("cursor");
  const [{ data: page, error: listError }, counts] = await Promise.all([
    // A list the API refuses: its error in the list's place (spec 000 §7; lib/list-errors.server.ts).
    settleList(
      request,
      listNotifications(api, org.id, cursor).catch(firstPageOnBadCursor(api, cursor, withoutCursor(request.url))),
    ),
    unreadCounts(api, org.id).catch((error: unknown) => {
      if (error instanceof Response) throw error;
      return null;
    }),
  ]);
  const t = (await i18next.getFixedT(request, ["chat"])) as unknown as (key: string, options: Record<string, unknown>) => string;
  return json(
    {
      notifications: page?.data.map((n) => ({ ...n, html: renderNotification(notificationText(n, t)) })) ?? [],
      cursor: page?.cursor ?? null,
      isMorePage: page?.paged ?? Boolean(cursor),
      listError,
      chatUnread: counts?.total ?? 0,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAppContext(request);
  await verifyCsrf(request, api.session);
  const form = await request.formData();
  const id = String(form.get("notificationId") ?? "");
  if (id) {
    try {
      await markNotificationRead(api, id);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      // Unknown or not the caller's: nothing to mark; the list shows what is true.
    }
  }
  // The chat popup (reply=json) keeps its own list.
  if (form.get("reply") === "json") return json({ ok: true }, { headers: await api.headers() });
  return redirect("/chat/notifications", { headers: await api.headers() });
}

export default function NotificationsPage() {
  const { notifications, cursor, isMorePage, chatUnread, listError } = useLoaderData<typeof loader>();
  const { t } = useTranslation("chat");
  const unread = notifications.filter((n) => !n.readAt).length;
  return (
    <>
      <h1>{t("notifications.title")}</h1>
      <ChatTabs current="notifications" chatUnread={chatUnread} notificationsUnread={unread} />
      {listError ? (
        <ListError message={listError} testId="notifications-error" />
      ) : notifications.length === 0 ? (
        <p className={styles.empty}>{t("notifications.none")}</p>
      ) : null}
      <ul className={styles.notifications} data-testid="notifications">
        {notifications.map((n) => (
          <li key={n.id} className={`${styles.notification} ${n.readAt ? "" : styles.unread}`} data-testid="notification">
            <p className={styles.meta}>
              <time dateTime={n.createdAt}>
                {formatDate(n.createdAt)} {formatTime(n.createdAt)}
              </time>
              {n.readAt ? null : <strong> · {t("notifications.unread")}</strong>}
            </p>
            {/* Safe HTML: markdown-it without HTML (lib/markdown.ts). */}
            <div className={styles.content} dangerouslySetInnerHTML={{ __html: n.html }} />
            {n.readAt ? null : (
              <Form method="post" action="/chat/notifications" className={styles.actions}>
                <AuthenticityTokenInput />
                <input type="hidden" name="notificationId" value={n.id} />
                <Button type="submit" variant="link">
                  {t("notifications.mark-read")}
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {cursor ? (
        <p className={styles.older}>
          <Link to={`/chat/notifications?cursor=${encodeURIComponent(cursor)}`}>{t("notifications.more")}</Link>
        </p>
      ) : null}
      {isMorePage ? (
        <p className={styles.older}>
          <Link to="/chat/notifications">{t("notifications.newest")}</Link>
        </p>
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
