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
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { CannotSign } from "~/components/ui/CannotSign";
import { ApiError } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { verifyCsrf } from "~/lib/csrf.server";
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
  const { api } = await requireAppContext(request);
  await verifyCsrf(request, api.session);
  const id = params.orderId ?? "";
  const form = await request.formData();
  if (form.get("intent") !== "decline") throw new Response("Bad request", { status: 400 });
  const page = `/payments/remittance/${encodeURIComponent(id)}`;
  try {
    await api.post(`/payments-orders/${encodeURIComponent(id)}/decline`, {});
    clearOrderCode(api, id);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw new Response("Not found", { status: 404, headers: await api.headers() });
    // 409: signed (or rejected by the bank) meanwhile; the page shows its status.
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    return redirect(page, { headers: await api.headers() });
  }
  return redirect(`${page}?declined=1`, { headers: await api.headers() });
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
      {waiting && confirmDecline ? (
        <section aria-labelledby="decline-title" data-testid="order-decline-confirm">
          <h2 id="decline-title">{t("decline.title")}</h2>
          <p>{t("decline.text")}</p>
          <Form method="post">
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="decline" />
            <Button type="submit" variant="danger">
              {t("decline.submit")}
            </Button>{" "}
            <Link to={`/payments/remittance/${order.id}`}>{t("decline.keep")}</Link>
          </Form>
        </section>
      ) : null}
      {waiting && !confirmDecline ? (
        <p>
          <Link to={`/payments/remittance/${order.id}?decline=1`} data-testid="order-decline">
            {t("decline.link")}
          </Link>
        </p>
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
