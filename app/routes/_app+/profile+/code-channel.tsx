/**
 * /profile/code-channel — confirm a change of the one-time-code channel with the code just sent
 * over the new channel (issue 10; PATCH /v1/users/:id; ASVS 5.0 §7.5.1). The challenge started
 * on /profile (intent=channel-start) waits in the session (`codeChannel`); without one this page
 * sends the user back to /profile. The code is the shared CodeInput (digits only, 4; with
 * JavaScript the 4th digit submits the form). Works without JavaScript:
 * - POST code → PATCH /v1/users/:id { twilioAuthChannel, token, code } → /profile with a
 *   confirmation (PRG); a wrong, expired or exhausted code comes back on the code field, the
 *   typed code kept.
 * - POST intent=cancel → forget the challenge, back to /profile (the channel is unchanged).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { WhoAmI } from "../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { CodeInput } from "~/components/forms/CodeInput";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { ApiError } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { verifyCsrf } from "~/lib/csrf.server";
import i18next from "~/lib/i18next.server";
import { mapServerErrors } from "~/lib/server-errors";
import styles from "./profile.module.css";

export const handle = { i18n: ["profile", "auth"], titleKey: "profile:channel.confirm-title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAppContext(request);
  const challenge = api.session.get("codeChannel");
  if (!challenge) throw redirect("/profile", { headers: await api.headers() });
  return json(
    { channel: challenge.channel, debugCode: challenge.debugCode ?? null },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, api } = await requireAppContext(request);
  await verifyCsrf(request, api.session);
  const form = await request.formData();
  const challenge = api.session.get("codeChannel");
  const back = async (query = "") => {
    api.session.unset("codeChannel");
    api.touch();
    return redirect(`/profile${query}`, { headers: await api.headers() });
  };
  if (form.get("intent") === "cancel" || !challenge) return back();
  const code = String(form.get("code") ?? "").trim();
  const t = (await i18next.getFixedT(request, ["errors"])) as unknown as (k: string, o?: Record<string, unknown>) => string;
  if (!/^\d{4}$/.test(code))
    return json(
      { code, error: t(code ? "errors:Auth.code-format" : "errors:Payments.code-required") },
      { status: 400, headers: await api.headers() }, // tokens may have been refreshed for this request
    );
  try {
    await api.request<WhoAmI>("PATCH", `/users/${encodeURIComponent(user.id)}`, {
      body: { twilioAuthChannel: challenge.channel, token: challenge.token, code },
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const codes = { INVALID_CODE: "code", CODE_EXPIRED: "code", CODE_ATTEMPTS_EXCEEDED: "code", RATE_LIMITED: "code" };
    const mapped = mapServerErrors(error.body, ["code"], t, { codeFields: codes });
    const attempts = error.body.code === "INVALID_CODE" && error.body.attemptsLeft !== undefined;
    const text = attempts
      ? t("errors:Auth.invalid-code-attempts", { count: error.body.attemptsLeft })
      : (mapped.fieldErrors.code ?? mapped.globalError ?? "");
    return json({ code, error: text }, { status: 400, headers: await api.headers() });
  }
  return back("?done=channel-changed");
}

export default function ConfirmCodeChannel() {
  const { channel, debugCode } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation("profile");
  const channelName = t(`channel.name.${channel}`);
  return (
    <>
      <h1>{t("channel.confirm-title")}</h1>
      <p>{t("channel.sent", { channel: channelName })}</p>
      {debugCode ? (
        <Alert>
          {t("auth:code.debug")} <strong data-testid="debug-code">{debugCode}</strong>
        </Alert>
      ) : null}
      <Form method="post" className={styles.codeForm} noValidate>
        <AuthenticityTokenInput />
        {/* The shared code input: digits only, 4; with JavaScript the 4th digit submits (confirm). */}
        <CodeInput id="channel-code" label={t("channel.code")} defaultValue={failed?.code ?? ""} error={failed?.error} />
        <div className={styles.actions}>
          <Button type="submit">{t("channel.confirm", { channel: channelName })}</Button>
          <Button type="submit" name="intent" value="cancel" variant="link">
            {t("channel.cancel")}
          </Button>
        </div>
      </Form>
      <p>
        <Link to="/profile">{t("back")}</Link>
      </p>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
