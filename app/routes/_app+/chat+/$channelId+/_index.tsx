/**
 * /chat/:channelId — one channel (issue 11; spec 000 §2 chat popup panels "main channel" and "a
 * single request"; docs/chat.md), server rendered, no JavaScript needed:
 * - the newest page of messages (15, spec 000 §9), newest at the bottom, grouped by day under
 *   sticky date headings (components/chat/ChatUi.tsx `MessageList`), authors named, text as safe markdown
 *   (rendered HERE in the loader by lib/markdown.ts: markdown-it never reaches this page's
 *   browser JavaScript), documents as download links (./documents.$documentId.tsx);
 * - "Older messages" (`?cursor=`, the API's cursor) and back to the newest;
 * - opening the channel marks the shown messages read (POST …/messages/batch-read);
 * - the post form (at most 4096 characters, spec 000 §5; `Chat.max-length` on the field — with
 *   JavaScript before sending, without it from the action, the text kept on any error; never cut
 *   by a `maxlength`: components/chat/MessageField.tsx) with a hidden Idempotency-Key made here, so a double submit posts
 *   once; then back here (PRG), where a refresh shows replies;
 * - the attachment form (multipart: POST /v1/uploads, then POST /channels/:id/documents; an
 *   empty upload result is the max-size error, spec 000 §5, §8). Resubmitted, it uploads its
 *   files again; the API answers the attach call as a replay and deletes that second copy.
 * The NOTIFICATION channel is read-only (customers cannot post there).
 * With `reply=json` in the form (the chat popup's fetcher), the action answers JSON instead of
 * redirecting.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MessageList, useChannelTitle } from "~/components/chat/ChatUi";
import { MessageField, useMessageCheck } from "~/components/chat/MessageField";
import styles from "~/components/chat/Chat.module.css";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { documentHref, groupMessagesByDay, messageError, type ChatMessage } from "~/lib/chat";
import {
  type Api,
  ApiError,
  attachDocuments,
  chatFormErrors,
  chosenFiles,
  firstPageOnBadCursor,
  getChannel,
  i18next,
  listMessages,
  markMessagesRead,
  postMessage,
  readUploadForm,
  renderMarkdown,
  requireAppContext,
  startAction,
  uploadErrorResponse,
  withoutCursor,
  uploadFiles,
  uploadReadErrorResponse,
  verifyCsrf,
} from "../__chat.server";

export const handle = { i18n: ["chat"], titleKey: "chat:title" };

/** A message as the page gets it: with its safe HTML (TEXT) made on the server. */
type RenderedMessage = ChatMessage & { html: string };

