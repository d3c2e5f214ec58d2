/**
 * The login screen of /auth/phone (route module `phone.tsx` beside it): the three steps' forms
 * (their zod schemas, shared with the route's action, are ./__phone.schema.ts). Loaded as its own chunk in the
 * browser (lib/split-screen.tsx); rendered from a static import on the server.
 */
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useField, ValidatedForm } from "remix-validated-form";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { CodeInput } from "~/components/forms/CodeInput";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { ValidatedField } from "~/components/forms/ValidatedField";
import card from "~/components/layout/CardPage.module.css";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { lazyValidator } from "~/lib/lazy-validator";
import { useAnswerKey } from "~/lib/use-answer-key";
import { useCountdown } from "~/lib/use-countdown";
import { useIsHydrated } from "~/lib/use-hydrated";
import type { loader } from "./phone";
import styles from "./phone.module.css";
import { BrandMark } from "~/components/layout/BrandMark";
import { LanguageSwitcher } from "~/components/layout/LanguageSwitcher";

/** The steps' rules (./__phone.schema.ts), loaded when a form is first used (lib/lazy-validator.ts). */
const schema = () => import("./__phone.schema");
const phoneValidator = lazyValidator(() => schema().then((m) => m.phoneValidator));
const codeValidator = lazyValidator(() => schema().then((m) => m.codeValidator));
const passwordValidator = lazyValidator(() => schema().then((m) => m.passwordValidator));

function CodeStepInput() {
  const { t } = useTranslation("auth");
  const { error } = useField("code");
  return <CodeInput label={t("code.label")} hint={t("code.hint")} error={error} />;
}

/**
 * The password. Each answer of the action (a refusal: a success leaves the page) empties it, as
 * the page reloaded without JavaScript does (docs/decisions.md "A refused password is cleared"):
 * the field is mounted afresh, its error (the form's state) stays beside it.
 */
export function PasswordStepInput() {
  const { t } = useTranslation("auth");
  return (
    <ValidatedField
      key={useAnswerKey()}
      name="password"
      label={t("password.label")}
      type="password"
      autoComplete="current-password"
      required
    />
  );
}

export default function LoginScreen() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  const hydrated = useIsHydrated();

  return (
    <main id="main" className={card.page}>
      <div className={card.card}>
        <p className={card.brand}>
          <BrandMark />
        </p>
        <h1>{t(`title.${data.step}`)}</h1>
        {data.recovered ? <Alert kind="success">{t("recover.done")}</Alert> : null}
        {data.expired ? (
          <Alert>
            <span data-testid="session-expired">{t("session-expired")}</span>
          </Alert>
        ) : null}

        {data.step === "phone" ? (
          <ValidatedForm key="phone" validator={phoneValidator} method="post" noValidate={hydrated}>
            <ValidatedErrorSummary order={["phone"]} />
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="phone" />
            {data.returnTo ? <input type="hidden" name="returnTo" value={data.returnTo} /> : null}
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
            <PasswordStepInput />
            <SubmitButton>{t("password.submit")}</SubmitButton>
            <p>
              <Link to="/auth/recover">{t("recover.forgot")}</Link>
            </p>
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
        <LanguageSwitcher />
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
