/**
 * /identity-needed — the identity-needed popup (spec 000 §2, §4 "Identification": a user not
 * identified sees a popup instead of the redirect to /identity while demo mode is on; spec 001
 * §2: links to /identity and /demo). Server-rendered, so it works without JavaScript: a real
 * signed-in page (requireUser in lib/api.server.ts) redirects here. An identified user goes to
 * /home; with demo mode off, to /identity (the popup offers nothing then).
 */
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { demoModeEnabled, requireUser } from "~/lib/api.server";
import styles from "./identity-needed.module.css";

export const handle = { i18n: ["common", "demo"], titleKey: "demo:needed.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, { allowUnidentified: true });
  if (user.identified) throw redirect("/home", { headers: await api.headers() });
  if (!(await demoModeEnabled(api))) throw redirect("/identity", { headers: await api.headers() });
  return json({}, { headers: await api.headers({ "Cache-Control": "private, no-store" }) });
}

export default function IdentityNeeded() {
  const { t } = useTranslation("demo");
  return (
    <main className={styles.backdrop} id="main">
      <section className={styles.panel} aria-labelledby="identity-needed-title" data-testid="identity-needed">
        <h1 id="identity-needed-title">{t("needed.title")}</h1>
        <p>{t("needed.text")}</p>
        <div className={styles.actions}>
          <Link to="/identity" className={styles.primary} data-testid="identity-needed-identify">
            {t("needed.identify")}
          </Link>
          <Link to="/demo" className={styles.secondary} data-testid="identity-needed-demo">
            {t("needed.demo")}
          </Link>
        </div>
        <Form method="post" action="/auth/logout">
          <AuthenticityTokenInput />
          <button type="submit" className={styles.logout}>
            {t("common:logout")}
          </button>
        </Form>
      </section>
    </main>
  );
}
