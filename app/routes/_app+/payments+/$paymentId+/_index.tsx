/**
 * /payments/:paymentId — payment receipt/confirmation: status (data-testid="payment-status"),
 * amount, payee, and the NEW balance of the debited currency (data-testid="new-balance",
 * GET /v1/accounts/:id), and its supporting documents with download links
 * (GET /v1/payments/:id/documents).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Account, Payment } from "../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { Money } from "~/components/ui/Money";
import { PaymentDetails } from "~/components/ui/PaymentDetails";
import { ApiError } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { formatDate, formatTime } from "~/lib/dates";
import { DocumentList } from "./__document-list";
import { loadDocuments } from "./__documents.server";

export const handle = { i18n: ["payments"], titleKey: "payments:receipt.title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAppContext(request);
  try {
    const payment = await api.get<Payment>(`/payments/${encodeURIComponent(params.paymentId ?? "")}`);
    const [account, documents] = await Promise.all([
      api.get<Account>(`/accounts/${encodeURIComponent(payment.accountId)}`).catch(() => null),
      loadDocuments(api, payment),
    ]);
    const balance = account?.balances.find((b) => b.currencyId === payment.currencyId) ?? null;
    return json({ payment, balance, documents }, { headers: await api.headers({ "Cache-Control": "private, no-store" }) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
}

export default function PaymentReceipt() {
  const { payment, balance, documents } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  return (
    <>
      <h1>{t("receipt.title")}</h1>
      {payment.status === "COMPLETED" ? <Alert kind="success">{t("receipt.completed")}</Alert> : null}
      <PaymentDetails
        payment={payment}
        before={
          <>
            <dt>{t("receipt.status")}</dt>
            <dd data-testid="payment-status">{t(`status.${payment.status}`)}</dd>
          </>
        }
        after={
          <>
            <dt>{t("receipt.date")}</dt>
            <dd>
              {formatDate(payment.transferDate ?? payment.createdAt)} {formatTime(payment.transferDate ?? payment.createdAt)}
            </dd>
            {balance ? (
              <>
                <dt>{t("receipt.new-balance", { currency: balance.currencyId })}</dt>
                <dd data-testid="new-balance">
                  <Money amount={balance.amount} currency={balance.currencyId} scale={balance.currency?.scale ?? 2} />
                </dd>
              </>
            ) : null}
          </>
        }
      />
      {documents.length ? (
        <section aria-labelledby="documents-title">
          <h2 id="documents-title">{t("documents.title")}</h2>
          <DocumentList paymentId={payment.id} documents={documents} />
        </section>
      ) : null}
      {payment.status === "AWAITING_SIGNATURE" ? (
        <p>
          <Link to={`/payments/${payment.id}/sign`}>{t("receipt.go-sign")}</Link>
        </p>
      ) : null}
      <p>
        <Link to="/home">{t("common:back-home")}</Link>
      </p>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
