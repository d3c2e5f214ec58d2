/**
 * /payments — transfer chooser (spec 000 §2: options by lib/payment-options.ts from accounts
 * and GET /v1/settings/payments) and the 'required to sign' list of unsigned payments.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ListResponse, Payment, PaymentsSettings } from "../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { UnsignedPayments } from "~/components/ui/UnsignedPayments";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { paymentOptions } from "~/lib/payment-options";
import styles from "./payments.module.css";

export const handle = { i18n: ["payments"], titleKey: "payments:title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const [accounts, settings, unsigned] = await Promise.all([
    listAccounts(api, org.id),
    // The active organization's settings: PAYMENTS-ORDERS-ENABLED may be set for it alone.
    api.get<PaymentsSettings>("/settings/payments", { organizationId: org.id }),
    api.get<ListResponse<Payment>>("/payments", { organizationId: org.id, status: "AWAITING_SIGNATURE", take: 20 }),
  ]);
  const prompt = new URL(request.url).searchParams.get("prompt") === "no-accounts";
  return json(
    { options: paymentOptions(accounts, settings), unsigned: unsigned.data, noAccountsPrompt: prompt && accounts.length === 0 },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export default function Payments() {
  const { options, unsigned, noAccountsPrompt } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  return (
    <>
      <h1>{t("title")}</h1>
      {noAccountsPrompt ? (
        <Alert>
          <strong>{t("no-accounts.title")}</strong> {t("no-accounts.text")} <Link to="/identity">{t("no-accounts.link")}</Link>
        </Alert>
      ) : null}
      <section aria-labelledby="options-title">
        <h2 id="options-title">{t("options.title")}</h2>
        <ul className={styles.options}>
          {options.map((o) => (
            <li key={o.id}>
              <Link to={o.href} data-testid={`payment-option-${o.id}`}>
                {t(`options.${o.id}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="unsigned-title" className={styles.section}>
        <h2 id="unsigned-title">{t("unsigned.title")}</h2>
        <UnsignedPayments payments={unsigned} returnTo="/payments" />
      </section>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
