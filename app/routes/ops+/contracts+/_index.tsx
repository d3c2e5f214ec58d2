/**
 * /ops/contracts?status= — the contract queue (role COMPLIANCE; issue 13): beneficiaries'
 * contracts of one status (default UNDER_REVIEW, oldest first), each linking to its review page.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { requireStaff } from "~/lib/ops.server";

export const handle = { i18n: ["ops"], titleKey: "ops:beneficiaries.contracts-title" };

const STATUSES = ["UNDER_REVIEW", "APPROVED", "REJECTED", "DRAFT"] as const;

interface Row {
  id: string;
  name: string;
  number: string | null;
  beneficiaryId: string;
  beneficiaryName: string;
  organizationName: string;
  updatedAt: string;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "COMPLIANCE");
  const wanted = new URL(request.url).searchParams.get("status");
  const status = STATUSES.find((s) => s === wanted) ?? "UNDER_REVIEW";
  const list = await api.get<{ data: Row[] }>("/contracts", { status });
  return json({ status, rows: list.data }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function OpsContracts() {
  const { t } = useTranslation("ops");
  const { status, rows } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("beneficiaries.contracts-title")}</h1>
      <p>
        <Link to="/ops/beneficiaries">{t("beneficiaries.to-beneficiaries")}</Link>
      </p>
      <nav aria-label={t("beneficiaries.statuses")}>
        <ul className={styles.tabs}>
          {STATUSES.map((s) => (
            <li key={s}>
              <Link to={`/ops/contracts?status=${s}`} aria-current={s === status ? "page" : undefined}>
                {t(`beneficiaries.status.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {rows.length === 0 ? (
        <p data-testid="empty">{t("beneficiaries.contracts-empty")}</p>
      ) : (
        <table className={styles.table} data-testid="contract-queue">
          <caption className="visually-hidden">{t(`beneficiaries.status.${status}`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t("beneficiaries.contract")}</th>
              <th scope="col">{t("beneficiaries.beneficiary")}</th>
              <th scope="col">{t("beneficiaries.organization")}</th>
              <th scope="col">{t("beneficiaries.updated")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>
                  <Link to={`/ops/contracts/${r.id}`}>{r.number ? `${r.name} (${r.number})` : r.name}</Link>
                </td>
                <td>
                  <Link to={`/ops/beneficiaries/${r.beneficiaryId}`}>{r.beneficiaryName}</Link>
                </td>
                <td>{r.organizationName}</td>
                <td>{r.updatedAt.slice(0, 16).replace("T", " ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
