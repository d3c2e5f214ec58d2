/**
 * /chat/new — "Ask a question" (spec 000 §2 chat popup panel "asking a question"; docs/chat.md
 * POST /channels): a title and a first message (at most 4096 characters, spec 000 §5). Plain
 * form, works without JavaScript; with it the message's length is checked before sending (no
 * `maxlength` cuts a longer paste: components/chat/MessageField.tsx); the action checks the fields as the API does, creates the
 * QUESTION channel and leads to it (/chat/:channelId). Refusals come back on the fields with
 * what was typed. With `reply=json` (the chat popup) it answers the new channel as JSON.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import styles from "~/components/chat/Chat.module.css";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { MessageField, useMessageCheck } from "~/components/chat/MessageField";
import { isBlankMessage, messageError } from "~/lib/chat";
import { ApiError, askQuestion, chatFormErrors, requireAppContext, startAction } from "./__chat.server";

export const handle = { i18n: ["chat"], titleKey: "chat:ask.title" };

/** Longest question title. */
const MAX_TITLE_LENGTH = 200;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAppContext(request);
  // The form's idempotency key: submitting it twice (double click, resubmission) opens one question.
  return json({ idempotencyKey: crypto.randomUUID() }, { headers: await api.headers({ "Cache-Control": "private, no-store" }) });
}

export async function action({ request }: ActionFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const { t } = await startAction(request, ["chat", "errors"]);
  const form = await request.formData();
  const values = {
    title: String(form.get("title") ?? ""),
    content: String(form.get("content") ?? ""),
    idempotencyKey: String(form.get("idempotencyKey") ?? ""),
  };
  const fieldErrors: Record<string, string> = {};
  const title = values.title.trim();
  // Only invisible characters (U+200B…) is no title, as the API reads it.
  if (isBlankMessage(title)) fieldErrors.title = t("chat:ask.title-required");
  else if (title.length > MAX_TITLE_LENGTH) fieldErrors.title = t("chat:ask.title-too-long", { max: MAX_TITLE_LENGTH });
  const contentError = messageError(values.content);
  if (contentError) fieldErrors.content = t(`chat:${contentError}`);
  if (Object.keys(fieldErrors).length)
    return json(
      { fieldErrors, formError: undefined as string | undefined, values },
      { status: 400, headers: await api.headers() },
    );
  try {
    const channel = await askQuestion(api, org.id, title, values.content.trim(), values.idempotencyKey || undefined);
    // The chat popup (reply=json) opens the new channel itself.
    if (form.get("reply") === "json") return json({ channel }, { headers: await api.headers() });
    return redirect(`/chat/${encodeURIComponent(channel.id)}`, { headers: await api.headers() });
  } catch (error) {
    // The key already opened another question (the form was changed after being sent): say so,
    // and hand out a new key so sending it again asks the new question.
    if (error instanceof ApiError && error.status === 409)
      return json(
        { fieldErrors: {}, formError: t("chat:ask.already-sent"), values: { ...values, idempotencyKey: crypto.randomUUID() } },
        { status: 409, headers: await api.headers() },
      );
    const errors = chatFormErrors(error, t, ["title", "content"]);
    return json({ ...errors, values }, { status: 400, headers: await api.headers() });
  }
}

export default function AskQuestion() {
  const { t } = useTranslation("chat");
  // The page's own form (no `reply=json`) never gets the JSON channel answer.
  const { idempotencyKey } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as
    | {
        fieldErrors?: Record<string, string>;
        formError?: string;
        values: { title: string; content: string; idempotencyKey?: string };
      }
    | undefined;
  const busy = useNavigation().state === "submitting";
  const errors = data?.fieldErrors ?? {};
  // The question's text, checked before sending with JavaScript (never cut by a `maxlength`).
  const check = useMessageCheck(data?.values.content ?? "");
  return (
    <>
      <p>
        <Link to="/chat">{t("back")}</Link>
      </p>
      <h1>{t("ask.title")}</h1>
      <p className={styles.hint}>{t("ask.intro")}</p>
      {data?.formError ? <Alert kind="error">{data.formError}</Alert> : null}
      <Form
        method="post"
        action="/chat/new"
        className={styles.form}
        noValidate
        data-testid="chat-ask-form"
        onSubmit={(event) => {
          // No title: the action answers, naming both fields at once (title, and the message if it
          // is refused too) rather than the message's error alone first.
          const title = event.currentTarget.elements.namedItem("title");
          if (title instanceof HTMLInputElement && !title.value.trim()) return;
          check.onSubmit(event);
        }}
      >
        <AuthenticityTokenInput />
        <input type="hidden" name="idempotencyKey" value={data?.values.idempotencyKey || idempotencyKey} />
        <label htmlFor="chat-ask-title" className={styles.label}>
          {t("ask.title-label")}
        </label>
        <input
          id="chat-ask-title"
          name="title"
          className={styles.input}
          maxLength={MAX_TITLE_LENGTH}
          required
          defaultValue={data?.values.title}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? "chat-ask-title-error" : undefined}
        />
        {errors.title ? (
          <p id="chat-ask-title-error" className={styles.error}>
            {errors.title}
          </p>
        ) : null}
        <label htmlFor="chat-ask-content" className={styles.label}>
          {t("ask.content-label")}
        </label>
        <MessageField
          id="chat-ask-content"
          check={check}
          rows={5}
          required
          serverError={errors.content}
          hint={t("compose.markdown-hint")}
          errorTestId="chat-ask-content-error"
        />
        <div className={styles.actions}>
          <Button type="submit" disabled={busy}>
            {t("ask.submit")}
          </Button>
        </div>
      </Form>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
