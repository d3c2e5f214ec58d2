/**
 * /payments/remittance/:orderId — one remittance order: its status (with the icon rule of spec
 * 001 §4), what it sends, its files (download) and its history (every move, by the customer or
 * the bank, with the bank's reason); while it awaits signature, a link to sign it (or, for a member
 * who cannot sign, why not) and, for every member, "Decline this order" (spec 000 §4 "Unsigned
 * transactions can be signed or cancelled (declined)"): `?decline=1` asks for confirmation, whose
 * form posts here (CSRF-checked; POST /v1/payments-orders/:id/decline; nothing was held, so
 * nothing moves) and comes back with `?declined=1`. A declined order is REJECTED with the
 * rejected marker, written 'Declined by you' (`rejectedBy` CUSTOMER). A page of its own (works
 * without JavaScript). Reachable for the organization's members even when orders have been
 * switched off since (an order may still hold money; an unsigned one can still be declined); 404
 * for anyone else.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { CannotSign } from "~/components/ui/CannotSign";
import { DeclineUnsigned } from "~/components/signing/DeclineUnsigned";
import { declineUnsigned } from "~/lib/decline.server";
import { requireAppContext } from "~/lib/app-context.server";
import { formatDate, formatTime } from "~/lib/dates";
import { canSign } from "~/lib/signing";
import { clearOrderCode, loadOrder } from "../__remittance.server";
import styles from "../remittance.module.css";
import { OrderDetails } from "./__order-details";

export const handle = { i18n: ["payments", "remittance", "signing"], titleKey: "remittance:detail.title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const order = await loadOrder(api, params.orderId ?? "");
  const query = new URL(request.url).searchParams;
  const signed = query.get("signed") === "1" && order.status !== "PENDING";
  const declined = query.get("declined") === "1" && order.rejectedBy === "CUSTOMER";
  const confirmDecline = query.get("decline") === "1" && order.status === "PENDING";
  return json(
    { order, signed, declined, confirmDecline, canSign: canSign(org), organizationName: org.fullName },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

/** POST intent=decline: decline the unsigned order, then its page with the notice (signed meanwhile: its page as it is). */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = encodeURIComponent(params.orderId ?? "");
  return declineUnsigned(
    request,
    `/payments/remittance/${id}`,
    (api) => api.post(`/payments-orders/${id}/decline`, {}),
    (api) => clearOrderCode(api, params.orderId ?? ""),
  );
}

export default function RemittanceOrderPage() {
  const { order, signed, declined, confirmDecline, canSign, organizationName } = useLoaderData<typeof loader>();
  const { t } = useTranslation("remittance");
  const waiting = order.status === "PENDING";
  return (
    <>
      <h1>{t("detail.title")}</h1>
      {signed ? <Alert kind="success">{t("detail.signed-notice")}</Alert> : null}
      {declined ? (
        <Alert kind="success" testId="order-declined-notice">
          {t("decline.done")}
        </Alert>
      ) : null}
      {order.rejectedBy === "BANK" ? <Alert kind="error">{t("detail.rejected-notice")}</Alert> : null}
      {order.rejectedBy === "CUSTOMER" && !declined ? (
        <Alert kind="info" testId="order-declined-info">
          {t("decline.notice")}
        </Alert>
      ) : null}
      <OrderDetails order={order} />
      {waiting && !canSign ? <CannotSign organizationName={organizationName} /> : null}
      {waiting && canSign && !confirmDecline ? (
        <p>
          <Link to={`/payments/remittance/${order.id}/sign`} data-testid="go-sign">
            {t("detail.go-sign")}
          </Link>
        </p>
      ) : null}
      {waiting ? (
        <DeclineUnsigned
          pageHref={`/payments/remittance/${order.id}`}
          confirming={confirmDecline}
          testIdPrefix="order"
          labels={{
            link: t("decline.link"),
            title: t("decline.title"),
            text: t("decline.text"),
            submit: t("decline.submit"),
            keep: t("decline.keep"),
          }}
        />
      ) : null}
      <section aria-labelledby="history-title" className={styles.section}>
        <h2 id="history-title">{t("detail.history")}</h2>
        <ol className={styles.history} data-testid="order-history">
          {order.history.map((h, i) => {
            // A member's decline (PENDING → REJECTED by the customer): 'Declined', not the stored English reason.
            const declinedHere = h.by === "CUSTOMER" && h.toStatus === "REJECTED";
            return (
              <li key={i}>
                {formatDate(h.createdAt)} {formatTime(h.createdAt)}:{" "}
                {declinedHere ? t("decline.history") : t(`status.${h.toStatus}`)} ({t(`detail.by-${h.by}`)})
                {h.reason && !declinedHere ? ` — ${h.reason}` : null}
              </li>
            );
          })}
        </ol>
      </section>
      <p>
        <Link to="/payments/remittance">{t("detail.back")}</Link>
      </p>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
