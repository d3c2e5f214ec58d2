/**
 * /ops/applications?status= — the onboarding queue by status (role ONBOARDING; issue 13). Tabs
 * per status with counts; waiting applications oldest submission first.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ApplicationSummary } from "../../../../server/api/v1/contract";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { ListError } from "~/components/ui/ListError";
import { settleList } from "~/lib/list-errors.server";
import { requireStaff } from "~/lib/ops.server";

export const handle = { i18n: ["ops", "identity"], titleKey: "ops:applications.title" };

export const STATUSES = ["READY_TO_REVIEW", "REVIEW_IN_PROGRESS", "INCOMPLETE", "ACCEPTED", "DECLINED"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "ONBOARDING");
  const asked = new URL(request.url).searchParams.get("status") ?? "";
  const status = (STATUSES as readonly string[]).includes(asked) ? asked : "READY_TO_REVIEW";
  // A queue the API refuses shows its error in the table's place, the tabs without counts
  // (spec 000 §7 failed lists).
  const queue = await settleList(
    request,
    api.get<{
      status: string;
      data: (ApplicationSummary & { applicantPhone: string })[];
      counts: Record<string, number>;
    }>("/applications", { status }),
  );
  return json(
    {
      status: queue.data?.status ?? status,
      data: queue.data?.data ?? [],
      counts: queue.data?.counts ?? null,
      listError: queue.error,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function OpsApplications() {
  const { t } = useTranslation("ops");
  const { status, data, counts, listError } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("applications.title")}</h1>
      <nav aria-label={t("applications.by-status")}>
        <ul className={styles.tabs}>
          {STATUSES.map((s) => (
            <li key={s}>
              <Link to={`/ops/applications?status=${s}`} aria-current={s === status ? "page" : undefined}>
                {counts
                  ? t("applications.tab", { status: t(`identity:statuses.${s}`), count: counts[s] ?? 0 })
                  : t(`identity:statuses.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h2>{t(`identity:statuses.${status}`)}</h2>
      {listError ? (
        <ListError message={listError} testId="ops-applications-error" />
      ) : data.length === 0 ? (
        <p>{t("applications.none")}</p>
      ) : (
        <table className={styles.table} data-testid="ops-applications">
          <caption className="visually-hidden">{t(`identity:statuses.${status}`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t("applications.columns.name")}</th>
              <th scope="col">{t("applications.columns.type")}</th>
              <th scope="col">{t("applications.columns.phone")}</th>
              <th scope="col">{t("applications.columns.submitted")}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((a) => (
              <tr key={a.id} data-testid="ops-application" data-id={a.id}>
                <td>
                  <Link to={`/ops/applications/${a.id}`}>{a.name ?? t("applications.unnamed")}</Link>
                </td>
                <td>{t(`identity:types.${a.type}`)}</td>
                <td>{a.applicantPhone}</td>
                <td>{a.submittedAt ? a.submittedAt.slice(0, 10) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
