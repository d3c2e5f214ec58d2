/**
 * The payment form of /payments/internal/form (route module `form.tsx` beside it, whose loader
 * looks the recipient up again from `?phone=` or `?companyNumber=`) and its zod schema, shared
 * with the route's action. Loaded as its own chunk in the browser (lib/split-screen.tsx);
 * rendered from a static import on the server.
 *
 * "Pay from" offers every balance, so the amount is checked at the chosen balance's currency
 * scale (spec 000 §5; USDT 6, SOL 9, GBP 2): the validator is made for the balances' scales
 * (`internalValidator(scales)`), by the screen and by the action alike.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { z } from "zod";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { DraftAutosave, DraftNotice, SaveDraftButton } from "~/components/forms/DraftControls";
import { BeneficiaryPicker, ChosenBeneficiaryFields, withBeneficiary } from "~/components/forms/BeneficiaryPicker";
import { IdempotencyKeyInput } from "~/components/forms/IdempotencyKeyInput";
import { PaymentFormEnd } from "~/components/forms/PaymentFormEnd";
import { PaymentPurposeFields } from "~/components/forms/PaymentPurposeFields";
import { PendingPaymentNotice } from "~/components/forms/PendingPaymentNotice";
import { SourceBalanceSelect, useSourceScale } from "~/components/forms/SourceBalanceSelect";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { Alert } from "~/components/ui/Alert";
import {
  type CurrencyScales,
  idempotencyKeyField,
  perScales,
  referenceField,
  requiredChoice,
  sourceScaledAmount,
} from "~/lib/payment-schemas";
import { useIsHydrated } from "~/lib/use-hydrated";
import { COMPANY_NUMBER, E164, normaliseCompanyNumber, normalisePhone } from "./__recipient";
import type { loader } from "./form";

export const FIELDS = ["source", "purpose", "categoryId", "amount", "reference"] as const;

const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

/** The form's zod schema for balances of these currency scales (currency → decimals). */
export function internalSchema(scales: CurrencyScales) {
  const amount = sourceScaledAmount(scales);
  return z
    .object({
      recipientPhone: optionalText
        .transform((v) => (v ? normalisePhone(v) : undefined))
        .refine((v) => v === undefined || E164.test(v), "errors:Auth.phone-invalid"),
      recipientCompanyNumber: optionalText
        .transform((v) => (v ? normaliseCompanyNumber(v) : undefined))
        .refine((v) => v === undefined || COMPANY_NUMBER.test(v), "errors:internal.company-number-invalid"),
      source: requiredChoice("errors:account-required"),
      purpose: optionalText.refine((v) => v === undefined || v.length <= 140, "errors:purpose-too-long"),
      categoryId: optionalText,
      amount: amount.field,
      reference: referenceField,
      idempotencyKey: idempotencyKeyField,
    })
    .superRefine((d, ctx) => {
      // One recipient: a person by phone or a company by its number.
      if (!d.recipientPhone === !d.recipientCompanyNumber)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["recipientPhone"], message: "errors:internal.recipient-required" });
      amount.refine(d, ctx);
    });
}

/** The form's validator for these currency scales (one per set, shared by renders and the action). */
export const internalValidator = perScales((scales) => withZod(internalSchema(scales)));

export default function InternalScreen() {
  const {
    by,
    value,
    recipient,
    sources,
    sourcesError,
    idempotencyKey,
    pendingPaymentId,
    categories,
    categoriesError,
    draft,
    saved,
  } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const hydrated = useIsHydrated();
  const query = `${by}=${encodeURIComponent(value)}`;
  const { scale, scales, onChange } = useSourceScale("internal-form", sources, draft?.source);
  return (
    <>
      <h1>{t("internal.title")}</h1>
      <PendingPaymentNotice paymentId={pendingPaymentId} />
      <section aria-labelledby="pay-title">
        <h2 id="pay-title">{t("internal.pay-to", { name: recipient.displayName })}</h2>
        <p>
          {by === "phone" ? t("internal.phone") : t("internal.company-number")}: {value} —{" "}
          <Link to={`/payments/internal?${query}`}>{t("internal.change-recipient")}</Link>
        </p>
        {saved.chosen || saved.error ? <BeneficiaryPicker choices={[]} chosen={saved.chosen} error={saved.error} /> : null}
        {sources.length === 0 && !sourcesError ? (
          <Alert>{t("no-accounts.text")}</Alert>
        ) : (
          <ValidatedForm
            id="internal-form"
            // Spec 000 §2 dirty-form guard: the layout asks before a navigation link leaves it changed.
            data-unsaved-guard
            validator={internalValidator(scales)}
            method="post"
            onChange={onChange}
            action={withBeneficiary(`/payments/internal/form?${query}`, saved.chosen)}
            noValidate={hydrated}
            defaultValues={draft ?? undefined}
          >
            <DraftNotice restored={!!draft} />
            <ValidatedErrorSummary order={FIELDS} />
            <AuthenticityTokenInput />
            <IdempotencyKeyInput fallback={idempotencyKey} />
            <ChosenBeneficiaryFields chosen={saved.chosen} />
            <input type="hidden" name={by === "phone" ? "recipientPhone" : "recipientCompanyNumber"} value={value} />
            <SourceBalanceSelect sources={sources} error={sourcesError} />
            <PaymentPurposeFields categories={categories} categoriesError={categoriesError} purposeRequired={false} />
            <PaymentFormEnd scale={scale}>
              <SaveDraftButton />
            </PaymentFormEnd>
            <DraftAutosave formId="internal-form" />
          </ValidatedForm>
        )}
      </section>
    </>
  );
}
