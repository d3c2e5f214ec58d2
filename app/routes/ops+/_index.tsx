/**
 * /ops — the back office's start page: queue counts per area the staff user may open, with
 * links (issue 13). Any staff user.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { requireStaff, staffHas } from "~/lib/ops.server";

export const handle = { i18n: ["ops"], titleKey: "ops:dashboard.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { staff, api } = await requireStaff(request);
  const counts = await api.get<{ applications: Record<string, number> }>("/dashboard");
  return json(
    {
      onboarding: staffHas(staff, "ONBOARDING"),
      applications: { ready: counts.applications.READY_TO_REVIEW ?? 0, inReview: counts.applications.REVIEW_IN_PROGRESS ?? 0 },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function OpsDashboard() {
  const { t } = useTranslation("ops");
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("dashboard.title")}</h1>
      <ul className={styles.cards}>
        {data.onboarding ? (
          <li className={styles.card} data-testid="queue-applications">
            <h2>{t("nav.applications")}</h2>
            <p>
              <Link to="/ops/applications?status=READY_TO_REVIEW">
                {t("dashboard.applications-ready", { count: data.applications.ready })}
              </Link>
            </p>
            <p>
              <Link to="/ops/applications?status=REVIEW_IN_PROGRESS">
                {t("dashboard.applications-in-review", { count: data.applications.inReview })}
              </Link>
            </p>
          </li>
        ) : null}
        <li className={styles.card}>
          <h2>{t("nav.audit")}</h2>
          <p>
            <Link to="/ops/audit">{t("dashboard.audit")}</Link>
          </p>
        </li>
      </ul>
    </>
  );
}
