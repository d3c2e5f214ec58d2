/**
 * /auth/recover — set a new password after a forgotten one (issue 10; POST /v1/recover/send-code
 * and /v1/recover/verify-code; rules in server/domain/auth/recovery.ts). Two plain-form steps,
 * without JavaScript: the phone, then the code (the shared CodeInput: digits only, 4; it does not
 * submit by itself, the new password follows it) with the new password (twice). The challenge
 * token lives in the session, never in the HTML. Success ends every session of the user and
 * lands on /auth/phone?recovered=1, where the user logs in with the new password.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { CodeChallenge } from "../../../server/api/v1/contract";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { CodeInput } from "~/components/forms/CodeInput";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import card from "~/components/layout/CardPage.module.css";
import { ApiError, publicCall } from "~/lib/api.server";
import i18next from "~/lib/i18next.server";
import { startAction } from "~/lib/forms.server";
import { mapServerErrors } from "~/lib/server-errors";
import { commitSession, getSession, getTokens } from "~/lib/session.server";
import styles from "./phone.module.css";
import { BrandMark } from "~/components/layout/BrandMark";

export const handle = { i18n: ["auth"], titleKey: "auth:recover.title" };

/** Field errors of a step: phone | code | password | confirm → message. */
type Errors = Partial<Record<"phone" | "code" | "password" | "confirm" | "form", string>>;

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (getTokens(session)) throw redirect("/home");
  const recover = session.get("recover");
  return json(
    {
      step: recover ? ("code" as const) : ("phone" as const),
      phone: recover?.phone ?? null,
      debugCode: recover?.debugCode ?? null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { session, t } = await startAction(request, ["errors", "auth"]);
  const form = await request.formData();
  const intent = form.get("intent");
  const commit = async (to: string) => redirect(to, { headers: { "Set-Cookie": await commitSession(session) } });
  const fail = (errors: Errors, phone?: string) => json({ errors, phone: phone ?? null }, { status: 400 });
  const translate = (k: string, o?: Record<string, unknown>) => t(k, o);

  if (intent === "restart") {
    session.unset("recover");
    return commit("/auth/recover");
  }
  if (intent === "phone") {
    const phone = String(form.get("phone") ?? "").replace(/[\s()-]/g, "");
    if (!/^\+[1-9]\d{7,14}$/.test(phone))
      return fail({ phone: t(phone ? "errors:Auth.phone-invalid" : "errors:Auth.phone-required") }, phone);
    try {
      const challenge = await publicCall<CodeChallenge>("POST", "/recover/send-code", {
        body: { phone },
        language: await i18next.getLocale(request),
      });
      session.set("recover", {
        phone,
        token: challenge.token,
        ...(challenge.debugCode ? { debugCode: challenge.debugCode } : {}),
      });
      return commit("/auth/recover");
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const m = mapServerErrors(error.body, ["phone"], translate, { codeFields: { RATE_LIMITED: "phone" } });
      return fail(
        { phone: error.status === 429 ? t("errors:Auth.rate-limited") : (m.fieldErrors.phone ?? m.globalError ?? "") },
        phone,
      );
    }
  }
  const recover = session.get("recover");
  if (intent !== "reset" || !recover) return commit("/auth/recover");
  const code = String(form.get("code") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const confirm = String(form.get("confirm") ?? "");
  const errors: Errors = {};
  if (!/^\d{4}$/.test(code)) errors.code = t(code ? "errors:Auth.code-format" : "errors:Payments.code-required");
  if (!password) errors.password = t("errors:Auth.password-required");
  else if (confirm !== password) errors.confirm = t("auth:recover.mismatch");
  if (Object.keys(errors).length) return fail(errors);
  try {
    await publicCall("POST", "/recover/verify-code", { body: { token: recover.token, code, password } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const body = error.body;
    if (body.code === "INVALID_CODE" && body.attemptsLeft !== undefined)
      return fail({ code: t("errors:Auth.invalid-code-attempts", { count: body.attemptsLeft }) });
    const m = mapServerErrors(body, ["code", "password"], translate, {
      codeFields: { INVALID_CODE: "code", CODE_EXPIRED: "code", CODE_ATTEMPTS_EXCEEDED: "code" },
    });
    const rule = Array.isArray(body.message) ? Object.keys(body.message[0]?.constraints ?? {})[0] : undefined;
    if (m.fieldErrors.password && rule)
      m.fieldErrors.password = t(`auth:recover.password-${rule}`, { defaultValue: m.fieldErrors.password });
    return fail({ ...m.fieldErrors, ...(m.globalError ? { form: m.globalError } : {}) });
  }
  session.unset("recover");
  session.unset("login"); // a login left at its password step would hide the confirmation
  return commit("/auth/phone?recovered=1");
}

/** A labelled input with its error (aria-invalid, aria-describedby). */
function Field(
  props: { name: string; label: string; error?: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>,
) {
  const { name, label, error, hint, ...rest } = props;
  const describedBy = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={`recover-${name}`}>{label}</label>
      {hint ? (
        <p id={`${name}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <input
        id={`recover-${name}`}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {error ? (
        <p id={`${name}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function Recover() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const errors: Errors = failed?.errors ?? {};
  const { t } = useTranslation("auth");
  return (
    <main id="main" className={card.page}>
      <div className={card.card}>
        <p className={card.brand}>
          <BrandMark />
        </p>
        <h1>{t("recover.title")}</h1>
        {errors.form ? <Alert kind="error">{errors.form}</Alert> : null}
        {data.step === "phone" ? (
          <Form method="post" noValidate>
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="phone" />
            <p>{t("recover.intro")}</p>
            <Field
              name="phone"
              label={t("phone.label")}
              hint={t("phone.hint")}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              defaultValue={failed?.phone ?? ""}
              error={errors.phone}
            />
            <Button type="submit">{t("recover.send")}</Button>
          </Form>
        ) : (
          <>
            <p>{t("code.sent-to", { phone: data.phone })}</p>
            {data.debugCode ? (
              <Alert>
                {t("code.debug")} <strong data-testid="debug-code">{data.debugCode}</strong>
              </Alert>
            ) : null}
            <Form method="post" noValidate>
              <AuthenticityTokenInput />
              <input type="hidden" name="intent" value="reset" />
              <input type="hidden" name="username" autoComplete="username" value={data.phone ?? ""} />
              {/* The shared code input (digits only, 4); no auto-submit: the new password follows it. */}
              <CodeInput id="recover-code" label={t("recover.code")} error={errors.code} autoSubmit={false} />
              <Field
                name="password"
                label={t("recover.password")}
                hint={t("recover.password-hint")}
                type="password"
                autoComplete="new-password"
                error={errors.password}
              />
              <Field
                name="confirm"
                label={t("recover.confirm")}
                type="password"
                autoComplete="new-password"
                error={errors.confirm}
              />
              <Button type="submit">{t("recover.submit")}</Button>
            </Form>
            <Form method="post" className={styles.restart}>
              <AuthenticityTokenInput />
              <input type="hidden" name="intent" value="restart" />
              <Button type="submit" variant="link">
                {t("restart")}
              </Button>
            </Form>
          </>
        )}
        <p>
          <Link to="/auth/phone">{t("recover.back")}</Link>
        </p>
      </div>
    </main>
  );
}
