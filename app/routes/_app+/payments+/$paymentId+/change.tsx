/**
 * /payments/:paymentId/change — "Change details" of a payment awaiting signature (the signing
 * page's link; docs/decisions.md "Changing a payment's details before signing"). A made payment
 * is not edited: its one-time code is bound to its amount and payee (spec 000 §4; PSD2 RTS Art. 5).
 * So this page says what happens and asks first; on "Decline this payment and change details"
 * (POST, CSRF) the payment is declined (DELETE /v1/payments/:id/decline) and its form opens again
 * with the values it was made from (the form's draft: lib/payments.server.ts `changePayment`).
 * Works without JavaScript (a link, a page, a form).
 * - a payment no longer awaiting signature → its page; one whose form values are not known (made
 *   elsewhere or the values gone) → its signing page (which then shows no such link).
 * - the confirmation sent again after the decline (a double click, another tab) → the form, with
 *   its values, as the first; a payment signed meanwhile → its page (never its form again).
 * - a payment of another of the customer's organizations than the active one (a second tab
 *   switched): that organization becomes the active one, as the form and its values belong to it,
 *   and the reopened form says so ("the active organization was switched to X").
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Payment } from "../../../../../server/api/v1/contract";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Button } from "~/components/ui/Button";
import { PaymentDetails } from "~/components/ui/PaymentDetails";
import { ApiError } from "~/lib/api.server";
import { chooseOrganization, requireAppContext } from "~/lib/app-context.server";
import { verifyCsrf } from "~/lib/csrf.server";
import { changeableForm, changePayment } from "~/lib/payments.server";
import { organizationOf } from "~/lib/signing";
import { useLayoutAccountName } from "~/lib/use-layout-account";
import styles from "../payments.module.css";

export const handle = { i18n: ["payments"], titleKey: "payments:change.title" };

async function loadPayment(request: Request, paymentId: string) {
  const ctx = await requireAppContext(request);
  try {
    return { ...ctx, payment: await ctx.api.get<Payment>(`/payments/${encodeURIComponent(paymentId)}`) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, payment } = await loadPayment(request, params.paymentId ?? "");
  if (payment.status !== "AWAITING_SIGNATURE") throw redirect(`/payments/${payment.id}`, { headers: await api.headers() });
  if (!(await changeableForm(api, payment.id, payment.organizationId)))
    throw redirect(`/payments/${payment.id}/sign`, { headers: await api.headers() });
  return json({ payment }, { headers: await api.headers({ "Cache-Control": "private, no-store" }) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await loadPayment(request, params.paymentId ?? "");
  const { api, payment } = ctx;
  await verifyCsrf(request, api.session);
  // Declined already (this confirmation sent twice, another tab): its form still opens (changePayment).
  if (payment.status !== "AWAITING_SIGNATURE" && payment.status !== "DECLINED")
    return redirect(`/payments/${payment.id}`, { headers: await api.headers() });
  let target: string | null;
  try {
    target = await changePayment(api, payment.id, payment.organizationId);
  } catch (error) {
    // 409: signed meanwhile: its page says so.
    if (error instanceof ApiError && (error.status === 409 || error.status === 404))
      return redirect(`/payments/${payment.id}`, { headers: await api.headers() });
    throw error;
  }
  if (!target) {
    const back = payment.status === "AWAITING_SIGNATURE" ? `/payments/${payment.id}/sign` : `/payments/${payment.id}`;
    return redirect(back, { headers: await api.headers() });
  }
  // The form and its values belong to the payment's organization (the draft is read for the active
  // one); the reopened form says the active organization was switched (a flag in the session:
  // this redirect works without JavaScript).
  const payer = payment.organizationId !== ctx.org.id ? organizationOf(ctx.user.organizations, payment.organizationId) : null;
  if (payer && chooseOrganization(ctx, payer.id)) {
    api.session.set("changingSwitched", { paymentId: payment.id, organizationId: payer.id, name: payer.fullName });
  }
  return redirect(target, { headers: await api.headers() });
}

export default function ChangePayment() {
  const { payment } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const accountName = useLayoutAccountName(payment.accountId);
  return (
    <>
      <h1>{t("change.title")}</h1>
      <p>{t("change.text")}</p>
      <PaymentDetails payment={payment} accountName={accountName} />
      <Form method="post" id="change" className={styles.actions}>
        <AuthenticityTokenInput />
        <Button type="submit" data-testid="change-submit">
          {t("change.submit")}
        </Button>
        <Link to={`/payments/${payment.id}/sign`}>{t("change.back")}</Link>
      </Form>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
