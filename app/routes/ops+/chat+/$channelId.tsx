/**
 * /ops/chat/:channelId — one customer channel's messages (oldest first; markdown shown as plain
 * text) and a reply form (plain POST, works without JavaScript; audited as chat.reply). Role
 * SUPPORT. A refused reply comes back on its field with the text kept.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OpsCsrfInput } from "~/components/ops/OpsCsrfInput";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { opsErrorKey, OpsApiError, requireStaff, verifyOpsCsrf } from "~/lib/ops.server";

export const handle = { i18n: ["ops"], titleKey: "ops:chat.channel-title" };

interface View {
  id: string;
  channelType: string;
  title: string;
  owner: string;
  messages: {
    id: string;
    from: "CUSTOMER" | "STAFF" | "SYSTEM";
    employeeId: string | null;
    content: string;
    document: { name: string } | null;
    createdAt: string;
  }[];
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "SUPPORT");
  try {
    const view = await api.get<View>(`/chat/${encodeURIComponent(params.channelId ?? "")}`);
    const sent = new URL(request.url).searchParams.get("sent") === "1";
    return json({ view, sent }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    if (error instanceof OpsApiError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  await verifyOpsCsrf(request);
  const { api } = await requireStaff(request, "SUPPORT");
  const form = await request.formData();
  const content = String(form.get("content") ?? "");
  if (!content.trim()) return json({ content, error: "ops:chat.reply-required" }, { status: 400 });
  if (content.length > 4096) return json({ content, error: "ops:chat.reply-too-long" }, { status: 400 });
  const id = encodeURIComponent(params.channelId ?? "");
  try {
    await api.post(`/chat/${id}/messages`, { content });
  } catch (error) {
    if (!(error instanceof OpsApiError) || error.status >= 500) throw error;
    return json({ content, error: opsErrorKey(error) }, { status: 400 });
  }
  return redirect(`/ops/chat/${id}?sent=1`);
}

export default function OpsChatChannel() {
  const { t } = useTranslation("ops");
  const { view, sent } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const formAction = useLocation().pathname;
  return (
    <>
      <p>
        <Link to="/ops/chat">{t("chat.back")}</Link>
      </p>
      <h1>
        {view.title} <span className="visually-hidden">—</span> <small>{view.owner}</small>
      </h1>
      <ol className={styles.messages} data-testid="ops-chat-messages">
        {view.messages.map((m) => (
          <li key={m.id} data-testid="ops-chat-message" data-from={m.from}>
            <p className={styles.meta}>
              {t(`chat.from.${m.from}`, { who: m.employeeId ?? "" })} ·{" "}
              <time dateTime={m.createdAt}>{m.createdAt.slice(0, 16).replace("T", " ")}</time>
            </p>
            <p className={styles.text}>{m.document ? t("chat.document", { name: m.document.name }) : m.content}</p>
          </li>
        ))}
      </ol>
      {sent ? (
        <p className={styles.notice} role="status" data-testid="reply-sent">
          {t("chat.sent")}
        </p>
      ) : null}
      <Form method="post" action={formAction} className={styles.form} noValidate>
        <OpsCsrfInput />
        <div className={styles.field}>
          <label htmlFor="ops-reply">{t("chat.reply")}</label>
          <textarea
            id="ops-reply"
            className={styles.input}
            name="content"
            rows={4}
            defaultValue={data?.content ?? ""}
            aria-invalid={data?.error ? true : undefined}
            aria-describedby={data?.error ? "ops-reply-error" : undefined}
          />
          {data?.error ? (
            <p id="ops-reply-error" className={styles.error} data-testid="reply-error">
              {t(data.error)}
            </p>
          ) : null}
        </div>
        <button type="submit" className={styles.button}>
          {t("chat.send")}
        </button>
      </Form>
    </>
  );
}
