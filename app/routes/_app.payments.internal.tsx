/**
 * /payments/internal — transfer to another customer by phone (spec 000 §2). Step 1 is a GET
 * form (?phone=) that looks the recipient up (GET /v1/clients-organizations/check-invididual-recepient)
 * and shows the shortened name; step 2 posts amount/currency/account, creates the payment
 * (Idempotency-Key) and goes to signing.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { z } from "zod";
import type { RecipientCheck } from "../../server/api/v1/contract";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { Field } from "~/components/forms/Field";
import { IdempotencyKeyInput } from "~/components/forms/IdempotencyKeyInput";
import { PendingPaymentNotice } from "~/components/forms/PendingPaymentNotice";
import { PaymentFormEnd } from "~/components/forms/PaymentFormEnd";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { ValidatedField } from "~/components/forms/ValidatedField";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { ApiError } from "~/lib/api.server";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { balanceSources, parseSource } from "~/lib/balance-sources";
import { amountField, idempotencyKeyField, referenceField, requiredChoice } from "~/lib/payment-schemas";
import { paymentFormKey, submitPaymentForm } from "~/lib/payments.server";
import { useIsHydrated } from "~/lib/use-hydrated";
import styles from "./payments.module.css";

export const handle = { i18n: ["payments"], titleKey: "payments:internal.title" };

const E164 = /^\+[1-9]\d{6,14}$/;
const FIELDS = ["source", "amount", "reference"] as const;

export const validator = withZod(
  z.object({
    recipientPhone: z.string().regex(E164, "errors:Auth.phone-invalid"),
    source: requiredChoice("errors:account-required"),
    amount: amountField(2),
    reference: referenceField,
    idempotencyKey: idempotencyKeyField,
  }),
);

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const raw = (new URL(request.url).searchParams.get("phone") ?? "").replace(/[\s\-()]/g, "");
  const accounts = await listAccounts(api, org.id);
  let recipient: RecipientCheck | null = null;
  let lookupError: string | null = null;
  if (raw) {
    if (!E164.test(raw)) lookupError = "errors:Auth.phone-invalid";
    else {
      try {
        recipient = await api.get<RecipientCheck>("/clients-organizations/check-invididual-recepient", { phone: raw });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        lookupError =
          error.status === 404
            ? "errors:Payments.recipient-not-found"
            : error.status === 429
              ? "errors:Auth.rate-limited"
              : "errors:Errors.internal";
      }
    }
  }
  const formKey = await paymentFormKey(api, "internal");
  return json(
    {
      phone: raw,
      recipient,
      lookupError,
      sources: balanceSources(accounts),
      idempotencyKey: formKey.key,
      pendingPaymentId: formKey.pendingPaymentId,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return submitPaymentForm(request, "internal", validator, [...FIELDS, "recipientPhone"], (d, organizationId) => {
    const source = parseSource(d.source);
    if (!source) return { field: "source", key: "errors:account-required" };
    return {
      organizationId,
      kind: "INTERNAL",
      ...source,
      amount: d.amount,
      reference: d.reference,
      recipientPhone: d.recipientPhone,
    };
  });
}

export default function InternalPayment() {
  const { phone, recipient, lookupError, sources, idempotencyKey, pendingPaymentId } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const hydrated = useIsHydrated();
  return (
    <>
      <h1>{t("internal.title")}</h1>
      <PendingPaymentNotice paymentId={pendingPaymentId} />
      <Form method="get">
        <Field
          name="phone"
          label={t("internal.phone")}
          hint={t("internal.phone-hint")}
          type="tel"
          autoComplete="off"
          inputMode="tel"
          defaultValue={phone}
          error={lookupError}
          required
        />
        <Button type="submit" variant={recipient ? "secondary" : "primary"}>
          {t("internal.find")}
        </Button>
      </Form>
      {recipient ? (
        <section aria-labelledby="pay-title" className={styles.section}>
          <h2 id="pay-title">{t("internal.pay-to", { name: recipient.displayName })}</h2>
          {sources.length === 0 ? (
            <Alert>{t("no-accounts.text")}</Alert>
          ) : (
            <ValidatedForm
              validator={validator}
              method="post"
              action={`/payments/internal?phone=${encodeURIComponent(phone)}`}
              noValidate={hydrated}
            >
              <ValidatedErrorSummary order={FIELDS} />
              <AuthenticityTokenInput />
              <IdempotencyKeyInput fallback={idempotencyKey} />
              <input type="hidden" name="recipientPhone" value={phone} />
              <ValidatedField as="select" name="source" label={t("fields.from-balance")} required>
                {sources.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </ValidatedField>
              <PaymentFormEnd />
            </ValidatedForm>
          )}
        </section>
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
