/**
 * The USD (Fedwire) payment form of /payments/usd/form (route module `form.tsx` beside it) and
 * its zod schema, shared with the route's action: USD balance, beneficiary name, ABA routing
 * number and US account number (server/rules/aba.ts, the rules the API applies), the
 * beneficiary's address (street, city, optional post code, country: Fedwire carries them),
 * purpose (required for USD), optional category, amount and reference. Drafts: saved on
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
  "aba",
  "accountNumber",
  "address",
  "city",
  "postCode",
  "countryId",
  "purpose",
  "categoryId",
  "amount",
  "reference",
] as const;

/** The `<form id>` (DraftAutosave finds the form by it). */
export const FORM_ID = "usd-form";

/** Country of the beneficiary's address when nothing else is chosen. */
export const DEFAULT_COUNTRY = "US";

/** The form's rules (./__usd.schema.ts), loaded when the form is first used (lib/lazy-validator.ts). */
const validator = lazyValidator(() => import("./__usd.schema").then((m) => m.validator));

export default function UsdScreen() {
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
    countries,
  } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const hydrated = useIsHydrated();
  return (
    <>
      <h1>{t("usd.form-title")}</h1>
      <PendingPaymentNotice paymentId={pendingPaymentId} />
      {/* A refused list is not "no balance" / "not available": the form, its error in the choice's place. */}
      {sources.length === 0 && !sourcesError ? (
        <Alert testId="no-balance">{t("usd.no-balance")}</Alert>
      ) : schemes.length === 0 && !schemesError ? (
        <Alert testId="no-scheme">{t("usd.no-scheme")}</Alert>
      ) : (
        <>
          <DraftNotice restored={!!draft} />
          {schemesError ? null : <p>{t("usd.sent-by", { scheme: t("schemes.FEDWIRE"), hint: t("usd.scheme-hint.FEDWIRE") })}</p>}
          <BeneficiaryPicker choices={saved.choices} chosen={saved.chosen} error={saved.error} />
          <ValidatedForm
            // A picked beneficiary fills the form: a new form (defaults apply on mount only).
            key={saved.chosen?.id ?? "none"}
            id={FORM_ID}
            // Spec 000 §2 dirty-form guard: the layout asks before a navigation link leaves it changed.
            data-unsaved-guard
            validator={validator}
            method="post"
            action={withBeneficiary("/payments/usd/form", saved.chosen)}
            noValidate={hydrated}
            defaultValues={defaults}
          >
            <ValidatedErrorSummary order={FIELDS} />
            <AuthenticityTokenInput />
            <IdempotencyKeyInput fallback={idempotencyKey} />
            <ChosenBeneficiaryFields chosen={saved.chosen} />
            {/* Without the settings Fedwire is not known to be offered: not sent as a guess. */}
            {schemesError ? null : <input type="hidden" name="paymentType" value="FEDWIRE" />}
            <SourceBalanceSelect sources={sources} error={sourcesError} />
            {schemesError ? (
              <ValidatedChoicesError id="paymentType" label={t("usd.scheme")} message={schemesError} required />
            ) : null}
            <ValidatedField
              name="beneficiaryName"
              readOnly={saved.chosen !== null}
              label={t("fields.beneficiary-name")}
              autoComplete="off"
              required
              maxLength={140}
            />
            <ValidatedField
              name="aba"
              readOnly={saved.chosen !== null}
              label={t("usd.aba")}
              hint={t("usd.aba-hint")}
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              required
            />
            <ValidatedField
              name="accountNumber"
              readOnly={saved.chosen !== null}
              label={t("usd.account-number")}
              hint={t("usd.account-number-hint")}
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              required
            />
            <ValidatedField
              name="address"
              readOnly={saved.chosen !== null}
              label={t("usd.address")}
              autoComplete="off"
              required
              maxLength={140}
            />
            <ValidatedField
              name="city"
              readOnly={saved.chosen !== null}
              label={t("usd.city")}
              autoComplete="off"
              required
              maxLength={70}
            />
            <ValidatedField
              name="postCode"
              readOnly={saved.chosen !== null}
              label={t("usd.post-code")}
              hint={t("fields.optional")}
              autoComplete="off"
              maxLength={16}
            />
            <ValidatedField as="select" name="countryId" label={t("usd.country")} required>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </ValidatedField>
            <PaymentPurposeFields categories={categories} categoriesError={categoriesError} purposeRequired />
            <PaymentFormEnd amountLabelKey="usd.amount">
              <SaveDraftButton />
            </PaymentFormEnd>
          </ValidatedForm>
          <DraftAutosave formId={FORM_ID} />
        </>
      )}
    </>
  );
}
