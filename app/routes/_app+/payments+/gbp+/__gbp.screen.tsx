/**
 * The pound payment form of /payments/gbp/form (route module `form.tsx` beside it; its zod schema,
 * shared with the route's action, is ./__gbp.schema.ts): GBP balance, scheme (Faster Payments or BACS, as
 * offered), beneficiary name, UK sort code and account number (server/rules/sort-code.ts, the
 * rules the API applies), optional purpose and category, amount and reference. Drafts: saved on
 * request, in the background with JavaScript, and restored when the customer comes back.
 * Loaded as its own chunk in the browser (lib/split-screen.tsx); rendered from a static import
 * on the server.
 */
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { BeneficiaryPicker, ChosenBeneficiaryFields, withBeneficiary } from "~/components/forms/BeneficiaryPicker";
import { DraftAutosave, DraftNotice, SaveDraftButton } from "~/components/forms/DraftControls";
import { IdempotencyKeyInput } from "~/components/forms/IdempotencyKeyInput";
import { PaymentFormEnd } from "~/components/forms/PaymentFormEnd";
import { PaymentPurposeFields } from "~/components/forms/PaymentPurposeFields";
import { PendingPaymentNotice } from "~/components/forms/PendingPaymentNotice";
import { SourceBalanceSelect } from "~/components/forms/SourceBalanceSelect";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { ValidatedChoicesError, ValidatedField } from "~/components/forms/ValidatedField";
import { Alert } from "~/components/ui/Alert";
import { lazyValidator } from "~/lib/lazy-validator";
import { useIsHydrated } from "~/lib/use-hydrated";
import type { loader } from "./form";

/** Field names in display order (error summary order; API errors on other names become general). */
export const FIELDS = [
  "source",
  "paymentType",
  "beneficiaryName",
  "sortCode",
  "accountNumber",
  "purpose",
  "categoryId",
  "amount",
  "reference",
] as const;

/** The `<form id>` (DraftAutosave finds the form by it). */
export const FORM_ID = "gbp-form";

/** The form's rules (./__gbp.schema.ts), loaded when the form is first used (lib/lazy-validator.ts). */
const validator = lazyValidator(() => import("./__gbp.schema").then((m) => m.validator));

export default function GbpScreen() {
  const {
    sources,
    sourcesError,
    schemes,
    schemesError,
    defaults,
    draft,
    categories,
    categoriesError,
    idempotencyKey,
    pendingPaymentId,
    saved,
  } = useLoaderData<typeof loader>();
  const fromSaved = saved.chosen !== null;
  const { t } = useTranslation("payments");
  const hydrated = useIsHydrated();
  return (
    <>
      <h1>{t("gbp.form-title")}</h1>
      <PendingPaymentNotice paymentId={pendingPaymentId} />
      {/* A refused list is not "no balance" / "not available": the form, its error in the choice's place. */}
      {sources.length === 0 && !sourcesError ? (
        <Alert testId="no-balance">{t("gbp.no-balance")}</Alert>
      ) : schemes.length === 0 && !schemesError ? (
        <Alert testId="no-scheme">{t("gbp.no-scheme")}</Alert>
      ) : (
        <>
          <DraftNotice restored={!!draft} />
          <BeneficiaryPicker choices={saved.choices} chosen={saved.chosen} error={saved.error} />
          <ValidatedForm
            // A picked beneficiary fills the form: a new form (defaults apply on mount only).
            key={saved.chosen?.id ?? "none"}
            id={FORM_ID}
            // Spec 000 §2 dirty-form guard: the layout asks before a navigation link leaves it changed.
            data-unsaved-guard
            validator={validator}
            method="post"
            action={withBeneficiary("/payments/gbp/form", saved.chosen)}
            noValidate={hydrated}
            defaultValues={defaults}
          >
            <ValidatedErrorSummary order={FIELDS} />
            <AuthenticityTokenInput />
            <IdempotencyKeyInput fallback={idempotencyKey} />
            <ChosenBeneficiaryFields chosen={saved.chosen} />
            <SourceBalanceSelect sources={sources} error={sourcesError} />
            {schemesError ? (
              <ValidatedChoicesError id="paymentType" label={t("gbp.scheme")} message={schemesError} required />
            ) : (
              <ValidatedField
                as="select"
                name="paymentType"
                label={t("gbp.scheme")}
                hint={schemes
                  .map((s) => t("gbp.scheme-line", { scheme: t(`schemes.${s}`), hint: t(`gbp.scheme-hint.${s}`) }))
                  .join(" ")}
                required
              >
                {schemes.map((s) => (
                  <option key={s} value={s}>
                    {t(`schemes.${s}`)}
                  </option>
                ))}
              </ValidatedField>
            )}
            <ValidatedField
              name="beneficiaryName"
              readOnly={fromSaved}
              label={t("fields.beneficiary-name")}
              autoComplete="off"
              required
              maxLength={140}
            />
            <ValidatedField
              name="sortCode"
              readOnly={fromSaved}
              label={t("gbp.sort-code")}
              hint={t("gbp.sort-code-hint")}
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              required
            />
            <ValidatedField
              name="accountNumber"
              readOnly={fromSaved}
              label={t("gbp.account-number")}
              hint={t("gbp.account-number-hint")}
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              required
            />
            <PaymentPurposeFields categories={categories} categoriesError={categoriesError} purposeRequired={false} />
            <PaymentFormEnd amountLabelKey="gbp.amount">
              <SaveDraftButton />
            </PaymentFormEnd>
          </ValidatedForm>
          <DraftAutosave formId={FORM_ID} />
        </>
      )}
    </>
  );
}
