/**
 * /ops/login/code — staff login step 2: the one-time code sent to the staff phone. On success
 * the staff token goes (encrypted) into the `__ops` cookie and the page moves to /ops. Without a
 * login in progress: back to /ops/login. In the sandbox the code is shown on the page, as for customers.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OpsCsrfInput } from "~/components/ops/OpsCsrfInput";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import {
  commitOpsSession,
  getOpsSession,
  opsErrorKey,
  opsPublicCall,
  OpsApiError,
  setStaffToken,
  verifyOpsCsrf,
} from "~/lib/ops.server";

export const handle = { i18n: ["ops"], titleKey: "ops:code.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getOpsSession(request);
  const login = session.get("login");
  if (!login) return redirect("/ops/login");
  return json({ email: login.email, debugCode: login.debugCode ?? null }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await verifyOpsCsrf(request);
  const login = session.get("login");
  if (!login) return redirect("/ops/login");
  const form = await request.formData();
  const code = String(form.get("code") ?? "").replace(/\s+/g, "");
  if (!code) return json({ error: "ops:code.required", restart: false, attemptsLeft: null as number | null }, { status: 400 });
  if (!/^\d{6}$/.test(code))
    return json({ error: "ops:code.format", restart: false, attemptsLeft: null as number | null }, { status: 400 });
  try {
    const done = await opsPublicCall<{ token: string }>("POST", "/auth/code", { challengeId: login.challengeId, code });
    session.unset("login");
    setStaffToken(session, done.token);
    return redirect("/ops", { headers: { "Set-Cookie": await commitOpsSession(session) } });
  } catch (error) {
    const key = opsErrorKey(error);
    const restart = key.endsWith("CODE_EXPIRED") || key.endsWith("CODE_ATTEMPTS_EXCEEDED");
    // A refused login is a form error (400), whatever the API's status (401, 429).
    const status = error instanceof OpsApiError && error.status < 500 ? 400 : 502;
    const attemptsLeft =
      error instanceof OpsApiError && typeof error.body.attemptsLeft === "number" ? error.body.attemptsLeft : null;
    return json({ error: key, restart, attemptsLeft }, { status });
  }
}

export default function OpsLoginCode() {
  const { t } = useTranslation("ops");
  const { email, debugCode } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <>
      <h1>{t("code.title")}</h1>
      <p>{t("code.intro", { email })}</p>
      {debugCode ? (
        <p data-testid="debug-code">
          {t("code.sandbox")} <strong>{debugCode}</strong>
        </p>
      ) : null}
      <Form method="post" action="/ops/login/code" className={styles.form} noValidate>
        <OpsCsrfInput />
        <div className={styles.field}>
          <label htmlFor="ops-code">{t("code.label")}</label>
          <input
            id="ops-code"
            className={styles.input}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-invalid={data?.error ? true : undefined}
            aria-describedby={data?.error ? "ops-code-error" : undefined}
            required
          />
          {data?.error ? (
            <p id="ops-code-error" className={styles.error} data-testid="code-error">
              {data.attemptsLeft !== null ? t("code.attempts-left", { count: data.attemptsLeft }) : t(data.error)}
            </p>
          ) : null}
        </div>
        <button type="submit" className={styles.button}>
          {t("code.submit")}
        </button>
      </Form>
      <p>
        <Link to="/ops/login">{t("code.restart")}</Link>
      </p>
    </>
  );
}
