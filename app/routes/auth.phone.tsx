/**
 * /auth/phone — login in three plain-form steps (spec 000 §2, §7): phone → 4-digit code →
 * password. The challenge token lives in the session between steps, never in the HTML.
 * The password step goes through remix-auth (FormStrategy) and stores the API tokens
 * (encrypted) in the session. Works without JavaScript (POST → redirect → GET).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { useField, ValidatedForm, validationError } from "remix-validated-form";
import { z } from "zod";
import type { CodeChallenge, VerifyCodeResponse } from "../../server/api/v1/contract";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { CodeInput } from "~/components/forms/CodeInput";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { ValidatedField } from "~/components/forms/ValidatedField";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { publicCall } from "~/lib/api.server";
import { authenticator, LoginStateMissing } from "~/lib/auth.server";
import { rotateCsrfToken } from "~/lib/csrf.server";
import { apiErrorResponse, formDataObject, startAction } from "~/lib/forms.server";
import { useCountdown } from "~/lib/use-countdown";
import { useIsHydrated } from "~/lib/use-hydrated";
import { commitSession, getSession, getTokens, setTokens } from "~/lib/session.server";
import card from "~/components/layout/CardPage.module.css";
import styles from "./auth.module.css";

export const handle = { i18n: ["auth"], titleKey: "auth:page-title" };

/** E.164 after removing spaces, dashes and brackets. */
const E164 = /^\+[1-9]\d{6,14}$/;

