/**
 * /payments/remittance — remittance orders of the active organization (spec 000 §2, spec 001 §3,
 * §4, §7): newest first (GET /v1/payments-orders, 20 a page, "Older orders" follows the cursor),
 * each with its status and icon (components/ui/RemittanceStatus), and the link to a new order.
 * 404 when PAYMENTS-ORDERS-ENABLED is off for the organization. A list the API refuses shows its
 * error where the list would be (spec 000 §7 "a failed list passes the server message on as its
 * error"; lib/list-errors.server.ts).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { RemittanceOrderPage } from "../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { ListError } from "~/components/ui/ListError";
import { Money } from "~/components/ui/Money";
import { RemittanceStatus } from "~/components/ui/RemittanceStatus";
import { requireAppContext } from "~/lib/app-context.server";
import { formatDate } from "~/lib/dates";
import { settleList } from "~/lib/list-errors.server";
import { firstPageOnBadCursor, withoutCursor } from "~/lib/paging.server";
import { requireOrdersEnabled } from "./__remittance.server";
import styles from "./remittance.module.css";

export const handle = { i18n: ["payments", "remittance"], titleKey: "remittance:title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  await requireOrdersEnabled(api, org.id);
  const cursor = new URL(request.url).searchParams.get("cursor");
  const { data: page, error: listError } = await settleList(
    request,
    api
      .get<RemittanceOrderPage>("/payments-orders", {
        organizationId: org.id,
        all: true,
        take: 20,
        ...(cursor ? { cursor } : {}),
      })
      .catch(firstPageOnBadCursor(api, cursor, withoutCursor(request.url))),
  );
  return json(
    {
      orders: page?.edges.map((e) => e.node) ?? [],
      next: page?.pageInfo.hasNextPage ? page.pageInfo.endCursor : null,
      listError,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export default function RemittanceOrders() {
  const { orders, next, listError } = useLoaderData<typeof loader>();
  const { t } = useTranslation("remittance");
  return (
    <>
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      <p>
        <Link to="/payments/remittance/new" className={styles.primaryLink} data-testid="new-remittance">
          {t("new-link")}
        </Link>
      </p>
      {listError ? (
        <ListError message={listError} testId="orders-error" />
      ) : orders.length === 0 ? (
        <p data-testid="orders-empty">{t("empty")}</p>
      ) : (
        // On a phone the four columns need more than the screen: the table scrolls inside its
        // box, the page does not (WCAG 1.4.10 Reflow; tests/e2e/reflow.spec.ts).
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-label={t("list-label")}>
            <thead>
              <tr>
                <th scope="col">{t("columns.date")}</th>
                <th scope="col">{t("columns.payee")}</th>
                <th scope="col">{t("columns.sum")}</th>
                <th scope="col">{t("columns.status")}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id} data-testid="remittance-order" data-order-id={o.id}>
                  <td>{formatDate(o.orderCreatedAt)}</td>
                  <td>
                    <Link to={`/payments/remittance/${o.id}`}>{o.payee.name}</Link>
                  </td>
                  <td>
                    <Money amount={o.sum} currency={o.currencyId} />
                  </td>
                  <td>
                    <RemittanceStatus status={o.status} rejectedBy={o.rejectedBy} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next ? (
        <p>
          <Link to={`?cursor=${encodeURIComponent(next)}`}>{t("more")}</Link>
        </p>
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
