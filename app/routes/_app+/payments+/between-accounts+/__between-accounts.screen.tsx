/**
 * The transfer form of /payments/between-accounts (route module
 * `_index.tsx` beside it) and its zod schema, shared with the route's
 * action. Loaded as its own chunk in the browser (lib/split-screen.tsx); rendered from a
 * static import on the server.
 */
import { useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { z } from "zod";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { IdempotencyKeyInput } from "~/components/forms/IdempotencyKeyInput";
import { PendingPaymentNotice } from "~/components/forms/PendingPaymentNotice";
import { SourceBalanceSelect } from "~/components/forms/SourceBalanceSelect";
import { PaymentFormEnd } from "~/components/forms/PaymentFormEnd";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { ValidatedField } from "~/components/forms/ValidatedField";
import { amountField, idempotencyKeyField, referenceField, requiredChoice } from "~/lib/payment-schemas";
import { useIsHydrated } from "~/lib/use-hydrated";
import type { loader } from "./_index";

export const FIELDS = ["source", "toAccountId", "amount", "reference"] as const;

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

export default function BetweenAccountsScreen() {
  const { sources, targets, idempotencyKey, pendingPaymentId } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const hydrated = useIsHydrated();
  return (
    <>
      <h1>{t("between.title")}</h1>
      <PendingPaymentNotice paymentId={pendingPaymentId} />
      <p>{t("between.intro")}</p>
      <ValidatedForm validator={validator} method="post" action="/payments/between-accounts" noValidate={hydrated}>
        <ValidatedErrorSummary order={FIELDS} />
        <AuthenticityTokenInput />
        <IdempotencyKeyInput fallback={idempotencyKey} />
        <SourceBalanceSelect sources={sources} />
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
