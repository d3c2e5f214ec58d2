/**
 * /payments/cash-over — cash over the counter, step 1 (spec 000 §2): choose the balance to pay
 * from, among those in a currency offered with CASH_OVER_COUNTER (GET /v1/settings/payments).
 * A GET form to /payments/cash-over/form?source=<accountId:CUR> (works without JavaScript, can
 * be bookmarked). A saved draft is offered as "continue the payment you started". The accounts or
 * the payments settings refused by the API: the error in the choice's place instead of the form,
 * saying nothing can be sent without it (lib/list-errors.server; docs/decisions.md "Failed lists").
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PaymentsSettings } from "../../../../../server/api/v1/contract";
import { Field } from "~/components/forms/Field";
import { useSourceLabel } from "~/lib/balance-sources";
import { PendingPaymentNotice } from "~/components/forms/PendingPaymentNotice";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { FormActions } from "~/components/forms/FormActions";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { settleList } from "~/lib/list-errors.server";
import { loadPaymentDraft, paymentFormKey, releasedPayment } from "~/lib/payments.server";
import { cashSources } from "./__cash-sources";
import { PayFromError } from "../__pay-from-error";

export const handle = { i18n: ["payments"], titleKey: "payments:cash-over.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const [accounts, settings, draft, { pendingPaymentId }] = await Promise.all([
    // Read only for the "Pay from" choices: a refusal is their error, not "no balance".
    settleList(request, listAccounts(api, org.id)),
    settleList(request, api.get<PaymentsSettings>("/settings/payments")),
    loadPaymentDraft(api, "cash-over", org.id),
    paymentFormKey(api, "cash-over", org.id, releasedPayment(request)),
  ]);
  const sourcesError = accounts.error ?? settings.error;
  const sources = accounts.data && settings.data ? cashSources(accounts.data, settings.data) : [];
  const draftSource = sources.find((s) => s.value === draft?.source);
  return json(
    {
      sources,
      sourcesError,
      continueHref: draftSource ? `/payments/cash-over/form?source=${encodeURIComponent(draftSource.value)}` : null,
      pendingPaymentId,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export default function CashOverChooser() {
  const { sources, sourcesError, continueHref, pendingPaymentId } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const label = useSourceLabel();
  return (
    <>
      <h1>{t("cash-over.title")}</h1>
      <PendingPaymentNotice paymentId={pendingPaymentId} />
      {continueHref ? (
        <Alert testId="cash-over-draft">
          <Link to={continueHref}>{t("cash-over.continue-draft")}</Link>
        </Alert>
      ) : null}
      {sourcesError ? (
        <PayFromError message={sourcesError} />
      ) : sources.length === 0 ? (
        <Alert testId="no-balance">{t("cash-over.no-balance")}</Alert>
      ) : (
        <Form method="get" action="/payments/cash-over/form">
          <p>{t("cash-over.intro")}</p>
          <Field as="select" name="source" label={t("fields.from-balance")} required>
            {sources.map((s) => (
              <option key={s.value} value={s.value}>
                {label(s)}
              </option>
            ))}
          </Field>
          <FormActions>
            <Button type="submit">{t("continue")}</Button>
            <Link to="/payments">{t("common:cancel")}</Link>
          </FormActions>
        </Form>
      )}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
