/**
 * /payments/international — first step of an international (SWIFT) payment (spec 000 §2): choose
 * the balance to pay from, among the currencies GET /v1/settings/payments offers with SWIFT.
 * A GET form to /payments/international/form?source=<accountId:CUR> (works without JavaScript).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PaymentsSettings } from "../../../../../server/api/v1/contract";
import { Field } from "~/components/forms/Field";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { balanceSources } from "~/lib/balance-sources";

export const handle = { i18n: ["payments"], titleKey: "payments:international.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const [accounts, settings] = await Promise.all([listAccounts(api, org.id), api.get<PaymentsSettings>("/settings/payments")]);
  const currencies = settings.paymentTypes.filter((p) => p.type === "SWIFT").flatMap((p) => p.currencies);
  return json(
    { sources: balanceSources(accounts).filter((s) => currencies.includes(s.currencyId)), currencies },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export default function InternationalChooser() {
  const { sources, currencies } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  return (
    <>
      <h1>{t("international.title")}</h1>
      {sources.length === 0 ? (
        <Alert>
          {t("international.no-balance", { currencies: currencies.join(", ") })}{" "}
          <Link to="/payments">{t("common:placeholder.back-payments")}</Link>
        </Alert>
      ) : (
        <Form method="get" action="/payments/international/form">
          <p>{t("international.choose-intro", { currencies: currencies.join(", ") })}</p>
          <Field as="select" name="source" label={t("fields.from-balance")} required>
            {sources.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Field>
          <Button type="submit">{t("continue")}</Button> <Link to="/payments">{t("common:cancel")}</Link>
        </Form>
      )}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
