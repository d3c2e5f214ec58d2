/**
 * /payments/decline?ids=a,b&orders=…&fx=…&back=… — decline several items of the signing lists
 * (payments, remittance orders, FX rate requests together) after a confirmation (issue 7
 * "Signing lists"; spec 000 §4 "Unsigned transactions can be signed or cancelled (declined)";
 * DELETE /v1/payments/:id/decline, POST /v1/payments-orders/:id/decline, POST
 * /v1/exchange/fx-requests/:id/decline for each). Open to every member (as the API: no signature
 * duty needed). Works without JavaScript:
 * - POST intent=confirm (the lists' "Decline selected": `paymentId`, `paymentOrderId` and
 *   `fxRequestId` checkboxes, `returnTo`) → redirect here (GET), which lists the selected items
 *   still awaiting a signature with the total per currency and asks to confirm;
 * - POST intent=decline (this page's form) → each one declined (one already signed or declined
 *   meanwhile is left as it is) → back to the list, which no longer shows them.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { Button } from "~/components/ui/Button";
import { Money } from "~/components/ui/Money";
import { ApiError, type Api } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { verifyCsrf } from "~/lib/csrf.server";
import { clearSignCode, safeReturnTo } from "~/lib/payments.server";
import { batchQuery, selectionFromForm, selectionSize } from "~/lib/signing";
import { loadSelection, selectionFromUrl, selectionOf, totalsPerCurrency, type BatchItem } from "./__selection.server";
import { clearFxCode } from "~/lib/fx-requests.server";
import { clearOrderCode } from "./remittance+/__remittance.server";
import styles from "./payments.module.css";

export const handle = { i18n: ["payments", "signing"], titleKey: "signing:decline.title" };

/** How each kind is declined (409: signed or declined meanwhile; 404: not the caller's). */
async function declineOne(api: Api, item: Pick<BatchItem, "kind" | "id">): Promise<void> {
  const id = encodeURIComponent(item.id);
  if (item.kind === "payment") {
    await api.del(`/payments/${id}/decline`);
    clearSignCode(api, item.id);
  } else if (item.kind === "order") {
    await api.post(`/payments-orders/${id}/decline`, {});
    clearOrderCode(api, item.id);
  } else {
    await api.post(`/exchange/fx-requests/${id}/decline`, {});
    clearFxCode(api, item.id);
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAppContext(request);
  const { back, ...selection } = selectionFromUrl(request);
  const pending = (await loadSelection(api, selection)).items.filter((i) => i.state === "waiting");
  return json(
    {
      back,
      action: `/payments/decline${batchQuery(selectionOf(pending), back)}`,
      payments: pending.map((p) => ({
        id: p.id,
        kind: p.kind,
        name: p.name,
        fx: p.fx,
        amount: p.amount,
        currencyId: p.currencyId,
        href: p.href,
      })),
      totals: totalsPerCurrency(pending),
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAppContext(request);
  await verifyCsrf(request, api.session);
  const form = await request.formData();
  if (form.get("intent") === "confirm") {
    const back = safeReturnTo(form.get("returnTo"), "/payments");
    return redirect(`/payments/decline${batchQuery(selectionFromForm(form), back)}`, { headers: await api.headers() });
  }
  const { back, ...sel } = selectionFromUrl(request);
  if (form.get("intent") !== "decline" || !selectionSize(sel)) {
    return redirect(`/payments/decline${batchQuery(sel, back)}`, { headers: await api.headers() });
  }
  const all = [
    ...sel.ids.map((id) => ({ kind: "payment" as const, id })),
    ...sel.orders.map((id) => ({ kind: "order" as const, id })),
    ...sel.fx.map((id) => ({ kind: "fx" as const, id })),
  ];
  for (const item of all) {
    try {
      await declineOne(api, item);
    } catch (error) {
      // 409: signed or declined meanwhile; 404: not the caller's. Either way nothing to decline.
      if (!(error instanceof ApiError) || (error.status !== 409 && error.status !== 404)) throw error;
    }
  }
  return redirect(back, { headers: await api.headers() });
}

export default function DeclinePayments() {
  const { back, action, payments, totals } = useLoaderData<typeof loader>();
  const { t } = useTranslation("signing");
  const nameOf = (i: { name: string; currencyId: string; fx: { to: string } | null }) =>
    i.fx ? t("item.fx", { from: i.currencyId, to: i.fx.to }) : i.name;
  return (
    <>
      <h1>{t("decline.title")}</h1>
      {payments.length === 0 ? (
        <Alert testId="none-selected">{t("decline.none-selected")}</Alert>
      ) : (
        <>
          <p>{t("decline.intro", { count: payments.length })}</p>
          <ul className={styles.plainList} data-testid="decline-payments">
            {payments.map((p) => (
              <li key={p.id} data-testid="decline-payment" data-kind={p.kind}>
                <strong>{nameOf(p)}</strong> <Money amount={p.amount} currency={p.currencyId} />
              </li>
            ))}
          </ul>
          <p>
            {t("batch.totals")}:{" "}
            {totals.map((total, i) => (
              <span key={total.currencyId}>
                {i ? ", " : null}
                <Money amount={total.amount} currency={total.currencyId} />
              </span>
            ))}
          </p>
          <Form method="post" action={action} className={styles.actions}>
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="decline" />
            <Button type="submit" variant="danger">
              {t("decline.confirm", { count: payments.length })}
            </Button>
            <Link to={back}>{t("decline.cancel")}</Link>
          </Form>
        </>
      )}
      {payments.length === 0 ? (
        <p className={styles.section}>
          <Link to={back}>{t("batch.back")}</Link>
        </p>
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
