/**
 * /payments/remittance/:orderId — one remittance order: its status (with the icon rule of spec
 * 001 §4), what it sends, its files (download) and its history (every move, by the customer or
 * the bank, with the bank's reason); while it awaits signature, a link to sign it (or, for a member
 * who cannot sign, why not). Reachable for the organization's members even when orders
 * have been switched off since (an order may still hold money); 404 for anyone else.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { CannotSign } from "~/components/ui/CannotSign";
import { requireAppContext } from "~/lib/app-context.server";
import { formatDate, formatTime } from "~/lib/dates";
import { canSign } from "~/lib/signing";
import { loadOrder } from "../__remittance.server";
import styles from "../remittance.module.css";
import { OrderDetails } from "./__order-details";

export const handle = { i18n: ["payments", "remittance", "signing"], titleKey: "remittance:detail.title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const order = await loadOrder(api, params.orderId ?? "");
  const signed = new URL(request.url).searchParams.get("signed") === "1" && order.status !== "PENDING";
  return json(
    { order, signed, canSign: canSign(org), organizationName: org.fullName },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export default function RemittanceOrderPage() {
  const { order, signed, canSign, organizationName } = useLoaderData<typeof loader>();
  const { t } = useTranslation("remittance");
  return (
    <>
      <h1>{t("detail.title")}</h1>
      {signed ? <Alert kind="success">{t("detail.signed-notice")}</Alert> : null}
      {order.status === "REJECTED" ? <Alert kind="error">{t("detail.rejected-notice")}</Alert> : null}
      <OrderDetails order={order} />
      {order.status === "PENDING" && !canSign ? <CannotSign organizationName={organizationName} /> : null}
      {order.status === "PENDING" && canSign ? (
        <p>
          <Link to={`/payments/remittance/${order.id}/sign`} data-testid="go-sign">
            {t("detail.go-sign")}
          </Link>
        </p>
      ) : null}
      <section aria-labelledby="history-title" className={styles.section}>
        <h2 id="history-title">{t("detail.history")}</h2>
        <ol className={styles.history} data-testid="order-history">
          {order.history.map((h, i) => (
            <li key={i}>
              {formatDate(h.createdAt)} {formatTime(h.createdAt)}: {t(`status.${h.toStatus}`)} ({t(`detail.by-${h.by}`)})
              {h.reason ? ` — ${h.reason}` : null}
            </li>
          ))}
        </ol>
      </section>
      <p>
        <Link to="/payments/remittance">{t("detail.back")}</Link>
      </p>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
