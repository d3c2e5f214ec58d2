/**
 * /payments/decline?ids=a,b&back=… — decline several payments of the unsigned list, after a
 * confirmation (issue 7 "Signing lists"; spec 000 §4 "Unsigned transactions can be signed or
 * cancelled (declined)"; DELETE /v1/payments/:id/decline for each). Works without JavaScript:
 * - POST intent=confirm (the list's "Decline selected": `paymentId` checkboxes, `returnTo`) →
 *   redirect here (GET), which lists the selected payments still awaiting signature with the
 *   total per currency and asks to confirm;
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
import { ApiError } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { verifyCsrf } from "~/lib/csrf.server";
import { clearSignCode, safeReturnTo } from "~/lib/payments.server";
import { batchQuery, selectedIds } from "~/lib/signing";
import { loadSelected, selectionFromUrl, totalsPerCurrency } from "./__selection.server";
import styles from "./payments.module.css";

export const handle = { i18n: ["payments", "signing"], titleKey: "signing:decline.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAppContext(request);
  const { ids, back } = selectionFromUrl(request);
  const pending = (await loadSelected(api, ids)).filter((p) => p.status === "AWAITING_SIGNATURE");
  return json(
    {
      back,
      action: `/payments/decline${batchQuery(
        pending.map((p) => p.id),
        back,
      )}`,
      payments: pending.map((p) => ({ id: p.id, name: p.benificiaryFullName, amount: p.amount, currencyId: p.currencyId })),
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
    const ids = selectedIds(form.getAll("paymentId"));
    const back = safeReturnTo(form.get("returnTo"), "/payments");
    return redirect(`/payments/decline${batchQuery(ids, back)}`, { headers: await api.headers() });
  }
  const { ids, back } = selectionFromUrl(request);
  if (form.get("intent") !== "decline" || !ids.length) {
    return redirect(`/payments/decline${batchQuery(ids, back)}`, { headers: await api.headers() });
  }
  for (const id of ids) {
    try {
      await api.del(`/payments/${encodeURIComponent(id)}/decline`);
      clearSignCode(api, id);
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
              <li key={p.id} data-testid="decline-payment">
                <strong>{p.name}</strong> <Money amount={p.amount} currency={p.currencyId} />
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
