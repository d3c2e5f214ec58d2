/**
 * The payment form of /payments/internal (route module `_index.tsx` beside it,
 * which also looks the recipient up by phone) and its zod schema, shared with the route's
 * action. Loaded as its own chunk in the browser (lib/split-screen.tsx); rendered from a
 * static import on the server.
 */
import { Form, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { z } from "zod";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { Field } from "~/components/forms/Field";
import { IdempotencyKeyInput } from "~/components/forms/IdempotencyKeyInput";
import { PendingPaymentNotice } from "~/components/forms/PendingPaymentNotice";
import { PaymentFormEnd } from "~/components/forms/PaymentFormEnd";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { ValidatedField } from "~/components/forms/ValidatedField";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { amountField, idempotencyKeyField, referenceField, requiredChoice } from "~/lib/payment-schemas";
import { useIsHydrated } from "~/lib/use-hydrated";
import styles from "../payments.module.css";
import type { loader } from "./_index";

/** E.164 after removing spaces, dashes and brackets. */
const E164 = /^\+[1-9]\d{6,14}$/;
export const FIELDS = ["source", "amount", "reference"] as const;

export const validator = withZod(
  z.object({
    recipientPhone: z.string().regex(E164, "errors:Auth.phone-invalid"),
    source: requiredChoice("errors:account-required"),
    amount: amountField(2),
    reference: referenceField,
    idempotencyKey: idempotencyKeyField,
  }),
);

export default function InternalScreen() {
  const { phone, recipient, lookupError, sources, idempotencyKey, pendingPaymentId } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const hydrated = useIsHydrated();
  return (
    <>
      <h1>{t("internal.title")}</h1>
      <PendingPaymentNotice paymentId={pendingPaymentId} />
      <Form method="get" action="/payments/internal">
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
