/**
 * /ops/beneficiaries?status= — the beneficiary queue (role COMPLIANCE; issue 13): beneficiaries
 * of one status (default UNDER_REVIEW, oldest first) of every organization, each linking to its
 * review page. The contract queue is /ops/contracts.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { requireStaff } from "~/lib/ops.server";

export const handle = { i18n: ["ops"], titleKey: "ops:beneficiaries.title" };

const STATUSES = ["UNDER_REVIEW", "APPROVED", "REJECTED", "DRAFT"] as const;

interface Row {
  id: string;
  name: string;
  paymentType: string;
  currencyId: string;
  organizationName: string;
  createdAt: string;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "COMPLIANCE");
  const wanted = new URL(request.url).searchParams.get("status");
  const status = STATUSES.find((s) => s === wanted) ?? "UNDER_REVIEW";
  const list = await api.get<{ data: Row[] }>("/beneficiaries", { status });
  return json({ status, rows: list.data }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function OpsBeneficiaries() {
  const { t } = useTranslation("ops");
  const { status, rows } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("beneficiaries.title")}</h1>
      <p>
        <Link to="/ops/contracts">{t("beneficiaries.to-contracts")}</Link>
      </p>
      <nav aria-label={t("beneficiaries.statuses")}>
        <ul className={styles.tabs}>
          {STATUSES.map((s) => (
            <li key={s}>
              <Link to={`/ops/beneficiaries?status=${s}`} aria-current={s === status ? "page" : undefined}>
                {t(`beneficiaries.status.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {rows.length === 0 ? (
        <p data-testid="empty">{t("beneficiaries.empty")}</p>
      ) : (
        <table className={styles.table} data-testid="beneficiary-queue">
          <caption className="visually-hidden">{t(`beneficiaries.status.${status}`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t("beneficiaries.name")}</th>
              <th scope="col">{t("beneficiaries.organization")}</th>
              <th scope="col">{t("beneficiaries.payment-type")}</th>
              <th scope="col">{t("beneficiaries.currency")}</th>
              <th scope="col">{t("beneficiaries.created")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>
                  <Link to={`/ops/beneficiaries/${r.id}`}>{r.name}</Link>
                </td>
                <td>{r.organizationName}</td>
                <td>{r.paymentType}</td>
                <td>{r.currencyId}</td>
                <td>{r.createdAt.slice(0, 16).replace("T", " ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
