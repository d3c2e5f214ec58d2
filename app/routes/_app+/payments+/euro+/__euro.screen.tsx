/**
 * The SEPA euro payment form of /payments/euro (route module `_index.tsx` beside it)
 * and its zod schema, shared with the route's action. Loaded as its own chunk in the browser
 * (lib/split-screen.tsx); rendered from a static import on the server.
 */
import { useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { z } from "zod";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { IdempotencyKeyInput } from "~/components/forms/IdempotencyKeyInput";
import { PaymentFormEnd } from "~/components/forms/PaymentFormEnd";
import { PendingPaymentNotice } from "~/components/forms/PendingPaymentNotice";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { ValidatedField } from "~/components/forms/ValidatedField";
import { Alert } from "~/components/ui/Alert";
import { validateBic, validateSepaIban } from "../../../../../server/rules/iban";
import { amountField, idempotencyKeyField, referenceField, requiredChoice } from "~/lib/payment-schemas";
import { useIsHydrated } from "~/lib/use-hydrated";
import type { loader } from "./_index";

export const FIELDS = ["accountId", "beneficiaryName", "iban", "bic", "amount", "reference"] as const;

export const validator = withZod(
  z.object({
    accountId: requiredChoice("errors:account-required"),
    currencyId: z.literal("EUR", { errorMap: () => ({ message: "errors:eur-only" }) }),
    beneficiaryName: z
      .string({ required_error: "errors:beneficiary-required" })
      .trim()
      .min(1, "errors:beneficiary-required")
      .max(140, "errors:name-too-long"),
    iban: z.string({ required_error: "errors:iban.required" }).transform((v, ctx) => {
      const r = validateSepaIban(v);
      if (!r.ok) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `errors:iban.${r.error}` });
        return z.NEVER;
      }
      return r.iban;
    }),
    bic: z.string({ required_error: "errors:bic.required" }).transform((v, ctx) => {
      const r = validateBic(v);
      if (!r.ok) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `errors:bic.${r.error}` });
        return z.NEVER;
      }
      return r.bic;
    }),
    amount: amountField(2),
    reference: referenceField,
    idempotencyKey: idempotencyKeyField,
  }),
);

export default function EuroScreen() {
  const { sources, idempotencyKey, pendingPaymentId } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const hydrated = useIsHydrated();
  return (
    <>
      <h1>{t("euro.title")}</h1>
      <PendingPaymentNotice paymentId={pendingPaymentId} />
      {sources.length === 0 ? (
        <Alert>{t("euro.no-eur")}</Alert>
      ) : (
        <ValidatedForm validator={validator} method="post" action="/payments/euro" noValidate={hydrated}>
          <ValidatedErrorSummary order={FIELDS} />
          <AuthenticityTokenInput />
          <IdempotencyKeyInput fallback={idempotencyKey} />
          <input type="hidden" name="currencyId" value="EUR" />
          <ValidatedField as="select" name="accountId" label={t("fields.from-account")} required>
            {sources.map((s) => (
              <option key={s.accountId} value={s.accountId}>
                {s.label}
              </option>
            ))}
          </ValidatedField>
          <ValidatedField
            name="beneficiaryName"
            label={t("fields.beneficiary-name")}
            autoComplete="off"
            required
            maxLength={140}
          />
          <ValidatedField
            name="iban"
            label={t("fields.iban")}
            hint={t("fields.iban-hint")}
            autoComplete="off"
            spellCheck={false}
            required
          />
          <ValidatedField
            name="bic"
            label={t("fields.bic")}
            hint={t("fields.bic-hint")}
            autoComplete="off"
            spellCheck={false}
            required
          />
          <PaymentFormEnd amountLabelKey="fields.amount-eur" />
        </ValidatedForm>
      )}
    </>
  );
}
