/**
 * /payments/euro/payment-kinds — the kind of euro payment (spec 000 §2 route list): SEPA credit
 * transfer, SEPA Instant (speed INSTANT) or TARGET2, only those GET /v1/settings/payments offers
 * with EUR. A GET form to /payments/euro?kind=<type>, so it works without JavaScript and the
 * choice can be bookmarked; `?kind=` pre-selects the current choice. Settings the API refuses
 * (read only for these choices): their error in the choices' place instead of the form, not "no
 * kind is available" (lib/list-errors.server; docs/decisions.md "Failed lists").
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PaymentsSettings } from "../../../../../server/api/v1/contract";
import { ChoicesError } from "~/components/forms/ChoicesError";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { FormActions } from "~/components/forms/FormActions";
import { requireAppContext } from "~/lib/app-context.server";
import { settleList } from "~/lib/list-errors.server";
import { SEPA_KIND_TYPES } from "~/lib/payment-options";
import styles from "./payment-kinds.module.css";

export const handle = { i18n: ["payments"], titleKey: "payments:euro-kinds.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAppContext(request);
  const settings = await settleList(request, api.get<PaymentsSettings>("/settings/payments"));
  const kinds = SEPA_KIND_TYPES.filter((type) =>
    (settings.data?.paymentTypes ?? []).some((o) => o.type === type && o.currencies.includes("EUR")),
  );
  const wanted = new URL(request.url).searchParams.get("kind");
  const current = kinds.find((k) => k === wanted) ?? kinds[0] ?? null;
  return json(
    { kinds, current, kindsError: settings.error },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export default function EuroPaymentKinds() {
  const { kinds, current, kindsError } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  return (
    <>
      <h1>{t("euro-kinds.title")}</h1>
      {kindsError ? (
        <>
          <ChoicesError id="kind" label={t("euro-kinds.legend")} message={kindsError} required />
          <p>
            <Link to="/payments">{t("common:placeholder.back-payments")}</Link>
          </p>
        </>
      ) : kinds.length === 0 ? (
        <Alert testId="no-euro-kind">{t("euro-kinds.none")}</Alert>
      ) : (
        <Form method="get" action="/payments/euro">
          <p>{t("euro-kinds.intro")}</p>
          <fieldset className={styles.kinds}>
            <legend className={styles.legend}>{t("euro-kinds.legend")}</legend>
            {kinds.map((type) => (
              <div key={type} className={styles.choice}>
                <input
                  type="radio"
                  id={`kind-${type}`}
                  name="kind"
                  value={type}
                  defaultChecked={type === current}
                  className={styles.radio}
                />
                <label htmlFor={`kind-${type}`} className={styles.label}>
                  {t(`euro-kinds.${type}`)}
                </label>
              </div>
            ))}
          </fieldset>
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
