/**
 * /payments/between-accounts — transfer between own accounts (spec 000 §2: only with more than
 * one account; same currency). From = an (account, currency) balance; To = another account.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { z } from "zod";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { IdempotencyKeyInput } from "~/components/forms/IdempotencyKeyInput";
import { PendingPaymentNotice } from "~/components/forms/PendingPaymentNotice";
import { PaymentFormEnd } from "~/components/forms/PaymentFormEnd";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { ValidatedField } from "~/components/forms/ValidatedField";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { balanceSources, parseSource } from "~/lib/balance-sources";
import { amountField, idempotencyKeyField, referenceField, requiredChoice } from "~/lib/payment-schemas";
import { paymentFormKey, submitPaymentForm } from "~/lib/payments.server";
import { useIsHydrated } from "~/lib/use-hydrated";

export const handle = { i18n: ["payments"], titleKey: "payments:between.title" };

const FIELDS = ["source", "toAccountId", "amount", "reference"] as const;

export const validator = withZod(
  z
    .object({
      source: requiredChoice("errors:account-required"),
      toAccountId: requiredChoice("errors:to-account-required"),
      amount: amountField(2),
      reference: referenceField,
      idempotencyKey: idempotencyKeyField,
    })
    .refine((d) => !d.source.startsWith(`${d.toAccountId}:`), { path: ["toAccountId"], message: "errors:same-account" }),
);

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const accounts = await listAccounts(api, org.id);
  if (accounts.length < 2) throw redirect("/payments", { headers: await api.headers() });
  const formKey = await paymentFormKey(api, "between-accounts");
  return json(
    {
      sources: balanceSources(accounts),
      targets: accounts.map((a) => ({
        id: a.id,
        label: `${a.name || a.number} (${a.balances.map((b) => b.currencyId).join(", ")})`,
      })),
      idempotencyKey: formKey.key,
      pendingPaymentId: formKey.pendingPaymentId,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return submitPaymentForm(request, "between-accounts", validator, FIELDS, (d, organizationId) => {
    const source = parseSource(d.source);
    if (!source) return { field: "source", key: "errors:account-required" };
    return {
      organizationId,
      kind: "BETWEEN_ACCOUNTS",
      ...source,
      toAccountId: d.toAccountId,
      amount: d.amount,
      reference: d.reference,
    };
  });
}

export default function BetweenAccounts() {
  const { sources, targets, idempotencyKey, pendingPaymentId } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const hydrated = useIsHydrated();
  return (
    <>
      <h1>{t("between.title")}</h1>
      <PendingPaymentNotice paymentId={pendingPaymentId} />
      <p>{t("between.intro")}</p>
      <ValidatedForm validator={validator} method="post" noValidate={hydrated}>
        <ValidatedErrorSummary order={FIELDS} />
        <AuthenticityTokenInput />
        <IdempotencyKeyInput fallback={idempotencyKey} />
        <ValidatedField as="select" name="source" label={t("fields.from-balance")} required>
          {sources.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </ValidatedField>
        <ValidatedField as="select" name="toAccountId" label={t("fields.to-account")} required defaultValue={targets[1]?.id}>
          {targets.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </ValidatedField>
        <PaymentFormEnd />
      </ValidatedForm>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
