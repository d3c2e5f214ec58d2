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
  const counts = await api.get<{
    applications: Record<string, number>;
    chat: { channels: number; unread: number };
    payments?: { payments: number; fxRequests: number };
    decisions: { beneficiaries: number; contracts: number; remittance: number };
  }>("/dashboard");
  return json(
    {
      onboarding: staffHas(staff, "ONBOARDING"),
      support: staffHas(staff, "SUPPORT"),
      chatUnread: counts.chat.unread,
      paymentsRole: staffHas(staff, "PAYMENTS"),
      payments: counts.payments ?? { payments: 0, fxRequests: 0 },
      compliance: staffHas(staff, "COMPLIANCE"),
      remittance: staffHas(staff, ["PAYMENTS", "COMPLIANCE"]),
      admin: staffHas(staff, "ADMIN"),
      decisions: counts.decisions,
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
        {data.support ? (
          <li className={styles.card} data-testid="queue-chat">
            <h2>{t("nav.chat")}</h2>
            <p>
              <Link to="/ops/chat">{t("dashboard.chat", { count: data.chatUnread })}</Link>
            </p>
          </li>
        ) : null}
        {data.paymentsRole ? (
          <li className={styles.card} data-testid="queue-payments">
            <h2>{t("payments.nav.payments")}</h2>
            <p>
              <Link to="/ops/payments?status=PENDING">{t("payments.dashboard.pending", { n: data.payments.payments })}</Link>
            </p>
            <p>
              <Link to="/ops/fx-requests">{t("payments.dashboard.fx-pending", { n: data.payments.fxRequests })}</Link>
            </p>
            <p>
              <Link to="/ops/payments/incoming">{t("payments.list.to-incoming")}</Link>
            </p>
          </li>
        ) : null}
        {data.compliance ? (
          <li className={styles.card} data-testid="queue-beneficiaries">
            <h2>{t("beneficiaries.nav")}</h2>
            <p>
              <Link to="/ops/beneficiaries">{t("beneficiaries.waiting", { count: data.decisions.beneficiaries })}</Link>
            </p>
            <p>
              <Link to="/ops/contracts">{t("beneficiaries.contracts-waiting", { count: data.decisions.contracts })}</Link>
            </p>
          </li>
        ) : null}
        {data.remittance ? (
          <li className={styles.card} data-testid="queue-remittance">
            <h2>{t("remittance.nav")}</h2>
            <p>
              <Link to="/ops/remittance">{t("remittance.waiting-count", { count: data.decisions.remittance })}</Link>
            </p>
          </li>
        ) : null}
        {data.admin ? (
          <li className={styles.card} data-testid="admin-links">
            <h2>{t("admin.title")}</h2>
            <ul>
              <li>
                <Link to="/ops/rates">{t("admin.nav.rates")}</Link>
              </li>
              <li>
                <Link to="/ops/tariffs">{t("admin.nav.tariffs")}</Link>
              </li>
              <li>
                <Link to="/ops/settings">{t("admin.nav.settings")}</Link>
              </li>
            </ul>
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
