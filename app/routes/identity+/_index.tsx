/**
 * /identity — placeholder for onboarding (spec 000 §4 "a user not identified … is sent to
 * /identity"). Signed-in only; does not require identification (no redirect loop).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { Button } from "~/components/ui/Button";
import { requireUser } from "~/lib/api.server";
import styles from "~/components/layout/CardPage.module.css";

export const handle = { titleKey: "common:identity.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, { allowUnidentified: true });
  return json({ identified: user.identified }, { headers: await api.headers() });
}

export default function Identity() {
  const { identified } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main id="main" className={styles.page}>
      <div className={styles.card}>
        <p className={styles.brand}>{t("brand")}</p>
        <h1>{t("identity.title")}</h1>
        <p>{identified ? t("identity.open-account") : t("identity.coming-soon")}</p>
        <Form method="post" action="/auth/logout">
          <AuthenticityTokenInput />
          <Button type="submit" variant="secondary">
            {t("logout")}
          </Button>
        </Form>
      </div>
    </main>
  );
}