function notFound(error: unknown): never {
  if (error instanceof ApiError && (error.status === 404 || error.status === 400))
    throw new Response("Not found", { status: 404 });
  throw error;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, user } = await requireAppContext(request);
  const channelId = params.channelId ?? "";
  const cursor = new URL(request.url).searchParams.get("cursor");
  const [channel, page] = await Promise.all([
    getChannel(api, channelId).catch(notFound),
    listMessages(api, channelId, cursor)
      .catch(firstPageOnBadCursor(api, cursor, withoutCursor(request.url)))
      .catch(notFound),
  ]);
  // Opening a channel reads what it shows (spec 000 §4).
  await markMessagesRead(api, channelId, page.data, user.id);
  const messages: RenderedMessage[] = [...page.data]
    .reverse()
    .map((m) => ({ ...m, html: m.contentType === "TEXT" ? renderMarkdown(m.content) : "" }));
  return json(
    {
      channel,
      messages,
      olderCursor: page.cursor,
      isOlderPage: page.paged,
      userId: user.id,
      idempotencyKey: crypto.randomUUID(),
      // The attachment form's own key: submitting it twice attaches the files once.
      uploadKey: crypto.randomUUID(),
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

async function answer(api: Api, form: FormData, channelId: string, body: Record<string, unknown>, status = 200) {
  if (form.get("reply") === "json" || status !== 200) return json(body, { status, headers: await api.headers() });
  return redirect(`/chat/${encodeURIComponent(channelId)}`, { headers: await api.headers() });
}

/** Post a text message (intent "message"). */
async function post(request: Request, api: Api, channelId: string) {
  const { t } = await startAction(request, ["chat", "errors"]);
  const form = await request.formData();
  const values = { content: String(form.get("content") ?? ""), idempotencyKey: String(form.get("idempotencyKey") ?? "") };
  const invalid = messageError(values.content);
  if (invalid)
    return answer(api, form, channelId, { form: "message", fieldErrors: { content: t(`chat:${invalid}`) }, values }, 400);
  try {
    const message = await postMessage(api, channelId, values.content.trim(), values.idempotencyKey || undefined);
    return answer(api, form, channelId, { form: "message", messages: [message] });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response("Not found", { status: 404 });
    return answer(api, form, channelId, { form: "message", ...chatFormErrors(error, t as Translate, ["content"]), values }, 400);
  }
}

/** The message of an upload refusal (read off the shared upload helpers' answer). */
async function uploadMessage(response: Response): Promise<string> {
  const body = (await response.json()) as { fieldErrors?: Record<string, string> };
  return body.fieldErrors?.files ?? Object.values(body.fieldErrors ?? {})[0] ?? "";
}

/**
 * Attach files (multipart): upload, then one DOCUMENT message per file. The files are uploaded
 * for the CHANNEL's organization (or, for an applicant's own channel, without one), not the
 * active organization: the API attaches to a channel only uploads of its owner, and a user may
 * open the chat of any of their organizations (a link, another tab). A channel the user may not
 * read is 404 before anything is uploaded.
 */
async function upload(request: Request, api: Api, channelId: string) {
  const { form, error } = await readUploadForm(request);
  await verifyCsrf(request, api.session, form);
  const t = (await i18next.getFixedT(request, ["chat", "errors"])) as unknown as Translate;
  const refuse = async (files: string, status = 400, retryAfter?: string | null) => {
    const response = await answer(api, form, channelId, { form: "upload", fieldErrors: { files } }, status);
    if (retryAfter) response.headers.set("Retry-After", retryAfter);
    return response;
  };
  // The shared helpers' answer: 503 with its Retry-After when uploads are busy, else 400.
  const refuseAs = async (shared: Response) =>
    shared.status === 503
      ? refuse(await uploadMessage(shared), 503, shared.headers.get("Retry-After"))
      : refuse(await uploadMessage(shared));
  if (error) return refuseAs(uploadReadErrorResponse(error, t));
  const files = chosenFiles(form);
  if (files.length === 0) return refuse(t("chat:attach.choose"));
  const channel = await getChannel(api, channelId).catch(notFound);
  try {
    const uploads = await uploadFiles(api, channel.organizationId, files);
    // An empty upload result is the max-size error (spec 000 §5, §8).
    if (uploads.length === 0) return refuse(t("errors:Identity.max-size-error"));
    const key = String(form.get("idempotencyKey") ?? "");
    const messages = await attachDocuments(
      api,
      channelId,
      uploads.map((u) => ({ uploadId: u.id, name: u.name })),
      key || undefined,
    );
    return answer(api, form, channelId, { form: "upload", messages });
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) throw new Response("Not found", { status: 404 });
    return refuseAs(uploadErrorResponse(e, t));
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAppContext(request);
  const channelId = params.channelId ?? "";
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) return upload(request, api, channelId);
  return post(request, api, channelId);
}

type ActionData = {
  form: "message" | "upload";
  fieldErrors?: Record<string, string>;
  formError?: string;
  values?: { content: string; idempotencyKey: string };
};

/**
 * The post form: the message box checked before sending with JavaScript (no `maxlength`: a longer
 * paste is refused with the max-length error, never cut; components/chat/MessageField.tsx), by the
 * action without it. Keyed by the page: a sent message empties it, a refused one keeps its text.
 */
function PostForm(props: {
  action: string;
  idempotencyKey: string;
  kept: string;
  fieldError?: string;
  formError?: string;
  busy: boolean;
}) {
  const { t } = useTranslation("chat");
  const check = useMessageCheck(props.kept);
  return (
    <Form
      method="post"
      action={props.action}
      className={styles.form}
      data-testid="chat-post-form"
      id="chat-compose"
      onSubmit={check.onSubmit}
    >
      <AuthenticityTokenInput />
      <input type="hidden" name="idempotencyKey" value={props.idempotencyKey} />
      {props.formError ? <Alert kind="error">{props.formError}</Alert> : null}
      <label htmlFor="chat-content" className={styles.label}>
        {t("compose.label")}
      </label>
      <MessageField
        id="chat-content"
        check={check}
        rows={3}
        required
        serverError={props.fieldError}
        hint={t("compose.markdown-hint")}
        errorTestId="chat-content-error"
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={props.busy}>
          {t("compose.send")}
        </Button>
      </div>
    </Form>
  );
}

export default function ChannelPage() {
  const { channel, messages, olderCursor, isOlderPage, userId, idempotencyKey, uploadKey } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as ActionData | undefined;
  const { t, i18n } = useTranslation("chat");
  const title = useChannelTitle();
  const busy = useNavigation().state === "submitting";
  const messageErrors = data?.form === "message" ? data : undefined;
  const uploadErrors = data?.form === "upload" ? data : undefined;
  const action = `/chat/${encodeURIComponent(channel.id)}`;
  const readOnly = channel.channelType === "NOTIFICATION";
  return (
    <>
      <p>
        <Link to="/chat">{t("back")}</Link>
      </p>
      <h1 data-testid="chat-channel-title">{title(channel)}</h1>
      {olderCursor ? (
        <p className={styles.older}>
          <Link to={`${action}?cursor=${encodeURIComponent(olderCursor)}`} data-testid="chat-older">
            {t("messages.older")}
          </Link>
        </p>
      ) : null}
      <MessageList
        days={groupMessagesByDay(messages, { lng: i18n.language })}
        userId={userId}
        html={(m) => m.html}
        documentHref={documentHref}
      />
      {isOlderPage ? (
        <p className={styles.older}>
          <Link to={action}>{t("messages.newest")}</Link>
        </p>
      ) : null}
      {readOnly ? null : (
        <>
          <PostForm
            key={messageErrors?.values ? "failed" : idempotencyKey}
            action={action}
            idempotencyKey={messageErrors?.values?.idempotencyKey || idempotencyKey}
            kept={messageErrors?.values?.content ?? ""}
            fieldError={messageErrors?.fieldErrors?.content}
            formError={messageErrors?.formError}
            busy={busy}
          />
          <Form
            method="post"
            action={action}
            encType="multipart/form-data"
            className={styles.form}
            data-testid="chat-upload-form"
          >
            <AuthenticityTokenInput />
            <input type="hidden" name="idempotencyKey" value={uploadKey} />
            <label htmlFor="chat-files" className={styles.label}>
              {t("attach.label")}
            </label>
            <input
              id="chat-files"
              type="file"
              name="files"
              multiple
              accept=".pdf,.png,.jpg,.jpeg,.xlsx,.docx"
              aria-describedby={`chat-files-hint${uploadErrors?.fieldErrors?.files ? " chat-files-error" : ""}`}
              aria-invalid={uploadErrors?.fieldErrors?.files ? true : undefined}
            />
            <p id="chat-files-hint" className={styles.hint}>
              {t("attach.hint")}
            </p>
            {uploadErrors?.fieldErrors?.files ? (
              <p id="chat-files-error" className={styles.error} data-testid="chat-files-error">
                {uploadErrors.fieldErrors.files}
              </p>
            ) : null}
            <div className={styles.actions}>
              <Button type="submit" variant="secondary" disabled={busy}>
                {t("attach.submit")}
              </Button>
            </div>
          </Form>
        </>
      )}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
