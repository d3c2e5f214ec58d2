/**
 * /ops/login — staff login step 1: email and password (docs/ops.md "Login"). A plain form;
 * on success the code is sent to the staff phone and the page moves to /ops/login/code. A
 * signed-in staff user goes to /ops. Errors come back on the form, the email kept (never the password).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OpsCsrfInput } from "~/components/ops/OpsCsrfInput";
import i18next from "~/lib/i18next.server";
import { useAnswerKey } from "~/lib/use-answer-key";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import {
  commitOpsSession,
  getOpsSession,
  getStaffToken,
  opsErrorKey,
  opsPublicCall,
  OpsApiError,
  verifyOpsCsrf,
} from "~/lib/ops.server";

export const handle = { i18n: ["ops"], titleKey: "ops:login.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getOpsSession(request);
  if (getStaffToken(session)) return redirect("/ops");
  return json(null, { headers: { "Cache-Control": "private, no-store" } });
}

interface Errors {
  email?: string;
  password?: string;
  form?: string;
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await verifyOpsCsrf(request);
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const errors: Errors = {};
  if (!email) errors.email = "ops:login.email-required";
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) errors.email = "ops:login.email-invalid";
  if (!password) errors.password = "ops:login.password-required";
  if (Object.keys(errors).length) return json({ errors, values: { email } }, { status: 400 });
  try {
    const challenge = await opsPublicCall<{ challengeId: string; expiresAt: string; debugCode?: string }>(
      "POST",
      "/auth/login",
      { email, password },
      await i18next.getLocale(request),
    );
    session.set("login", {
      challengeId: challenge.challengeId,
      email,
      expiresAt: challenge.expiresAt,
      debugCode: challenge.debugCode,
    });
    return redirect("/ops/login/code", { headers: { "Set-Cookie": await commitOpsSession(session) } });
  } catch (error) {
    const key = opsErrorKey(error);
    // A refused login is a form error (400), whatever the API's status (401, 429).
    const status = error instanceof OpsApiError && error.status < 500 ? 400 : 502;
    return json(
      { errors: (key.endsWith("INVALID_PASSWORD") ? { password: key } : { form: key }) as Errors, values: { email } },
      { status },
    );
  }
}

export default function OpsLogin() {
  const { t } = useTranslation("ops");
  const data = useActionData<typeof action>();
  const errors: Errors = data?.errors ?? {};
  const passwordKey = useAnswerKey();
  return (
    <>
      <h1>{t("login.title")}</h1>
      <p>{t("login.intro")}</p>
      {errors.form ? (
        <p className={styles.error} role="alert" data-testid="form-error">
          {t(errors.form)}
        </p>
      ) : null}
      <Form method="post" action="/ops/login" className={styles.form} noValidate>
        <OpsCsrfInput />
        <div className={styles.field}>
          <label htmlFor="ops-email">{t("login.email")}</label>
          <input
            id="ops-email"
            className={styles.input}
            name="email"
            type="email"
            autoComplete="username"
            defaultValue={data?.values.email ?? ""}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? "ops-email-error" : undefined}
            required
          />
          {errors.email ? (
            <p id="ops-email-error" className={styles.error}>
              {t(errors.email)}
            </p>
          ) : null}
        </div>
        <div className={styles.field}>
          <label htmlFor="ops-password">{t("login.password")}</label>
          <input
            // Emptied after each answer with JavaScript too (the server never sends it back).
            key={passwordKey}
            id="ops-password"
            className={styles.input}
            name="password"
            type="password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? "ops-password-error" : undefined}
            required
          />
          {errors.password ? (
            <p id="ops-password-error" className={styles.error} data-testid="password-error">
              {t(errors.password)}
            </p>
          ) : null}
        </div>
        <button type="submit" className={styles.button}>
          {t("login.submit")}
        </button>
      </Form>
    </>
  );
}