export const phoneValidator = withZod(
  z.object({
    intent: z.literal("phone"),
    phone: z
      .string({ required_error: "errors:Auth.phone-required" })
      .transform((v) => v.replace(/[\s\-()]/g, ""))
      .pipe(z.string().min(1, "errors:Auth.phone-required").regex(E164, "errors:Auth.phone-invalid")),
  }),
);
export const codeValidator = withZod(
  z.object({
    intent: z.literal("code"),
    code: z
      .string({ required_error: "errors:Payments.code-required" })
      .trim()
      .min(1, "errors:Payments.code-required")
      .regex(/^\d{4}$/, "errors:Auth.code-format"),
  }),
);
export const passwordValidator = withZod(
  z.object({
    intent: z.literal("password"),
    password: z.string({ required_error: "errors:Auth.password-required" }).min(1, "errors:Auth.password-required"),
  }),
);

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (getTokens(session)) throw redirect("/home");
  const login = session.get("login");
  return json(
    {
      step: login?.step ?? ("phone" as const),
      phone: login?.phone ?? null,
      debugCode: login?.step === "code" ? (login.debugCode ?? null) : null,
      resendAvailableAt: login?.step === "code" ? (login.resendAvailableAt ?? null) : null,
      channel: login?.channel ?? "SMS",
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { session, t } = await startAction(request, ["errors", "auth"]);
  // Read a clone: the password step hands the untouched request to remix-auth.
  const form = await request.clone().formData();
  const intent = form.get("intent");
  const submitted = formDataObject(form);
  const login = session.get("login");
  const back = async () => redirect("/auth/phone", { headers: { "Set-Cookie": await commitSession(session) } });

  if (intent === "restart") {
    session.unset("login");
    return back();
  }

  if (intent === "phone") {
    const result = await phoneValidator.validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    try {
      const challenge = await publicCall<CodeChallenge>("POST", "/auth/phone", { body: { phone: result.data.phone } });
      session.set("login", { step: "code", phone: result.data.phone, ...challenge });
      return back();
    } catch (error) {
      return apiErrorResponse(error, t, ["phone"], submitted, { RATE_LIMITED: "phone" });
    }
  }

  if (intent === "resend" && login?.step === "code") {
    if (login.resendAvailableAt && Date.parse(login.resendAvailableAt) > Date.now()) {
      return validationError({ fieldErrors: { _form: t("errors:Auth.resend-too-early") } }, {});
    }
    const channel = form.get("channel") === "WHATSAPP" ? "WHATSAPP" : "SMS";
    try {
      const challenge = await publicCall<CodeChallenge>("POST", "/auth/phone", { body: { phone: login.phone, channel } });
      session.set("login", { step: "code", phone: login.phone, ...challenge });
      return back();
    } catch (error) {
      return apiErrorResponse(error, t, [], {});
    }
  }

  if (intent === "code" && login?.step === "code") {
    const result = await codeValidator.validate(form);
    if (result.error) return validationError(result.error, {});
    try {
      const verified = await publicCall<VerifyCodeResponse>("POST", "/auth/verify-code", {
        body: { token: login.token, code: result.data.code },
      });
      session.set("login", { step: "password", phone: login.phone, token: verified.token });
      return back();
    } catch (error) {
      return apiErrorResponse(
        error,
        t,
        ["code"],
        {},
        { INVALID_CODE: "code", CODE_EXPIRED: "code", CODE_ATTEMPTS_EXCEEDED: "code" },
      );
    }
  }

  if (intent === "password" && login?.step === "password") {
    const result = await passwordValidator.validate(form);
    if (result.error) return validationError(result.error, {});
    try {
      const tokens = await authenticator.authenticate("password", request);
      session.unset("login");
      setTokens(session, tokens);
      rotateCsrfToken(session); // new privileges, new form token
      return redirect("/home", { headers: { "Set-Cookie": await commitSession(session) } });
    } catch (error) {
      if (error instanceof LoginStateMissing) return back();
      return apiErrorResponse(error, t, ["password"], {}, { INVALID_PASSWORD: "password" });
    }
  }

  // Stale form (e.g. browser back to an older step): show the current step.
  return back();
}

function CodeStepInput() {
  const { t } = useTranslation("auth");
  const { error } = useField("code");
  return <CodeInput label={t("code.label")} hint={t("code.hint")} error={error} />;
}

export default function LoginPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  const hydrated = useIsHydrated();

  return (
    <main id="main" className={card.page}>
      <div className={card.card}>
        <p className={card.brand}>{t("common:brand")}</p>
        <h1>{t(`title.${data.step}`)}</h1>

        {data.step === "phone" ? (
          <ValidatedForm key="phone" validator={phoneValidator} method="post" noValidate={hydrated}>
            <ValidatedErrorSummary order={["phone"]} />
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="phone" />
            <ValidatedField
              name="phone"
              label={t("phone.label")}
              hint={t("phone.hint")}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              required
            />
            <SubmitButton>{t("phone.submit")}</SubmitButton>
          </ValidatedForm>
        ) : null}

        {data.step === "code" ? (
          <>
            <p>{t("code.sent-to", { phone: data.phone })}</p>
            {data.debugCode ? (
              <Alert>
                {t("code.debug")} <strong data-testid="debug-code">{data.debugCode}</strong>
              </Alert>
            ) : null}
            <ValidatedForm key="code" validator={codeValidator} method="post" noValidate={hydrated}>
              <ValidatedErrorSummary order={["code"]} />
              <AuthenticityTokenInput />
              <input type="hidden" name="intent" value="code" />
              <CodeStepInput />
              <SubmitButton>{t("code.submit")}</SubmitButton>
            </ValidatedForm>
            <ResendForm resendAvailableAt={data.resendAvailableAt} />
          </>
        ) : null}

        {data.step === "password" ? (
          <ValidatedForm key="password" validator={passwordValidator} method="post" noValidate={hydrated}>
            <ValidatedErrorSummary order={["password"]} />
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="password" />
            <input type="hidden" name="username" autoComplete="username" value={data.phone ?? ""} />
            <ValidatedField
              name="password"
              label={t("password.label")}
              type="password"
              autoComplete="current-password"
              required
            />
            <SubmitButton>{t("password.submit")}</SubmitButton>
          </ValidatedForm>
        ) : null}

        {data.step !== "phone" ? (
          <Form method="post" className={styles.restart}>
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="restart" />
            <Button type="submit" variant="link">
              {t("restart")}
            </Button>
          </Form>
        ) : null}
      </div>
    </main>
  );
}

/** Resend the login code (after the 60 s countdown with JS; server refuses early resends). */
function ResendForm({ resendAvailableAt }: { resendAvailableAt: string | null }) {
  const { t } = useTranslation("auth");
  const remaining = useCountdown(resendAvailableAt);
  return (
    <Form method="post" className={styles.resend}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="resend" />
      <fieldset>
        <legend>{t("resend.legend")}</legend>
        <label>
          <input type="radio" name="channel" value="SMS" defaultChecked /> {t("resend.sms")}
        </label>
        <label>
          <input type="radio" name="channel" value="WHATSAPP" /> {t("resend.whatsapp")}
        </label>
      </fieldset>
      {remaining > 0 ? <p aria-live="polite">{t("resend.wait", { count: remaining })}</p> : null}
      <Button type="submit" variant="secondary" disabled={remaining > 0}>
        {t("resend.submit")}
      </Button>
    </Form>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  return (
    <main id="main" className={card.page}>
      <div className={card.card}>
        <h1>{t("errors:Errors.title")}</h1>
        <p>
          {isRouteErrorResponse(error) && error.status === 403 ? t("errors:Auth.access-denied") : t("errors:Errors.internal")}
        </p>
        <Link to="/auth/phone">{t("auth:restart")}</Link>
      </div>
    </main>
  );
}
