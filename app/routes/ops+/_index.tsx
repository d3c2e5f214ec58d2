/**
 * /ops — the back office's start page: queue counts per area the staff user may open, with
 * links (issue 13). Any staff user. The counts come in one answer (GET /api/v1/ops/dashboard);
 * when the API refuses it, the page stays: one error box with the API's message above the
 * areas, each area's links as usual, each count "—" with its words for screen readers (spec 000
 * §7 "a failed list passes the server message on as its error"; docs/decisions.md "Failed
 * lists").
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { ListError } from "~/components/ui/ListError";
import { settleList } from "~/lib/list-errors.server";
import { requireStaff, staffHas } from "~/lib/ops.server";

export const handle = { i18n: ["ops"], titleKey: "ops:dashboard.title" };

interface DashboardCounts {
  applications: Record<string, number>;
  chat: { channels: number; unread: number };
  payments?: { payments: number; fxRequests: number };
  decisions: { beneficiaries: number; contracts: number; remittance: number };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { staff, api } = await requireStaff(request);
  const { data: c, error: countsError } = await settleList(request, api.get<DashboardCounts>("/dashboard"));
  return json(
    {
      onboarding: staffHas(staff, "ONBOARDING"),
      support: staffHas(staff, "SUPPORT"),
      paymentsRole: staffHas(staff, "PAYMENTS"),
      compliance: staffHas(staff, "COMPLIANCE"),
      remittance: staffHas(staff, ["PAYMENTS", "COMPLIANCE"]),
      admin: staffHas(staff, "ADMIN"),
      /** The counts, or null when the API refused them (then `countsError`). */
      counts: c
        ? {
            chatUnread: c.chat.unread,
            payments: c.payments ?? { payments: 0, fxRequests: 0 },
            decisions: c.decisions,
            applications: { ready: c.applications.READY_TO_REVIEW ?? 0, inReview: c.applications.REVIEW_IN_PROGRESS ?? 0 },
          }
        : null,
      countsError,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * One queue's line: the link with its count in words, or — when the counts were refused — the
 * link with the queue's name and "—" (read out as "number not shown", the error box above says why).
 */
function CountLine({ to, counted, name }: { to: string; counted: string | null; name: string }) {
  const { t } = useTranslation("ops");
  if (counted !== null)
    return (
      <p>
        <Link to={to}>{counted}</Link>
      </p>
    );
  return (
    <p data-testid="count-unknown">
      <Link to={to}>{name}</Link>: <span aria-hidden="true">—</span>
      <span className="visually-hidden">{t("dashboard.count-unknown")}</span>
    </p>
  );
}

export default function OpsDashboard() {
  const { t } = useTranslation("ops");
  const data = useLoaderData<typeof loader>();
  const c = data.counts;
  return (
    <>
      <h1>{t("dashboard.title")}</h1>
      {data.countsError ? (
        <ListError message={data.countsError} testId="ops-counts-error" title={t("dashboard.counts-failed")} />
      ) : null}
      <ul className={styles.cards}>
        {data.onboarding ? (
          <li className={styles.card} data-testid="queue-applications">
            <h2>{t("nav.applications")}</h2>
            <CountLine
              to="/ops/applications?status=READY_TO_REVIEW"
              counted={c && t("dashboard.applications-ready", { count: c.applications.ready })}
              name={t("dashboard.unknown.applications-ready")}
            />
            <CountLine
              to="/ops/applications?status=REVIEW_IN_PROGRESS"
              counted={c && t("dashboard.applications-in-review", { count: c.applications.inReview })}
              name={t("dashboard.unknown.applications-in-review")}
            />
          </li>
        ) : null}
        {data.support ? (
          <li className={styles.card} data-testid="queue-chat">
            <h2>{t("nav.chat")}</h2>
            <CountLine
              to="/ops/chat"
              counted={c && t("dashboard.chat", { count: c.chatUnread })}
              name={t("dashboard.unknown.chat")}
            />
          </li>
        ) : null}
        {data.paymentsRole ? (
          <li className={styles.card} data-testid="queue-payments">
            <h2>{t("payments.nav.payments")}</h2>
            <CountLine
              to="/ops/payments?status=PENDING"
              counted={c && t("payments.dashboard.pending", { n: c.payments.payments })}
              name={t("dashboard.unknown.payments")}
            />
            <CountLine
              to="/ops/fx-requests"
              counted={c && t("payments.dashboard.fx-pending", { n: c.payments.fxRequests })}
              name={t("dashboard.unknown.fx-requests")}
            />
            <p>
              <Link to="/ops/payments/incoming">{t("payments.list.to-incoming")}</Link>
            </p>
          </li>
        ) : null}
        {data.compliance ? (
          <li className={styles.card} data-testid="queue-beneficiaries">
            <h2>{t("beneficiaries.nav")}</h2>
            <CountLine
              to="/ops/beneficiaries"
              counted={c && t("beneficiaries.waiting", { count: c.decisions.beneficiaries })}
              name={t("dashboard.unknown.beneficiaries")}
            />
            <CountLine
              to="/ops/contracts"
              counted={c && t("beneficiaries.contracts-waiting", { count: c.decisions.contracts })}
              name={t("dashboard.unknown.contracts")}
            />
          </li>
        ) : null}
        {data.remittance ? (
          <li className={styles.card} data-testid="queue-remittance">
            <h2>{t("remittance.nav")}</h2>
            <CountLine
              to="/ops/remittance"
              counted={c && t("remittance.waiting-count", { count: c.decisions.remittance })}
              name={t("dashboard.unknown.remittance")}
            />
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
