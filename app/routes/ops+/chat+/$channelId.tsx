/**
 * /ops/chat/:channelId — one customer channel's messages (oldest first; markdown shown as plain
 * text; documents open through ./$channelId.documents.$documentId), a reply form and an
 * attachment form (plain POSTs, multipart for the files, work without JavaScript; audited as
 * chat.reply and chat.attach). Role SUPPORT. A refused reply comes back on its field with the
 * text kept; refused files on the file field.
 * The item and its lists come in one answer of the ops API: a refusal is the item's, so the error
 * page (404 for an unknown one); no list of this page is read apart (docs/decisions.md "Failed lists").
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OpsCsrfInput } from "~/components/ops/OpsCsrfInput";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { opsErrorKey, OpsApiError, requireStaff, verifyOpsCsrf } from "~/lib/ops.server";
import { verifyCsrf } from "~/lib/csrf.server";
import { chosenFiles, readUploadForm, UPLOAD_RETRY_AFTER_SECONDS } from "~/lib/uploads.server";

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
    documentId: string | null;
    document: { name: string } | null;
    createdAt: string;
  }[];
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "SUPPORT");
  try {
    const view = await api.get<View>(`/chat/${encodeURIComponent(params.channelId ?? "")}`);
    const search = new URL(request.url).searchParams;
    const sent = search.get("sent") === "1";
    const attached = search.get("attached") === "1";
    return json({ view, sent, attached }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    if (error instanceof OpsApiError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
}

/**
 * Attach files (multipart). The staff session and role SUPPORT are checked first, from the
 * cookie alone, so nobody else gets a multipart body parsed; then the body is read with size
 * limits and its CSRF token checked before anything is sent.
 */
async function attach(request: Request, channelId: string) {
  const { api, session } = await requireStaff(request, "SUPPORT");
  const { form, error } = await readUploadForm(request);
  await verifyCsrf(request, session, form);
  if (error === "busy")
    return json(
      { content: "", error: null, filesError: "ops:chat.attach-busy" },
      { status: 503, headers: { "Retry-After": String(UPLOAD_RETRY_AFTER_SECONDS) } },
    );
  if (error) return json({ content: "", error: null, filesError: "ops:chat.attach-refused" }, { status: 400 });
  const files = chosenFiles(form);
  if (files.length === 0) return json({ content: "", error: null, filesError: "ops:chat.attach-choose" }, { status: 400 });
  const body = new FormData();
  for (const file of files) body.append("files", file, file.name);
  const id = encodeURIComponent(channelId);
  try {
    await api.call(`POST`, `/chat/${id}/documents`, { body });
  } catch (e) {
    if (e instanceof OpsApiError && e.status === 503 && e.body.code === "SERVICE_BUSY")
      return json(
        { content: "", error: null, filesError: "ops:chat.attach-busy" },
        { status: 503, headers: { "Retry-After": String(UPLOAD_RETRY_AFTER_SECONDS) } },
      );
    if (!(e instanceof OpsApiError) || e.status >= 500) throw e;
    if (e.status === 404) throw new Response("Not found", { status: 404 });
    return json({ content: "", error: null, filesError: "ops:chat.attach-refused" }, { status: 400 });
  }
  return redirect(`/ops/chat/${id}?attached=1`);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data"))
    return attach(request, params.channelId ?? "");
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
  const { view, sent, attached } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as { content: string; error: string | null; filesError?: string } | undefined;
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
            <p className={styles.text}>
              {m.document && m.documentId ? (
                <a
                  href={`/ops/chat/${encodeURIComponent(view.id)}/documents/${encodeURIComponent(m.documentId)}`}
                  data-testid="ops-chat-document"
                >
                  {t("chat.download", { name: m.document.name })}
                </a>
              ) : (
                m.content
              )}
            </p>
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
      {attached ? (
        <p className={styles.notice} role="status" data-testid="attach-sent">
          {t("chat.attached")}
        </p>
      ) : null}
      <Form method="post" action={formAction} encType="multipart/form-data" className={styles.form} data-testid="ops-attach-form">
        <OpsCsrfInput />
        <div className={styles.field}>
          <label htmlFor="ops-files">{t("chat.attach")}</label>
          <p id="ops-files-hint">{t("chat.attach-hint")}</p>
          <input
            id="ops-files"
            type="file"
            name="files"
            multiple
            accept=".pdf,.png,.jpg,.jpeg,.xlsx,.docx"
            aria-invalid={data?.filesError ? true : undefined}
            aria-describedby={data?.filesError ? "ops-files-hint ops-files-error" : "ops-files-hint"}
          />
          {data?.filesError ? (
            <p id="ops-files-error" className={styles.error} data-testid="files-error">
              {t(data.filesError)}
            </p>
          ) : null}
        </div>
        <button type="submit" className={styles.button}>
          {t("chat.attach-submit")}
        </button>
      </Form>
    </>
  );
}
