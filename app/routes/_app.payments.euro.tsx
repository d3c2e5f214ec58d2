/**
 * /payments/euro — SEPA euro payment (spec 000 §2): from-account limited to EUR balances,
 * beneficiary name, IBAN, BIC (ibantools), amount (spec §5), reference. Creates the payment
 * with an Idempotency-Key, then sends the signing code and goes to the signing page.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { z } from "zod";
import { IdempotencyKeyInput } from "~/components/forms/IdempotencyKeyInput";
import { PendingPaymentNotice } from "~/components/forms/PendingPaymentNotice";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { PaymentFormEnd } from "~/components/forms/PaymentFormEnd";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { ValidatedField } from "~/components/forms/ValidatedField";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { validateBic, validateSepaIban } from "~/lib/iban";
import { formatMoney } from "~/lib/money";
import { amountField, idempotencyKeyField, referenceField, requiredChoice } from "~/lib/payment-schemas";
import { paymentFormKey, submitPaymentForm } from "~/lib/payments.server";
import { useIsHydrated } from "~/lib/use-hydrated";

export const handle = { i18n: ["payments"], titleKey: "payments:euro.title" };

const FIELDS = ["accountId", "beneficiaryName", "iban", "bic", "amount", "reference"] as const;

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

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const accounts = await listAccounts(api, org.id);
  const sources = accounts.flatMap((a) =>
    a.balances
      .filter((b) => b.currencyId === "EUR")
      .map((b) => ({ accountId: a.id, label: `${a.name || a.number} — ${formatMoney(b.amount, "EUR")}` })),
  );
  const { key, pendingPaymentId } = await paymentFormKey(api, "euro");
  return json(
    { sources, idempotencyKey: key, pendingPaymentId },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return submitPaymentForm(request, "euro", validator, FIELDS, (d, organizationId) => ({
    organizationId,
    kind: "EURO",
    accountId: d.accountId,
    currencyId: "EUR",
    amount: d.amount,
    beneficiaryName: d.beneficiaryName,
    iban: d.iban,
    bic: d.bic,
    reference: d.reference,
  }));
}

export default function EuroPayment() {
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
        <ValidatedForm validator={validator} method="post" noValidate={hydrated}>
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

export const ErrorBoundary = RouteErrorBoundary;
