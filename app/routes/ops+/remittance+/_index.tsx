/**
 * /ops/remittance?status= — remittance orders (roles PAYMENTS or COMPLIANCE; issue 13): by
 * default every order waiting for the bank (QUEUED, PROC, AML, AML_DONE), oldest move first;
 * a status tab shows one status. Each order links to its page, where it is moved along.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { RemittanceOrder } from "../../../../server/api/v1/contract";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { ListError } from "~/components/ui/ListError";
import { settleList } from "~/lib/list-errors.server";
import { requireStaff } from "~/lib/ops.server";

export const handle = { i18n: ["ops"], titleKey: "ops:remittance.title" };

const STATUSES = ["QUEUED", "PROC", "AML", "AML_DONE", "ACCEPTED", "REJECTED", "PENDING"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, ["PAYMENTS", "COMPLIANCE"]);
  const wanted = new URL(request.url).searchParams.get("status");
  const status = STATUSES.find((s) => s === wanted) ?? null;
  // A list the API refuses shows its error in the table's place (spec 000 §7 failed lists).
  const list = await settleList(
    request,
    api.get<{ data: (RemittanceOrder & { organizationName: string })[] }>("/remittance", status ? { status } : {}),
  );
  return json(
    { status, rows: list.data?.data ?? [], listError: list.error },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function OpsRemittance() {
  const { t } = useTranslation("ops");
  const { status, rows, listError } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("remittance.title")}</h1>
      <nav aria-label={t("remittance.statuses")}>
        <ul className={styles.tabs}>
          <li>
            <Link to="/ops/remittance" aria-current={status === null ? "page" : undefined}>
              {t("remittance.waiting")}
            </Link>
          </li>
          {STATUSES.map((s) => (
            <li key={s}>
              <Link to={`/ops/remittance?status=${s}`} aria-current={s === status ? "page" : undefined}>
                {t(`remittance.status.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {listError ? (
        <ListError message={listError} testId="remittance-queue-error" />
      ) : rows.length === 0 ? (
        <p data-testid="empty">{t("remittance.empty")}</p>
      ) : (
        <table className={styles.table} data-testid="remittance-queue">
          <caption className="visually-hidden">{status ? t(`remittance.status.${status}`) : t("remittance.waiting")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("remittance.payee")}</th>
              <th scope="col">{t("remittance.organization")}</th>
              <th scope="col">{t("remittance.sum")}</th>
              <th scope="col">{t("remittance.status-label")}</th>
              <th scope="col">{t("remittance.created")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <tr key={o.id}>
                <td>
                  <Link to={`/ops/remittance/${o.id}`}>{o.payee.name}</Link>
                </td>
                <td>{o.organizationName}</td>
                <td>
                  {o.sum} {o.currencyId}
                </td>
                <td>{t(`remittance.status.${o.status}`)}</td>
                <td>{o.orderCreatedAt.slice(0, 16).replace("T", " ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
