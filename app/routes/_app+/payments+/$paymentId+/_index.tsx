/**
 * /payments/:paymentId — payment receipt/confirmation: status (data-testid="payment-status"),
 * amount, payee, and the NEW balance of the debited currency (data-testid="new-balance",
 * GET /v1/accounts/:id) with its overdraft limit and available funds when the overdraft is on
 * (spec 000 §5; data-testid="new-balance-overdraft"), and its supporting documents with download links
 * (GET /v1/payments/:id/documents). For a CORPORATE organization (spec 000 §6: the corporate
 * signatures list is loaded only for CORPORATE users), who signed it and when
 * (GET /v1/payments/:id/signatures, data-testid="signature"). While it awaits signature: a link
 * to sign it, or, for an official whose signatureType is NONE, why they cannot.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Account, Payment, SignaturePage } from "../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { BackButton } from "~/components/ui/BackButton";
import { Alert } from "~/components/ui/Alert";
import { BalanceOverdraft, Money } from "~/components/ui/Money";
import { CannotSign } from "~/components/ui/CannotSign";
import { PaymentDetails } from "~/components/ui/PaymentDetails";
import { ApiError } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { formatDate, formatTime } from "~/lib/dates";
import { canSignFor, organizationOf } from "~/lib/signing";
import { DocumentList } from "./__document-list";
import { loadDocuments } from "./__documents.server";

export const handle = { i18n: ["payments", "signing"], titleKey: "payments:receipt.title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, org: active, user } = await requireAppContext(request);
  try {
    const payment = await api.get<Payment>(`/payments/${encodeURIComponent(params.paymentId ?? "")}`);
    // The payment's organization decides (who signs, whose signatures): it may be another of the
    // customer's organizations than the active one (a link from a notification, another tab).
    const org = organizationOf(user.organizations, payment.organizationId) ?? active;
    // Payments that needed no signature (made by an official without a signature duty before
    // every payment was signed: contract Payment.requiresSignature) have none to list.
    const corporate = org.type === "CORPORATE" && payment.requiresSignature;
    const [account, documents, signatures] = await Promise.all([
      api.get<Account>(`/accounts/${encodeURIComponent(payment.accountId)}`).catch(() => null),
      loadDocuments(api, payment),
      corporate ? loadSignatures(api, payment.id) : Promise.resolve(null),
    ]);
    const balance = account?.balances.find((b) => b.currencyId === payment.currencyId) ?? null;
    return json(
      {
        payment,
        accountName: account?.name || null,
        balance,
        documents,
        signatures,
        canSign: canSignFor(user.organizations, payment.organizationId),
        organizationName: org.fullName,
      },
      { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
}

/** Who signed the payment, oldest first (GET /v1/payments/:id/signatures: edges of nodes); [] when unavailable. */
async function loadSignatures(api: Awaited<ReturnType<typeof requireAppContext>>["api"], paymentId: string) {
  try {
    const page = await api.get<SignaturePage>(`/payments/${encodeURIComponent(paymentId)}/signatures`);
    return page.edges.map(({ node }) => ({
      id: node.id,
      createdAt: node.createdAt,
      name: [node.user.profile.firstName, node.user.profile.lastName].filter(Boolean).join(" "),
    }));
  } catch (error) {
    if (error instanceof ApiError) return [];
    throw error;
  }
}

function Signatures({ signatures }: { signatures: { id: string; createdAt: string; name: string }[] }) {
  const { t } = useTranslation("signing");
  return (
    <section aria-labelledby="signatures-title">
      <h2 id="signatures-title">{t("signatures.title")}</h2>
      {signatures.length ? (
        <ul>
          {signatures.map((s) => (
            <li key={s.id} data-testid="signature">
              {t("signatures.signed-by", { name: s.name, date: formatDate(s.createdAt), time: formatTime(s.createdAt) })}
            </li>
          ))}
        </ul>
      ) : (
        <p data-testid="no-signatures">{t("signatures.none")}</p>
      )}
    </section>
  );
}

export default function PaymentReceipt() {
  const { payment, accountName, balance, documents, signatures, canSign, organizationName } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  return (
    <>
      <h1>{t("receipt.title")}</h1>
      {payment.status === "COMPLETED" ? <Alert kind="success">{t("receipt.completed")}</Alert> : null}
      {/* The flow of a creator who cannot sign ends here (spec 000 §4): the payment waits for a signer. */}
      {payment.status === "AWAITING_SIGNATURE" && !canSign ? (
        <Alert testId="awaiting-signer">{t("receipt.awaiting-signer", { organization: organizationName })}</Alert>
      ) : null}
      <PaymentDetails
        payment={payment}
        accountName={accountName}
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
                <dd>
                  <Money
                    amount={balance.amount}
                    currency={balance.currencyId}
                    scale={balance.currency?.scale ?? 2}
                    testId="new-balance"
                  />
                  {/* Spec 000 §5: the limit and the funds available, only when the overdraft is on. */}
                  <BalanceOverdraft balance={balance} testId="new-balance-overdraft" />
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
      {signatures ? <Signatures signatures={signatures} /> : null}
      {payment.status === "AWAITING_SIGNATURE" ? (
        canSign ? (
          <p>
            <Link to={`/payments/${payment.id}/sign`}>{t("receipt.go-sign")}</Link>
          </p>
        ) : (
          <CannotSign organizationName={organizationName} />
        )
      ) : null}
      <p>
        {/* Reached from home, history, the sign result or a link: back through the history. */}
        <BackButton fallback="/home" />
      </p>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
